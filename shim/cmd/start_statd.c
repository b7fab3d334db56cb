/* start-statd: what mount.nfs runs when an NFSv2/v3 mount with locking
 * finds no statd.  mount.nfs trusts exit 0 without probing again, so 0 is
 * a promise: a live statd is registered with rpcbind (program 100024). */
#include "backoff.h"
#include "commands.h"
#include "daemon_id.h"
#include "graph.h"
#include "initsys.h"
#include "lock.h"
#include "log.h"
#include "lsb.h"
#include "pidrec.h"
#include "plan.h"
#include "proc.h"
#include "rpcbind_query.h"
#include "run_sysv.h"
#include "run_systemd.h"
#include "systemd_bus.h"

#include <unistd.h>

/* The daemon NFSv2/v3 locking needs: the graph's row for rpc.statd. */
static const struct component *statd(void)
{
	return graph_statd();
}

static int statd_registered(void)
{
	return rpcbind_registered(statd()->rpcprog) > 0;
}

/* statd's pid (our record, or its own /run/rpc.statd.pid) names a live
 * rpc.statd by daemon_id.h's rules. */
static int statd_pid_verified(struct ctx *ctx)
{
	struct strv argv;
	struct daemon_id id;
	int missing = 0, yes = 0;
	pid_t pid;

	strv_init(&argv);
	plan_start_argv(ctx, statd(), &argv, &missing);
	if (!missing && argv.n) {
		daemon_id_init(&id, ctx, statd(), argv.v[0]);
		yes = pidrec_lookup(statd(), &id, &pid, NULL) == PID_RUNNING;
	}
	strv_free(&argv);
	return yes;
}

/* A registration outlives a statd killed with SIGKILL (or by the OOM
 * killer): rpcbind keeps it.  Live means registered, and its pid verified
 * or one of its registered addresses answering a NULL call (a statd
 * started otherwise, without a pid file).  A new statd clears the stale
 * registration itself before it registers (nfs-utils does so while still
 * root), so nothing else is needed to start one. */
static int statd_live(struct ctx *ctx)
{
	return statd_registered() &&
	       (statd_pid_verified(ctx) || rpcbind_answers(statd()->rpcprog) > 0);
}

/* systemd reports the unit active once the forking parent exited; the
 * registration follows it closely, but the promise is the registration. */
static int registered(const void *unused)
{
	(void)unused;
	return statd_registered();
}

static int wait_registered(int timeout_ms)
{
	return backoff_wait_until(registered, NULL, timeout_ms);
}

static int unit_failed(struct ctx *ctx)
{
	const char *args[] = { "is-failed", "--quiet", statd()->unit, NULL };

	return systemctl(ctx, args) == 0;
}

/* One request to systemd; the unit carries IgnoreOnIsolate=yes, so no
 * second call is needed to survive `systemctl isolate`.  In a storm of
 * mounts (200 at boot, issue 33) the bus itself may fail a request:
 * then systemctl asks again, and when that fails too while the unit has
 * not failed, a start already queued (ours or another caller's) may still
 * bring statd up, so the registration decides (cmd_start_statd): LSB_OK.
 * An error only when systemd refused or the unit failed (said). */
static int via_systemd(struct ctx *ctx)
{
	const char *args[] = { "start", statd()->unit, NULL };
	int rc = systemd_bus_start_unit(args[1], ctx->timeout_ms * 6);

	if (rc == SYSTEMD_BUS_DONE)
		return LSB_OK;
	if (rc == SYSTEMD_BUS_REFUSED)
		return LSB_ERR_GENERIC;
	if (rc == SYSTEMD_BUS_LOST)
		log_notice("start-statd: the request over systemd's bus failed; asking again "
			   "through systemctl");
	rc = systemctl(ctx, args);
	if (rc == 0)
		return LSB_OK;
	if (unit_failed(ctx)) {
		log_error("start-statd: systemctl start %s failed (exit %d), and the unit failed "
			  "(see `systemctl status %s`)", args[1], rc, args[1]);
		return LSB_ERR_GENERIC;
	}
	log_warn("start-statd: systemctl start %s failed (exit %d), but the unit did not "
		 "fail: waiting for rpc.statd's registration, which a start already queued "
		 "may bring", args[1], rc);
	return LSB_OK;
}

static int via_sysv(struct ctx *ctx)
{
	struct scope what;
	struct plan p;
	int fd, rc;

	if (geteuid() != 0) {
		log_error("start-statd: only root may start rpc.statd");
		return LSB_ERR_PERM;
	}
	fd = lock_acquire(ctx->timeout_ms * 6);
	if (fd < 0)
		return LSB_ERR_GENERIC;
	/* someone may have started it while we waited for the lock */
	if (statd_live(ctx)) {
		lock_release(fd);
		return LSB_OK;
	}
	what = scope_of_component(statd());
	rc = plan_build(ctx, PLAN_START, &what, &p) < 0 ? LSB_ERR_GENERIC
						       : sysv_execute(ctx, &p, SHARED_KEEP);
	plan_free(&p);
	lock_release(fd);
	return rc;
}

/* Under sysvinit, "statd is up" must not be read in the middle of a stop
 * that is about to take it down: a shared lock waits for any action. */
static int live_when_idle(struct ctx *ctx)
{
	int fd, yes;

	if (geteuid() != 0)
		return statd_live(ctx); /* cannot lock; via_sysv refuses anyway */
	fd = lock_acquire_shared(ctx->timeout_ms * 6);
	yes = statd_live(ctx);
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
		rc = statd_live(ctx) ? LSB_OK : via_systemd(ctx);
	else if (live_when_idle(ctx))
		return LSB_OK;
	else
		rc = via_sysv(ctx);
	if (rc != LSB_OK)
		return rc;
	if (wait_registered(ctx->timeout_ms) != 0) {
		log_error("start-statd: rpc.statd is not registered with rpcbind after %d ms",
			  ctx->timeout_ms);
		return LSB_ERR_GENERIC;
	}
	return LSB_OK;
}
