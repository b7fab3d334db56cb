/* Running a start plan level by level, the steps of one level at once
 * (sysvinit mode).  Components of one level have no ordering edge between
 * them (graph_order.c), so starting them together breaks no rule; each
 * still waits for its own readiness signal, and the next level starts only
 * when every step of the previous one succeeded. */
#ifndef NFSCTL_RUN_PARALLEL_H
#define NFSCTL_RUN_PARALLEL_H

#include "plan.h"
#include "strv.h"

#include <stddef.h>

/* Runs one step, synchronously (readiness included); returns an LSB code.
 * It may add component names to STARTED. */
typedef int (*parallel_step_fn)(const struct step *s, struct strv *started, void *arg);

/* Is parallel execution of P wanted?  When some level of P holds two
 * components and NFS_CTL_PARALLEL is 1 (0: the serial runner, for
 * debugging and comparison); unset or empty: PARALLEL_DEFAULT (0 unless
 * the build says otherwise: see run_parallel.c). */
int parallel_enabled(const struct plan *p);

/* Executes the steps of P: first its checks of external services
 * (rpcbind), in this process; then the steps that have a level (>= 0),
 * level by level, each
 * component's steps in a child process of its own (in plan order), all the
 * components of a level concurrently.  Steps without a level (shown-only
 * skips) run afterwards, in this process.  Names the children add to
 * STARTED come back into STARTED.  On failure, waits for the rest of that
 * level, starts no later level, says which step failed, what was started
 * and what was not run, and returns the first failing step's code (in plan
 * order); LSB_OK otherwise.  After each level, the components it started
 * go to the progress line (log.h), in plan order. */
int parallel_execute(const struct plan *p, parallel_step_fn fn, void *arg,
		     struct strv *started);

#endif
