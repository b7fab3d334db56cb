/* The component graph of nfs-ctl: the one place that holds NFS start order
 * and how each component differs from the others.
 * Start order follows `needs` and `after`; stop order is its reverse.
 * Every mode (sysv runner, systemd units, plan, start-statd) reads this. */
#include "graph.h"

#include <stddef.h>


/* statd's state directory, as statd and sm-notify read it: who statd
 * becomes (user_dir) and where the peer lists are (keep_peers) */
#define STATD_STATE_DIR { "statd", "state-directory-path", "/var/lib/nfs" }
#define S T_SERVER
#define C T_CLIENT

const struct component graph[] = {
{ .name = "rpcbind", .kind = KIND_EXTERNAL, .unit = "rpcbind.socket", .start = "rpcbind",
  .also_after_unit = "rpcbind.service", .start_script = "/etc/init.d/rpcbind",
  .ready = READY_RPC_REGISTERED, .rpcprog = 100000, .what = "RPC port mapper (rpcbind package)" },
{ .name = "nfsd-fs", .kind = KIND_MOUNT, .unit = "proc-fs-nfsd.mount",
  .start = "nfsd /proc/fs/nfsd", .targets = S,
  .no_kernel = "NFS server support (module nfsd)",
  .what = "NFS server control file system" },
{ .name = "pipefs", .kind = KIND_MOUNT, .unit = "rpc_pipefs.target",
  .start = "rpc_pipefs /var/lib/nfs/rpc_pipefs", .conf_path = 1,
  .what = "RPC pipe file system" },
{ .name = "statd", .kind = KIND_DAEMON, .unit = "rpc-statd.service",
  .start = "rpc.statd --no-notify", .needs = { "rpcbind" }, .targets = S,
  .gate = GATE_LOCKING, .ready = READY_RPC_REGISTERED, .rpcprog = 100024,
  .client_use = CLIENT_USE_LOCKING, .pidfile = "/run/rpc.statd.pid",
  .user_dir = STATD_STATE_DIR, .user_entry = "sm",
  .killall_omit = "rpc.statd", .argv = ARGV_STATD, .wants = { "sm-notify" },
  .what = "NSM status monitor for NFSv2/v3 locking" },
{ .name = "fsidd", .kind = KIND_DAEMON, .unit = "fsidd.service",
  .start = "fsidd", .targets = S, .foreground = 1, .ready = READY_SOCKET,
  .socket = { "reexport", "fsidd_socket", "@/run/fsid.sock" },
  .if_installed = "fsidd not installed (nfs-utils 2.6.3 and later have it; only "
		  "re-exports need it)",
  .what = "NFS re-export fsid database daemon" },
{ .name = "mountd", .kind = KIND_DAEMON, .unit = "nfs-mountd.service",
  .start = "rpc.mountd", .needs = { "nfsd-fs", "rpcbind" }, .after = { "fsidd" },
  .targets = S,
  .ready = READY_RPC_REGISTERED, .rpcprog = 100005, .rpc_if_v3 = 1,
  .network_online = 1, .argv = ARGV_MOUNTD, .what = "NFS mount daemon" },
{ .name = "idmapd", .kind = KIND_DAEMON, .unit = "nfs-idmapd.service",
  .start = "rpc.idmapd", .needs = { "pipefs" }, .targets = S | C,
  .gate = GATE_IDMAP, .ready = READY_PARENT_EXIT, .network_online = 1,
  .client_use = CLIENT_USE_IDMAP, .argv = ARGV_IDMAPD,
  .what = "NFSv4 id <-> name mapper" },
{ .name = "nfsdcld", .kind = KIND_DAEMON, .unit = "nfsdcld.service",
  .start = "nfsdcld", .needs = { "pipefs", "nfsd-fs" }, .targets = S,
  .gate = GATE_CLTRACK, .ready = READY_PIPE_WATCHED, .upcall_pipe = "nfsd/cld",
  .argv = ARGV_NFSDCLD,
  .what = "NFSv4 client tracking daemon" },
{ .name = "rpcgss", .kind = KIND_ONESHOT, .unit = "auth-rpcgss-module.service",
  .start = "modprobe -q auth_rpcgss", .targets = S | C | T_SECURE,
  .gate = GATE_RPCGSS, .best_effort = 1, .kernel_module = 1,
  .what = "RPCSEC_GSS kernel module (auth_rpcgss) for the GSS daemons" },
{ .name = "gssd", .kind = KIND_DAEMON, .unit = "rpc-gssd.service",
  .start = "rpc.gssd", .needs = { "pipefs" }, .after = { "rpcgss" }, .targets = S | C | T_SECURE,
  .gate = GATE_GSS_CLIENT, .ready = READY_PARENT_EXIT,
  .client_use = CLIENT_USE_KERBEROS, .before_client_mounts = 1, .argv = ARGV_GSSD,
  .what = "RPCSEC_GSS (Kerberos) client daemon" },
{ .name = "svcgssd", .kind = KIND_DAEMON, .unit = "rpc-svcgssd.service",
  .start = "rpc.svcgssd", .after = { "rpcgss" }, .targets = S | T_SECURE,
  .gate = GATE_GSS_SERVER,
  .ready = READY_PARENT_EXIT, .before_client_mounts = 1,
  .also_after_unit = "gssproxy.service", .argv = ARGV_SVCGSSD,
  .what = "RPCSEC_GSS server daemon" },
{ .name = "blkmapd", .kind = KIND_DAEMON, .unit = "nfs-blkmap.service",
  .start = "blkmapd", .needs = { "pipefs" }, .targets = C | T_BLKMAP,
  .gate = GATE_BLKMAP, .ready = READY_PARENT_EXIT,
  .if_installed = "blkmapd not installed (nfs-utils 2.8.5 and later build it only with "
		  "--enable-blkmapd; only pNFS block layout clients need it)",
  .what = "pNFS block layout mapper" },
{ .name = "exports", .kind = KIND_ONESHOT, .unit = "nfs-exports.service",
  .start = "exportfs -r", .stop = "exportfs -au; exportfs -f",
  .reload = "exportfs -r", .needs = { "nfsd-fs" }, .targets = S, .exit_ignored = 1,
  .done_while_serving = 1, .export_mounts = 1, .what = "export table" },
{ .name = "nfsd", .kind = KIND_ONESHOT, .unit = "nfsd.service",
  .start = "rpc.nfsd", .stop = "rpc.nfsd 0",
  .start_alt = "nfsdctl autostart", .stop_alt = "nfsdctl threads 0", .alt_reports_release = 1,
  .needs = { "nfsd-fs", "mountd", "exports", "rpcbind" },
  .after = { "statd", "idmapd", "nfsdcld", "gssd", "svcgssd" }, .targets = S,
  .ready = READY_NFSD_THREADS, .rpcprog = 100003, .done_while_serving = 1,
  .export_mounts = 1, .network_online = 1, .argv = ARGV_NFSD, .nice_key = "nfsd-priority",
  .host_name = { "nfsd", "scope", NULL },
  .what = "kernel NFS server threads" },
{ .name = "sm-notify", .kind = KIND_ONESHOT, .unit = "rpc-statd-notify.service",
  .start = "sm-notify", .after = { "nfsd" }, .targets = S | C,
  .gate = GATE_LOCKING, .once_per_boot = 1, .best_effort = 1,
  .boot_mark = "/run/sm-notify.pid", .again_after = "lockd", .again_arg = "-f",
  .live_during = "statd",
  .keep_peers = { STATD_STATE_DIR, "sm", "sm.bak" },
  .network_online = 1, .argv = ARGV_SM_NOTIFY,
  .what = "reboot notification to NFS peers (once per boot)" },
};

#undef S
#undef C
#undef STATD_STATE_DIR

const unsigned graph_size = sizeof(graph) / sizeof(graph[0]);

const struct target_row graph_targets[] = {
	{ "server", T_SERVER, "nfs-server.target", { "nfs-server", "nfs-kernel-server" },
	  "NFS server", .services = 1, .requires_members = 1, .barriers = 1, .serves = 1,
	  .script_enabled = 1, .shared_with = T_CLIENT },
	{ "client", T_CLIENT, "nfs-client.target", { "nfs", "nfs-common" },
	  "NFS client services", .services = 1, .mounts = 1, .remote_fs = 1,
	  .shared_with = T_SERVER },
	{ "secure", T_SECURE, "nfs-secure.target", { NULL }, "NFS Kerberos services",
	  .remote_fs = 1, .shared_with = T_CLIENT },
	{ "blkmap", T_BLKMAP, "nfs-blkmap.target", { NULL }, "NFS pNFS block layout services",
	  .remote_fs = 1, .shared_with = T_CLIENT },
};

const unsigned graph_targets_size = sizeof(graph_targets) / sizeof(graph_targets[0]);
