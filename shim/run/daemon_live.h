/* Whether a daemon with an RPC program is live, or died without a stop:
 * start-statd's promise to mount.nfs, and what a notice asks of the
 * daemon its peers reach at once (semantics_start, graph: live_during).
 * Starting one on its own is the mode's: sysv_start_one (run_sysv.h),
 * systemd_start_one (run_systemd.h). */
#ifndef NFSCTL_DAEMON_LIVE_H
#define NFSCTL_DAEMON_LIVE_H

#include "ctx.h"
#include "graph.h"

/* C is live: registered with rpcbind, and its pid verified (nfs-ctl's
 * record or its own pid file, daemon_id.h) or one of its registered
 * addresses answering a NULL call. */
int daemon_live(struct ctx *ctx, const struct component *c);

/* C died without a stop: its registration outlived it (SIGKILL, the OOM
 * killer; a clean stop unregisters).  A daemon never started, or stopped,
 * did not die in this sense. */
int daemon_died(struct ctx *ctx, const struct component *c);

/* Waits for C's registration until TIMEOUT_MS: 0 once registered. */
int daemon_wait_registered(const struct component *c, int timeout_ms);

#endif
