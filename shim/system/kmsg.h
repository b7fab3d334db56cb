/* The kernel's own log, as /dev/kmsg gives it. */
#ifndef NFSCTL_KMSG_H
#define NFSCTL_KMSG_H

#include "strv.h"

/* The kernel log lines that begin with PREFIX, logged SINCE_USEC or later
 * (microseconds since boot, the log's clock), in order: what follows
 * PREFIX on each goes into WHAT, at most once each, and the time of the
 * first into *FIRST_USEC.  Reads $ROOT/dev/kmsg (paths.h), so that --root
 * can stand for it.  -1 when the log cannot be read (not root, no
 * CAP_SYSLOG, no such file): nothing is known; else the number of lines. */
int kmsg_find_since(const char *prefix, unsigned long long since_usec, struct strv *what,
		    unsigned long long *first_usec);

#endif
