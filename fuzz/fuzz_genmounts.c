/* libFuzzer target: the systemd generator's readers of /etc/exports (and
 * /etc/exports.d), /etc/fstab and /proc/self/mountinfo, as
 * generator_mounts.c and mounts.c read them.  The input is split at bytes
 * 0x01 into those files' contents, written under a private --root; then
 * every exported path is looked up in fstab and escaped as a unit name
 * is.  The loopback-mount check is left out: it resolves host names. */
#include "generator_mounts.h"
#include "mounts.h"
#include "paths.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char root[PATH_MAX];

static void put(const char *rel, const uint8_t *data, size_t len)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", root, rel);
	f = fopen(path, "we");
	if (!f)
		abort();
	if (len && fwrite(data, 1, len, f) != len)
		abort();
	fclose(f);
}

/* the private root goes with the fuzzer (libFuzzer ends with exit()) */
static void remove_root(void)
{
	static const char *const rels[] = {
		"/etc/exports", "/etc/exports.d/a.exports", "/etc/fstab", "/proc/self/mountinfo",
		"/etc/exports.d", "/etc", "/proc/self", "/proc", "",
	};
	char path[PATH_MAX];

	for (size_t i = 0; i < sizeof(rels) / sizeof(*rels); i++) {
		snprintf(path, sizeof(path), "%s%s", root, rels[i]);
		if (unlink(path) < 0)
			rmdir(path);
	}
}

static void make_root(void)
{
	char path[PATH_MAX];

	snprintf(root, sizeof(root), "%s/nfs-ctl-fuzz-gen.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(root))
		abort();
	snprintf(path, sizeof(path), "%s/etc", root);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/etc/exports.d", root);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/proc", root);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/proc/self", root);
	mkdir(path, 0755);
	paths_set_root(root);
	atexit(remove_root);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const files[] = {
		"/etc/exports", "/etc/exports.d/a.exports", "/etc/fstab", "/proc/self/mountinfo",
	};
	const uint8_t *part = data, *end = data + size;
	struct strv paths;

	if (!*root)
		make_root();
	for (size_t i = 0; i < sizeof(files) / sizeof(*files); i++) {
		const uint8_t *cut = part < end ? memchr(part, 1, (size_t)(end - part)) : NULL;
		size_t len = part < end ? (size_t)((cut ? cut : end) - part) : 0;

		put(files[i], part, len);
		part = cut ? cut + 1 : end;
	}
	strv_init(&paths);
	exported_paths(&paths);
	for (size_t i = 0; i < paths.n; i++) {
		char dir[4096], *esc;
		int noauto;

		(void)fstab_entry_for(paths.v[i], dir, sizeof(dir), &noauto);
		esc = systemd_escape_path(paths.v[i]);
		free(esc);
		(void)mounts_has("nfs", paths.v[i]);
	}
	strv_free(&paths);
	return 0;
}
