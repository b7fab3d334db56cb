/* The component graph: what nfs-ctl starts, in which order, for which target. */
#ifndef NFSCTL_GRAPH_H
#define NFSCTL_GRAPH_H

enum kind {
	KIND_EXTERNAL, /* somebody else's service: checked, never started */
	KIND_MOUNT,    /* a kernel file system that must be mounted */
	KIND_DAEMON,   /* a forking daemon: started, watched, signalled at stop */
	KIND_ONESHOT,  /* commands run to completion at start (and at stop) */
};

/* Targets are sets of components; a component may be in several. */
enum target {
	T_SERVER = 1 << 0,
	T_CLIENT = 1 << 1,
	T_SECURE = 1 << 2,
	T_BLKMAP = 1 << 3,
};

enum comp_flags {
	F_GATED = 1 << 0,   /* runs only when policy (configuration) wants it */
	F_SHARED = 1 << 1,  /* client mounts use it too: two-pronged stop */
	F_FOREVER = 1 << 2, /* a oneshot with no stop commands (sm-notify) */
	F_RPC_IF_V3 = 1 << 4, /* registers its RPC program only while NFSv3
			       * is served (rpc.mountd on a v4-only server) */
	F_CONF_PATH = 1 << 3, /* a mount whose place is configured: under
			       * systemd a target, its mount unit generated */
	F_READY_PIPE = 1 << 5, /* ready only once it watches nfsd's pipe
				* directory in rpc_pipefs (pipe_watch.h), in
				* both inits: nfsd gives up on it after ~0.5 s */
	F_EXPORT_MOUNTS = 1 << 6, /* serves the exports: after their file
				   * systems are mounted, before loop-back
				   * NFS mounts (generator) */
};

struct component {
	const char *name;
	enum kind kind;
	const char *unit;    /* systemd unit that runs it */
	const char *start;   /* program and fixed arguments */
	const char *stop;    /* oneshots: commands at stop, separated by ';' */
	const char *needs;   /* must be up before, pulled in with it */
	const char *after;   /* ordering only, when both are in one plan */
	unsigned targets;
	unsigned flags;
	const char *pidfile; /* written by the daemon itself */
	unsigned long rpcprog; /* registered with rpcbind once ready */
	const char *what;    /* one line for humans */
};

extern const struct component graph[];
extern const unsigned graph_size;

const struct component *graph_find(const char *name);
const struct component *graph_find_unit(const char *unit);
int graph_index(const struct component *c);
/* "server" -> T_SERVER; 0 if not a target name. */
unsigned target_from_name(const char *name);
const char *target_name(unsigned target);
const char *target_unit(unsigned target);
/* Does the space-separated LIST contain NAME? */
int graph_list_has(const char *list, const char *name);

#endif
