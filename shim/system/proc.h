/* Processes: running commands with a bounded wait, and recognising a
 * daemon among /proc's processes by its executable. */
#ifndef NFSCTL_PROC_H
#define NFSCTL_PROC_H

#include "strv.h"

#include <sys/types.h>

enum run_result {
	RUN_EXITED,    /* *status holds the exit code */
	RUN_SIGNALLED, /* *status holds the signal */
	RUN_TIMEOUT,   /* still running after the bound: killed */
	RUN_EXEC_FAILED,
};

/* Runs ARGV (argv[0] is a path) with stdin from /dev/null and stdout and
 * stderr into OUTFILE (truncated; NULL: /dev/null), in a clean environment,
 * and waits at most TIMEOUT_MS for it to exit. */
enum run_result proc_run(const struct strv *argv, const char *outfile,
			 int timeout_ms, int *status);

/* What a command's process gets beyond the clean start below: a nice(2)
 * increment (0: none) and a host name in a UTS namespace of its own
 * (NULL: the system's).  graph.h: nice_key, host_name. */
struct proc_setup {
	int nice;
	const char *host_name;
};

/* Applies SETUP to the calling process.  0, or -1 with errno set (the
 * namespace or the host name refused: no CAP_SYS_ADMIN, a name longer
 * than the kernel takes). */
int proc_apply_setup(const struct proc_setup *setup);

/* proc_run, with SETUP applied in the child (NULL: nothing).  A setup that
 * fails is the command's failure: exit 126, the reason in OUTFILE. */
enum run_result proc_run_setup(const struct strv *argv, const char *outfile,
			       const struct proc_setup *setup, int timeout_ms, int *status);

/* The same, but the command writes to our stdout and stderr. */
enum run_result proc_run_inherit(const struct strv *argv, int timeout_ms,
				 int *status);

/* What every command starts with, whoever ran nfs-ctl (mount.nfs runs
 * start-statd with its own state): stdin from /dev/null, cwd /, umask
 * 022, no blocked signal, every disposition the default, no descriptor
 * above 2.  proc_run's children get it, and `exec` before it replaces
 * itself.  Exits 126 when /dev/null or / cannot be opened. */
void proc_reset_inherited(void);

/* Starts ARGV (argv[0] is a path) as a daemon that stays in the
 * foreground: a child in a session of its own (no terminal, no caller's
 * process group), stdin, stdout and stderr on /dev/null, the clean
 * environment.  Returns its pid at once (it is the daemon's: the child
 * execs), -1 when fork fails.  The caller waits for its readiness. */
pid_t proc_spawn_session(const struct strv *argv);

/* Live (not zombie) process? */
int proc_alive(pid_t pid);
/* Start time since boot in clock ticks (field 22 of /proc/PID/stat); 0 if gone. */
unsigned long long proc_starttime(pid_t pid);
/* Does PID run the program at EXE (a path)?  PROC_EXE: /proc/PID/exe says
 * so.  PROC_NAMED: that link cannot be read (a non-root caller looking at
 * another user's process) and argv[0] names EXE: the process's own word,
 * which alone must never make it a daemon to signal (daemon_id.c). */
enum { PROC_NOT = 0, PROC_EXE = 1, PROC_NAMED = 2 };
int proc_runs(pid_t pid, const char *exe);
/* Is PID in our pid namespace?  1 yes, 0 no, -1 cannot be seen (a
 * non-root caller looking at another user's process). */
int proc_same_pidns(pid_t pid);
/* PID's real and effective uid (/proc/PID/status); -1 when gone. */
int proc_uids(pid_t pid, uid_t *ruid, uid_t *euid);
/* Pids of live processes running EXE, at most MAX; returns the count. */
size_t proc_find_by_exe(const char *exe, pid_t *out, size_t max);
/* The same, only those OK(pid, ARG) accepts (OK NULL: all). */
size_t proc_find_matching(const char *exe, int (*ok)(pid_t, const void *), const void *arg,
			  pid_t *out, size_t max);
/* A live process running EXE (and accepted by OK, when given) that is
 * not in BEFORE (a snapshot taken with proc_find_by_exe before starting
 * it) and whose parent is not such a process either: the newly forked
 * daemon, never a copy somebody else runs nor one of its own workers.
 * Returns the number of such processes (the first in *pid), so that a
 * caller can wait until exactly one is left. */
size_t proc_find_new(const char *exe, int (*ok)(pid_t, const void *), const void *arg,
		     const pid_t *before, size_t nbefore, pid_t *pid);
/* Our live children (adopted ones too, when we are a child subreaper);
 * at most MAX, the count. */
size_t proc_children(pid_t *out, size_t max);
/* The live processes running EXE whose parent does not run it too: the
 * daemons, not their workers (rpc.mountd -t N).  At most MAX; the count. */
size_t proc_find_roots(const char *exe, pid_t *out, size_t max);
/* PID's argument vector from /proc/PID/cmdline into OUT (appended);
 * -1 when it cannot be read (gone, or not ours to read). */
int proc_cmdline(pid_t pid, struct strv *out);
/* TERM, wait up to TIMEOUT_MS, then KILL and wait again (TIMEOUT_MS 0:
 * KILL at once).  START is PID's start time (proc_starttime) when it was
 * found to be the process meant, 0 for our own child not yet reaped: the
 * signals go through a pidfd opened while it still is that process, so
 * a pid reused meanwhile is never signalled (kernels without pidfds: the
 * start time is checked before each kill).  Returns 0 when the process is
 * gone (or was not that process any more), 1 when KILL was needed, -1
 * when it survived. */
int proc_terminate(pid_t pid, int timeout_ms, unsigned long long start);

#endif
