/* Type=forking ends a unit's start job when the ExecStart= process exits.
 * A forking daemon's own parent exits as soon as it forked; nfsdcld sets
 * the watch that makes it ready only afterwards.  So for such a daemon
 * `exec` does not become it: it runs it as a child, stays a child
 * subreaper so that the daemon its child leaves behind becomes ours,
 * waits for the readiness, and exits only then.  The start job thus ends
 * once the daemon is ready, with no ExecStartPost= process: every process
 * systemd spawns costs tens of milliseconds on a slow machine
 * (bench/RESULTS.md, issue 14).  When we exit, the daemon is the one
 * process left in the unit, which systemd takes for its main process. */
#include "exec_until_ready.h"

#include "log.h"
#include "lsb.h"
#include "pipe_watch.h"
#include "proc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#define MAX_ADOPTED 16

/* The daemon failed: stop what we started (our children only) */
static void stop_adopted(const pid_t *pids, size_t n, int timeout_ms)
{
	for (size_t i = 0; i < n; i++)
		proc_terminate(pids[i], timeout_ms, proc_starttime(pids[i]));
}

static int parent_exited_ok(struct ctx *ctx, const struct component *c, const struct strv *argv)
{
	int status = 0;
	enum run_result r = proc_run_inherit(argv, ctx->timeout_ms, &status);

	if (r == RUN_EXITED && status == 0)
		return 1;
	if (r == RUN_EXITED)
		log_error("%s: %s exited with status %d", c->name, argv->v[0], status);
	else if (r == RUN_SIGNALLED)
		log_error("%s: %s was killed by signal %d", c->name, argv->v[0], status);
	else if (r == RUN_TIMEOUT)
		log_error("%s: %s did not return within %d ms", c->name, argv->v[0], ctx->timeout_ms);
	else
		log_error("%s: cannot execute %s", c->name, argv->v[0]);
	return 0;
}

int exec_wait_watched(struct ctx *ctx, const struct component *c, const pid_t *pids, size_t n)
{
	char *dir = pipe_watch_dir(ctx, c);
	int rc = LSB_OK;

	if (n == 0 || pipe_watch_wait(pids, n, dir, ctx->timeout_ms) < 0) {
		log_error("%s: no process of it watches %s within %d ms", c->name, dir,
			  ctx->timeout_ms);
		rc = LSB_ERR_GENERIC;
	}
	free(dir);
	return rc;
}

int exec_until_ready(struct ctx *ctx, const struct component *c, const struct strv *argv)
{
	pid_t adopted[MAX_ADOPTED];
	size_t n;
	int rc;

	if (prctl(PR_SET_CHILD_SUBREAPER, 1) < 0) {
		log_error("%s: cannot adopt the daemon (child subreaper): %s", c->name,
			  strerror(errno));
		return LSB_ERR_GENERIC;
	}
	if (!parent_exited_ok(ctx, c, argv)) {
		n = proc_children(adopted, MAX_ADOPTED);
		stop_adopted(adopted, n, ctx->timeout_ms);
		return LSB_ERR_GENERIC;
	}
	n = proc_children(adopted, MAX_ADOPTED);
	if (n == 0) {
		log_error("%s: %s left no daemon running", c->name, argv->v[0]);
		return LSB_ERR_GENERIC;
	}
	rc = exec_wait_watched(ctx, c, adopted, n);
	if (rc != LSB_OK)
		stop_adopted(adopted, n, ctx->timeout_ms);
	return rc;
}
