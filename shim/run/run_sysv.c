/* Executing a plan step by step (sysvinit mode).  Each step waits for the
 * real readiness signal: the daemon's parent exited with 0, its program is
 * registered with rpcbind, nfsd reports threads.  No fixed sleeps. */
#include "run_sysv.h"
#include "state_dir.h"
#include "run_report.h"
#include "backoff.h"
#include "daemon_id.h"
#include "log.h"
#include "lsb.h"
#include "mounts.h"
#include "paths.h"
#include "pidrec.h"
#include "pipe_watch.h"
#include "policy.h"
#include "proc.h"
#include "readiness.h"
#include "semantics.h"
#include "shared_stop.h"
#include "socket_ready.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* What happened so far, for the report when a step fails.  A stop also
 * remembers what it could not stop (still_up): what those come after
 * stays (held_by_still_up). */
struct progress {
	struct strv started;
	struct strv stopped;
	struct strv still_up;
};

static char *read_output(const char *path)
{
	FILE *f = fopen(path, "re");
	char buf[2048];
	size_t n;

	if (!f)
		return xstrdup("");
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return xstrdup(buf);
}

/* A command of step S, run to completion with the step's setup, its
 * output kept in the component's file and handed back (sem_run_fn). */
struct kept_run {
	const struct ctx *ctx;
	const struct step *s;
};

static void run_kept(void *arg, const struct strv *argv, struct sem_outcome *o)
{
	const struct kept_run *k = arg;
	char *out = state_file(k->s->c->name, ".out");

	o->how = proc_run_setup(argv, out, &k->s->setup, k->ctx->timeout_ms, &o->status);
	o->output = out ? read_output(out) : xstrdup("");
	free(out);
}

/* Runs a step's command; on failure says what happened with its output. */
static int run_command(struct ctx *ctx, const struct step *s)
{
	struct kept_run k = { ctx, s };
	struct sem_outcome o;
	int rc = -1;

	run_kept(&k, &s->argv, &o);
	if (o.how == RUN_EXITED && o.status == 0)
		rc = 0;
	else
		semantics_say_failed(ctx, s->c, &s->argv, &o);
	free(o.output);
	return rc;
}

/* The step's command, or, when it fails and the step has an older program
 * (nfsd: rpc.nfsd after nfsdctl), that one: semantics_run decides and says
 * which ran.  0 when one of them succeeded. */
static int run_or_fall_back(struct ctx *ctx, const struct step *s, int stop)
{
	struct kept_run k = { ctx, s };
	enum sem_ran ran;

	if (!s->fallback.n)
		return run_command(ctx, s);
	ran = semantics_run(ctx, s->c, stop, &s->argv, &s->fallback, run_kept, &k);
	return ran == SEM_RAN_FAILED ? -1 : 0;
}

/* An external service (rpcbind) is not ours, but at boot under sysvinit
 * its script (column start_script) may simply not have run yet: start it
 * through that script, once, and wait for its readiness. */
static int step_check(struct ctx *ctx, const struct step *s)
{
	const struct component *c = s->c;
	char *script, *why;
	int wait_ms = 0;

	if (readiness_reached(ctx, c))
		return LSB_OK;
	script = c->start_script ? path_in_root(c->start_script) : NULL;
	if (script && access(script, X_OK) == 0) {
		struct strv argv;
		int status;

		strv_init(&argv);
		strv_add(&argv, script);
		strv_add(&argv, "start");
		log_info("%s is not running: starting it with %s start", c->name, script);
		proc_run(&argv, NULL, ctx->timeout_ms, &status);
		strv_free(&argv);
		wait_ms = ctx->timeout_ms;
	}
	free(script);
	if (readiness_wait(ctx, c, wait_ms) == 0)
		return LSB_OK;
	why = readiness_unmet(c);
	log_error("%s is not running (%s); NFS needs it: start the %s service first", c->name,
		  why, c->name);
	free(why);
	return LSB_ERR_GENERIC;
}

static int step_mount(struct ctx *ctx, const struct step *s)
{
	struct kept_run k = { ctx, s };

	return semantics_mount(ctx, s->c, &s->argv, s->missing, run_kept, &k);
}

/* The daemon a start forked: a process running its program that was not
 * there before (SNAPSHOT), once the forking parent is gone. */
struct new_daemon {
	const char *exe;
	const struct daemon_id *id;
	const pid_t *before;
	size_t nbefore;
	pid_t pid;
	unsigned long long start; /* its start time, once found */
};

static int daemon_found(const void *arg)
{
	struct new_daemon *nd = (struct new_daemon *)arg;

	return proc_find_new(nd->exe, daemon_id_match, nd->id, nd->before, nd->nbefore,
			     &nd->pid) == 1;
}

/* A parent that hung (killed on timeout) or failed may leave its child
 * behind: stop whatever this start created, so nothing half-started stays. */
static void stop_leftovers(struct ctx *ctx, const struct new_daemon *nd,
			   const struct component *c)
{
	pid_t pid;

	while (proc_find_new(nd->exe, daemon_id_match, nd->id, nd->before, nd->nbefore, &pid) > 0) {
		log_error("%s: stopping pid %d, left behind by the failed start", c->name,
			  (int)pid);
		if (proc_terminate(pid, ctx->timeout_ms, proc_starttime(pid)) < 0)
			break;
	}
}

/* nfsdcld forks before it opens its database and watches rpc_pipefs, so
 * its parent's exit says nothing: nfsd started then finds no reader for
 * its tracking pipe and falls back to the old upcall for good. */
static int wait_pipe_watched(struct ctx *ctx, const struct component *c, pid_t pid)
{
	char *dir = pipe_watch_dir(ctx, c);
	int rc = pipe_watch_wait(&pid, 1, dir, ctx->timeout_ms) == pid ? 0 : -1;

	if (rc != 0)
		log_error("%s: pid %d did not watch %s within %d ms; stopping it", c->name,
			  (int)pid, dir, ctx->timeout_ms);
	free(dir);
	return rc;
}

/* A daemon that started but never became ready is stopped.  Its pid
 * record goes only with it: one that survived TERM and KILL stays on
 * record, so that status still shows it and a later stop finds it. */
static int give_up(struct ctx *ctx, const struct component *c, pid_t pid,
		   unsigned long long start)
{
	if (proc_terminate(pid, ctx->timeout_ms, start) < 0) {
		log_error("%s: pid %d survived TERM and KILL and still runs; its pid record is kept",
			  c->name, (int)pid);
		return LSB_ERR_GENERIC;
	}
	pidrec_forget(c);
	return LSB_ERR_GENERIC;
}

/* A daemon that stays in the foreground (graph: foreground) has started
 * once its readiness came, or failed when it exited first. */
struct fg_wait {
	const struct ctx *ctx;
	const struct component *c;
	pid_t pid;
	int exited, wstatus;
};

static int fg_settled(const void *arg)
{
	struct fg_wait *w = (struct fg_wait *)arg;

	if (waitpid(w->pid, &w->wstatus, WNOHANG) == w->pid) {
		w->exited = 1;
		return 1;
	}
	return readiness_reached(w->ctx, w->c);
}

/* What the daemon was waited for, for the failure message. */
static char *readiness_text(const struct ctx *ctx, const struct component *c)
{
	char *where, *text;

	if (c->ready != READY_SOCKET)
		return xstrdup("its readiness");
	where = socket_ready_path(ctx, c);
	text = xasprintf("a connection to %s", where);
	free(where);
	return text;
}

/* nfs-ctl forks, the child starts a session and execs the daemon: the
 * child's pid is the daemon's, recorded as a forking daemon's is. */
static int start_foreground(struct ctx *ctx, const struct step *s, struct progress *pr)
{
	const struct component *c = s->c;
	struct fg_wait w = { ctx, c, proc_spawn_session(&s->argv), 0, 0 };
	char *what;

	if (w.pid < 0) {
		log_error("%s: cannot fork: %s", c->name, strerror(errno));
		return LSB_ERR_GENERIC;
	}
	if (backoff_wait_until(fg_settled, &w, ctx->timeout_ms) == 0 && !w.exited) {
		if (pidrec_save(c, w.pid) != 0) {
			log_error("%s: pid %d cannot be recorded (see above): nothing could stop it later; "
				  "stopping it", c->name, (int)w.pid);
			return give_up(ctx, c, w.pid, 0); /* our child, not reaped */
		}
		strv_add(&pr->started, c->name);
		pidrec_omit_from_killall(c, w.pid);
		return LSB_OK;
	}
	if (w.exited && WIFSIGNALED(w.wstatus))
		log_error("%s: %s was killed by signal %d before it was ready", c->name,
			  s->argv.v[0], WTERMSIG(w.wstatus));
	else if (w.exited)
		log_error("%s: %s exited with code %d before it was ready", c->name,
			  s->argv.v[0], WEXITSTATUS(w.wstatus));
	if (w.exited)
		return LSB_ERR_GENERIC;
	what = readiness_text(ctx, c);
	log_error("%s: pid %d gave no sign of readiness (%s) within %d ms; stopping it",
		  c->name, (int)w.pid, what, ctx->timeout_ms);
	free(what);
	proc_terminate(w.pid, ctx->timeout_ms, 0); /* our child, not reaped */
	return LSB_ERR_GENERIC;
}

/* A forking daemon is ready when its parent exited with 0, its pid is
 * known, its RPC program (if any) is registered, and (nfsdcld) it watches
 * its pipe directory. */
static int step_start(struct ctx *ctx, const struct step *s, struct progress *pr)
{
	const struct component *c = s->c;
	pid_t before[256];
	struct daemon_id id;
	struct new_daemon nd = { s->argv.v[0], &id, before, 0, 0, 0 };
	pid_t pid;
	enum pid_state st;

	if (s->missing) {
		if (graph_gated(c)) {
			log_warn("%s: %s is not installed: skipped", c->name, s->argv.v[0]);
			return LSB_OK;
		}
		log_error("%s: %s is not installed", c->name, s->argv.v[0]);
		return LSB_ERR_NOT_INSTALLED;
	}
	daemon_id_init(&id, ctx, c, s->argv.v[0]);
	st = pidrec_lookup(c, &id, &pid, NULL);
	if (st == PID_RUNNING) {
		log_info("%s: already running (pid %d)", c->name, (int)pid);
		return LSB_OK;
	}
	if (st == PID_STALE) {
		log_info("%s: removing stale pid file", c->name);
		pidrec_forget(c);
	}
	if (c->foreground)
		return start_foreground(ctx, s, pr);
	nd.nbefore = proc_find_by_exe(nd.exe, before, sizeof(before) / sizeof(*before));
	if (run_command(ctx, s) != 0) {
		stop_leftovers(ctx, &nd, c);
		return LSB_ERR_GENERIC;
	}
	if (backoff_wait_until(daemon_found, &nd, ctx->timeout_ms) != 0) {
		if (proc_find_new(nd.exe, daemon_id_match, &id, before, nd.nbefore, &pid) == 0) {
			log_error("%s: %s exited with 0 but no daemon process is left", c->name,
				  s->argv.v[0]);
			return LSB_ERR_GENERIC;
		}
		log_error("%s: %s left several processes; stopping them", c->name, s->argv.v[0]);
		stop_leftovers(ctx, &nd, c);
		return LSB_ERR_GENERIC;
	}
	nd.start = proc_starttime(nd.pid);
	if (pidrec_save(c, nd.pid) != 0) {
		log_error("%s: pid %d cannot be recorded (see above): nothing could stop it later; "
			  "stopping it", c->name, (int)nd.pid);
		return give_up(ctx, c, nd.pid, nd.start);
	}
	if (expects_registration(ctx, c) &&
	    readiness_wait(ctx, c, ctx->timeout_ms) != 0) {
		log_error("%s: pid %d did not register RPC program %lu with rpcbind within %d ms; stopping it",
			  c->name, (int)nd.pid, c->rpcprog, ctx->timeout_ms);
		return give_up(ctx, c, nd.pid, nd.start);
	}
	if (c->ready == READY_PIPE_WATCHED && wait_pipe_watched(ctx, c, nd.pid) != 0)
		return give_up(ctx, c, nd.pid, nd.start);
	pidrec_omit_from_killall(c, nd.pid);
	/* only now: the failure report lists what runs and is ready */
	strv_add(&pr->started, c->name);
	return LSB_OK;
}

/* A second start finds the work done: nfsd serves, so the export table
 * is loaded (reload re-reads it) and the threads run; nothing runs twice.
 * The runner's own question: under systemd an active unit is not started
 * again, and a unit started anew (exportfs -r after exportfs -au) must run
 * while nfsd serves. */
static int serving_already(const struct step *s)
{
	int threads = nfsd_threads();

	if (s->c->done_while_serving && threads > 0) {
		log_info("%s: nfsd already serves with %d threads", s->c->name, threads);
		return 1;
	}
	return 0;
}

/* A stop command failed.  If the kernel still reports the component up
 * (nfsd threads: `rpc.nfsd 0` failed under a live server), the stop has
 * failed, and what it needs must stay: the runner keeps mountd and the
 * exports for it (still_up).  Where its state cannot be seen, nothing is
 * left to protect: a warning, as before (a kernel that shows it gone was
 * asked before any fallback ran, in semantics_run). */
static int stop_failed(const struct ctx *ctx, const struct step *s, struct progress *pr)
{
	const struct component *c = s->c;
	/* the last command tried: the older program, when there was one */
	const char *prog = s->fallback.n ? s->fallback.v[0] : s->argv.v[0];

	if (readiness_kernel_count(c) < 0) {
		log_warn("%s: %s failed; the stop goes on", c->name, prog);
		return LSB_OK;
	}
	if (!readiness_reached(ctx, c)) {
		log_warn("%s: %s failed; %s is not running", c->name, prog, c->name);
		return LSB_OK;
	}
	log_error("%s: %s failed and %s still runs: what it comes after is left running",
		  c->name, prog, c->name);
	strv_add(&pr->still_up, c->name);
	return LSB_ERR_GENERIC;
}

/* Runs a V_RUN step's command (after its semantics, step_run); *RAN
 * (when not NULL): whether the command, or its older program, succeeded. */
static int run_step(struct ctx *ctx, const struct step *s, struct progress *pr, int starting,
		    int *ran)
{
	const struct component *c = s->c;
	int failed;

	if (!starting)
		semantics_stop(ctx, c);
	failed = run_or_fall_back(ctx, s, !starting) != 0;
	if (ran)
		*ran = !failed;
	if (failed) {
		if (!starting)
			return stop_failed(ctx, s, pr);
		if (c->best_effort)
			return LSB_OK;
		if (!c->exit_ignored)
			return LSB_ERR_GENERIC;
		/* exportfs loads the lines it can read and names the bad one
		 * (file:line, in its message above): the good exports are
		 * served, as under systemd */
		log_warn("%s: failed; continuing without it (%s)", c->name, c->what);
	}
	/* a command whose effect the kernel counts is done only once the
	 * count says so: sm-notify must only speak once nfsd really serves */
	if (starting && readiness_kernel_count(c) >= 0 &&
	    readiness_wait(ctx, c, ctx->timeout_ms) != 0) {
		char *why = readiness_unmet(c);

		log_error("%s: %s succeeded but %s", c->name, s->argv.v[0], why);
		free(why);
		return LSB_ERR_GENERIC;
	}
	if (starting && !strv_contains(&pr->started, c->name))
		strv_add(&pr->started, c->name);
	return LSB_OK;
}

/* MODE: starting (0: stopping); REFRESH: a reload, which always runs.  A
 * start asks the component's semantics first (semantics_start: done this
 * boot, or again with again_arg), on a copy of the planned argv, and
 * settles what they held around the command (semantics_hold). */
static int step_run(struct ctx *ctx, const struct step *s, struct progress *pr,
		    int starting, int refresh)
{
	const struct component *c = s->c;
	struct step run = *s;
	struct sem_hold hold;
	enum sem_start d;
	int rc = LSB_OK;

	if (s->missing) {
		log_error("%s: %s is not installed", c->name, s->argv.v[0]);
		/* notifying peers is best effort; the server itself is not */
		return c->best_effort ? LSB_OK : LSB_ERR_NOT_INSTALLED;
	}
	if (!starting || refresh)
		return run_step(ctx, s, pr, starting, NULL);
	if (serving_already(s))
		return LSB_OK;
	strv_init(&run.argv);
	for (size_t i = 0; i < s->argv.n; i++)
		strv_add(&run.argv, s->argv.v[i]);
	d = semantics_start(ctx, c, &run.argv, sysv_start_one);
	if (d != SEM_START_DONE) {
		int ran = 0;

		(void)semantics_hold(ctx, c, d, &hold);
		rc = run_step(ctx, &run, pr, starting, &ran);
		semantics_give_back(ctx, c, &hold, ran);
	}
	strv_free(&run.argv);
	return rc;
}

static int mark_present(const char *target, const char *suffix)
{
	char *path = state_path(target, suffix);
	int yes = path && access(path, F_OK) == 0;

	free(path);
	return yes;
}

static void mark_set(const char *target, const char *suffix, int on)
{
	char *path = state_file(target, suffix);
	int fd;

	if (!path)
		return;
	if (!on) {
		unlink(path);
	} else {
		fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (fd >= 0)
			close(fd);
	}
	free(path);
}

int target_active(const char *target)
{
	return mark_present(target, ".active");
}

void target_mark(const char *target, int active)
{
	mark_set(target, ".active", active);
}

int target_asked(const char *target)
{
	return mark_present(target, ".asked");
}

static int step_stop(struct ctx *ctx, const struct plan *p, const struct step *s,
		     enum shared_policy shared, struct progress *pr)
{
	const struct component *c = s->c;
	struct reason why;
	struct daemon_id id;
	unsigned long long start = 0;
	pid_t pid;
	int r;

	daemon_id_init(&id, ctx, c, s->argv.v[0]);
	if (pidrec_lookup(c, &id, &pid, &start) != PID_RUNNING) {
		pidrec_forget(c);
		return LSB_OK;
	}
	if (graph_shared(c) && p->scope.target) {
		if (shared == SHARED_KEEP) {
			log_info("%s: kept running across the restart", c->name);
			return LSB_OK;
		}
		if (shared_keep(c, p->scope.target,
				target_active(target_name(shared_other_target(p->scope.target))),
				&why)) {
			log_info("%s: kept running: %s", c->name, why.text);
			reason_free(&why);
			return LSB_OK;
		}
	}
	r = proc_terminate(pid, ctx->timeout_ms, start);
	if (r < 0) {
		log_error("%s: pid %d survived TERM and KILL", c->name, (int)pid);
		strv_add(&pr->still_up, c->name);
		return LSB_ERR_GENERIC;
	}
	if (r > 0)
		log_warn("%s: pid %d ignored TERM for %d ms and was killed", c->name,
			 (int)pid, ctx->timeout_ms);
	pidrec_forget(c);
	strv_add(&pr->stopped, c->name);
	return LSB_OK;
}

static int execute_step(struct ctx *ctx, const struct plan *p, const struct step *s,
			enum shared_policy shared, struct progress *pr)
{
	int starting = p->kind != PLAN_STOP;
	int refresh = p->kind == PLAN_RELOAD;
	char *cmd = strv_join_display(&s->argv);

	log_info("%s %s%s%s", verb_name(s->verb), s->c->name, *cmd ? ": " : "", cmd);
	free(cmd);
	switch (s->verb) {
	case V_CHECK:
		return step_check(ctx, s);
	case V_MOUNT:
		return step_mount(ctx, s);
	case V_START:
		return step_start(ctx, s, pr);
	case V_RUN:
		return step_run(ctx, s, pr, starting, refresh);
	case V_STOP:
		return step_stop(ctx, p, s, shared, pr);
	case V_SKIP:
		break;
	}
	return LSB_OK;
}

/* Before a start touches anything: a required program that is not
 * installed is LSB 5 at once, rather than half a server and then 5.
 * Optional daemons are skipped with a note, sm-notify is best effort, and
 * a mount program matters only when the mount is missing (step_mount). */
static int preflight(const struct plan *p)
{
	struct strv missing;
	char *list;
	int rc = LSB_OK;

	strv_init(&missing);
	for (size_t i = 0; i < p->n; i++) {
		const struct step *s = &p->steps[i];

		if (s->missing && s->verb != V_SKIP && s->verb != V_MOUNT &&
		    !graph_gated(s->c) && !s->c->best_effort)
			strv_add(&missing, s->argv.v[0]);
	}
	if (missing.n) {
		list = strv_join_display(&missing);
		log_error("%s %s: not installed: %s; nothing was started", plan_kind_name(p->kind), p->scope.name, list);
		free(list);
		rc = LSB_ERR_NOT_INSTALLED;
	}
	strv_free(&missing);
	return rc;
}

/* A stop leaves alone what a component it could not stop needs or starts
 * after (the graph's needs and after columns: mountd and the exports, but
 * also statd, idmapd, nfsdcld, gssd under a live nfsd); each of those then
 * stays up too, so the rule follows the edges down the stop order. */
static int held_by_still_up(const struct step *s, struct progress *pr)
{
	for (size_t i = 0; i < pr->still_up.n; i++) {
		const struct component *up = graph_find(pr->still_up.v[i]);

		if (up && graph_before(up, s->c)) {
			if (strv_contains(&pr->still_up, s->c->name))
				return 1; /* its second command (exportfs -f) */
			log_warn("%s: left running: %s still runs and comes after it", s->c->name,
				 up->name);
			strv_add(&pr->still_up, s->c->name);
			return 1;
		}
	}
	return 0;
}

int sysv_execute(struct ctx *ctx, const struct plan *p, enum shared_policy shared)
{
	static const char *const progress_verb[] = {
		[PLAN_START] = "Starting", [PLAN_STOP] = "Stopping", [PLAN_RELOAD] = "Reloading",
	};
	int starting = p->kind != PLAN_STOP, rc = LSB_OK;
	struct progress pr;

	/* a start of a service target was asked: from now until a stop
	 * succeeds, doctor checks the target, also when this start fails
	 * half way (a daemon killed while it started: doctor's FAILs, not
	 * "not started") */
	if (p->kind == PLAN_START && target_find(p->scope.target)->services)
		mark_set(p->scope.name, ".asked", 1);
	if (starting && (rc = preflight(p)) != LSB_OK)
		return rc;
	strv_init(&pr.started);
	strv_init(&pr.stopped);
	strv_init(&pr.still_up);
	/* a target's plan has a progress line; a component's has none */
	log_progress_begin(p->scope.target ? progress_verb[p->kind] : NULL,
			   target_noun(p->scope.target), p->kind == PLAN_STOP);
	for (size_t i = 0; i < p->n; i++) {
		int r;

		if (!starting && held_by_still_up(&p->steps[i], &pr))
			continue;
		r = execute_step(ctx, p, &p->steps[i], shared, &pr);

		if (r == LSB_OK) {
			if (strv_contains(&pr.started, p->steps[i].c->name) ||
			    strv_contains(&pr.stopped, p->steps[i].c->name) ||
			    (!starting && p->steps[i].verb == V_RUN))
				log_progress_item(p->steps[i].c->name);
			continue;
		}
		if (starting) {
			run_report_failure(p, i, &pr.started);
			rc = r;
			break;
		}
		rc = r; /* a stop goes on: stop as much as can be stopped */
	}
	log_progress_end(rc == LSB_OK);
	if (rc == LSB_OK && target_find(p->scope.target)->services) {
		target_mark(p->scope.name, starting);
		if (p->kind == PLAN_STOP)
			mark_set(p->scope.name, ".asked", 0);
	}
	strv_free(&pr.started);
	strv_free(&pr.stopped);
	strv_free(&pr.still_up);
	return rc;
}

int sysv_start_one(struct ctx *ctx, const struct component *c, const char *who)
{
	struct scope what = scope_of_component(c);
	struct plan p;
	int rc;

	(void)who; /* the plan's steps name themselves */
	rc = plan_build(ctx, PLAN_START, &what, &p) < 0 ? LSB_ERR_GENERIC
						       : sysv_execute(ctx, &p, SHARED_KEEP);
	plan_free(&p);
	return rc;
}
