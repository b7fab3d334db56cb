/* sysvinit mode: the LSB actions (start, stop, restart, try-restart,
 * reload, force-reload, status), each made of start, stop or reload plans
 * that the sysv runner (run_sysv.h) carries out. */
#ifndef NFSCTL_SYSV_ACTIONS_H
#define NFSCTL_SYSV_ACTIONS_H

#include "action.h"
#include "ctx.h"

/* LSB action on a target or component; takes the lock itself. */
int sysv_action(struct ctx *ctx, enum action action, const struct scope *what);
/* LSB status of a target or component (no lock, no changes). */
int sysv_status(struct ctx *ctx, const struct scope *what, int quiet);

#endif
