/* The component graph of nfs-ctl: the one place that holds NFS start order.
 * Start order follows `needs` and `after`; stop order is its reverse.
 * Every mode (sysv runner, systemd units, plan, start-statd) reads this. */
#include "graph.h"

#include <stddef.h>
#include <string.h>

#define S T_SERVER
#define C T_CLIENT

const struct component graph[] = {
/*  name        kind           unit                            start                    stop                     needs                          after                                       targets       flags              pidfile             rpc     what */
{ "rpcbind",   KIND_EXTERNAL, "rpcbind.socket",               "rpcbind",               NULL,                    NULL,                          NULL,                                       0,            0,                 NULL,               100000, "RPC port mapper (rpcbind package)" },
{ "nfsd-fs",   KIND_MOUNT,    "proc-fs-nfsd.mount",           "nfsd /proc/fs/nfsd",    NULL,                    NULL,                          NULL,                                       S,            0,                 NULL,               0,      "NFS server control file system" },
{ "pipefs",    KIND_MOUNT,    "rpc_pipefs.target",            "rpc_pipefs /var/lib/nfs/rpc_pipefs", NULL,       NULL,                          NULL,                                       0,            F_CONF_PATH,       NULL,               0,      "RPC pipe file system" },
{ "statd",     KIND_DAEMON,   "rpc-statd.service",            "rpc.statd --no-notify", NULL,                    "rpcbind",                     NULL,                                       S,            F_GATED|F_SHARED,  "/run/rpc.statd.pid", 100024, "NSM status monitor for NFSv2/v3 locking" },
{ "mountd",    KIND_DAEMON,   "nfs-mountd.service",           "rpc.mountd",            NULL,                    "nfsd-fs rpcbind",             NULL,                                       S,            F_RPC_IF_V3,       NULL,               100005, "NFS mount daemon" },
{ "idmapd",    KIND_DAEMON,   "nfs-idmapd.service",           "rpc.idmapd",            NULL,                    "pipefs",                      NULL,                                       S,            F_GATED,           NULL,               0,      "NFSv4 id <-> name mapper" },
{ "nfsdcld",   KIND_DAEMON,   "nfsdcld.service",              "nfsdcld",               NULL,                    "pipefs nfsd-fs",              NULL,                                       S,            F_GATED|F_READY_PIPE, NULL,               0,      "NFSv4 client tracking daemon" },
{ "gssd",      KIND_DAEMON,   "rpc-gssd.service",             "rpc.gssd",              NULL,                    "pipefs",                      NULL,                                       S|C|T_SECURE, F_GATED|F_SHARED,  NULL,               0,      "RPCSEC_GSS (Kerberos) client daemon" },
{ "svcgssd",   KIND_DAEMON,   "rpc-svcgssd.service",          "rpc.svcgssd",           NULL,                    NULL,                          NULL,                                       S|T_SECURE,   F_GATED,           NULL,               0,      "RPCSEC_GSS server daemon" },
{ "blkmapd",   KIND_DAEMON,   "nfs-blkmap.service",           "blkmapd",               NULL,                    "pipefs",                      NULL,                                       C|T_BLKMAP,   F_GATED,           NULL,               0,      "pNFS block layout mapper" },
{ "exports",   KIND_ONESHOT,  "nfs-exports.service",          "exportfs -r",           "exportfs -au; exportfs -f", "nfsd-fs",                 NULL,                                       S,            F_EXPORT_MOUNTS,   NULL,               0,      "export table" },
{ "nfsd",      KIND_ONESHOT,  "nfsd.service",                 "rpc.nfsd",              "rpc.nfsd 0",            "nfsd-fs mountd exports rpcbind", "statd idmapd nfsdcld gssd svcgssd mountd exports", S,       F_EXPORT_MOUNTS,   NULL,               100003, "kernel NFS server threads" },
{ "sm-notify", KIND_ONESHOT,  "rpc-statd-notify.service",     "sm-notify",             NULL,                    NULL,                          "nfsd",                                     S|C,          F_GATED|F_FOREVER, NULL,               0,      "reboot notification to NFS peers (once per boot)" },
};

#undef S
#undef C

const unsigned graph_size = sizeof(graph) / sizeof(graph[0]);

const struct component *graph_find(const char *name)
{
	for (unsigned i = 0; i < graph_size; i++)
		if (strcmp(graph[i].name, name) == 0)
			return &graph[i];
	return NULL;
}

const struct component *graph_find_unit(const char *unit)
{
	for (unsigned i = 0; i < graph_size; i++)
		if (strcmp(graph[i].unit, unit) == 0)
			return &graph[i];
	return NULL;
}

int graph_index(const struct component *c)
{
	return (int)(c - graph);
}

static const struct {
	const char *name;
	unsigned target;
	const char *unit;
} targets[] = {
	{ "server", T_SERVER, "nfs-server.target" },
	{ "client", T_CLIENT, "nfs-client.target" },
	{ "secure", T_SECURE, "nfs-secure.target" },
	{ "blkmap", T_BLKMAP, "nfs-blkmap.target" },
};

unsigned target_from_name(const char *name)
{
	for (size_t i = 0; i < sizeof(targets) / sizeof(*targets); i++)
		if (strcmp(targets[i].name, name) == 0)
			return targets[i].target;
	return 0;
}

const char *target_name(unsigned target)
{
	for (size_t i = 0; i < sizeof(targets) / sizeof(*targets); i++)
		if (targets[i].target == target)
			return targets[i].name;
	return NULL;
}

const char *target_unit(unsigned target)
{
	for (size_t i = 0; i < sizeof(targets) / sizeof(*targets); i++)
		if (targets[i].target == target)
			return targets[i].unit;
	return NULL;
}

int graph_list_has(const char *list, const char *name)
{
	size_t len = strlen(name);
	const char *p = list;

	while (p && *p) {
		size_t w;

		p += strspn(p, " ");
		w = strcspn(p, " ");
		if (w == len && strncmp(p, name, len) == 0)
			return 1;
		p += w;
	}
	return 0;
}
