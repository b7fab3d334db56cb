#include "lock.h"
#include "log.h"
#include "paths.h"

#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#define LOCK_FILE "/run/nfs-ctl.lock"

/* O_NOFOLLOW: /run is root's, but a lock must never be a symlink to
 * something else. */
static int open_lock_file(int how)
{
	char *path = path_in_root(LOCK_FILE);
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);

	/* a container's read-only /run: say what the file is for and what
	 * fixes it, since no setting moves it (only --root moves every path).
	 * A shared lock only waits for an action in progress, and none can
	 * hold a lock that cannot be created: nothing to say */
	if (fd < 0 && !(how == LOCK_SH && errno == EROFS))
		log_error("cannot open the lock file %s: %s; nfs-ctl serialises its starts and stops "
			  "with it, so /run must be writable (in a container: a tmpfs on /run)",
			  path, strerror(errno));
	free(path);
	return fd;
}

static volatile sig_atomic_t lock_timer_fired;

static void on_lock_timer(int sig)
{
	(void)sig;
	lock_timer_fired = 1;
}

/* A waiter sleeps in flock() and the kernel hands it the lock the moment it
 * is released.  Polling with growing naps made each handoff cost up to a
 * nap (50 ms) per waiter: 200 concurrent start-statd callers under
 * sysvinit took twice as long as Debian's script (bench/RESULTS.md).  The
 * timeout is an interval timer whose signal interrupts flock() (no
 * SA_RESTART); it repeats every 100 ms after it first fires, so a signal
 * that lands just before flock() is entered cannot leave it blocked. */
static int wait_for_lock(int fd, int how, int timeout_ms)
{
	struct sigaction on = { .sa_handler = on_lock_timer }, old;
	struct itimerval t = {
		.it_value = { timeout_ms / 1000, (timeout_ms % 1000) * 1000 },
		.it_interval = { 0, 100 * 1000 },
	};
	struct itimerval off = { { 0, 0 }, { 0, 0 } };
	int rc, err;

	sigemptyset(&on.sa_mask);
	lock_timer_fired = 0;
	sigaction(SIGALRM, &on, &old);
	setitimer(ITIMER_REAL, &t, NULL);
	do
		rc = flock(fd, how);
	while (rc < 0 && errno == EINTR && !lock_timer_fired);
	err = errno;
	setitimer(ITIMER_REAL, &off, NULL);
	sigaction(SIGALRM, &old, NULL);
	errno = err;
	return rc;
}

static int acquire(int how, int timeout_ms)
{
	int fd = open_lock_file(how);

	if (fd < 0)
		return -1;
	if (flock(fd, how | LOCK_NB) == 0)
		return fd;
	if (errno == EWOULDBLOCK && timeout_ms > 0 && wait_for_lock(fd, how, timeout_ms) == 0)
		return fd;
	if (errno == EWOULDBLOCK || errno == EINTR)
		log_error("another nfs-ctl still holds %s after %d ms", LOCK_FILE, timeout_ms);
	else
		log_error("lock %s: %s", LOCK_FILE, strerror(errno));
	close(fd);
	return -1;
}

int lock_acquire(int timeout_ms)
{
	return acquire(LOCK_EX, timeout_ms);
}

int lock_acquire_shared(int timeout_ms)
{
	return acquire(LOCK_SH, timeout_ms);
}

void lock_release(int fd)
{
	if (fd >= 0)
		close(fd);
}
