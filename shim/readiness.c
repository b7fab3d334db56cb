#include "readiness.h"
#include "backoff.h"
#include "paths.h"
#include "policy.h"
#include "rpcbind_query.h"
#include "socket_ready.h"

#include <stdio.h>
#include <stdlib.h>

int nfsd_threads(void)
{
	char *path = path_in_root("/proc/fs/nfsd/threads");
	FILE *f = fopen(path, "re");
	int n = 0;

	free(path);
	if (!f)
		return 0;
	if (fscanf(f, "%d", &n) != 1)
		n = 0;
	fclose(f);
	return n;
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
