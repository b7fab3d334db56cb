/* libFuzzer target: the nfs.conf family as nfs-ctl loads it from the file
 * system (conf_nfsconf_load.c): /usr/etc/nfs.conf, /etc/nfs.conf, a file
 * in /etc/nfs.conf.d/ and one more file for `include` lines to name
 * (include.conf, beside nfs.conf, so both `include = include.conf` and
 * `include = /etc/include.conf` reach it), under a private --root; then
 * $NAME resolution.  fuzz_nfsconf answers includes from memory; this
 * one follows them as nfs-ctl does: paths, loops, depth, missing and
 * optional files.  The input is split at bytes 0x01 into those four
 * files' contents. */
#include "conf_diag.h"
#include "conf_nfsconf_load.h"
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

static const char *const files[] = {
	"/usr/etc/nfs.conf", "/etc/nfs.conf", "/etc/nfs.conf.d/a.conf", "/etc/include.conf",
};
static const char *const dirs[] = { "/etc/nfs.conf.d", "/etc", "/usr/etc", "/usr", "" };

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
	if (fclose(f) != 0)
		abort();
}

/* the private root goes with the fuzzer (libFuzzer ends with exit()) */
static void remove_root(void)
{
	char path[PATH_MAX];

	for (size_t i = 0; i < sizeof(files) / sizeof(*files); i++) {
		snprintf(path, sizeof(path), "%s%s", root, files[i]);
		unlink(path);
	}
	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		snprintf(path, sizeof(path), "%s%s", root, dirs[i]);
		rmdir(path);
	}
}

static void make_root(void)
{
	char path[PATH_MAX];

	snprintf(root, sizeof(root), "%s/nfs-ctl-fuzz-load.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(root))
		abort();
	atexit(remove_root);
	/* dirs[] lists the deepest first: made in reverse */
	for (size_t i = sizeof(dirs) / sizeof(*dirs) - 1; i-- > 0;) {
		snprintf(path, sizeof(path), "%s%s", root, dirs[i]);
		if (mkdir(path, 0755) < 0)
			abort();
	}
	paths_set_root(root);
	conf_diag_set_quiet(1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *part = data, *end = data + size;
	struct settings s;

	if (!*root)
		make_root();
	for (size_t i = 0; i < sizeof(files) / sizeof(*files); i++) {
		const uint8_t *cut = part < end ? memchr(part, 1, (size_t)(end - part)) : NULL;
		size_t len = part < end ? (size_t)((cut ? cut : end) - part) : 0;

		put(files[i], part, len);
		part = cut ? cut + 1 : end;
	}
	settings_init(&s);
	nfsconf_load_all(&s);
	nfsconf_expand_vars(&s);
	settings_free(&s);
	return 0;
}
