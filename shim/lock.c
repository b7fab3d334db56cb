#include "lock.h"
#include "backoff.h"
#include "log.h"
#include "paths.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define LOCK_FILE "/run/nfs-ctl.lock"

/* O_NOFOLLOW: /run is root's, but a lock must never be a symlink to
 * something else. */
static int open_lock_file(void)
{
	char *path = path_in_root(LOCK_FILE);
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);

	if (fd < 0)
		log_error("%s: %s", path, strerror(errno));
	free(path);
	return fd;
}

static int acquire(int how, int timeout_ms)
{
	int fd = open_lock_file();
	struct backoff b;

	if (fd < 0)
		return -1;
	backoff_start(&b, timeout_ms);
	for (int last = 0;; last = backoff_nap(&b) < 0) {
		if (flock(fd, how | LOCK_NB) == 0)
			return fd;
		if (errno != EWOULDBLOCK && errno != EINTR) {
			log_error("lock %s: %s", LOCK_FILE, strerror(errno));
			break;
		}
		if (last) {
			log_error("another nfs-ctl still holds %s after %d ms",
				  LOCK_FILE, timeout_ms);
			break;
		}
	}
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
