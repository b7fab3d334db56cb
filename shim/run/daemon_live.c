/* A daemon live, or dead (daemon_live.h). */
#include "daemon_live.h"
#include "backoff.h"
#include "daemon_id.h"
#include "pidrec.h"
#include "plan.h"
#include "rpcbind_query.h"

static int registered(const void *arg)
{
	const struct component *c = arg;

	return rpcbind_registered(c->rpcprog) > 0;
}

/* C's pid (our record, or its own pid file) names a live C by
 * daemon_id.h's rules. */
static int pid_verified(struct ctx *ctx, const struct component *c)
{
	struct strv argv;
	struct daemon_id id;
	int missing = 0, yes = 0;
	pid_t pid;

	strv_init(&argv);
	plan_start_argv(ctx, c, &argv, &missing);
	if (!missing && argv.n) {
		daemon_id_init(&id, ctx, c, argv.v[0]);
		yes = pidrec_lookup(c, &id, &pid, NULL) == PID_RUNNING;
	}
	strv_free(&argv);
	return yes;
}

/* A registration outlives a daemon killed with SIGKILL: rpcbind keeps it.
 * A new rpc.statd clears its stale registration itself before it
 * registers (nfs-utils does so while still root), so nothing else is
 * needed to start one. */
int daemon_live(struct ctx *ctx, const struct component *c)
{
	return registered(c) && (pid_verified(ctx, c) || rpcbind_answers(c->rpcprog) > 0);
}

int daemon_died(struct ctx *ctx, const struct component *c)
{
	return registered(c) && !daemon_live(ctx, c);
}

/* The naps grow to half a second: in a storm of mounts (issue 33's 200 at
 * once) every mount.nfs runs a start-statd that waits here; with naps of
 * 20 ms, 200 callers asked rpcbind 10 000 times a second, and 93 of them
 * still had no answer saying "registered" 30 s after statd had registered
 * (lab s13, systemd, one emulated CPU).  A lone caller, whose first
 * questions come within milliseconds, loses nothing. */
#define REGISTRATION_MAX_NAP_MS 500

int daemon_wait_registered(const struct component *c, int timeout_ms)
{
	return backoff_wait_until_max(registered, c, timeout_ms, REGISTRATION_MAX_NAP_MS);
}
