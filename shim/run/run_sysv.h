/* sysvinit mode: nfs-ctl itself carries out the plan (the LSB actions
 * made of plans: sysv_actions.h). */
#ifndef NFSCTL_RUN_SYSV_H
#define NFSCTL_RUN_SYSV_H

#include "ctx.h"
#include "plan.h"

/* How a stop treats daemons that NFS clients may still use (statd, gssd). */
enum shared_policy {
	SHARED_IF_UNUSED, /* stop them unless a mount or the other target needs them */
	SHARED_KEEP,      /* never (restart: statd keeps its state across it) */
};

/* Executes P; the caller holds the lock.  Returns an LSB exit code. */
int sysv_execute(struct ctx *ctx, const struct plan *p, enum shared_policy shared);
/* Starts C by its own plan (its needs checked, then C), as `nfs-ctl start
 * C` does, without taking the lock (the caller holds it): an LSB code.
 * WHO (who asks) is for the mode's other way, systemd_start_one. */
int sysv_start_one(struct ctx *ctx, const struct component *c, const char *who);
/* Target bookkeeping: "server" and "client" are active between a
 * successful start and a stop; asked from the moment a start of them
 * begins (successful or not) until a stop succeeds. */
int target_active(const char *target);
void target_mark(const char *target, int active);
int target_asked(const char *target);

#endif
