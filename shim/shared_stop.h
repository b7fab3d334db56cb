/* The two-pronged stop, for both modes: a daemon the NFS client side uses
 * too (graph.h: client_use) stops with a target only when no NFS mount and
 * not the other target needs it. */
#ifndef NFSCTL_SHARED_STOP_H
#define NFSCTL_SHARED_STOP_H

#include "graph.h"

/* The target whose activity keeps shared daemons when TARGET stops:
 * the client for a stop of the server (or secure, blkmap), else the server. */
unsigned shared_other_target(unsigned target);
/* Why shared component C must keep running; NULL when it may stop.
 * OTHER_ACTIVE: shared_other_target() runs (each mode asks its own way). */
const char *shared_keep_reason(const struct component *c, unsigned target,
			       int other_active);

#endif
