/* What a component's start and stop mean beyond running its command,
 * decided here once for both modes: the sysv runner (run_sysv.c) and
 * `nfs-ctl exec` (cmd_exec.c) ask, and only spawn, wait or exec.
 *
 *   start:  once per boot, run again with again_arg, or nothing to do
 *           (semantics_start); the older program when the newer one
 *           fails (semantics_run)
 *           what a repeat notice must give back (semantics_hold,
 *           semantics_give_back); the daemon its peers reach at once,
 *           started again when it died (semantics_start)
 *   stop:   what must be kept before the stop command (semantics_stop)
 *   mounts: a kernel file system at the place the configuration names at
 *           this start (semantics_mount, semantics_mounts_needed)
 *
 * A decision is a typed result; each message is logged here. */
#ifndef NFS_CTL_SEMANTICS_H
#define NFS_CTL_SEMANTICS_H

#include "ctx.h"
#include "graph.h"
#include "peers_keep.h"
#include "proc.h"
#include "strv.h"

/* What a start of a component comes to, before anything runs. */
enum sem_start {
	SEM_START_RUN,   /* its command, as planned */
	SEM_START_AGAIN, /* once per boot, but what it told was lost since
			  * (graph: again_after): its command once more,
			  * again_arg added to the argv */
	SEM_START_DONE,  /* it ran this boot and nothing was lost: nothing
			  * runs, and the start succeeds */
};

/* Decides C's start.  ARGV is the planned start command, to which
 * SEM_START_AGAIN adds again_arg.  A once-per-boot component that is to
 * run gets its boot mark now (once_mark.h), before its command runs; the
 * first run of a boot its notice time too (a repeat's: semantics_hold).
 * First of all, the daemon C needs live while it runs (graph:
 * live_during) is started again when it died since its start, its
 * registration left behind (daemon_died), by START_ONE (the mode's way:
 * sysv_start_one, systemd_start_one), and waited for until it
 * registers.  A daemon stopped, or never started (a client without NFSv3
 * mounts), is left alone.  A failure is a warning: C runs anyway. */
typedef int sem_start_one_fn(struct ctx *ctx, const struct component *c, const char *who);
enum sem_start semantics_start(struct ctx *ctx, const struct component *c, struct strv *argv,
			       sem_start_one_fn *start_one);

/* What a repeat run holds while its command runs, to settle after it. */
struct sem_hold {
	struct peers_held peers;        /* the monitor list before it */
	unsigned long long again_since; /* when it began (clock ticks since
					 * boot); 0: no repeat run */
};

/* Before C's start command, decided D, runs.  A run holds the records of
 * the monitor list written this boot, which it may take away (keep_peers,
 * peers_keep.h); a repeat (SEM_START_AGAIN) its start time too.  1 when
 * anything is held: the caller runs the command as a child (never exec)
 * and calls semantics_give_back with whether it succeeded (TOLD).  That
 * writes the records back and, when a repeat told, its notice time; a
 * failed repeat leaves the older time, so that the next start runs it
 * again.  0: nothing held (the boot's first notice, whose records are an
 * earlier boot's), the command may replace us. */
int semantics_hold(const struct ctx *ctx, const struct component *c, enum sem_start d,
		   struct sem_hold *hold);
void semantics_give_back(const struct ctx *ctx, const struct component *c,
			 struct sem_hold *hold, int told);

/* One command run to completion, as the calling mode runs it. */
struct sem_outcome {
	enum run_result how;
	int status;   /* exit code, or signal (proc.h) */
	char *output; /* what it wrote, when the mode kept it (freed by
		       * semantics_run); NULL: it wrote to our stderr */
};

/* How the calling mode runs one command: the sysv runner with the step's
 * setup and its output kept in a file, `exec` as a child on the unit's
 * stderr (the setup is its own already). */
typedef void sem_run_fn(void *arg, const struct strv *argv, struct sem_outcome *out);

/* How a command with an older program to fall back to went. */
enum sem_ran {
	SEM_RAN,          /* the command succeeded */
	SEM_RAN_FALLBACK, /* it failed, the older program did it: a notice,
			   * not a warning (nfsdctl fails on every kernel
			   * before 6.15, and on some later ones) */
	SEM_RAN_FAILED,   /* both failed: an error */
};

/* Runs ARGV through RUN (with ARG); when it fails, FALLBACK (nfsd's
 * rpc.nfsd after nfsdctl, graph: start_alt, stop_alt; empty: none, the
 * failure is said).  STOP: the
 * commands stop C.  The failed command's output is shown once, and one
 * line says what failed and what ran instead, or that both failed. */
enum sem_ran semantics_run(const struct ctx *ctx, const struct component *c, int stop,
			   const struct strv *argv, const struct strv *fallback,
			   sem_run_fn *run, void *arg);

/* What a failed command did, in one error line with its own words (OUT's
 * output, when the mode kept it). */
void semantics_say_failed(const struct ctx *ctx, const struct component *c,
			  const struct strv *argv, const struct sem_outcome *out);

/* Mounts M with ARGV, the plan's `mount -t FSTYPE -- SOURCE WHERE`, run
 * through RUN, unless FSTYPE is mounted on WHERE already; WHERE is made
 * first (/run is empty at boot).  MISSING: the mount program is not
 * installed.  An LSB code; each failure is said once. */
int semantics_mount(const struct ctx *ctx, const struct component *m, const struct strv *argv,
		    int missing, sem_run_fn *run, void *arg);

/* Before C's start under a unit: each mount C needs whose place is
 * configured is at the place the configuration names at this start.  Under systemd the mount unit put it
 * where nfs.conf said when the generator last ran (boot or daemon-reload);
 * nfs.conf may have moved it since, and the daemons read nfs.conf at their
 * start (nfsdcld would watch a directory where nothing is mounted, and
 * nfsd would track NFSv4 clients without it).  So the place of this start
 * wins: mounted there, with a notice.  (The sysv runner mounts at this
 * start's place in its own plan step.)  An LSB code. */
int semantics_mounts_needed(struct ctx *ctx, const struct component *c, sem_run_fn *run,
			    void *arg);

/* Before C's stop command runs: the peers a restart must tell again are
 * kept (graph: keep_peers, peers_keep.h).  Nothing to decide: the stop
 * command runs whatever happened here. */
void semantics_stop(const struct ctx *ctx, const struct component *c);

#endif
