/* One stand-in for every program nfs-ctl runs.  The test sandbox holds a
 * copy of it under each name (copies, not links: /proc/PID/exe must tell
 * the daemons apart).  It finds the sandbox from its own path, because
 * nfs-ctl gives daemons a clean environment.
 *
 * Every call appends one line to $ROOT/var/log/stub-calls.log:
 *     NS PID PPID NAME ARG...        (a call; sm-notify adds " [threads=N]")
 *     NS PID PPID NAME:stopped SIG   (a stub daemon leaving on a signal)
 * Faults come from $ROOT/etc/stub/NAME, one per line:
 *     fail CODE [MESSAGE]   print MESSAGE on stderr, exit CODE, do nothing
 *     exit CODE             do the work, then exit CODE (systemctl)
 *     delay MS              sleep before doing anything
 *     hang                  daemons: the child starts, the parent never exits
 *     ignore-term           daemons: the child ignores SIGTERM
 *     no-register           daemons: never register with (stub) rpcbind
 *     no-daemon             daemons: the parent exits 0, no child stays
 *     slow-register MS      daemons: the parent exits at once, the child
 *                           registers MS later
 *     workers N             daemons: the child forks N workers (same program),
 *                           as rpc.mountd -t N does; they go with it
 *     active UNIT           systemctl: `is-active UNIT` answers 0 (else 3)
 *     failed UNIT           systemctl: `is-failed UNIT` answers 0 (else 1)
 *     job UNIT N            systemctl: `show --property=Job --value UNIT`
 *                           prints a job number for its first N calls
 *                           (counted in $ROOT/var/log/stub-job.count),
 *                           then nothing, as for a unit without a job
 *     inactive-since UNIT N systemctl: `show --property=InactiveEnterTimestampMonotonic
 *                           --value UNIT` prints N (else nothing)
 *     active-once UNIT      systemctl: `is-active UNIT` answers 0 the first
 *                           time (counted in $ROOT/var/log/stub-active.count),
 *                           3 afterwards: a unit that went down
 *     watch-late MS         nfsdcld: the child watches rpc_pipefs/nfsd only
 *                           MS after the parent exited (the real one opens
 *                           its database first); logs nfsdcld:watching
 *     no-watch              nfsdcld: never watches rpc_pipefs/nfsd
 *                           (nfsdcld's watch, recorded in
 *                           $ROOT/run/stub-nfsdcld.watch, is what rpc.nfsd
 *                           and nfsdctl model the kernel's client tracking
 *                           pipe by: DIR/cld is there while nfsd runs and
 *                           a live nfsdcld watches DIR)
 *     fail-stop CODE [MSG]  rpc.nfsd, nfsdctl: asked for 0 threads, print
 *                           MSG, exit CODE, the threads stay
 *     no-listener           rpc.nfsd, nfsdctl: asked for 0 threads while
 *                           none run (threads file 0 or absent), fail as
 *                           Linux's EIO with no listener left does, as
 *                           nfsdctl says it: "Error: Input/output error",
 *                           exit 1
 *     report-state          write what the program inherited (cwd, umask,
 *                           nice, host name and UTS namespace, blocked
 *                           and ignored signals, open fds,
 *                           what fd 0 is) to $ROOT/var/log/stub-state.NAME
 *     retire                sm-notify: moves every record of statd's
 *                           $ROOT/var/lib/nfs/sm to sm.bak, as the real
 *                           one does before it tells anybody (the real
 *                           one then deletes each record it told)
 *     retire-all            sm-notify: the same, then removes sm itself
 *     no-socket             fsidd: never listens on its socket
 *     crash                 fsidd: killed by SIGKILL before it listens
 *
 * rpc.nfsd and nfsdctl read the installed nfs-utils' defaults from
 * $ROOT/etc/stub/nfs-utils (helpers.bash: make_sandbox_nfsutils):
 *     threads N             rpc.nfsd's thread count when given none
 *                           (without the file 8; nfsdctl's is always 16)
 *     versions LIST         what /proc/fs/nfsd/versions reads once nfsd
 *                           runs ("-2 +3 +4 -4.0 +4.1 +4.2"); without it
 *                           the file is left alone
 *
 * fsidd stays in the foreground, as the real one does: it listens on the
 * socket that [reexport] fsidd_socket in $ROOT/etc/nfs.conf names (a path
 * under $ROOT, or "@NAME" in the abstract namespace; the real default
 * "@/run/fsid.sock" when unset), and leaves on TERM. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/utsname.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

struct faults {
	int fail, fail_code, exit_code, delay_ms, hang, ignore_term;
	int no_register, no_daemon, slow_register_ms, workers, watch_late_ms, no_watch;
	int fail_stop, report_state, no_socket, crash, unmonitor, no_listener;
	int retire; /* 1: retire; 2: retire-all */
	char message[512], stop_message[512];
	char active[8][512];
	int n_active;
	char failed[8][512];
	int n_failed;
	char job_unit[512], active_once[512];
	char kill_pidfile[256]; /* "kill-pidfile PATH" (below) */
	int job_calls;
	char since_unit[8][256];
	unsigned long long since[8];
	int n_since;
};

static char root[4096], name[256];

static char *in_root(const char *rel)
{
	static char buf[4][4352];
	static int next;
	char *b = buf[next++ % 4];

	snprintf(b, sizeof(buf[0]), "%s%s", root, rel);
	return b;
}

/* $ROOT/usr/sbin/NAME -> $ROOT and NAME */
static void find_root(void)
{
	static const char *const dirs[] = { "/usr/sbin/", "/usr/bin/", "/sbin/", "/bin/" };
	ssize_t n = readlink("/proc/self/exe", root, sizeof(root) - 1);
	char *slash;

	if (n < 0)
		exit(125);
	root[n] = '\0';
	slash = strrchr(root, '/');
	snprintf(name, sizeof(name), "%s", slash + 1);
	*slash = '\0';
	strcat(root, "/");
	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		size_t len = strlen(root), dl = strlen(dirs[i]);

		if (len >= dl && strcmp(root + len - dl, dirs[i]) == 0) {
			root[len - dl] = '\0';
			return;
		}
	}
	root[strlen(root) - 1] = '\0';
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void nap_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* One write per line, O_APPEND: concurrent stubs never interleave. */
static void log_line(const char *what, int argc, char **argv, const char *extra)
{
	char line[8192];
	int len, fd;

	len = snprintf(line, sizeof(line), "%lld %d %d %s", now_ns(), (int)getpid(),
		       (int)getppid(), what);
	for (int i = 1; i < argc && len < (int)sizeof(line); i++)
		len += snprintf(line + len, sizeof(line) - len, " %s", argv[i]);
	if (extra && len < (int)sizeof(line))
		len += snprintf(line + len, sizeof(line) - len, " %s", extra);
	if (len >= (int)sizeof(line) - 1)
		len = (int)sizeof(line) - 2;
	line[len++] = '\n';
	fd = open(in_root("/var/log/stub-calls.log"), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd >= 0) {
		if (write(fd, line, len) != len)
			perror("stub-calls.log");
		close(fd);
	}
}

static void read_faults(struct faults *f)
{
	char path[512], line[512];
	FILE *in;

	memset(f, 0, sizeof(*f));
	snprintf(path, sizeof(path), "/etc/stub/%s", name);
	in = fopen(in_root(path), "re");
	if (!in)
		return;
	while (fgets(line, sizeof(line), in)) {
		int n = 0;

		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line, "fail %d %n", &f->fail_code, &n) == 1 ||
		    sscanf(line, "fail %d", &f->fail_code) == 1) {
			f->fail = 1;
			snprintf(f->message, sizeof(f->message), "%s", n ? line + n : "");
		} else if (sscanf(line, "fail-stop %d %n", &f->fail_stop, &n) == 1 ||
			   sscanf(line, "fail-stop %d", &f->fail_stop) == 1) {
			snprintf(f->stop_message, sizeof(f->stop_message), "%s", n ? line + n : "");
		} else if (strcmp(line, "report-state") == 0) {
			f->report_state = 1;
		} else if (sscanf(line, "exit %d", &f->exit_code) == 1 ||
			   sscanf(line, "delay %d", &f->delay_ms) == 1 ||
			   sscanf(line, "slow-register %d", &f->slow_register_ms) == 1 ||
			   sscanf(line, "workers %d", &f->workers) == 1 ||
			   sscanf(line, "watch-late %d", &f->watch_late_ms) == 1) {
			continue;
		} else if (strcmp(line, "hang") == 0) {
			f->hang = 1;
		} else if (strcmp(line, "ignore-term") == 0) {
			f->ignore_term = 1;
		} else if (strcmp(line, "no-register") == 0) {
			f->no_register = 1;
		} else if (strcmp(line, "no-watch") == 0) {
			f->no_watch = 1;
		} else if (strcmp(line, "no-socket") == 0) {
			f->no_socket = 1;
		} else if (strcmp(line, "crash") == 0) {
			f->crash = 1;
		} else if (strcmp(line, "no-listener") == 0) {
			f->no_listener = 1;
		} else if (strcmp(line, "unmonitor") == 0) {
			f->unmonitor = 1;
		} else if (strcmp(line, "retire") == 0) {
			f->retire = 1;
		} else if (strcmp(line, "retire-all") == 0) {
			f->retire = 2;
		} else if (strcmp(line, "no-daemon") == 0) {
			f->no_daemon = 1;
		} else if (strncmp(line, "active ", 7) == 0 && f->n_active < 8) {
			snprintf(f->active[f->n_active++], sizeof(f->active[0]), "%s", line + 7);
		} else if (strncmp(line, "failed ", 7) == 0 && f->n_failed < 8) {
			snprintf(f->failed[f->n_failed++], sizeof(f->failed[0]), "%s", line + 7);
		} else if (sscanf(line, "job %511s %d", f->job_unit, &f->job_calls) == 2) {
			continue;
		} else if (f->n_since < 8 &&
			   sscanf(line, "inactive-since %255s %llu", f->since_unit[f->n_since],
				  &f->since[f->n_since]) == 2) {
			f->n_since++;
		} else if (sscanf(line, "kill-pidfile %255s", f->kill_pidfile) == 1) {
			continue;
		} else if (strncmp(line, "active-once ", 12) == 0) {
			snprintf(f->active_once, sizeof(f->active_once), "%s", line + 12);
		}
	}
	fclose(in);
}

/* Registration with the stub rpcbind: a file named after the program. */
static void registration(unsigned long prog, int on)
{
	char rel[128];
	int fd;

	snprintf(rel, sizeof(rel), "/run/stub-rpcbind/%lu", prog);
	if (!on) {
		unlink(in_root(rel));
		return;
	}
	fd = open(in_root(rel), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fd >= 0)
		close(fd);
}

static void write_file(const char *rel, const char *text)
{
	FILE *f = fopen(in_root(rel), "we");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* fault "kill-pidfile PATH": the OOM killer, or an administrator's kill
 * -9, takes the process PATH (under the root) names while this program
 * runs: it dies at once, and leaves its registration and pid file behind. */
static void kill_named(const char *rel)
{
	FILE *in = fopen(in_root(rel), "re");
	int pid = 0;

	if (!in)
		return;
	if (fscanf(in, "%d", &pid) == 1 && pid > 1)
		kill(pid, SIGKILL);
	fclose(in);
}

static unsigned long rpc_program(void)
{
	if (strcmp(name, "rpc.statd") == 0)
		return 100024;
	if (strcmp(name, "rpc.mountd") == 0)
		return 100005;
	return 0;
}

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
}

/* Workers wait for their daemon to end them (default TERM). */
static int start_workers(int n, pid_t *pids)
{
	int started = 0;

	for (; started < n && started < 16; started++) {
		pids[started] = fork();
		if (pids[started] == 0) {
			signal(SIGTERM, SIG_DFL);
			for (;;)
				pause();
		}
	}
	return started;
}

/* nfsdcld's readiness: an inotify watch on the directory where nfsd
 * creates its client tracking pipe (kept open until the process exits). */
static void watch_pipe_dir(int late_ms)
{
	char line[4096], dir[4200], where[4096], type[64];
	FILE *f = fopen(in_root("/proc/self/mountinfo"), "re");
	int fd;

	/* rpc_pipefs where it was mounted (nfs.conf may move it), else the default */
	snprintf(dir, sizeof(dir), "%s/nfsd", in_root("/var/lib/nfs/rpc_pipefs"));
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%*d %*d %*s %*s %4095s %*s - %63s", where, type) == 2 &&
		    strcmp(type, "rpc_pipefs") == 0)
			snprintf(dir, sizeof(dir), "%s/nfsd", where);
	if (f)
		fclose(f);
	nap_ms(late_ms);
	fd = inotify_init1(IN_CLOEXEC);
	if (fd < 0 || inotify_add_watch(fd, dir, IN_CREATE) < 0)
		return;
	if (late_ms) /* only then: the exact call lists of other tests stay */
		log_line("nfsdcld:watching", 0, NULL, NULL);
	{
		char rec[4300];

		snprintf(rec, sizeof(rec), "%d %s\n", (int)getpid(), dir);
		write_file("/run/stub-nfsdcld.watch", rec);
	}
}

/* The daemon proper: registered, waiting for TERM. */
static void daemon_child(const struct faults *f, int ready_fd)
{
	unsigned long prog = f->no_register ? 0 : rpc_program();
	int fd = open("/dev/null", O_RDWR), nworkers;
	pid_t workers[16];
	sigset_t none;
	char sig[300];

	setsid();
	/* hold no descriptor of the caller (bats waits for its pipes) */
	dup2(fd, 0), dup2(fd, 1), dup2(fd, 2);
	for (int i = 3; i < 1024; i++)
		if (i != ready_fd)
			close(i);
	signal(SIGTERM, f->ignore_term ? SIG_IGN : on_signal);
	signal(SIGINT, on_signal);
	if (strcmp(name, "rpc.statd") == 0) {
		char pid[32];

		snprintf(pid, sizeof(pid), "%d\n", (int)getpid());
		write_file("/run/rpc.statd.pid", pid);
	}
	nworkers = start_workers(f->workers, workers);
	if (prog && !f->slow_register_ms)
		registration(prog, 1);
	if (write(ready_fd, "r", 1) != 1)
		_exit(1);
	close(ready_fd);
	if (prog && f->slow_register_ms) {
		nap_ms(f->slow_register_ms);
		registration(prog, 1);
	}
	if (strcmp(name, "nfsdcld") == 0 && !f->no_watch)
		watch_pipe_dir(f->watch_late_ms);
	sigemptyset(&none);
	while (!got_signal)
		sigsuspend(&none);
	if (prog)
		registration(prog, 0);
	if (strcmp(name, "rpc.statd") == 0)
		unlink(in_root("/run/rpc.statd.pid"));
	for (int i = 0; i < nworkers; i++)
		kill(workers[i], SIGTERM);
	snprintf(sig, sizeof(sig), "%s:stopped", name);
	log_line(sig, 0, NULL, got_signal == SIGTERM ? "TERM" : "INT");
	_exit(0);
}

static int run_daemon(const struct faults *f)
{
	int p[2];
	char c;
	pid_t pid;

	if (f->no_daemon)
		return 0;
	if (pipe(p) < 0)
		return 1;
	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		close(p[0]);
		daemon_child(f, p[1]);
	}
	close(p[1]);
	/* the parent returns only once the child is ready, as real ones do */
	if (read(p[0], &c, 1) != 1)
		return 1;
	while (f->hang)
		pause();
	return 0;
}

/* [reexport] fsidd_socket of the sandbox's nfs.conf (any line naming
 * the key will do here), else fsidd's default */
static void fsidd_socket_name(char *out, size_t len)
{
	FILE *f = fopen(in_root("/etc/nfs.conf"), "re");
	char line[512], value[256];

	snprintf(out, len, "@/run/fsid.sock");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, " fsidd_socket = %255s", value) == 1)
			snprintf(out, len, "%s", value);
	if (f)
		fclose(f);
}

static int listen_on(const char *sock)
{
	struct sockaddr_un addr;
	socklen_t len;
	const char *path = sock[0] == '@' ? sock : in_root(sock);
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	memset(&addr, 0, sizeof(addr));
	addr.sun_family = AF_UNIX;
	if (fd < 0 || strlen(path) >= sizeof(addr.sun_path))
		return -1;
	memcpy(addr.sun_path, path, strlen(path));
	len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + strlen(path));
	if (sock[0] == '@')
		addr.sun_path[0] = '\0';
	else
		unlink(path);
	if (bind(fd, (struct sockaddr *)&addr, len) < 0 || listen(fd, 5) < 0)
		return -1;
	return fd;
}

/* fsidd: no fork; ready once it listens; TERM ends it */
static int run_foreground(const struct faults *f)
{
	char sock[256], sig[300];
	sigset_t none;
	int fd = -1;

	signal(SIGTERM, f->ignore_term ? SIG_IGN : on_signal);
	signal(SIGINT, on_signal);
	fsidd_socket_name(sock, sizeof(sock));
	if (f->crash)
		kill(getpid(), SIGKILL);
	if (!f->no_socket && (fd = listen_on(sock)) < 0)
		return 1;
	sigemptyset(&none);
	while (!got_signal)
		sigsuspend(&none);
	if (fd >= 0 && sock[0] != '@')
		unlink(in_root(sock));
	snprintf(sig, sizeof(sig), "%s:stopped", name);
	log_line(sig, 0, NULL, got_signal == SIGTERM ? "TERM" : "INT");
	return 0;
}

/* fault "unmonitor": as Linux 6.12's lockd going down with nfsd, which
 * unmonitors its clients, so that statd deletes their records */
static void forget_monitored(void)
{
	char dir[4352], path[4608];
	struct dirent *e;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s", in_root("/var/lib/nfs/sm"));
	d = opendir(dir);
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			unlink(path);
		}
	if (d)
		closedir(d);
}

/* faults "retire", "retire-all": sm-notify's move of the monitor list */
static void retire_monitored(int all)
{
	char dir[4352], bak[4352], from[4608], to[4608];
	struct dirent *e;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s", in_root("/var/lib/nfs/sm"));
	snprintf(bak, sizeof(bak), "%s", in_root("/var/lib/nfs/sm.bak"));
	d = opendir(dir);
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.') {
			snprintf(from, sizeof(from), "%s/%s", dir, e->d_name);
			snprintf(to, sizeof(to), "%s/%s", bak, e->d_name);
			rename(from, to);
		}
	if (d)
		closedir(d);
	if (all)
		rmdir(dir);
}

/* What the threads file says now (0 when absent). */
static int threads_running(void)
{
	FILE *in = fopen(in_root("/proc/fs/nfsd/threads"), "re");
	int n = 0;

	if (in && fscanf(in, "%d", &n) != 1)
		n = 0;
	if (in)
		fclose(in);
	return n;
}

/* The model's defaults (threads, versions); *VERSIONS "" when unset. */
static int nfsutils_defaults(char *versions, size_t size)
{
	FILE *in = fopen(in_root("/etc/stub/nfs-utils"), "re");
	char line[256];
	int threads = 8; /* rpc.nfsd's before nfs-utils 2.8.2 */

	versions[0] = '\0';
	while (in && fgets(line, sizeof(line), in)) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "versions ", 9) == 0)
			snprintf(versions, size, "%s\n", line + 9);
		else
			sscanf(line, "threads %d", &threads);
	}
	if (in)
		fclose(in);
	/* nfsdctl has started 16 since it came */
	return strcmp(name, "nfsdctl") == 0 ? 16 : threads;
}

/* The kernel's NFSv4 client tracking pipe: made when nfsd starts, kept
 * when nfsdcld reads it (a live nfsdcld watches its directory), removed
 * when nfsd stops. */
static void tracking_pipe(int running)
{
	char dir[4200], cld[4300];
	FILE *f = fopen(in_root("/run/stub-nfsdcld.watch"), "re");
	int pid = 0, read = f && fscanf(f, "%d %4199s", &pid, dir) == 2;

	if (f)
		fclose(f);
	if (!read)
		return;
	snprintf(cld, sizeof(cld), "%s/cld", dir);
	if (running && kill(pid, 0) == 0) {
		f = fopen(cld, "we");
		if (f)
			fclose(f);
	} else {
		unlink(cld);
	}
}

static int run_nfsd(const struct faults *f, int argc, char **argv)
{
	char text[32], versions[512];
	int threads = nfsutils_defaults(versions, sizeof(versions));

	for (int i = 1; i < argc; i++)
		if (argv[i][0] && strspn(argv[i], "0123456789") == strlen(argv[i]))
			threads = atoi(argv[i]);
	if (threads == 0 && f->no_listener && threads_running() == 0) {
		fprintf(stderr, "Error: Input/output error\n");
		return 1;
	}
	if (threads == 0 && f->fail_stop) {
		if (*f->stop_message)
			fprintf(stderr, "%s\n", f->stop_message);
		return f->fail_stop;
	}

	if (threads == 0 && f->unmonitor)
		forget_monitored();
	snprintf(text, sizeof(text), "%d\n", threads);
	write_file("/proc/fs/nfsd/threads", text);
	tracking_pipe(threads > 0);
	if (threads > 0 && versions[0])
		write_file("/proc/fs/nfsd/versions", versions);
	registration(100003, threads > 0);
	return 0;
}

static int run_mount(int argc, char **argv)
{
	const char *type = "none", *src = NULL, *dst = NULL;
	char line[4096];
	FILE *f;
	int id = 100, operands = 0;

	for (int i = 1; i < argc; i++) {
		if (!operands && strcmp(argv[i], "--") == 0)
			operands = 1;
		else if (!operands && strcmp(argv[i], "-t") == 0 && i + 1 < argc)
			type = argv[++i];
		else if (!src)
			src = argv[i];
		else
			dst = argv[i];
	}
	if (!src || !dst)
		return 1;
	f = fopen(in_root("/proc/self/mountinfo"), "re");
	while (f && fgets(line, sizeof(line), f))
		id++;
	if (f)
		fclose(f);
	f = fopen(in_root("/proc/self/mountinfo"), "ae");
	if (!f)
		return 32;
	fprintf(f, "%d 1 0:%d / %s rw,relatime - %s %s rw\n", id, id, dst, type, src);
	fclose(f);
	/* the kernel's rpc_pipefs comes with its directories, nfsd/ among them */
	if (strcmp(type, "rpc_pipefs") == 0) {
		snprintf(line, sizeof(line), "%s/nfsd", dst);
		mkdir(line, 0755);
	}
	return 0;
}

/* How many times this was asked before (a count kept in $ROOT/REL). */
static int times_asked(const char *rel)
{
	FILE *c = fopen(in_root(rel), "re");
	int n = 0;

	if (c) {
		if (fscanf(c, "%d", &n) != 1)
			n = 0;
		fclose(c);
	}
	c = fopen(in_root(rel), "we");
	if (c) {
		fprintf(c, "%d\n", n + 1);
		fclose(c);
	}
	return n;
}

static int run_systemctl(const struct faults *f, int argc, char **argv)
{
	if (argc == 5 && strcmp(argv[1], "show") == 0 && strcmp(argv[2], "--property=Job") == 0) {
		if (strcmp(argv[4], f->job_unit) == 0 &&
		    times_asked("/var/log/stub-job.count") < f->job_calls)
			printf("%d\n", 4242);
		return 0;
	}
	if (argc == 5 && strcmp(argv[1], "show") == 0 &&
	    strcmp(argv[2], "--property=InactiveEnterTimestampMonotonic") == 0) {
		for (int i = 0; i < f->n_since; i++)
			if (strcmp(argv[4], f->since_unit[i]) == 0)
				printf("%llu\n", f->since[i]);
		return 0;
	}
	if (argc >= 3 && strcmp(argv[1], "is-active") == 0 && f->active_once[0] &&
	    strcmp(argv[argc - 1], f->active_once) == 0)
		return times_asked("/var/log/stub-active.count") == 0 ? 0 : 3;
	if (argc >= 3 && strcmp(argv[1], "is-active") == 0) {
		for (int i = 0; i < f->n_active; i++)
			if (strcmp(argv[argc - 1], f->active[i]) == 0)
				return 0;
		return 3;
	}
	if (argc >= 3 && strcmp(argv[1], "is-failed") == 0) {
		for (int i = 0; i < f->n_failed; i++)
			if (strcmp(argv[argc - 1], f->failed[i]) == 0)
				return 0;
		return 1;
	}
	/* systemd would run rpc-statd.service: statd registers */
	if (argc == 3 && strcmp(argv[2], "rpc-statd.service") == 0 && !f->exit_code)
		registration(100024, strcmp(argv[1], "start") == 0);
	return f->exit_code;
}

static int nfsd_threads_note(char *buf, size_t len)
{
	FILE *f = fopen(in_root("/proc/fs/nfsd/threads"), "re");
	int n = 0;

	if (f) {
		if (fscanf(f, "%d", &n) != 1)
			n = 0;
		fclose(f);
	}
	return snprintf(buf, len, "[threads=%d]", n);
}

/* What the program was given by whoever ran it, before it changes any of
 * it (a daemon closes its descriptors). */
static void report_state(void)
{
	char rel[300], cwd[4096], line[512], fd0[4096];
	FILE *out, *st;
	DIR *d;
	struct dirent *e;
	struct utsname uts;
	mode_t mask = umask(0);
	ssize_t n;

	umask(mask);
	snprintf(rel, sizeof(rel), "/var/log/stub-state.%s", name);
	out = fopen(in_root(rel), "we");
	if (!out)
		return;
	fprintf(out, "cwd %s\n", getcwd(cwd, sizeof(cwd)) ? cwd : "?");
	fprintf(out, "umask %04o\n", (unsigned)mask);
	errno = 0;
	fprintf(out, "nice %d\n", getpriority(PRIO_PROCESS, 0));
	fprintf(out, "hostname %s\n", uname(&uts) == 0 ? uts.nodename : "?");
	n = readlink("/proc/self/ns/uts", fd0, sizeof(fd0) - 1);
	fd0[n > 0 ? n : 0] = '\0';
	fprintf(out, "uts %s\n", fd0);
	st = fopen("/proc/self/status", "re");
	while (st && fgets(line, sizeof(line), st))
		if (!strncmp(line, "SigBlk:", 7) || !strncmp(line, "SigIgn:", 7))
			fputs(line, out);
	if (st)
		fclose(st);
	n = readlink("/proc/self/fd/0", fd0, sizeof(fd0) - 1);
	fd0[n > 0 ? n : 0] = '\0';
	fprintf(out, "stdin %s\nfds", fd0);
	d = opendir("/proc/self/fd");
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.' && atoi(e->d_name) != dirfd(d) &&
		    atoi(e->d_name) != fileno(out))
			fprintf(out, " %s", e->d_name);
	if (d)
		closedir(d);
	fputs("\n", out);
	fclose(out);
}

int main(int argc, char **argv)
{
	struct faults f;
	char note[64];

	find_root();
	read_faults(&f);
	if (f.report_state)
		report_state();
	if (f.delay_ms)
		nap_ms(f.delay_ms);
	if (strcmp(name, "sm-notify") == 0)
		nfsd_threads_note(note, sizeof(note));
	log_line(name, argc, argv, strcmp(name, "sm-notify") == 0 ? note : NULL);
	if (f.kill_pidfile[0])
		kill_named(f.kill_pidfile);
	if (f.fail) {
		if (*f.message)
			fprintf(stderr, "%s\n", f.message);
		return f.fail_code;
	}
	/* nfsdctl autostart | nfsdctl threads N: rpc.nfsd's effect */
	if (strcmp(name, "rpc.nfsd") == 0 || strcmp(name, "nfsdctl") == 0)
		return run_nfsd(&f, argc, argv);
	if (strcmp(name, "mount") == 0)
		return run_mount(argc, argv);
	if (strcmp(name, "systemctl") == 0)
		return run_systemctl(&f, argc, argv);
	if (strcmp(name, "fsidd") == 0)
		return run_foreground(&f);
	if (strcmp(name, "sm-notify") == 0 && f.retire)
		retire_monitored(f.retire == 2);
	if (strcmp(name, "exportfs") == 0 || strcmp(name, "sm-notify") == 0 ||
	    strcmp(name, "modprobe") == 0)
		return f.exit_code;
	return run_daemon(&f);
}
