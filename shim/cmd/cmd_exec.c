/* `nfs-ctl exec COMPONENT`: what a unit's ExecStart= runs.  Builds the
 * daemon's argv from configuration and replaces itself with the daemon,
 * so systemd supervises the daemon directly; a command with an older
 * program to fall back to, or a repeat notice (semantics_hold), runs as a
 * child instead.  Never calls systemctl. */
#include "clean_env.h"
#include "commands.h"
#include "conf_diag.h"
#include "exec_until_ready.h"
#include "graph.h"
#include "log.h"
#include "lsb.h"
#include "pipe_watch.h"
#include "plan.h"
#include "policy.h"
#include "proc.h"
#include "readiness.h"
#include "run_systemd.h"
#include "semantics.h"
#include "socket_ready.h"
#include "xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int exec_argv(const struct strv *argv)
{
	if (log_verbose_level()) {
		char *cmd = strv_join_display(argv);
		log_info("exec %s", cmd);
		free(cmd);
	}
	proc_reset_inherited();
	execve(argv->v[0], argv->v, clean_env);
	log_error("cannot execute %s: %s", argv->v[0], strerror(errno));
	return errno == ENOENT ? LSB_ERR_NOT_INSTALLED : LSB_ERR_GENERIC;
}

/* A command of ours run as a child on the unit's stderr (sem_run_fn);
 * the setup is ours already, and the child inherits it. */
static void run_child(void *arg, const struct strv *argv, struct sem_outcome *o)
{
	const struct ctx *ctx = arg;

	o->how = proc_run_inherit(argv, ctx->timeout_ms, &o->status);
	o->output = NULL;
}

/* C's command, when it has no older program to fall back to and nothing
 * to settle after it (HOLD: NULL, or what semantics_hold took),
 * replaces us.  Otherwise it runs as a child (nfsdctl, then rpc.nfsd), so
 * that semantics_run can say which ran, or that both failed, and what was
 * held is settled once it ended. */
static int exec_or_fall_back(struct ctx *ctx, const struct component *c, int stop,
			     const struct strv *argv, struct sem_hold *hold)
{
	struct strv alt;
	int rc = LSB_OK;

	strv_init(&alt);
	if (!plan_fallback_argv(ctx, c, stop, &alt, NULL) && !hold)
		rc = exec_argv(argv);
	else if (semantics_run(ctx, c, stop, argv, &alt, run_child, ctx) == SEM_RAN_FAILED)
		rc = LSB_ERR_GENERIC;
	if (hold)
		semantics_give_back(ctx, c, hold, rc == LSB_OK);
	strv_free(&alt);
	return rc;
}

/* A stop may be several commands (exportfs -au; exportfs -f): all but the
 * last run as children, the last replaces us. */
static int exec_steps(struct ctx *ctx, const struct plan *p)
{
	size_t last = p->n - 1;

	for (size_t i = 0; i < last; i++) {
		int status = 0;

		if (proc_run_inherit(&p->steps[i].argv, ctx->timeout_ms, &status) != RUN_EXITED ||
		    status != 0) {
			log_error("%s: %s failed", p->steps[i].c->name, p->steps[i].argv.v[0]);
			return LSB_ERR_GENERIC;
		}
	}
	return exec_or_fall_back(ctx, p->steps[last].c, 1, &p->steps[last].argv, NULL);
}

/* The processes of the unit we run in (ExecStartPost= runs in the
 * service's cgroup), but ourselves; at most MAX. */
static size_t unit_processes(pid_t *out, size_t max)
{
	char line[4096], *procs;
	FILE *f = fopen("/proc/self/cgroup", "re");
	size_t n = 0;
	long pid;

	if (!f)
		return 0;
	/* cgroup v2: "0::/system.slice/nfsdcld.service" */
	while (fgets(line, sizeof(line), f) && strncmp(line, "0::", 3) != 0)
		;
	fclose(f);
	if (strncmp(line, "0::", 3) != 0)
		return 0;
	line[strcspn(line, "\n")] = '\0';
	procs = xasprintf("/sys/fs/cgroup%s/cgroup.procs", line + 3);
	f = fopen(procs, "re");
	free(procs);
	if (!f)
		return 0;
	while (n < max && fscanf(f, "%ld", &pid) == 1)
		if ((pid_t)pid != getpid())
			out[n++] = (pid_t)pid;
	fclose(f);
	return n;
}

/* READY_SOCKET: the daemon's clients (fsidd's: rpc.mountd) connect to it */
static int exec_ready_socket(struct ctx *ctx, const struct component *c)
{
	char *where;

	if (readiness_wait(ctx, c, ctx->timeout_ms) == 0)
		return LSB_OK;
	where = socket_ready_path(ctx, c);
	log_error("%s: %s accepts no connection within %d ms", c->name, where, ctx->timeout_ms);
	free(where);
	return LSB_ERR_GENERIC;
}

/* `exec --installed COMPONENT` (ExecCondition= of a component that is
 * optional by installation): 0 when its program is installed, else 1,
 * which systemd takes for "skipped", not "failed". */
static int exec_installed(struct ctx *ctx, const struct component *c)
{
	struct strv a;
	int missing = 0;

	strv_init(&a);
	plan_start_argv(ctx, c, &a, &missing);
	if (missing)
		log_warn("%s: %s; skipped", c->name, c->if_installed ? c->if_installed
								   : "not installed");
	strv_free(&a);
	return missing ? 1 : LSB_OK;
}

/* `exec --ready COMPONENT` (ExecStartPost=): waits for the readiness that
 * a forking daemon's exit does not give (readiness READY_PIPE_WATCHED).  The daemon is
 * $MAINPID when systemd knows it, else any process of the unit. */
static int exec_ready(struct ctx *ctx, const struct component *c)
{
	const char *main_pid = getenv("MAINPID");
	pid_t pids[64];
	size_t n = 0;

	if (c->ready == READY_SOCKET)
		return exec_ready_socket(ctx, c);
	if (c->ready != READY_PIPE_WATCHED) {
		log_error("exec --ready %s: %s has no readiness to wait for", c->name, c->name);
		return LSB_ERR_ARGS;
	}
	if (main_pid && isdigit((unsigned char)*main_pid))
		pids[n++] = (pid_t)atol(main_pid);
	else
		n = unit_processes(pids, sizeof(pids) / sizeof(*pids));
	return exec_wait_watched(ctx, c, pids, n);
}

/* `exec COMPONENT` (ExecStart=).  A once-per-boot component's unit runs
 * again whenever the server restarts (PartOf= the server target):
 * semantics_start decides whether anything runs, and with what. */
static int exec_start(struct ctx *ctx, const struct component *c)
{
	struct strv a;
	struct proc_setup setup;
	struct sem_hold hold;
	enum sem_start d = SEM_START_RUN;
	int missing = 0, rc = LSB_OK;

	conf_diag_show_conflicts();
	strv_init(&a);
	plan_start_argv(ctx, c, &a, &missing);
	/* ourselves: the command (and its fallback) inherit it */
	policy_setup(ctx, c, &setup);
	if (missing) {
		log_error("%s: %s is not installed", c->name, a.v[0]);
		rc = LSB_ERR_NOT_INSTALLED;
	} else if ((rc = semantics_mounts_needed(ctx, c, run_child, ctx)) != LSB_OK) {
		/* said by semantics_mount */
	} else if ((d = semantics_start(ctx, c, &a, systemd_start_one)) == SEM_START_DONE) {
		rc = LSB_OK;
	} else if (proc_apply_setup(&setup) < 0) {
		log_error("%s: cannot run %s under host name %s ([%s] %s): %s", c->name,
			  a.v[0], setup.host_name, c->host_name.section, c->host_name.key,
			  strerror(errno));
		rc = LSB_ERR_GENERIC;
	} else if (semantics_hold(ctx, c, d, &hold)) {
		rc = exec_or_fall_back(ctx, c, 0, &a, &hold);
	} else {
		rc = readiness_waited_by_exec(c) ? exec_until_ready(ctx, c, &a)
						 : exec_or_fall_back(ctx, c, 0, &a, NULL);
	}
	strv_free(&a);
	return rc;
}

int cmd_exec(struct ctx *ctx, int argc, char **argv)
{
	const struct component *c;
	struct scope what;
	struct plan p;
	int stop = 0, ready = 0, reload = 0, installed = 0, rc;

	if (argc > 0 && strcmp(argv[0], "--stop") == 0) {
		stop = 1;
		argc--, argv++;
	} else if (argc > 0 && strcmp(argv[0], "--ready") == 0) {
		ready = 1;
		argc--, argv++;
	} else if (argc > 0 && strcmp(argv[0], "--reload") == 0) {
		reload = 1;
		argc--, argv++;
	} else if (argc > 0 && strcmp(argv[0], "--installed") == 0) {
		installed = 1;
		argc--, argv++;
	}
	if (argc != 1 || !(c = graph_find(argv[0])) || c->kind == KIND_EXTERNAL) {
		log_error("usage: nfs-ctl exec [--stop|--ready|--reload|--installed] COMPONENT (a component other than rpcbind)");
		return LSB_ERR_ARGS;
	}
	what = scope_of_component(c);
	if (ready)
		return exec_ready(ctx, c);
	if (installed)
		return exec_installed(ctx, c);
	if (ctx->settings.errors && !stop) {
		log_error("exec %s: refusing to start with broken configuration (see above)", c->name);
		return LSB_ERR_NOT_CONFIGURED;
	}
	memset(&p, 0, sizeof(p));
	if (reload) {
		if (plan_build(ctx, PLAN_RELOAD, &what, &p) < 0 || p.n == 0) {
			log_error("exec --reload %s: %s has no reload command", c->name, c->name);
			plan_free(&p);
			return LSB_ERR_ARGS;
		}
		rc = exec_steps(ctx, &p);
		plan_free(&p);
		return rc;
	}
	if (!stop)
		return exec_start(ctx, c);
	if (plan_build(ctx, PLAN_STOP, &what, &p) < 0)
		return LSB_ERR_ARGS;
	if (p.n == 0 || p.steps[0].verb != V_RUN) {
		log_error("exec --stop %s: %s has no stop command (daemons are stopped by signal)",
			  c->name, c->name);
		plan_free(&p);
		return LSB_ERR_ARGS;
	}
	semantics_stop(ctx, c);
	rc = exec_steps(ctx, &p);
	plan_free(&p);
	return rc;
}
