/* One lock serialises every action of nfs-ctl on this machine, so that an
 * init script, start-statd from twenty mounts and an administrator can run
 * at once without starting anything twice. */
#ifndef NFSCTL_LOCK_H
#define NFSCTL_LOCK_H

/* Blocks until the lock is ours, or TIMEOUT_MS passed (-1: error printed). */
int lock_acquire(int timeout_ms);
/* The same, shared with other readers: for a look at the state that must
 * not happen half way through an action (start-statd's "already up?"). */
int lock_acquire_shared(int timeout_ms);
void lock_release(int fd);

#endif
