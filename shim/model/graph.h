/* The component graph: what nfs-ctl starts, in which order, for which
 * target, and every way one component behaves differently from another.
 * Code outside graph.c reads these columns; no behaviour is keyed on a
 * component's identity (docs/DESIGN.md). */
#ifndef NFSCTL_GRAPH_H
#define NFSCTL_GRAPH_H

/* The table's size limit (selections are arrays of this size). */
#define MAX_COMPONENTS 32
/* needs/after: at most this many names each (the last slot stays NULL). */
#define MAX_EDGES 8

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

/* When a started component counts as up (sysv runner; under systemd the
 * unit's Type= and `nfs-ctl exec` give the same signal). */
enum readiness {
	READY_NONE,           /* its command ran to completion */
	READY_PARENT_EXIT,    /* forking: the parent exited 0, the child runs */
	READY_RPC_REGISTERED, /* and its program (rpcprog) is registered */
	READY_NFSD_THREADS,   /* the kernel reports nfsd threads */
	READY_PIPE_WATCHED,   /* forking, and it watches nfsd's pipe directory
			       * in rpc_pipefs (pipe_watch.h), in both inits:
			       * nfsd gives up on it after ~0.5 s (nfsdcld) */
	READY_SOCKET,         /* its AF_UNIX socket (column socket) accepts a
			       * connection, in both inits: what its clients
			       * connect to (fsidd, for rpc.mountd) */
};

/* A value of nfs.conf with the default the daemon itself uses. */
struct conf_value {
	const char *section, *key, *dflt;
};

/* Two lists of peer records in one directory (keep_peers). */
struct peer_lists {
	struct conf_value dir;  /* the directory, as the daemons read it */
	const char *from, *to;  /* the monitor list, the notify list */
};

/* Which configuration rule decides an optional component (policy.c holds
 * one function per rule).  GATE_NONE: always a member of its targets. */
enum gate {
	GATE_NONE,
	GATE_LOCKING,    /* NFSv2/v3 locking: statd and its reboot notice */
	GATE_IDMAP,      /* NFSv4 id mapping */
	GATE_CLTRACK,    /* NFSv4 server client tracking */
	GATE_GSS_CLIENT, /* Kerberos, client side (keytab) */
	GATE_GSS_SERVER, /* Kerberos, server side without gssproxy */
	GATE_BLKMAP,     /* pNFS block layout */
	GATE_RPCGSS,     /* Kerberos in use (gssd or svcgssd wanted), and not
			  * in a container (it cannot load kernel modules) */
};

/* What the NFS client side uses the component for.  A component the
 * client uses is shared: a stop of a target spares it while a mount or the
 * other target needs it (the two-pronged stop, shared_stop.c). */
enum client_use {
	CLIENT_USE_NONE,
	CLIENT_USE_LOCKING,  /* NFSv2/v3 mounts with locking (statd) */
	CLIENT_USE_KERBEROS, /* sec=krb5* mounts (gssd) */
	CLIENT_USE_IDMAP,    /* NFSv4 mounts map owners to names (idmapd,
			      * Debian's NEED_IDMAPD) */
	CLIENT_USE_COUNT     /* not a use: the size of arrays indexed by use */
};

/* The configuration-derived options a start command gets (daemon_args.c
 * holds one rule table per value). */
enum argv_rules {
	ARGV_NONE,
	ARGV_NFSD,
	ARGV_MOUNTD,
	ARGV_STATD,
	ARGV_SM_NOTIFY,
	ARGV_GSSD,
	ARGV_SVCGSSD,
	ARGV_IDMAPD,
	ARGV_NFSDCLD,
};

struct component {
	const char *name;
	enum kind kind;
	const char *unit;     /* systemd unit that runs it */
	const char *start;    /* program and fixed arguments; mounts:
			       * "FSTYPE MOUNTPOINT" */
	const char *stop;     /* oneshots: commands at stop, separated by ';'
			       * (NULL: nothing to undo, no ExecStop) */
	const char *reload;   /* command that re-reads its configuration */
	/* Newer programs that replace start/stop when installed, and start
	 * only while configuration asks for no options (nfsdctl reads
	 * nfs.conf; legacy options still need rpc.nfsd). */
	const char *start_alt;
	const char *stop_alt;
	/* start_alt's program prints nfs-utils' release ("PROGRAM: X.Y.Z",
	 * `nfsdctl --version` since 2.8.3): the defaults that changed
	 * between releases are read from it (nfsutils.c) */
	unsigned alt_reports_release:1;
	const char *needs[MAX_EDGES]; /* must be up before, pulled in with it */
	const char *after[MAX_EDGES]; /* ordering only, when both are in one plan */
	/* brought along when it starts, never required, no order implied
	 * (under systemd Wants=): statd brings sm-notify, so a client that
	 * only ever ran start-statd still notifies its servers after a reboot */
	const char *wants[MAX_EDGES];
	/* another unit that is ordered like this one: whatever is After= this
	 * component is After= it too (rpcbind.service behind rpcbind.socket,
	 * so the daemons unregister before rpcbind stops; gssproxy.service,
	 * which serves the GSS upcalls in svcgssd's place) */
	const char *also_after_unit;
	/* Kerberos mounts need it up: the client target (mounts at boot) is
	 * ordered after it */
	unsigned before_client_mounts:1;
	/* loads a kernel module: never in a container (under systemd
	 * ConditionVirtualization=!container, the gate rule likewise) */
	unsigned kernel_module:1;
	unsigned targets;
	enum gate gate;
	enum readiness ready;
	unsigned long rpcprog;  /* registered with rpcbind once ready */
	unsigned rpc_if_v3:1;   /* registers only while NFSv3 is served
				 * (rpc.mountd on a v4-only server) */
	unsigned done_while_serving:1; /* a start finds it done while nfsd
					* has threads (exports, nfsd) */
	unsigned once_per_boot:1;  /* runs once per boot, never stopped */
	unsigned best_effort:1;    /* its failure fails nothing */
	unsigned network_online:1; /* talks to peers: after network-online */
	unsigned exit_ignored:1;   /* installed it must be, but its failure fails
				    * nothing: one bad /etc/exports line must
				    * not keep the good ones from being served
				    * (exportfs names it, file:line) */
	unsigned conf_path:1;      /* a mount placed by [general]
				    * pipefs-directory: under systemd a target,
				    * its mount unit generated */
	unsigned export_mounts:1;  /* serves the exports: after their mounts */
	/* stays in the foreground (never forks): the sysv runner forks, the
	 * child starts a session and execs it, and the child's pid is the
	 * daemon's; under systemd Type=exec */
	unsigned foreground:1;
	/* optional by installation: when its program is not installed a
	 * target's start skips it with this note (under systemd the unit's
	 * ConditionFileIsExecutable= lines skip it), rather than failing: older nfs-utils
	 * do not have it (fsidd: Debian 12's 2.6.2).  Only `after` edges may
	 * name such a component, never `needs`. */
	const char *if_installed;
	/* READY_PIPE_WATCHED: the kernel's upcall pipe it serves, below the
	 * rpc_pipefs mount ("DIR/PIPE").  The kernel makes it when nfsd starts
	 * and, when no reader comes within about half a second, removes it
	 * and does the work another way for good (nfsd: NFSv4 client tracking
	 * by the old upcall, or none in a container) */
	const char *upcall_pipe;
	/* READY_SOCKET: where the socket is, as the daemon reads it from
	 * nfs.conf ("@NAME": Linux's abstract namespace, no file) */
	struct conf_value socket;
	enum client_use client_use;
	/* a key of [nfs-ctl] whose value is the nice(2) increment of its start
	 * command, in both inits (Debian's RPCNFSDPRIORITY, applied there
	 * with start-stop-daemon --nicelevel); NULL: none */
	const char *nice_key;
	/* a setting whose value, when it has one, is the host name its start
	 * command runs under, in a UTS namespace of its own (both inits).
	 * nfsd: [nfsd] scope.  The kernel takes the NFSv4 server scope (RFC
	 * 8881 section 2.10.4) from the host name of the process that starts
	 * nfsd, clients reclaim NFSv4 state only from a server of the same
	 * scope, and Debian 12's rpc.nfsd has no option for it: without this,
	 * after a cluster failover every NFSv4 lock is lost. */
	struct conf_value host_name;
	const char *pidfile;    /* written by the daemon itself */
	/* a daemon that leaves root becomes the owner of user_entry inside
	 * this directory (rpc.statd: of "sm" in its state directory; the
	 * directory itself stays root's on Debian): a process of that user
	 * may be the daemon too (daemon_id.h); none: the daemon stays root */
	struct conf_value user_dir;
	const char *user_entry;
	const char *boot_mark;  /* once per boot: the file it leaves in /run
				 * when it has run (sm-notify's pid file) */
	/* once per boot, unless the kernel thread of this name (its command
	 * name in /proc) started after the component's latest run: then it
	 * runs again, with again_arg added (semantics_start).  sm-notify:
	 * stopping nfsd takes lockd down when nothing else uses it, lockd
	 * drops every NLM lock, and NFSv3 clients reclaim only when told the
	 * server restarted; sm-notify says so once per boot unless forced.
	 * Under systemd the unit is PartOf= the server target, so that a
	 * restart of the server runs it again and `exec` decides. */
	const char *again_after;
	const char *again_arg;
	/* a daemon that must be live when this component runs, since the
	 * peers it tells reach it at once: started again first when it died
	 * since its start (its registration outlived it: SIGKILL, the OOM
	 * killer), in both inits (semantics_start).  sm-notify: the clients
	 * reclaim their NFSv3 locks as soon as they are told, lockd asks statd
	 * to monitor each one first and refuses the reclaim when statd does
	 * not answer, and a client drops a lock whose reclaim was refused */
	const char *live_during;
	/* what again_arg's run tells is kept before a stop of what this
	 * component runs after (peers_keep.h): the records of the monitor
	 * list (statd's sm/) are copied to the notify list (sm.bak/, which
	 * sm-notify reads), since lockd, going down with nfsd, unmonitors its
	 * clients and statd deletes their records (seen on Linux 6.12) */
	struct peer_lists keep_peers;
	const char *killall_omit; /* its name in /run/sendsigs.omit.d: Debian's
				   * shutdown killall spares it */
	const char *no_kernel;  /* mounts: what the kernel lacks when the
				 * mount fails */
	enum argv_rules argv;
	/* external: its own init script, which the sysv runner's check runs
	 * (with "start", once) when the service is not ready yet: at boot
	 * under sysvinit it may simply not have run (rpcbind's) */
	const char *start_script;
	const char *what;       /* one line for humans */
};

extern const struct component graph[];
extern const unsigned graph_size;

struct target_row {
	const char *name;
	unsigned target;
	const char *unit;
	/* the init scripts that run this target: nfs-ctl's own, then the
	 * distribution's that its init-functions hook hands to nfs-ctl; under
	 * systemd the first one's name is a native unit standing for the
	 * target (units.c) */
	const char *scripts[3];
	const char *noun;       /* the progress line's name: "Starting NFS server" */
	/* a service target: the NFS daemons run for it, its optional members
	 * are decided by configuration (the generator adds them under
	 * systemd), its stop considers the shared daemons, its state is
	 * marked; otherwise an enablement target (secure, blkmap), which is
	 * itself the wish for all its members */
	unsigned services:1;
	/* a member that fails fails the target (Requires=; else Wants=) */
	unsigned requires_members:1;
	/* stop means stopped: ordered by the barrier units, never after its
	 * members; PartOf= its script unit, which is in the restart group
	 * (units.c, docs/DESIGN.md) */
	unsigned barriers:1;
	/* serves NFS: the versions it serves decide members (an NFSv4-only
	 * server needs no statd), sm-notify waits for it */
	unsigned serves:1;
	/* NFS mounts at boot need it (Before=remote-fs-pre.target, after what
	 * Kerberos mounts need); the mounts in fstab decide members; under
	 * sysvinit it runs in rcS, before the serving target */
	unsigned mounts:1;
	unsigned remote_fs:1;      /* enabled by remote-fs.target too */
	unsigned script_enabled:1; /* its script unit is enabled at boot */
	/* the two-pronged stop: the target whose activity keeps the shared
	 * daemons running when this one stops */
	unsigned shared_with;
};

extern const struct target_row graph_targets[];
extern const unsigned graph_targets_size;

/* graph_query.c */

const struct component *graph_find(const char *name);
const struct component *graph_find_unit(const char *unit);
int graph_index(const struct component *c);
/* Does A need B (B must be up before A, and comes with it)? */
int graph_needs(const struct component *a, const struct component *b);
/* Must B come before A when both are in one plan (needs or after)? */
int graph_before(const struct component *a, const struct component *b);
/* The first component whose column PRED says yes, or NULL. */
const struct component *graph_first(int (*pred)(const struct component *));
/* The components that some code needs as themselves, each defined by its
 * columns (never its name), asked here and nowhere else (docs/DESIGN.md,
 * "No behaviour keyed on identity").  NULL when the table has none. */
/* The kernel NFS server: its readiness is the kernel's thread count (the
 * doctor's checks of the kernel's versions and grace period). */
const struct component *graph_nfsd(void);
/* The NSM monitor: the daemon NFSv2/v3 locking needs (start-statd, the
 * doctor's monitored peers in its user_dir/user_entry). */
const struct component *graph_statd(void);
static inline int graph_gated(const struct component *c) { return c->gate != GATE_NONE; }
static inline int graph_shared(const struct component *c) { return c->client_use != CLIENT_USE_NONE; }
/* Checks the table: unknown or duplicate names in needs/after, an edge in
 * both, a cycle, more rows than MAX_COMPONENTS, a gated component in no
 * target, a shared one that is not a daemon.  Each problem is printed to
 * stderr; returns the count. */
int graph_check(void); /* graph_check.c */

/* "server" -> T_SERVER; 0 if not a target name. */
unsigned target_from_name(const char *name);
const char *target_name(unsigned target);
/* Every target's name, in the table's order, separated by spaces (for
 * messages about a word that names none). */
const char *target_names(void);
const char *target_unit(unsigned target);
/* TARGET's row, or a row of nothing (every column 0) for a bit that is no
 * target. */
const struct target_row *target_find(unsigned target);
/* The first target whose column PRED says yes, or NULL. */
const struct target_row *target_first(int (*pred)(const struct target_row *));
/* The targets some code needs as themselves, defined by their columns:
 * the one that serves NFS (the default of `run`; sm-notify's), the one
 * ordered by barriers (units.c).  NULL when the table has none. */
const struct target_row *target_serving(void);
const struct target_row *target_barriered(void);
const char *const *target_scripts(unsigned target);
const char *target_noun(unsigned target);

#endif
