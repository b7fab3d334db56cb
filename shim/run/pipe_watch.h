/* Readiness of a daemon that serves a kernel upcall pipe in rpc_pipefs
 * (nfsdcld): it is ready once it watches the pipe's directory with
 * inotify, or holds a file there open.  The kernel creates the pipe when
 * nfsd starts and waits only about half a second for a reader; a daemon
 * that is still starting up then misses it for good. */
#ifndef NFSCTL_PIPE_WATCH_H
#define NFSCTL_PIPE_WATCH_H

#include <stddef.h>
#include <sys/types.h>

/* 1 when PID has an inotify watch on DIR or a file below DIR open, 0 when
 * not, -1 when DIR cannot be examined. */
int pipe_watched_by(pid_t pid, const char *dir);

/* Waits until one of PIDS (N of them) watches DIR, at most TIMEOUT_MS.
 * Returns the pid that does, or -1. */
pid_t pipe_watch_wait(const pid_t *pids, size_t n, const char *dir, int timeout_ms);

/* The directory the kernel makes C's upcall pipe in (graph: upcall_pipe),
 * below the configured rpc_pipefs mount point (relocated by --root); newly
 * allocated. */
struct ctx;
struct component;
char *pipe_watch_dir(const struct ctx *ctx, const struct component *c);

/* The upcall pipe itself, in that directory; newly allocated. */
char *pipe_watch_pipe(const struct ctx *ctx, const struct component *c);

#endif
