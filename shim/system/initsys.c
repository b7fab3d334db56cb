#include "initsys.h"
#include "paths.h"

#include <stdlib.h>
#include <sys/stat.h>

/* The test sd_booted(3) documents: systemd creates /run/systemd/system/
 * early at boot.  Asked here directly (no libsystemd in every process),
 * and of the --root tree when there is one, so tests can stage either
 * init. */
int initsys_systemd_booted(void)
{
	struct stat st;
	char *dir;
	int booted;

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
