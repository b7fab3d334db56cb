/* `nfs-ctl run`: the runner's stop (`nfs-ctl stop TARGET`, in the
 * graph's stop order), bounded as a whole, the way an orchestrator bounds
 * a container's shutdown (Kubernetes: 30 s grace, then KILL). */
#ifndef NFSCTL_RUN_STOP_H
#define NFSCTL_RUN_STOP_H

#include "action.h"
#include "ctx.h"
#include "run_watch.h"

/* Stops WHAT in a child process, waiting at most LIMIT_MS for it; a TERM
 * or INT read from SIGFD (run_signals.h) meanwhile cuts it short as the
 * limit does.  Children exiting meanwhile are reaped.  Returns the stop's
 * exit code, or -1 when it was cut short: then the stop's process with
 * the commands it ran, and each daemon in OURS still running, were
 * killed (nothing else), and the reason was said on stderr. */
int run_stop_bounded(struct ctx *ctx, const struct scope *what, int limit_ms, int sigfd,
		     const struct run_watch *ours);

#endif
