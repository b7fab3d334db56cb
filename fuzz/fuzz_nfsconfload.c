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
#include "fuzz_root.h"
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
static const char *const dirs[] = { "/etc", "/etc/nfs.conf.d", "/usr", "/usr/etc" };
static int made;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct settings s;

	if (!made++) {
		fuzz_root_make("load", dirs, sizeof(dirs) / sizeof(*dirs));
		conf_diag_set_quiet(1);
	}
	fuzz_root_split(data, size, files, sizeof(files) / sizeof(*files));
	settings_init(&s);
	nfsconf_load_all(&s);
	nfsconf_expand_vars(&s);
	settings_free(&s);
	return 0;
}
