#include "conf_file.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static enum conf_read fail(int fd, char *buf, const char **why,
			   const char *reason)
{
	if (fd >= 0)
		close(fd);
	free(buf);
	*why = reason;
	return CONF_READ_FAILED;
}

/* Reads until EOF rather than trusting st_size: the file may be rewritten
 * while we read, and /proc-like files report size 0. */
static enum conf_read slurp(int fd, char **buf, size_t *len, const char **why)
{
	size_t cap = 4096, n = 0;
	char *b = xmalloc(cap + 1);

	for (;;) {
		ssize_t r;

		if (n == cap) {
			if (cap >= CONF_FILE_MAX)
				return fail(fd, b, why, "file too large");
			cap *= 2;
			if (cap > CONF_FILE_MAX)
				cap = CONF_FILE_MAX;
			b = xrealloc(b, cap + 1);
		}
		r = read(fd, b + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return fail(fd, b, why, strerror(errno));
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	b[n] = '\0';
	*buf = b;
	*len = n;
	return CONF_READ_OK;
}

enum conf_read conf_file_read(const char *path, char **buf, size_t *len,
			      const char **why)
{
	struct stat st;
	int fd;

	*buf = NULL;
	*len = 0;
	*why = NULL;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		if (errno == ENOENT)
			return CONF_READ_MISSING;
		return fail(-1, NULL, why, strerror(errno));
	}
	if (fstat(fd, &st) < 0)
		return fail(fd, NULL, why, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return fail(fd, NULL, why, "not a regular file");
	if ((unsigned long long)st.st_size > CONF_FILE_MAX)
		return fail(fd, NULL, why, "file too large");
	return slurp(fd, buf, len, why);
}
