/* `nfs-ctl run`: the daemons this run started, as the runner recorded
 * them (pid and start time), so that a death is noticed and, when a stop
 * overruns its bound, only what we started is killed. */
#ifndef NFSCTL_RUN_WATCH_H
#define NFSCTL_RUN_WATCH_H

#include "action.h"
#include "ctx.h"
#include "graph.h"

#include <sys/types.h>

#define RUN_WATCH_MAX 32

struct watched {
	const struct component *c;
	pid_t pid;
	unsigned long long start; /* proc_starttime: the process, not just the pid;
				   * 0: found dead */
};

struct run_watch {
	struct watched v[RUN_WATCH_MAX];
	size_t n;
};

/* The members of WHAT's start plan that have a pid record (ours or the
 * daemon's own): running, or dead (start 0) when the record is stale. */
void run_watch_running(struct ctx *ctx, const struct scope *what, struct run_watch *out);
/* Removes from W what BEFORE already held (the same process): what is
 * left is what this run started. */
void run_watch_minus(struct run_watch *w, const struct run_watch *before);
/* The watched daemon whose pid is PID (NULL: none). */
const struct watched *run_watch_find(const struct run_watch *w, pid_t pid);
/* The first watched daemon that is no longer its process (NULL: all run). */
const struct watched *run_watch_dead(const struct run_watch *w);
/* SIGKILL to each watched daemon that still is the process we started;
 * returns how many were killed. */
size_t run_watch_kill(const struct run_watch *w);

#endif
