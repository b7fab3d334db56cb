/* `nfs-ctl run`: the signals it acts on, read from a signalfd in its one
 * loop rather than in handlers, so that a TERM arriving during a start or
 * a stop waits its turn instead of interrupting the runner half-way. */
#ifndef NFSCTL_RUN_SIGNALS_H
#define NFSCTL_RUN_SIGNALS_H

/* Blocks TERM, INT, HUP and CHLD and returns a descriptor that delivers
 * them (-1, errno set, on failure).  The commands the runner starts get
 * an empty mask back (proc_reset_inherited). */
int run_signals_open(void);
/* The next signal within TIMEOUT_MS: its number, 0 when none came, -1 on
 * error. */
int run_signals_next(int fd, int timeout_ms);

#endif
