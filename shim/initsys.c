#include "build-config.h"
#include "initsys.h"
#include "paths.h"

#include <stdlib.h>
#include <sys/stat.h>

#ifdef HAVE_LIBSYSTEMD
#include <systemd/sd-daemon.h>
#endif

/* Under --root the question is asked of the sandbox, so that tests can
 * stage either init; libsystemd's sd_booted() only knows the real root. */
int initsys_systemd_booted(void)
{
	struct stat st;
	char *dir;
	int booted;

#ifdef HAVE_LIBSYSTEMD
	if (!*paths_root())
		return sd_booted() > 0;
#endif
	dir = path_in_root("/run/systemd/system");
	booted = lstat(dir, &st) == 0 && S_ISDIR(st.st_mode);
	free(dir);
	return booted;
}

enum init_mode initsys_mode(const struct ctx *ctx)
{
	if (ctx->init != INIT_AUTO)
		return ctx->init;
	return initsys_systemd_booted() ? INIT_SYSTEMD : INIT_SYSV;
}
