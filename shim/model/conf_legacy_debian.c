/* Debian and Ubuntu: /etc/default/nfs-common and
 * /etc/default/nfs-kernel-server, read together as Debian's
 * nfs-utils_env.sh does (any variable may sit in either file). */
#include "conf_legacy.h"

#include <stddef.h>

static const char *const files[] = {
	"/etc/default/nfs-common",
	"/etc/default/nfs-kernel-server",
	NULL,
};

static const struct legacy_var vars[] = {
	/* nfs-common */
	{ "NEED_STATD",      "nfs-ctl", "need-statd",    LEGACY_BOOL },
	{ "STATDOPTS",       "args",    "statd",         LEGACY_ARGS },
	{ "NEED_IDMAPD",     "nfs-ctl", "need-idmapd",   LEGACY_BOOL },
	{ "NEED_GSSD",       "nfs-ctl", "need-gssd",     LEGACY_BOOL },
	{ "RPCGSSDOPTS",     "args",    "gssd",          LEGACY_ARGS },
	/* nfs-kernel-server */
	{ "RPCNFSDCOUNT",    "nfsd",    "threads",       LEGACY_NUMBER },
	{ "RPCNFSDPRIORITY", "nfs-ctl", "nfsd-priority", LEGACY_INTEGER },
	{ "RPCNFSDOPTS",     "args",    "nfsd",          LEGACY_ARGS },
	{ "RPCMOUNTDOPTS",   "args",    "mountd",        LEGACY_ARGS },
	{ "NEED_SVCGSSD",    "nfs-ctl", "need-svcgssd",  LEGACY_BOOL },
	{ "RPCSVCGSSDOPTS",  "args",    "svcgssd",       LEGACY_ARGS },
	/* Old Debian kept the pipefs mount point here; today it is nfs.conf's. */
	{ "PIPEFS_MOUNTPOINT", "general", "pipefs-directory", LEGACY_TEXT },
	{ NULL, NULL, NULL, LEGACY_TEXT },
};

const struct legacy_format legacy_debian = { "debian", files, vars };
