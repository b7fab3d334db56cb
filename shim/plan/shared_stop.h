/* The two-pronged stop, for both modes: a daemon the NFS client side uses
 * too (graph.h: client_use) stops with a target only when no NFS mount and
 * not the other target needs it. */
#ifndef NFSCTL_SHARED_STOP_H
#define NFSCTL_SHARED_STOP_H

#include "graph.h"
#include "reason.h"

/* The target whose activity keeps shared daemons when TARGET stops:
 * the client for a stop of the server (or secure, blkmap), else the server. */
unsigned shared_other_target(unsigned target);
/* 1 when shared component C must keep running, with *WHY (overwritten,
 * never freed first; the caller frees it) saying what needs it; 0 when it
 * may stop.  What needs it is seen, not configured: WHY has no place.
 * OTHER_ACTIVE: shared_other_target() runs (each mode asks its own way). */
int shared_keep(const struct component *c, unsigned target, int other_active,
		struct reason *why);

#endif
