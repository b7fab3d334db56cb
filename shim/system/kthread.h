/* Kernel threads seen in /proc, and the clock their start times use. */
#ifndef NFSCTL_KTHREAD_H
#define NFSCTL_KTHREAD_H

#include <time.h>

/* The start time, in clock ticks since boot (field 22 of /proc/PID/stat),
 * of the newest kernel thread whose command name is COMM (a child of
 * kthreadd, pid 2); 0 when there is none.  Reads $ROOT/proc, like
 * nfsd's thread count (paths.h), so that --root can stand for it. */
unsigned long long kthread_started(const char *comm);

/* Now, in the same unit: clock ticks since boot (CLOCK_BOOTTIME, which
 * /proc's start times count in). */
unsigned long long boot_ticks_now(void);

/* When this boot began, in seconds since the epoch (the real clock now,
 * less CLOCK_BOOTTIME); 0 when unknown. */
time_t boot_epoch(void);

#endif
