/* One /proc/PID/stat, parsed once for everyone who reads it (proc.c by pid,
 * kthread.c by path under --root). */
#ifndef NFSCTL_PROC_STAT_H
#define NFSCTL_PROC_STAT_H

#include <stddef.h>

struct proc_stat {
	char comm[64];                /* field 2, without its parentheses */
	char state;                   /* field 3: R, S, Z, X... */
	int ppid;                     /* field 4 */
	unsigned long long starttime; /* field 22: clock ticks since boot */
};

/* Reads PATH into OUT: 0, or -1 when it cannot be read or is not a stat
 * line (a name longer than comm is cut). */
int proc_stat_read(const char *path, struct proc_stat *out);

#endif
