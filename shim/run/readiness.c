#include "readiness.h"
#include "backoff.h"
#include "log.h"
#include "paths.h"
#include "policy.h"
#include "rpcbind_query.h"
#include "socket_ready.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>

/* The kernel's nfsd thread count; -1 when it cannot be read. */
static int threads_seen(void)
{
	char *path = path_in_root("/proc/fs/nfsd/threads");
	FILE *f = fopen(path, "re");
	int n = -1;

	free(path);
	if (!f)
		return -1;
	if (fscanf(f, "%d", &n) != 1)
		n = -1;
	fclose(f);
	return n;
}

int nfsd_threads(void)
{
	int n = threads_seen();

	return n < 0 ? 0 : n;
}

int readiness_kernel_count(const struct component *c)
{
	return c->ready == READY_NFSD_THREADS ? nfsd_threads() : -1;
}

char *readiness_unmet(const struct component *c)
{
	switch (c->ready) {
	case READY_NFSD_THREADS:
		return xstrdup("the kernel reports no server threads");
	case READY_RPC_REGISTERED:
		return xasprintf("program %lu is not registered with rpcbind, asked on %s/run/rpcbind.sock",
				 c->rpcprog, paths_root());
	case READY_SOCKET:
		return xstrdup("its socket accepts no connection");
	case READY_NONE:
	case READY_PARENT_EXIT:
	case READY_PIPE_WATCHED:
		break;
	}
	return xstrdup("not ready");
}

int readiness_stop_done(const struct component *c, const char *program)
{
	if (c->ready != READY_NFSD_THREADS || threads_seen() != 0)
		return 0;
	/* follows the failure (the runner's message, or the program's own
	 * under exec): why the stop goes on */
	log_warn("%s: %s failed; %s is not running (the kernel reports 0 threads)", c->name,
		 program, c->name);
	return 1;
}

int expects_registration(const struct ctx *ctx, const struct component *c)
{
	return c->ready == READY_RPC_REGISTERED &&
	       (!c->rpc_if_v3 || !policy_v4_only(ctx));
}

int readiness_reached(const struct ctx *ctx, const struct component *c)
{
	switch (c->ready) {
	case READY_SOCKET:
		return socket_ready(ctx, c);
	case READY_RPC_REGISTERED:
		return rpcbind_registered(c->rpcprog) > 0;
	case READY_NFSD_THREADS:
		return nfsd_threads() > 0;
	case READY_NONE:
	case READY_PARENT_EXIT:
	case READY_PIPE_WATCHED: /* the runner watches the pipe (pipe_watch.h) */
		break;
	}
	return 1;
}

int readiness_waited_by_exec(const struct component *c)
{
	return c->kind == KIND_DAEMON && !c->foreground && c->ready == READY_PIPE_WATCHED;
}

/* What readiness_reached() asks about, through backoff's one pointer */
struct ready_arg {
	const struct ctx *ctx;
	const struct component *c;
};

static int reached(const void *arg)
{
	const struct ready_arg *a = arg;

	return readiness_reached(a->ctx, a->c);
}

int readiness_wait(const struct ctx *ctx, const struct component *c, int timeout_ms)
{
	return backoff_wait_until(reached, &(struct ready_arg){ ctx, c }, timeout_ms);
}
