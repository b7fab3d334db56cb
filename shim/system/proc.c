#include "proc.h"
#include "backoff.h"
#include "clean_env.h"
#include "clock.h"
#include "proc_stat.h"
#include "xalloc.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>


#define INHERIT_OUTPUT ((const char *)-1)

/* Every descriptor above 2, whether or not it is close-on-exec. */
static void close_from_3(void)
{
	DIR *d;
	struct dirent *e;

	if (syscall(SYS_close_range, 3U, ~0U, 0U) == 0)
		return;
	/* before Linux 5.9: what /proc lists */
	d = opendir("/proc/self/fd");
	if (!d)
		return;
	while ((e = readdir(d)))
		if (atoi(e->d_name) > 2 && atoi(e->d_name) != dirfd(d))
			close(atoi(e->d_name));
	closedir(d);
}

void proc_reset_inherited(void)
{
	sigset_t none;
	int in = open("/dev/null", O_RDONLY);

	if (in < 0)
		_exit(126);
	dup2(in, 0);
	if (in > 2)
		close(in);
	/* the caller's (mount.nfs's, a shell's) cwd may be a file system that
	 * must be unmountable later; its umask would reach the daemons' files */
	if (chdir("/") < 0)
		_exit(126);
	umask(022);
	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, SIG_DFL); /* glibc's own (32, 33) refuse: fine */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	close_from_3();
}

static void child_exec(const struct strv *argv, const char *outfile,
		       const struct proc_setup *setup)
{
	proc_reset_inherited();
	if (outfile != INHERIT_OUTPUT) {
		int out = open(outfile ? outfile : "/dev/null",
			       O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);

		if (out < 0)
			_exit(126);
		dup2(out, 1);
		dup2(out, 2);
		if (out > 2)
			close(out);
	}
	if (setup && proc_apply_setup(setup) < 0) {
		fprintf(stderr, "cannot run %s under host name %s: %s\n", argv->v[0],
			setup->host_name, strerror(errno));
		_exit(126);
	}
	execve(argv->v[0], argv->v, clean_env);
	fprintf(stderr, "cannot execute %s: %s\n", argv->v[0], strerror(errno));
	_exit(127);
}

/* A pidfd (Linux 5.3) pins one process: a signal sent through it reaches
 * that process or none, never one that got its pid later; it becomes
 * readable the moment the process exits, with no polling latency.  The
 * system calls directly: older C libraries lack the wrappers.  -1 (errno
 * ENOSYS on an older kernel): the caller falls back to the pid. */
static int pidfd_open_pid(pid_t pid)
{
	return (int)syscall(SYS_pidfd_open, pid, 0);
}

static int pidfd_signal(int fd, int sig)
{
	return (int)syscall(SYS_pidfd_send_signal, fd, sig, NULL, 0);
}

/* Waits at most TIMEOUT_MS for the process behind FD to exit: 0 exited,
 * 1 timed out, -1 poll failed (never a blind wait: the caller polls). */
static int pidfd_wait(int fd, int timeout_ms)
{
	long long deadline = clock_now_ms() + timeout_ms;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int r;

	do {
		long long left = deadline - clock_now_ms();

		r = poll(&pfd, 1, left > 0 ? (int)left : 0);
	} while (r < 0 && errno == EINTR);
	return r < 0 ? -1 : r == 0 ? 1 : 0;
}

/* Our child PID: 0 exited (reaped, *wstatus), 1 still running after
 * TIMEOUT_MS, -1 lost (not our child any more). */
static int wait_bounded(pid_t pid, int timeout_ms, int *wstatus)
{
	struct backoff b;
	int fd = pidfd_open_pid(pid);

	backoff_start(&b, timeout_ms);
	if (fd >= 0) {
		int r = pidfd_wait(fd, timeout_ms);

		close(fd);
		if (r == 1)
			return 1;
		/* r == -1: poll failed; the loop below asks without blocking */
	}
	for (;;) {
		pid_t r = waitpid(pid, wstatus, WNOHANG);

		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -1;
		if (backoff_nap(&b) < 0 && waitpid(pid, wstatus, WNOHANG) != pid)
			return 1;
	}
}

enum run_result proc_run(const struct strv *argv, const char *outfile,
			 int timeout_ms, int *status)
{
	return proc_run_setup(argv, outfile, NULL, timeout_ms, status);
}

enum run_result proc_run_setup(const struct strv *argv, const char *outfile,
			       const struct proc_setup *setup, int timeout_ms, int *status)
{
	int wstatus = 0;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		*status = errno;
		return RUN_EXEC_FAILED;
	}
	if (pid == 0)
		child_exec(argv, outfile, setup);
	if (wait_bounded(pid, timeout_ms, &wstatus) != 0) {
		/* our child, not reaped: its pid cannot have been reused */
		proc_terminate(pid, 0, 0);
		*status = 0;
		return RUN_TIMEOUT;
	}
	if (WIFSIGNALED(wstatus)) {
		*status = WTERMSIG(wstatus);
		return RUN_SIGNALLED;
	}
	*status = WEXITSTATUS(wstatus);
	return *status == 127 ? RUN_EXEC_FAILED : RUN_EXITED;
}

pid_t proc_spawn_session(const struct strv *argv)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid != 0)
		return pid;
	/* what a forking daemon's daemon() does for itself; child_exec
	 * gives it the clean state every command gets (cwd /, no mask...) */
	setsid();
	child_exec(argv, NULL, NULL);
	return -1; /* not reached: child_exec exits */
}

enum run_result proc_run_inherit(const struct strv *argv, int timeout_ms,
				 int *status)
{
	return proc_run(argv, INHERIT_OUTPUT, timeout_ms, status);
}

/* /proc/PID/stat of PID (always the real /proc: pids are ours). */
static int read_stat(pid_t pid, struct proc_stat *st)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	return pid > 0 ? proc_stat_read(path, st) : -1;
}

int proc_alive(pid_t pid)
{
	struct proc_stat st;

	return read_stat(pid, &st) == 0 && st.state != 'Z' && st.state != 'X';
}

unsigned long long proc_starttime(pid_t pid)
{
	struct proc_stat st;

	return read_stat(pid, &st) == 0 ? st.starttime : 0;
}

static int argv0_matches(pid_t pid, const char *exe)
{
	char path[64], buf[PATH_MAX];
	ssize_t n;
	int fd;
	const char *base = strrchr(exe, '/');

	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (strcmp(buf, exe) == 0)
		return 1;
	base = base ? base + 1 : exe;
	const char *b = strrchr(buf, '/');
	return strcmp(b ? b + 1 : buf, base) == 0;
}

int proc_runs(pid_t pid, const char *exe)
{
	char path[64], target[PATH_MAX], *real;
	ssize_t n;
	size_t len;
	int same;

	if (!proc_alive(pid))
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	n = readlink(path, target, sizeof(target) - 1);
	if (n < 0)
		/* argv[0] is the process's own word: PROC_NAMED, never PROC_EXE */
		return errno == EACCES && argv0_matches(pid, exe) ? PROC_NAMED : PROC_NOT;
	target[n] = '\0';
	/* an upgraded binary shows as "PATH (deleted)": still that program */
	len = strlen(target);
	if (len > 10 && strcmp(target + len - 10, " (deleted)") == 0)
		target[len - 10] = '\0';
	real = realpath(exe, NULL);
	same = strcmp(target, real ? real : exe) == 0;
	free(real);
	return same ? PROC_EXE : PROC_NOT;
}

int proc_same_pidns(pid_t pid)
{
	char path[64];
	struct stat ours, theirs;

	snprintf(path, sizeof(path), "/proc/%d/ns/pid", (int)pid);
	if (stat("/proc/self/ns/pid", &ours) < 0 || stat(path, &theirs) < 0)
		return -1;
	return ours.st_dev == theirs.st_dev && ours.st_ino == theirs.st_ino;
}

int proc_uids(pid_t pid, uid_t *ruid, uid_t *euid)
{
	char path[64], line[256];
	unsigned long r, e;
	int found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "Uid: %lu %lu", &r, &e) == 2;
	fclose(f);
	if (!found)
		return -1;
	*ruid = (uid_t)r;
	*euid = (uid_t)e;
	return 0;
}

size_t proc_find_by_exe(const char *exe, pid_t *out, size_t max)
{
	return proc_find_matching(exe, NULL, NULL, out, max);
}

/* The pids of /proc for which WANT(pid, ARG) holds; at most MAX */
static size_t scan_pids(int (*want)(pid_t, const void *), const void *arg, pid_t *out,
			size_t max)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	size_t n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) && n < max) {
		pid_t pid;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		pid = (pid_t)atoi(e->d_name);
		if (want(pid, arg))
			out[n++] = pid;
	}
	closedir(d);
	return n;
}

struct exe_match {
	const char *exe;
	int (*ok)(pid_t, const void *);
	const void *arg;
};

static int runs_exe(pid_t pid, const void *arg)
{
	const struct exe_match *m = arg;

	return pid != getpid() && proc_runs(pid, m->exe) && (!m->ok || m->ok(pid, m->arg));
}

size_t proc_find_matching(const char *exe, int (*ok)(pid_t, const void *), const void *arg,
			  pid_t *out, size_t max)
{
	return scan_pids(runs_exe, &(struct exe_match){ exe, ok, arg }, out, max);
}

static pid_t proc_ppid(pid_t pid)
{
	struct proc_stat st;

	return read_stat(pid, &st) == 0 ? (pid_t)st.ppid : 0;
}

static int in_list(pid_t pid, const pid_t *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == pid)
			return 1;
	return 0;
}

size_t proc_find_new(const char *exe, int (*ok)(pid_t, const void *), const void *arg,
		     const pid_t *before, size_t nbefore, pid_t *pid)
{
	pid_t now[256], fresh[256];
	size_t n = proc_find_matching(exe, ok, arg, now, sizeof(now) / sizeof(*now));
	size_t nfresh = 0, roots = 0;

	for (size_t i = 0; i < n; i++)
		if (!in_list(now[i], before, nbefore))
			fresh[nfresh++] = now[i];
	/* a daemon may fork workers of its own (rpc.mountd -t N): the
	 * daemon is the new process whose parent is not a new one */
	for (size_t i = 0; i < nfresh; i++) {
		if (in_list(proc_ppid(fresh[i]), fresh, nfresh))
			continue;
		if (roots++ == 0)
			*pid = fresh[i];
	}
	return roots;
}

static int our_live_child(pid_t pid, const void *arg)
{
	(void)arg;
	return proc_ppid(pid) == getpid() && proc_alive(pid);
}

size_t proc_children(pid_t *out, size_t max)
{
	return scan_pids(our_live_child, NULL, out, max);
}

size_t proc_find_roots(const char *exe, pid_t *out, size_t max)
{
	pid_t all[256];
	size_t n = proc_find_by_exe(exe, all, sizeof(all) / sizeof(*all)), roots = 0;

	for (size_t i = 0; i < n && roots < max; i++)
		if (!in_list(proc_ppid(all[i]), all, n))
			out[roots++] = all[i];
	return roots;
}

int proc_cmdline(pid_t pid, struct strv *out)
{
	char path[64], buf[8192];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	/* the words end in NUL; a longer command line is cut at the buffer */
	buf[n] = '\0';
	for (char *w = buf; w < buf + n; w += strlen(w) + 1)
		strv_add(out, w);
	return 0;
}

/* Still the process we mean?  START: its start time when it was found
 * (0: our own child, not reaped, whose pid nobody else can have). */
static int still_same(pid_t pid, unsigned long long start)
{
	return proc_alive(pid) && (!start || proc_starttime(pid) == start);
}

/* Gone within TIMEOUT_MS?  FD: its pidfd, or -1 (pid only). */
static int wait_gone(pid_t pid, int fd, unsigned long long start, int timeout_ms)
{
	struct backoff b;

	if (fd >= 0) {
		int r = pidfd_wait(fd, timeout_ms);

		if (r == 1) {
			waitpid(pid, NULL, WNOHANG);
			return still_same(pid, start) ? -1 : 0;
		}
		if (r == 0)
			timeout_ms = 0; /* exited: below, only our child is reaped */
		/* r == -1: poll failed; the loop below asks, bounded */
	}
	backoff_start(&b, timeout_ms);
	for (;;) {
		/* our own child (e.g. started in this run) must be reaped */
		waitpid(pid, NULL, WNOHANG);
		if (!still_same(pid, start))
			return 0;
		if (backoff_nap(&b) < 0)
			return -1;
	}
}

/* SIG to the process, through FD when there is one; with the pid only
 * (no pidfd on this kernel) after checking once more that it is the same
 * process. */
static int send_signal(pid_t pid, int fd, unsigned long long start, int sig)
{
	if (fd >= 0)
		return pidfd_signal(fd, sig);
	if (!still_same(pid, start)) {
		errno = ESRCH;
		return -1;
	}
	return kill(pid, sig);
}

int proc_terminate(pid_t pid, int timeout_ms, unsigned long long start)
{
	int fd = pidfd_open_pid(pid), r;

	/* the pidfd is the process that has the pid now: the one we mean
	 * only if it started when it did when we found it */
	if (!still_same(pid, start)) {
		if (fd >= 0)
			close(fd);
		waitpid(pid, NULL, WNOHANG);
		return 0;
	}
	if (timeout_ms > 0 && send_signal(pid, fd, start, SIGTERM) < 0 && errno == ESRCH)
		r = 0;
	else if (timeout_ms > 0 && wait_gone(pid, fd, start, timeout_ms) == 0)
		r = 0;
	else {
		send_signal(pid, fd, start, SIGKILL);
		r = wait_gone(pid, fd, start, 2000) == 0 ? (timeout_ms > 0) : -1;
	}
	if (fd >= 0)
		close(fd);
	return r;
}
