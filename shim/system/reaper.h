/* Reaping: `nfs-ctl run` in a container is PID 1, and under a process
 * supervisor the daemons it starts fork away from it; either way every
 * descendant that exits must be waited for by us, or it stays a zombie. */
#ifndef NFSCTL_REAPER_H
#define NFSCTL_REAPER_H

#include <sys/types.h>

/* Makes orphaned descendants ours: PID 1 gets them from the kernel, any
 * other process asks for them (PR_SET_CHILD_SUBREAPER), so that a forking
 * daemon stays our child.  0, or -1 with errno set. */
int reaper_init(void);
/* Waits for every child that has exited, without blocking; FN (may be
 * NULL) hears of each: its pid and wait status.  Returns the count. */
size_t reaper_collect(void (*fn)(pid_t pid, int wstatus, void *arg), void *arg);
/* "exited with code N" or "was killed by signal N" for WSTATUS, into BUF. */
const char *reaper_describe(int wstatus, char *buf, size_t size);

#endif
