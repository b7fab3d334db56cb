/* Fedora, RHEL and relatives: /etc/sysconfig/nfs, with the variables that
 * Fedora's nfs-utils_env.sh turned into daemon arguments. */
#include "conf_legacy.h"

#include <stddef.h>

static const char *const files[] = { "/etc/sysconfig/nfs", NULL };

static const struct legacy_var vars[] = {
	{ "RPCNFSDARGS",         "args",    "nfsd",          LEGACY_ARGS },
	{ "RPCNFSDCOUNT",        "nfsd",    "threads",       LEGACY_NUMBER },
	{ "NFSD_V4_GRACE",       "nfsd",    "grace-time",    LEGACY_NUMBER },
	{ "NFSD_V4_LEASE",       "nfsd",    "lease-time",    LEGACY_NUMBER },
	{ "RPCMOUNTDOPTS",       "args",    "mountd",        LEGACY_ARGS },
	{ "MOUNTD_PORT",         "mountd",  "port",          LEGACY_NUMBER },
	{ "STATDARG",            "args",    "statd",         LEGACY_ARGS },
	{ "STATD_PORT",          "statd",   "port",          LEGACY_NUMBER },
	{ "STATD_OUTGOING_PORT", "statd",   "outgoing-port", LEGACY_NUMBER },
	{ "STATD_HA_CALLOUT",    "statd",   "ha-callout",    LEGACY_TEXT },
	{ "LOCKD_TCPPORT",       "lockd",   "port",          LEGACY_NUMBER },
	{ "LOCKD_UDPPORT",       "lockd",   "udp-port",      LEGACY_NUMBER },
	{ "SMNOTIFYARGS",        "args",    "sm-notify",     LEGACY_ARGS },
	{ "RPCIDMAPDARGS",       "args",    "idmapd",        LEGACY_ARGS },
	{ "RPCGSSDARGS",         "args",    "gssd",          LEGACY_ARGS },
	{ "GSSDARGS",            "args",    "gssd",          LEGACY_ARGS },
	{ "RPCSVCGSSDARGS",      "args",    "svcgssd",       LEGACY_ARGS },
	{ "BLKMAPDARGS",         "args",    "blkmapd",       LEGACY_ARGS },
	{ "GSS_USE_PROXY",       "gssd",    "use-gss-proxy", LEGACY_BOOL },
	/* RHEL 6/7: "yes" started rpc.gssd and rpc.svcgssd. */
	{ "SECURE_NFS",          "nfs-ctl", "need-gssd",     LEGACY_BOOL },
	{ "SECURE_NFS",          "nfs-ctl", "need-svcgssd",  LEGACY_BOOL },
	/* rpc.rquotad is not an nfs-utils daemon that nfs-ctl runs. */
	{ "RPCRQUOTADOPTS",      NULL, NULL, LEGACY_IGNORED },
	{ "RQUOTAD_PORT",        NULL, NULL, LEGACY_IGNORED },
	{ NULL, NULL, NULL, LEGACY_TEXT },
};

const struct legacy_format legacy_redhat = { "redhat", files, vars };
