/* What a failed start says:
 *   start server failed at mountd; started in this run: statd; not run: exports nfsd
 * so that the administrator knows what runs now and what never ran. */
#ifndef NFSCTL_RUN_REPORT_H
#define NFSCTL_RUN_REPORT_H

#include "plan.h"
#include "strv.h"

#include <stddef.h>

/* Logs the failure of P at step FAILED: the components in STARTED, and
 * each component of a later step, once, in plan order ("nothing" when
 * none). */
void run_report_failure(const struct plan *p, size_t failed, const struct strv *started);

#endif
