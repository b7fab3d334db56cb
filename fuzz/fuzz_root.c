/* The fuzzers' private root (fuzz_root.h). */
#define _XOPEN_SOURCE 700
#include "fuzz_root.h"
#include "paths.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#ifndef TMPFS_MAGIC
#define TMPFS_MAGIC 0x01021994
#endif

static char root[PATH_MAX];

/* What each file fuzz_root_put wrote holds: a file the next input leaves
 * as it was is not written again. */
static struct held {
	char *rel;
	char *data; /* NULL: not known (never written, or removed) */
	size_t len;
} held[64];
static size_t n_held;

static struct held *held_of(const char *rel)
{
	for (size_t i = 0; i < n_held; i++)
		if (strcmp(held[i].rel, rel) == 0)
			return &held[i];
	if (n_held == sizeof(held) / sizeof(*held))
		abort();
	held[n_held].rel = strdup(rel);
	if (!held[n_held].rel)
		abort();
	return &held[n_held++];
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	remove(path);
	return 0;
}

/* only the directory mkdtemp made for this process, never through a link */
static void remove_root(void)
{
	nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Where the root is made: FUZZ_ROOT_DIR when set; otherwise /dev/shm when
 * it is a tmpfs this process may write (on a disk file system, ext4 writes
 * back a file truncated and written again at its close: most of an input's
 * time); otherwise $TMPDIR, then /tmp. */
static const char *root_parent(void)
{
	const char *dir = getenv("FUZZ_ROOT_DIR");
	struct statfs fs;

	if (dir && *dir)
		return dir;
	if (statfs("/dev/shm", &fs) == 0 && fs.f_type == TMPFS_MAGIC &&
	    access("/dev/shm", W_OK | X_OK) == 0)
		return "/dev/shm";
	dir = getenv("TMPDIR");
	return dir && *dir ? dir : "/tmp";
}

void fuzz_root_make(const char *tag, const char *const *dirs, size_t n)
{
	char path[PATH_MAX];

	snprintf(root, sizeof(root), "%s/nfs-ctl-fuzz-%s.XXXXXX", root_parent(), tag);
	if (!mkdtemp(root))
		abort();
	atexit(remove_root);
	for (size_t i = 0; i < n; i++) {
		fuzz_root_path(path, sizeof(path), dirs[i]);
		if (mkdir(path, 0755) < 0)
			abort();
	}
	paths_set_root(root);
}

void fuzz_root_path(char *buf, size_t len, const char *rel)
{
	snprintf(buf, len, "%s%s", root, rel);
}

void fuzz_root_put(const char *rel, const void *data, size_t len)
{
	struct held *h = held_of(rel);
	char path[PATH_MAX];
	size_t done = 0;
	int fd;

	if (h->data && h->len == len && (len == 0 || memcmp(h->data, data, len) == 0))
		return;
	fuzz_root_path(path, sizeof(path), rel);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		abort();
	while (done < len) {
		ssize_t n = write(fd, (const char *)data + done, len - done);

		if (n <= 0)
			abort();
		done += (size_t)n;
	}
	if (close(fd) != 0)
		abort();
	free(h->data);
	h->data = malloc(len ? len : 1);
	if (!h->data)
		abort();
	if (len)
		memcpy(h->data, data, len);
	h->len = len;
}

void fuzz_root_remove(const char *rel)
{
	struct held *h = held_of(rel);
	char path[PATH_MAX];

	fuzz_root_path(path, sizeof(path), rel);
	if (unlink(path) < 0 && errno != ENOENT)
		abort();
	free(h->data);
	h->data = NULL;
}

void fuzz_root_split(const uint8_t *data, size_t size, const char *const *files, size_t n)
{
	const uint8_t *part = data, *end = data + size;

	for (size_t i = 0; i < n; i++) {
		const uint8_t *cut = part < end ? memchr(part, 1, (size_t)(end - part)) : NULL;
		size_t len = part < end ? (size_t)((cut ? cut : end) - part) : 0;

		fuzz_root_put(files[i], part, len);
		part = cut ? cut + 1 : end;
	}
}
