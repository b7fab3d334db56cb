#ifndef NFS_CTL_ONCE_MARK_H
#define NFS_CTL_ONCE_MARK_H
#include "graph.h"

/* The mark a once-per-boot component (sm-notify) leaves in nfs-ctl's state
 * directory when it runs.  /run is emptied at boot, so the mark means "ran
 * this boot".  It holds nfsd's thread count at that moment, which tells
 * `nfs-ctl doctor` whether the lock-recovery notice went out only once
 * nfsd served (docs/doctor.md, check notify-order). */

/* Whether C already ran this boot. */
int once_mark_exists(const struct component *c);

/* Records that C runs now.  The first mark of a boot is kept: a later run
 * (a forced repeat, a unit restarted by hand) does not rewrite history. */
void once_mark_write(const struct component *c);

/* Whether C's own trace of a run this boot (graph: boot_mark, sm-notify's
 * pid file) exists, whoever ran it. */
int once_mark_component_ran(const struct component *c);

/* nfsd's threads recorded in C's mark; -1 when there is no mark or it
 * holds no count (C had already run before nfs-ctl ran it). */
int once_mark_threads(const struct component *c);

/* The latest notice (the boot's, or a repeat): C's NAME.notice holds the
 * moment it began, TICKS, in clock ticks since boot (kthread.h:
 * boot_ticks_now).  Every run of C that told rewrites it, so that the
 * next restart compares against the newest notice. */
void once_mark_notice(const struct component *c, unsigned long long ticks);

/* Must C run again (graph: again_after)?  1 when the kernel thread it
 * names runs and started after C's latest notice: that thread (lockd) was
 * restarted since, and dropped what the peers told then hold; both times
 * in *STARTED and *TOLD.  0 when the thread did not restart, when none
 * runs, and when no notice time was recorded (nothing to compare with).
 * Quiet: semantics_start() and doctor say what it means to them. */
int once_mark_stale(const struct component *c, unsigned long long *started,
		    unsigned long long *told);

#endif
