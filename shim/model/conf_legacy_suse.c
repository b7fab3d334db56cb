/* openSUSE and SLES: /etc/sysconfig/nfs (the YaST-managed template). */
#include "conf_legacy.h"

#include <stddef.h>

static const char *const files[] = { "/etc/sysconfig/nfs", NULL };

static const struct legacy_var vars[] = {
	{ "USE_KERNEL_NFSD_NUMBER", "nfsd",    "threads",       LEGACY_NUMBER },
	{ "MOUNTD_PORT",            "mountd",  "port",          LEGACY_NUMBER },
	{ "MOUNTD_OPTIONS",         "args",    "mountd",        LEGACY_ARGS },
	{ "NFS_SECURITY_GSS",       "nfs-ctl", "need-gssd",     LEGACY_BOOL },
	{ "NFS_SECURITY_GSS",       "nfs-ctl", "need-svcgssd",  LEGACY_BOOL },
	{ "NFS3_SERVER_SUPPORT",    "nfsd",    "vers3",         LEGACY_BOOL },
	{ "NFS4_SUPPORT",           "nfsd",    "vers4",         LEGACY_BOOL },
	{ "NFS_SERVER_UDP",         "nfsd",    "udp",           LEGACY_BOOL },
	{ "NFSD_V4_GRACE",          "nfsd",    "grace-time",    LEGACY_NUMBER },
	{ "NFSD_V4_LEASE",          "nfsd",    "lease-time",    LEGACY_NUMBER },
	{ "NFSV4LEASETIME",         "nfsd",    "lease-time",    LEGACY_NUMBER },
	{ "STATD_PORT",             "statd",   "port",          LEGACY_NUMBER },
	{ "STATD_HOSTNAME",         "statd",   "name",          LEGACY_TEXT },
	{ "STATD_OPTIONS",          "args",    "statd",         LEGACY_ARGS },
	{ "LOCKD_TCPPORT",          "lockd",   "port",          LEGACY_NUMBER },
	{ "LOCKD_UDPPORT",          "lockd",   "udp-port",      LEGACY_NUMBER },
	{ "NFS_GSSD_AVOID_DNS",     "gssd",    "avoid-dns",     LEGACY_BOOL },
	{ "SM_NOTIFY_OPTIONS",      "args",    "sm-notify",     LEGACY_ARGS },
	{ "GSSD_OPTIONS",           "args",    "gssd",          LEGACY_ARGS },
	{ "SVCGSSD_OPTIONS",        "args",    "svcgssd",       LEGACY_ARGS },
	/* Whether the init scripts started idmapd/gssd at boot at all;
	 * nfs-ctl decides that from NFS4_SUPPORT and NFS_SECURITY_GSS. */
	{ "NFS_START_SERVICES",     NULL, NULL, LEGACY_IGNORED },
	{ NULL, NULL, NULL, LEGACY_TEXT },
};

const struct legacy_format legacy_suse = { "suse", files, vars };
