/* start-statd: what mount.nfs runs when an NFSv2/v3 mount with locking
 * finds no statd.  mount.nfs trusts exit 0 without probing again, so 0 is
 * a promise: a live statd is registered with rpcbind (program 100024). */
#include "commands.h"
#include "daemon_live.h"
#include "graph.h"
#include "initsys.h"
#include "lock.h"
#include "log.h"
#include "lsb.h"
#include "run_systemd.h"
#include "run_sysv.h"

#include <unistd.h>

/* The daemon NFSv2/v3 locking needs: the graph's row for rpc.statd.
 * Live, and the ways to start it, are daemon_live.h's and the modes'
 * (sysv_start_one, systemd_start_one): a notice uses them too.  Under
 * systemd a request whose fate is unknown (the bus failed in a storm of
 * mounts) still ends in the wait for the registration below. */
static const struct component *statd(void)
{
	return graph_statd();
}

static int via_sysv(struct ctx *ctx)
{
	int fd, rc;

	if (geteuid() != 0) {
		log_error("start-statd: only root may start rpc.statd");
		return LSB_ERR_PERM;
	}
	fd = lock_acquire(ctx->timeout_ms * 6);
	if (fd < 0)
		return LSB_ERR_GENERIC;
	/* someone may have started it while we waited for the lock */
	rc = daemon_live(ctx, statd()) ? LSB_OK : sysv_start_one(ctx, statd(), "start-statd");
	lock_release(fd);
	return rc;
}

/* Under sysvinit, "statd is up" must not be read in the middle of a stop
 * that is about to take it down: a shared lock waits for any action. */
static int live_when_idle(struct ctx *ctx)
{
	int fd, yes;

	if (geteuid() != 0)
		return daemon_live(ctx, statd()); /* cannot lock; via_sysv refuses anyway */
	fd = lock_acquire_shared(ctx->timeout_ms * 6);
	yes = daemon_live(ctx, statd());
	lock_release(fd);
	return yes;
}

int cmd_start_statd(struct ctx *ctx, int argc, char **argv)
{
	int rc;

	(void)argv;
	if (argc > 0) {
		log_error("start-statd takes no arguments");
		return LSB_ERR_ARGS;
	}
	/* the decision `nfs-ctl start statd` (and under systemd the unit's
	 * `nfs-ctl exec statd`) takes on the same configuration: exit 6; the
	 * loader named each broken line (FILE:LINE) on stderr, which mount.nfs
	 * shows.  A non-root caller under sysvinit is refused (4) as before */
	if (ctx->settings.errors && (initsys_mode(ctx) == INIT_SYSTEMD || geteuid() == 0)) {
		log_error("start-statd: refusing to start rpc.statd with broken configuration "
			  "(see above)");
		return LSB_ERR_NOT_CONFIGURED;
	}
	if (initsys_mode(ctx) == INIT_SYSTEMD)
		rc = daemon_live(ctx, statd()) ? LSB_OK
						  : systemd_start_one(ctx, statd(), "start-statd");
	else if (live_when_idle(ctx))
		return LSB_OK;
	else
		rc = via_sysv(ctx);
	if (rc != LSB_OK)
		return rc;
	if (daemon_wait_registered(statd(), ctx->timeout_ms) != 0) {
		log_error("start-statd: rpc.statd is not registered with rpcbind after %d ms",
			  ctx->timeout_ms);
		return LSB_ERR_GENERIC;
	}
	return LSB_OK;
}
