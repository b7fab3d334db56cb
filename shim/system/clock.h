/* The one clock every bounded wait counts in, and the one nap (backoff.c
 * naps through it): apart from proc.c, so that the waits (backoff.c) and
 * the processes (proc.c) do not import each other. */
#ifndef NFSCTL_CLOCK_H
#define NFSCTL_CLOCK_H

/* Milliseconds on the monotonic clock (a step of the wall clock moves no
 * deadline). */
long long clock_now_ms(void);
/* Sleeps MS milliseconds, the whole of them across signals. */
void clock_nap_ms(int ms);

#endif
