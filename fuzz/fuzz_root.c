/* The fuzzers' private root (fuzz_root.h). */
#define _XOPEN_SOURCE 700
#include "fuzz_root.h"
#include "paths.h"

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
	char path[PATH_MAX];
	FILE *f;

	fuzz_root_path(path, sizeof(path), rel);
	f = fopen(path, "we");
	if (!f)
		abort();
	if (len && fwrite(data, 1, len, f) != len)
		abort();
	if (fclose(f) != 0)
		abort();
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
