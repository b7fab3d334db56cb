/* What a failed start says, in the serial and the parallel runner alike:
 *   start server failed at mountd; started in this run: statd; not run: exports nfsd
 * so that the administrator knows what runs now and what never ran. */
#ifndef NFSCTL_RUN_REPORT_H
#define NFSCTL_RUN_REPORT_H

#include "plan.h"
#include "strv.h"

#include <stddef.h>

/* Did step I of P not run, P having failed at step FAILED (of level
 * FAILED_LEVEL)?  Each runner knows: the serial one ran nothing after
 * FAILED; the parallel one ran FAILED's whole level. */
typedef int (*run_not_run_fn)(const struct plan *p, size_t failed, int failed_level, size_t i);

/* Logs the failure of P at step FAILED: the components in STARTED, and
 * each component NOT_RUN names, once, in plan order ("nothing" when none). */
void run_report_failure(const struct plan *p, size_t failed, int failed_level,
			const struct strv *started, run_not_run_fn not_run);

#endif
