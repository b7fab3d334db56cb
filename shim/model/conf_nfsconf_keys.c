/* The sections and keys that nfs-utils documents (nfs.conf(5), the
 * daemons' man pages and the nfs.conf shipped with nfs-utils), plus
 * nfs-ctl's own [nfs-ctl] and [args] sections.  Only for warnings: an
 * unknown key is reported, never refused, since a newer nfs-utils may know
 * it. */
#include "conf_nfsconf.h"

#include <string.h>
#include <strings.h>

struct section_keys {
	const char *section;
	const char *const *keys;   /* NULL: any key is fine */
};

static const char *const general[] = { "pipefs-directory", NULL };
static const char *const exports[] = { "rootdir", NULL };
static const char *const exportfs[] = { "debug", "state-directory-path",
	"cache-use-ipaddr", "ttl", NULL };
static const char *const exportd[] = { "debug", "manage-gids", "threads",
	"cache-use-ipaddr", "ttl", "state-directory-path", "no-netlink", NULL };
static const char *const mountd[] = { "debug", "apply-root-cred",
	"manage-gids", "descriptors", "port", "threads", "reverse-lookup",
	"state-directory-path", "ha-callout", "cache-use-ipaddr", "ttl",
	"no-netlink", NULL };
static const char *const nfsd[] = { "debug", "threads", "min-threads",
	"host", "scope", "port", "grace-time", "lease-time", "udp", "tcp",
	"vers2", "vers3", "vers4", "vers4.0", "vers4.1", "vers4.2", "rdma",
	"rdma-port", "fh-key-file", "pool-mode", NULL };
static const char *const statd[] = { "debug", "port", "outgoing-port",
	"name", "state-directory-path", "ha-callout", "no-notify", NULL };
static const char *const lockd[] = { "port", "udp-port", NULL };
static const char *const sm_notify[] = { "debug", "force", "retry-time",
	"outgoing-port", "outgoing-addr", "lift-grace", NULL };
static const char *const gssd[] = { "verbosity", "rpc-verbosity",
	"use-memcache", "use-machine-creds", "use-gss-proxy", "avoid-dns",
	"limit-to-legacy-enctypes", "allowed-enctypes", "context-timeout",
	"rpc-timeout", "keytab-file", "cred-cache-directory",
	"preferred-realm", "set-home", "upcall-timeout",
	"cancel-timed-out-upcalls", "pipefs-directory", NULL };
static const char *const svcgssd[] = { "principal", "verbosity",
	"rpc-verbosity", "idmap-verbosity", NULL };
static const char *const nfsdcld[] = { "debug", "storagedir", NULL };
static const char *const nfsdcltrack[] = { "debug", "storagedir", NULL };
/* fsidd and the re-export code of mountd/exportfs (nfs-utils 2.6.3+;
 * read in support/reexport, not in nfs.conf(5)) */
static const char *const reexport[] = { "fsidd_socket", "sqlitedb", NULL };
static const char *const nfsrahead[] = { "nfs", "nfs4", "nfsv4",
	"default", NULL };
/* nfs-ctl's own switches: what legacy NEED_* variables set. */
static const char *const nfs_ctl[] = { "need-statd", "need-idmapd",
	"need-gssd", "need-svcgssd", "need-blkmapd", "nfsd-priority", "stop-timeout", NULL };
/* Raw option strings for one daemon (legacy *OPTS / *ARGS variables). */
static const char *const args[] = { "nfsd", "mountd", "statd",
	"sm-notify", "idmapd", "gssd", "svcgssd", "blkmapd", "nfsdcld", NULL };

static const struct section_keys table[] = {
	{ "general", general }, { "exports", exports },
	{ "exportfs", exportfs }, { "exportd", exportd },
	{ "mountd", mountd }, { "nfsd", nfsd }, { "statd", statd },
	{ "lockd", lockd }, { "sm-notify", sm_notify }, { "gssd", gssd },
	{ "svcgssd", svcgssd }, { "nfsdcld", nfsdcld },
	{ "nfsdcltrack", nfsdcltrack }, { "nfsrahead", nfsrahead },
	{ "reexport", reexport },
	{ "environment", NULL }, { "nfs-ctl", nfs_ctl }, { "args", args },
};

static const struct section_keys *find(const char *section)
{
	size_t base = strcspn(section, " \"");

	for (size_t i = 0; i < sizeof(table) / sizeof(*table); i++)
		if (strlen(table[i].section) == base &&
		    !strncasecmp(table[i].section, section, base))
			return &table[i];
	return NULL;
}

int nfsconf_section_known(const char *section)
{
	return find(section) != NULL;
}

int nfsconf_key_known(const char *section, const char *key)
{
	const struct section_keys *sk = find(section);

	if (!sk)
		return 0;
	if (!sk->keys)
		return 1;
	for (const char *const *k = sk->keys; *k; k++)
		if (!strcasecmp(*k, key))
			return 1;
	return 0;
}
