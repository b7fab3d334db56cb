/* `nfs-ctl run [--stop-timeout SECONDS] [TARGET]`: the foreground mode
 * for containers (as PID 1) and process supervisors (runit, s6, dinit,
 * OpenRC's supervise-daemon).  It starts TARGET as `nfs-ctl start` does
 * under sysvinit (the runner's own start), stays, reaps every child, and
 * ends the run with the runner's stop: on TERM or INT (exit 0), or when a
 * daemon it started dies (exit 1, the daemon named).  It never restarts
 * anything: that is the supervisor's job. */
#include "commands.h"
#include "initsys.h"
#include "log.h"
#include "lsb.h"
#include "reaper.h"
#include "run_signals.h"
#include "run_stop.h"
#include "run_watch.h"
#include "seconds.h"
#include "sysv_actions.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Below Kubernetes' default grace period (30 s) so that our own KILL of
 * what we started comes before the kubelet's KILL of everything. */
#define DEFAULT_STOP_TIMEOUT_MS 25000
/* How often the watched pids are looked at besides SIGCHLD: a daemon we
 * cannot reap (not our descendant any more) is noticed this late. */
#define WATCH_TICK_MS 1000

struct run {
	struct ctx *ctx;
	struct scope what;
	int stop_ms, sigfd;
	struct run_watch ours;
	const struct watched *dead;
	int dead_reaped, dead_status;
};

/* --stop-timeout beats [nfs-ctl] stop-timeout, which beats the default. */
static int stop_timeout(struct run *r, const char *opt)
{
	const struct setting *set = settings_find(&r->ctx->settings, "nfs-ctl", "stop-timeout");

	r->stop_ms = DEFAULT_STOP_TIMEOUT_MS;
	if (opt && seconds_parse_ms(opt, &r->stop_ms) < 0) {
		log_error("--stop-timeout=%s: " SECONDS_RULE, opt);
		return LSB_ERR_ARGS;
	}
	if (!opt && set && seconds_parse_ms(set->value, &r->stop_ms) < 0) {
		log_file_error(set->file, set->line, "[nfs-ctl] stop-timeout = %s: " SECONDS_RULE,
			       set->value);
		return LSB_ERR_NOT_CONFIGURED;
	}
	return LSB_OK;
}

static int parse_args(struct run *r, int argc, char **argv)
{
	const char *opt = NULL, *target = NULL;

	for (int i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "--stop-timeout=", 15))
			opt = argv[i] + 15;
		else if (!strcmp(argv[i], "--stop-timeout") && i + 1 < argc)
			opt = argv[++i];
		else if (argv[i][0] != '-' && !target)
			target = argv[i];
		else {
			log_error("usage: nfs-ctl run [--stop-timeout SECONDS] [TARGET]");
			return LSB_ERR_ARGS;
		}
	}
	r->what = scope_of_target(target_serving()->target);
	if (target && (scope_parse(target, &r->what) < 0 || !r->what.target)) {
		log_error("run: unknown target '%s' (targets: %s)", target, target_names());
		return LSB_ERR_ARGS;
	}
	return stop_timeout(r, opt);
}

static void note_death(pid_t pid, int wstatus, void *arg)
{
	struct run *r = arg;
	const struct watched *d = run_watch_find(&r->ours, pid);

	if (d && !r->dead) {
		r->dead = d;
		r->dead_reaped = 1;
		r->dead_status = wstatus;
	}
}

/* The runner's stop, bounded: 0 when everything stopped in time. */
static int stop_all(struct run *r)
{
	int rc = run_stop_bounded(r->ctx, &r->what, r->stop_ms, r->sigfd, &r->ours);

	return rc < 0 ? LSB_ERR_GENERIC : rc;
}

static int daemon_died(struct run *r)
{
	char how[64];

	log_error("%s (pid %d) %s: stopping %s", r->dead->c->name, (int)r->dead->pid,
		  r->dead_reaped ? reaper_describe(r->dead_status, how, sizeof(how)) : "is gone",
		  r->what.name);
	stop_all(r);
	return LSB_ERR_GENERIC;
}

/* Until a signal or a death ends the run. */
static int serve(struct run *r)
{
	for (;;) {
		int sig = run_signals_next(r->sigfd, WATCH_TICK_MS);

		if (sig < 0) {
			log_error("run: cannot read signals: %s: stopping %s", strerror(errno),
				  r->what.name);
			stop_all(r);
			return LSB_ERR_GENERIC;
		}
		reaper_collect(note_death, r);
		if (!r->dead)
			r->dead = run_watch_dead(&r->ours);
		if (r->dead)
			return daemon_died(r);
		if (sig == SIGTERM || sig == SIGINT) {
			log_info("%s: stopping %s", sig == SIGTERM ? "SIGTERM" : "SIGINT",
				 r->what.name);
			return stop_all(r);
		}
		if (sig == SIGHUP)
			sysv_action(r->ctx, ACT_RELOAD, &r->what);
	}
}

/* The start, as `nfs-ctl start` runs it; what it started before it failed
 * is stopped again (a supervisor retries from nothing), and the exit code
 * is the start's. */
static int start(struct run *r)
{
	struct run_watch before;
	int rc;

	run_watch_running(r->ctx, &r->what, &before);
	rc = sysv_action(r->ctx, ACT_START, &r->what);
	run_watch_running(r->ctx, &r->what, &r->ours);
	run_watch_minus(&r->ours, &before);
	if (rc != LSB_OK && r->ours.n) {
		log_error("run: start %s failed: stopping what it started", r->what.name);
		stop_all(r);
	}
	return rc;
}

int cmd_run(struct ctx *ctx, int argc, char **argv)
{
	struct run r = { .ctx = ctx };
	int rc = parse_args(&r, argc, argv);

	if (rc != LSB_OK)
		return rc;
	if (initsys_mode(ctx) == INIT_SYSTEMD) {
		log_error("run: systemd runs the NFS daemons here (systemctl start nfs-%s.target); "
			  "run is for containers and other supervisors (--init=sysv forces it)",
			  r.what.name);
		return LSB_ERR_UNIMPLEMENTED;
	}
	if (reaper_init() < 0 || (r.sigfd = run_signals_open()) < 0) {
		log_error("run: cannot become the reaper of the daemons: %s", strerror(errno));
		return LSB_ERR_GENERIC;
	}
	rc = start(&r);
	if (rc == LSB_OK)
		rc = serve(&r);
	reaper_collect(NULL, NULL);
	close(r.sigfd);
	return rc;
}
