/* The readiness signals of graph.h's enum readiness that can be asked at
 * any time (a forking parent's exit is the runner's to see). */
#ifndef NFSCTL_READINESS_H
#define NFSCTL_READINESS_H

#include "ctx.h"
#include "graph.h"

/* The kernel's nfsd thread count (0 when it cannot be read). */
int nfsd_threads(void);
/* After PROGRAM, a stop command of C, failed: 1 (and a note saying so)
 * when the kernel shows C stopped all the same (nfsd: its threads file
 * reads 0), 0 when C may still run or it cannot be seen.  Linux returns
 * EIO to a thread count written while nfsd has no listener, which is the
 * stop of a server that is already down (nfsdctl passes it on); that
 * stop has nothing left to do, and no fallback to run. */
int readiness_stop_done(const struct component *c, const char *program);
/* C's readiness is a count the kernel keeps (nfsd's threads): that count
 * (0 when it cannot be read), which says at any time, also at a status or
 * after a failed stop, whether C runs; -1 when C's readiness is no such
 * count (a daemon's process says instead). */
int readiness_kernel_count(const struct component *c);
/* What is missing while C's signal has not come, for messages ("the
 * kernel reports no server threads"); the caller frees it. */
char *readiness_unmet(const struct component *c);
/* Does C wait for its RPC program?  (Not rpc.mountd on a v4-only server.) */
int expects_registration(const struct ctx *ctx, const struct component *c);
/* Has C's signal come (RPC program registered, nfsd threads, its socket
 * accepts)?  1 for the signals this cannot see. */
int readiness_reached(const struct ctx *ctx, const struct component *c);
/* Is C a forking daemon whose readiness comes only after its parent's
 * exit (READY_PIPE_WATCHED)?  Then `exec` waits for it before it exits
 * (exec_until_ready.h), and its unit needs no ExecStartPost=. */
int readiness_waited_by_exec(const struct component *c);
/* Asks readiness_reached() until it says yes (0) or TIMEOUT_MS passed
 * (-1), with backoff.h's naps: no event announces these signals. */
int readiness_wait(const struct ctx *ctx, const struct component *c, int timeout_ms);

#endif
