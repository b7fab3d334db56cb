/* `nfs-ctl exec` of a forking daemon whose readiness comes after its
 * parent's exit (readiness READY_PIPE_WATCHED: nfsdcld). */
#ifndef NFSCTL_EXEC_UNTIL_READY_H
#define NFSCTL_EXEC_UNTIL_READY_H

#include "ctx.h"
#include "graph.h"
#include "strv.h"

#include <stddef.h>
#include <sys/types.h>

/* Waits until one of PIDS (N) watches C's rpc_pipefs directory: LSB_OK,
 * or LSB_ERR_GENERIC with the reason said (N 0: none to wait for). */
int exec_wait_watched(struct ctx *ctx, const struct component *c, const pid_t *pids, size_t n);

/* Runs ARGV (C's start command) as a child, adopts the daemon it leaves
 * behind and returns once that daemon is ready: LSB_OK, or an LSB error
 * after stopping what it started. */
int exec_until_ready(struct ctx *ctx, const struct component *c, const struct strv *argv);

#endif
