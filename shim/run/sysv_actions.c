/* LSB actions in sysvinit mode, built from start and stop plans. */
#include "sysv_actions.h"
#include "run_sysv.h"
#include "daemon_id.h"
#include "lock.h"
#include "log.h"
#include "lsb.h"
#include "paths.h"
#include "pidrec.h"
#include "policy.h"
#include "readiness.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int run_plan(struct ctx *ctx, enum plan_kind kind, const struct scope *what,
		    enum shared_policy shared)
{
	struct plan p;
	int rc;

	if (plan_build(ctx, kind, what, &p) < 0)
		return LSB_ERR_ARGS;
	rc = sysv_execute(ctx, &p, shared);
	plan_free(&p);
	return rc;
}

/* One status line per component; returns an LSB status code for it, or
 * -1 for components that have no running state (mounts, exports...). */
static int component_status(const struct ctx *ctx, const struct step *s, int quiet)
{
	const struct component *c = s->c;
	pid_t pid = 0;
	int rc = -1;

	if (c->kind == KIND_DAEMON) {
		struct daemon_id id;
		enum pid_state st;

		daemon_id_init(&id, ctx, c, s->argv.v[0]);
		st = pidrec_lookup(c, &id, &pid, NULL);

		rc = st == PID_RUNNING ? LSB_STATUS_RUNNING :
		     st == PID_STALE ? LSB_STATUS_DEAD_PIDFILE : LSB_STATUS_NOT_RUNNING;
		if (!quiet)
			printf("%-9s %s", c->name,
			       rc == 0 ? "running" : rc == 1 ? "dead, stale pid file" : "not running");
		/* the client side may keep a shared daemon after the server
		 * stopped (two-pronged stop): callers such as the Pacemaker
		 * agent must not call that "partly running" */
		if (!quiet && rc == 0)
			printf(graph_shared(c) ? " (pid %d; shared with the NFS client)"
					       : " (pid %d)", (int)pid);
	} else if (readiness_kernel_count(c) >= 0) {
		int n = readiness_kernel_count(c);

		rc = n > 0 ? LSB_STATUS_RUNNING : LSB_STATUS_NOT_RUNNING;
		if (!quiet)
			printf(n > 0 ? "%-9s running (%d threads)" : "%-9s not running", c->name, n);
	}
	if (!quiet && rc >= 0)
		putchar('\n');
	return rc;
}

int sysv_status(struct ctx *ctx, const struct scope *what, int quiet)
{
	struct plan p;
	int running = 0, down = 0, stale = 0;

	if (plan_build(ctx, PLAN_START, what, &p) < 0)
		return LSB_STATUS_UNKNOWN;
	for (size_t i = 0; i < p.n; i++) {
		const struct step *s = &p.steps[i];
		/* an optional daemon that is not installed is skipped at start */
		int absent = s->missing && graph_gated(s->c);
		int rc = s->verb == V_SKIP || absent ? -1 : component_status(ctx, s, quiet);

		running += rc == LSB_STATUS_RUNNING;
		stale += rc == LSB_STATUS_DEAD_PIDFILE;
		down += rc == LSB_STATUS_NOT_RUNNING;
	}
	plan_free(&p);
	if (stale)
		return LSB_STATUS_DEAD_PIDFILE;
	/* a client without gssd or blkmapd runs no daemon at all: it is up
	 * when its start succeeded (and no stop followed) */
	if (!running && !down && what->target)
		return target_active(what->name) ? LSB_STATUS_RUNNING : LSB_STATUS_NOT_RUNNING;
	if (down || !running)
		return LSB_STATUS_NOT_RUNNING;
	return LSB_STATUS_RUNNING;
}

static int is_running(struct ctx *ctx, const struct scope *what)
{
	return sysv_status(ctx, what, 1) == LSB_STATUS_RUNNING;
}

/* Does WHAT have a member with a reload command (graph: reload)? */
static int reloadable(struct ctx *ctx, const struct scope *what)
{
	struct plan p;
	int yes = plan_build(ctx, PLAN_RELOAD, what, &p) == 0 && p.n > 0;

	plan_free(&p);
	return yes;
}

/* Reload re-reads configuration without dropping clients (the server:
 * its export table). */
static int reload(struct ctx *ctx, const struct scope *what)
{
	struct plan p;
	int rc = LSB_OK;

	if (plan_build(ctx, PLAN_RELOAD, what, &p) < 0)
		return LSB_ERR_GENERIC;
	if (p.n == 0) {
		log_error("reload: %s has nothing to reload; use restart", what->name);
		plan_free(&p);
		return LSB_ERR_UNIMPLEMENTED;
	}
	if (!is_running(ctx, what)) {
		log_error("reload: %s is not running", what->name);
		plan_free(&p);
		return LSB_ERR_NOT_RUNNING;
	}
	/* each reload command is a plan of its own, of its component: it
	 * runs even though nfsd already serves, and marks no target */
	for (size_t i = 0; i < p.n; i++) {
		struct plan one = p;
		int r;

		one.steps = &p.steps[i];
		one.n = 1;
		one.scope = scope_of_component(p.steps[i].c);
		r = sysv_execute(ctx, &one, SHARED_KEEP);
		if (rc == LSB_OK)
			rc = r;
	}
	plan_free(&p);
	return rc;
}

static int locked_action(struct ctx *ctx, enum action action, const struct scope *what)
{
	switch (action) {
	case ACT_START:
		return run_plan(ctx, PLAN_START, what, SHARED_IF_UNUSED);
	case ACT_STOP:
		return run_plan(ctx, PLAN_STOP, what, SHARED_IF_UNUSED);
	case ACT_TRY_RESTART:
		if (!is_running(ctx, what))
			return LSB_OK; /* LSB: not running is success */
		/* fall through */
	case ACT_RESTART: {
		int rc = run_plan(ctx, PLAN_STOP, what, SHARED_KEEP);

		return rc != LSB_OK ? rc : run_plan(ctx, PLAN_START, what, SHARED_KEEP);
	}
	case ACT_RELOAD:
		return reload(ctx, what);
	case ACT_FORCE_RELOAD:
		if (reloadable(ctx, what))
			return reload(ctx, what);
		return locked_action(ctx, ACT_TRY_RESTART, what);
	case ACT_STATUS:
		break; /* sysv_action answers it without the lock */
	}
	return sysv_status(ctx, what, 0);
}

int sysv_action(struct ctx *ctx, enum action action, const struct scope *what)
{
	int fd, rc;

	if (!action_has(action, ACTF_CHANGES))
		return sysv_status(ctx, what, 0);
	if (geteuid() != 0) {
		log_error("%s %s: only root may do that", action_name(action), what->name);
		return LSB_ERR_PERM;
	}
	if (ctx->settings.errors && action_has(action, ACTF_NEEDS_CONFIG)) {
		log_error("%s %s: refusing to act on broken configuration (see above); "
			  "nothing that runs was touched", action_name(action), what->name);
		return LSB_ERR_NOT_CONFIGURED;
	}
	fd = lock_acquire(ctx->timeout_ms * 6);
	if (fd < 0)
		return LSB_ERR_GENERIC;
	rc = locked_action(ctx, action, what);
	lock_release(fd);
	return rc;
}
