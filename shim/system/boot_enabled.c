#include "boot_enabled.h"
#include "paths.h"
#include "xalloc.h"

#include <glob.h>
#include <stdlib.h>

/* Where each one keeps "start NAME at boot" (NAME is %s).  A supervisor's
 * mark counts as much as an init script's: under runit, OpenRC or dinit
 * the server may start from contrib/'s service while Debian's script is
 * disabled, and the server still starts at boot.  s6-rc keeps its bundles
 * in a compiled database: not read (docs/containers.md). */
static const char *const marks[] = {
	"/etc/rc[2345].d/S[0-9][0-9]%s", /* sysvinit: update-rc.d, insserv */
	"/etc/service/%s",               /* runit: the service directory linked */
	"/etc/runlevels/default/%s",     /* OpenRC: rc-update add NAME default */
	"/etc/runlevels/boot/%s",
	"/etc/dinit.d/boot.d/%s",        /* dinit: dinitctl enable NAME */
};

static int mark_exists(const char *mark, const char *name)
{
	char *rel = xasprintf(mark, name);
	char *pattern = path_in_root(rel);
	glob_t g;
	int yes = glob(pattern, 0, NULL, &g) == 0;

	if (yes)
		globfree(&g);
	free(pattern);
	free(rel);
	return yes;
}

int boot_enabled(const char *const *names)
{
	for (; *names; names++)
		for (size_t i = 0; i < sizeof(marks) / sizeof(*marks); i++)
			if (mark_exists(marks[i], *names))
				return 1;
	return 0;
}
