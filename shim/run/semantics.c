/* A component's semantics at start and stop, for both modes (semantics.h). */
#include "semantics.h"
#include "log.h"
#include "lsb.h"
#include "daemon_live.h"
#include "kthread.h"
#include "mounts.h"
#include "once_mark.h"
#include "paths.h"
#include "peers_keep.h"
#include "plan.h"
#include "readiness.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- a daemon the peers reach at once ------------------------------------ */

/* live_during: see semantics_start (semantics.h) */
static void revive(struct ctx *ctx, const struct component *c, sem_start_one_fn *start_one)
{
	const struct component *d = c->live_during ? graph_find(c->live_during) : NULL;

	if (!d || !daemon_died(ctx, d))
		return;
	log_warn("%s: %s died since it started (its registration with rpcbind outlived it): "
		 "starting it again before %s runs, since the peers told reach it at once",
		 c->name, d->name, c->name);
	if (start_one(ctx, d, c->name) == LSB_OK &&
	    daemon_wait_registered(d, ctx->timeout_ms) == 0)
		return;
	log_warn("%s: %s could not be started again: %s runs anyway, and a peer whose "
		 "request lockd refuses without %s loses its NFSv3 locks (doctor names it: "
		 "monitor-refused)", c->name, d->name, c->name, d->name);
}

/* ---- once per boot, and again ------------------------------------------- */

/* Was what C told at its latest run lost since (graph: again_after)?  The
 * yes is a warning, so that the system log says why peers hear again. */
static int told_was_lost(const struct component *c)
{
	unsigned long long started = 0, told = 0;

	if (!once_mark_stale(c, &started, &told))
		return 0;
	log_warn("%s: the kernel's %s started after the last notice (%llu > %llu ticks "
		 "since boot): it lost the locks peers held; telling them again (forced)",
		 c->name, c->again_after, started, told);
	return 1;
}

static void log_done(const struct component *c)
{
	if (c->again_after)
		log_info("%s: already ran since boot, and the kernel's %s did not restart "
			 "since: nothing to tell", c->name, c->again_after);
	else
		log_info("%s: already ran since boot", c->name);
}

enum sem_start semantics_start(struct ctx *ctx, const struct component *c, struct strv *argv,
			       sem_start_one_fn *start_one)
{
	enum sem_start d = SEM_START_RUN;

	revive(ctx, c, start_one);
	if (!c->once_per_boot)
		return SEM_START_RUN;
	if (once_mark_exists(c)) {
		if (!told_was_lost(c)) {
			log_done(c);
			return SEM_START_DONE;
		}
		if (!strv_contains(argv, c->again_arg))
			strv_add(argv, c->again_arg);
		d = SEM_START_AGAIN;
	}
	/* the boot's first mark stays (doctor reads the order from it).  The
	 * first notice of a boot may replace us (exec): its time is written
	 * now.  A repeat's is written once it went out (semantics_give_back),
	 * so that a failed one is tried again at the next start. */
	once_mark_write(c);
	if (d == SEM_START_RUN)
		once_mark_notice(c, boot_ticks_now());
	return d;
}

int semantics_hold(const struct ctx *ctx, const struct component *c, enum sem_start d,
		   struct sem_hold *hold)
{
	memset(hold, 0, sizeof(*hold));
	if (d == SEM_START_DONE)
		return 0;
	if (d == SEM_START_AGAIN)
		hold->again_since = boot_ticks_now();
	peers_hold(ctx, c, &hold->peers);
	return hold->again_since || hold->peers.n > 0;
}

void semantics_give_back(const struct ctx *ctx, const struct component *c,
			 struct sem_hold *hold, int told)
{
	(void)peers_put_back(ctx, c, &hold->peers);
	if (!hold->again_since)
		return;
	if (told)
		once_mark_notice(c, hold->again_since);
	else
		log_warn("%s: the repeat notice failed, so the peers were not told: the next "
			 "start of the server tries again", c->name);
	hold->again_since = 0;
}

/* ---- the older program --------------------------------------------------- */

static int succeeded(const struct sem_outcome *o)
{
	return o->how == RUN_EXITED && o->status == 0;
}

/* ARGV as a person names it: the program's name, not its path. */
static char *command_text(const struct strv *argv)
{
	const char *slash = strrchr(argv->v[0], '/');
	struct strv named;
	char *text;

	strv_init(&named);
	strv_add(&named, slash ? slash + 1 : argv->v[0]);
	for (size_t i = 1; i < argv->n; i++)
		strv_add(&named, argv->v[i]);
	text = strv_join_display(&named);
	strv_free(&named);
	return text;
}

/* How it ended, in a few words: "exit 1". */
static char *ending_text(const struct ctx *ctx, const struct sem_outcome *o)
{
	switch (o->how) {
	case RUN_EXITED:
		return xasprintf("exit %d", o->status);
	case RUN_SIGNALLED:
		return xasprintf("signal %d", o->status);
	case RUN_TIMEOUT:
		return xasprintf("no exit within %d ms", ctx->timeout_ms);
	case RUN_EXEC_FAILED:
		break;
	}
	return xstrdup("not run");
}

/* Runs ARGV; a failure's own words are shown at once, as under a unit. */
static void run_shown(sem_run_fn *run, void *arg, const struct strv *argv,
		      struct sem_outcome *o)
{
	memset(o, 0, sizeof(*o));
	run(arg, argv, o);
	if (!succeeded(o) && o->output)
		log_program_output(o->output);
}

static void report_fallback(const struct ctx *ctx, const struct component *c, int stop,
			    const struct strv *argv, const struct sem_outcome *first,
			    const struct strv *fallback, const struct sem_outcome *second)
{
	char *cmd = command_text(argv), *end = ending_text(ctx, first);
	char *alt = command_text(fallback), *alt_end = ending_text(ctx, second);

	if (succeeded(second))
		log_notice("%s: %s failed (%s); %s with %s instead", c->name, cmd, end,
			   stop ? "stopped" : "started", alt);
	else
		log_error("%s: %s failed (%s), and %s failed too (%s)", c->name, cmd, end,
			  alt, alt_end);
	free(cmd);
	free(end);
	free(alt);
	free(alt_end);
}

enum sem_ran semantics_run(const struct ctx *ctx, const struct component *c, int stop,
			   const struct strv *argv, const struct strv *fallback,
			   sem_run_fn *run, void *arg)
{
	struct sem_outcome first, second;
	enum sem_ran ran = SEM_RAN;

	run_shown(run, arg, argv, &first);
	if (!fallback->n) {
		ran = succeeded(&first) ? SEM_RAN : SEM_RAN_FAILED;
		free(first.output);
		first.output = NULL; /* shown already */
		if (ran == SEM_RAN_FAILED)
			semantics_say_failed(ctx, c, argv, &first);
		return ran;
	}
	/* a stop that failed where the kernel shows nothing running (nfsdctl
	 * threads 0 with no listener: EIO) is done: no older program runs */
	if (!succeeded(&first) && !(stop && readiness_stop_done(c, argv->v[0]))) {
		run_shown(run, arg, fallback, &second);
		report_fallback(ctx, c, stop, argv, &first, fallback, &second);
		ran = succeeded(&second) ? SEM_RAN_FALLBACK : SEM_RAN_FAILED;
		free(second.output);
	}
	free(first.output);
	return ran;
}

/* ---- the mounts a start needs ------------------------------------------- */

void semantics_say_failed(const struct ctx *ctx, const struct component *c,
			  const struct strv *argv, const struct sem_outcome *o)
{
	const char *msg = o->output ? o->output : "";
	const char *sep = *msg ? ": " : "";

	if (o->how == RUN_TIMEOUT)
		log_error("%s: %s did not finish within %d ms", c->name, argv->v[0], ctx->timeout_ms);
	else if (o->how == RUN_SIGNALLED)
		log_error("%s: %s was killed by signal %d%s%s", c->name, argv->v[0], o->status,
			  sep, msg);
	else
		log_error("%s: %s failed with exit code %d%s%s", c->name, argv->v[0], o->status,
			  sep, msg);
}

int semantics_mount(const struct ctx *ctx, const struct component *m, const struct strv *argv,
		    int missing, sem_run_fn *run, void *arg)
{
	const char *fstype = argv->v[2], *where = argv->v[argv->n - 1];
	struct sem_outcome o;
	int ok;

	if (mounts_has(fstype, where)) {
		log_debug("%s: %s already mounted on %s", m->name, fstype, where);
		return LSB_OK;
	}
	if (missing) {
		log_error("%s: the mount program is not installed", m->name);
		return LSB_ERR_NOT_INSTALLED;
	}
	if (mkdir_p(where, 0755) < 0)
		log_warn("%s: cannot create %s", m->name, where);
	memset(&o, 0, sizeof(o));
	run(arg, argv, &o);
	ok = succeeded(&o);
	if (!ok)
		semantics_say_failed(ctx, m, argv, &o);
	free(o.output);
	if (ok)
		return LSB_OK;
	if (m->no_kernel) {
		log_error("cannot mount the %s file system on %s: this kernel has no %s",
			  fstype, where, m->no_kernel);
		return LSB_ERR_NOT_INSTALLED;
	}
	log_error("cannot mount %s on %s", fstype, where);
	return LSB_ERR_GENERIC;
}

/* One mount that C needs, at this start's place. */
static int mount_needed(struct ctx *ctx, const struct component *c, const struct component *m,
			sem_run_fn *run, void *arg)
{
	struct strv argv;
	int missing = 0, rc;

	strv_init(&argv);
	plan_start_argv(ctx, m, &argv, &missing);
	if (!mounts_has(argv.v[2], argv.v[argv.n - 1]))
		log_notice("%s: %s is not mounted on %s, where this start needs it: mounting it "
			   "there (under systemd, `systemctl daemon-reload` moves its mount unit)",
			   c->name, argv.v[2], argv.v[argv.n - 1]);
	rc = semantics_mount(ctx, m, &argv, missing, run, arg);
	strv_free(&argv);
	return rc;
}

int semantics_mounts_needed(struct ctx *ctx, const struct component *c, sem_run_fn *run,
			    void *arg)
{
	for (int i = 0; i < MAX_EDGES && c->needs[i]; i++) {
		const struct component *m = graph_find(c->needs[i]);
		int rc;

		/* a fixed place cannot move after the mount unit was made */
		if (!m || m->kind != KIND_MOUNT || !m->conf_path)
			continue;
		rc = mount_needed(ctx, c, m, run, arg);
		if (rc != LSB_OK)
			return rc;
	}
	return LSB_OK;
}

/* ---- before a stop ------------------------------------------------------- */

void semantics_stop(const struct ctx *ctx, const struct component *c)
{
	/* its own message, when it kept any */
	(void)peers_keep(ctx, c);
}
