/* libFuzzer target: the systemd generator's readers of /etc/exports (and
 * /etc/exports.d), /etc/fstab and /proc/self/mountinfo, as
 * generator_mounts.c and mounts.c read them.  The input is split at bytes
 * 0x01 into those files' contents, written under a private --root; then
 * every exported path is looked up in fstab and escaped as a unit name
 * is.  The loopback-mount check is left out: it resolves host names. */
#include "fuzz_root.h"
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

static const char *const files[] = {
	"/etc/exports", "/etc/exports.d/a.exports", "/etc/fstab", "/proc/self/mountinfo",
};
static const char *const dirs[] = { "/etc", "/etc/exports.d", "/proc", "/proc/self" };
static int made;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strv paths;

	if (!made++)
		fuzz_root_make("gen", dirs, sizeof(dirs) / sizeof(*dirs));
	fuzz_root_split(data, size, files, sizeof(files) / sizeof(*files));
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
