/* Lab helper of the soak scenario (tests/vm/guest/cluster/c5-soak.sh):
 * a writer under a POSIX lock, a second lock owner, a verifier, and a
 * command runner that measures nfs-ctl while the command runs.
 *
 *   soak write FILE LOG [MS]   take a whole-file write lock on FILE (waiting
 *                              for it), print "held", then every MS (500)
 *                              milliseconds write record N at offset N*64,
 *                              fsync, and append "N CRC TIME SECONDS" to LOG
 *                              (a local file) once both returned without an
 *                              error; keep the lock until SIGTERM, then
 *                              unlock and print "released writes=W ok=K
 *                              errors=E". A record is 64 bytes:
 *                              "%010ld %08lx PAYLOAD\n", 43 payload bytes
 *                              made from N and the file's name, the CRC-32
 *                              over the sequence number, a space and the
 *                              payload. Exit 0 only if no call failed.
 *   soak probe FILE [MS]       every MS (2000) ms try F_SETLK for a
 *                              whole-file write lock (a second owner):
 *                              print every "granted" (then unlock it) and
 *                              every error; at SIGTERM print "probes=N
 *                              refused=R granted=G errors=E". Exit 0 only if
 *                              it was never granted and saw no error.
 *   soak verify FILE LOG       every record LOG lists must be at its offset
 *                              in FILE with the same sequence number and CRC,
 *                              and its CRC must match its content: print
 *                              "believed=N verified=V missing=M corrupt=C"
 *                              (and the first 20 records that fail); exit 0
 *                              when V = N.
 *   soak run RESULT CMD...     run CMD (its output is the caller's); every
 *                              25 ms look in /proc for processes running
 *                              $SOAK_NFS_CTL (default /usr/sbin/nfs-ctl)
 *                              and keep the largest VmHWM seen, and count
 *                              rpc.statd processes; then write one line to
 *                              RESULT: "rc= secs= nfsctl_hwm_kib= nfsctl_procs=
 *                              tree_maxrss_kib= statd_max= statd_pids=
 *                              samples=" (nfsctl_hwm_kib 0: no nfs-ctl
 *                              process seen). Exit with CMD's code.
 *
 * Every line printed starts with the wall clock, as in lockhold. Built
 * statically on the host (prepare-image.sh), so it runs on any release. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RECLEN 64
#define PAYLEN 43

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

static void catch_term(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_term;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
}

static double wall(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void say(const char *fmt, ...)
{
	va_list ap;

	printf("%.6f ", wall());
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* sleep MS milliseconds, or less when SIGTERM came */
static void nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (!stop && nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static uint32_t crc32(const unsigned char *p, size_t n)
{
	uint32_t c = 0xffffffffu;

	while (n--) {
		c ^= *p++;
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
	}
	return ~c;
}

static uint64_t name_tag(const char *path)
{
	const char *b = strrchr(path, '/');
	uint64_t h = 1469598103934665603ull;

	for (b = b ? b + 1 : path; *b; b++)
		h = (h ^ (unsigned char)*b) * 1099511628211ull;
	return h;
}

/* record SEQ of the file whose name gave TAG: 64 bytes, no NUL */
static uint32_t make_record(char *rec, long seq, uint64_t tag)
{
	char body[11 + PAYLEN + 1];
	uint64_t x = tag ^ ((uint64_t)seq * 0x9e3779b97f4a7c15ull);
	uint32_t crc;
	char head[24];

	snprintf(body, sizeof(body), "%010ld ", seq);
	for (int i = 0; i < PAYLEN; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		body[11 + i] = (char)('a' + x % 26);
	}
	crc = crc32((const unsigned char *)body, 11 + PAYLEN);
	snprintf(head, sizeof(head), "%010ld %08lx ", seq, (unsigned long)crc);
	memcpy(rec, head, 20);
	memcpy(rec + 20, body + 11, PAYLEN);
	rec[RECLEN - 1] = '\n';
	return crc;
}

static struct flock whole_file(short type)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = 0;
	fl.l_len = 0;
	return fl;
}

static int do_write(const char *file, const char *logname, long ms)
{
	struct flock fl = whole_file(F_WRLCK);
	uint64_t tag = name_tag(file);
	long seq, writes = 0, ok = 0;
	int errors = 0, fd;
	struct stat st;
	FILE *log;

	catch_term();
	fd = open(file, O_RDWR | O_CREAT, 0644);
	if (fd < 0) {
		say("open-error %s: %s", file, strerror(errno));
		return 3;
	}
	log = fopen(logname, "a");
	if (!log) {
		say("log-error %s: %s", logname, strerror(errno));
		return 3;
	}
	while (fcntl(fd, F_SETLKW, &fl) < 0) {
		if (errno != EINTR || stop) {
			say("lock-error %s", strerror(errno));
			return 1;
		}
	}
	if (fstat(fd, &st) < 0) {
		say("fstat-error %s", strerror(errno));
		return 1;
	}
	seq = (long)((st.st_size + RECLEN - 1) / RECLEN);
	say("held pid=%ld first=%ld", (long)getpid(), seq);
	while (!stop) {
		char rec[RECLEN];
		uint32_t crc = make_record(rec, seq, tag);
		double t0 = mono(), t1, w0 = wall();
		ssize_t n;

		writes++;
		n = pwrite(fd, rec, RECLEN, (off_t)seq * RECLEN);
		if (n != RECLEN) {
			say("io-error write seq=%ld: %s", seq, n < 0 ? strerror(errno) : "short write");
			errors++;
		} else if (fsync(fd) < 0) {
			say("io-error fsync seq=%ld: %s", seq, strerror(errno));
			errors++;
		} else {
			t1 = mono();
			fprintf(log, "%ld %08lx %.3f %.3f\n", seq, (unsigned long)crc, w0, t1 - t0);
			fflush(log);
			ok++;
			if (t1 - t0 >= 2.0)
				say("stalled %.1f s seq=%ld", t1 - t0, seq);
		}
		seq++;
		nap(ms);
	}
	fl = whole_file(F_UNLCK);
	if (fcntl(fd, F_SETLK, &fl) < 0) {
		say("unlock-error %s", strerror(errno));
		errors++;
	}
	fsync(fileno(log));
	fclose(log);
	say("released writes=%ld ok=%ld errors=%d", writes, ok, errors);
	return errors ? 1 : 0;
}

static int do_probe(const char *file, long ms)
{
	long probes = 0, refused = 0, granted = 0, errors = 0;
	int fd;

	catch_term();
	fd = open(file, O_RDWR | O_CREAT, 0644);
	if (fd < 0) {
		say("open-error %s: %s", file, strerror(errno));
		return 3;
	}
	say("probing pid=%ld", (long)getpid());
	while (!stop) {
		struct flock fl = whole_file(F_WRLCK);
		double t0 = mono();

		probes++;
		if (fcntl(fd, F_SETLK, &fl) == 0) {
			granted++;
			say("granted probe=%ld after %.1f s", probes, mono() - t0);
			fl = whole_file(F_UNLCK);
			fcntl(fd, F_SETLK, &fl);
		} else if (errno == EAGAIN || errno == EACCES) {
			refused++;
		} else if (errno == EINTR && stop) {
			break;
		} else {
			errors++;
			say("probe-error probe=%ld: %s", probes, strerror(errno));
		}
		nap(ms);
	}
	say("probes=%ld refused=%ld granted=%ld errors=%ld", probes, refused, granted, errors);
	return granted || errors ? 1 : 0;
}

static int do_verify(const char *file, const char *logname)
{
	long believed = 0, verified = 0, missing = 0, corrupt = 0, shown = 0;
	uint64_t tag = name_tag(file);
	char line[256];
	FILE *log;
	int fd;

	fd = open(file, O_RDONLY);
	if (fd < 0) {
		say("open-error %s: %s", file, strerror(errno));
		return 3;
	}
	log = fopen(logname, "r");
	if (!log) {
		say("log-error %s: %s", logname, strerror(errno));
		return 3;
	}
	while (fgets(line, sizeof(line), log)) {
		long seq;
		unsigned long crc;
		char rec[RECLEN + 1], want[RECLEN];
		const char *why = NULL;
		ssize_t n;

		if (sscanf(line, "%ld %lx", &seq, &crc) != 2)
			continue;
		believed++;
		n = pread(fd, rec, RECLEN, (off_t)seq * RECLEN);
		if (n != RECLEN) {
			missing++;
			why = "missing";
		} else {
			char body[11 + PAYLEN];
			unsigned long fseq, fcrc;

			rec[RECLEN] = 0;
			make_record(want, seq, tag);
			memcpy(body, rec, 11);
			memcpy(body + 11, rec + 20, PAYLEN);
			if (sscanf(rec, "%lu %lx", &fseq, &fcrc) != 2 || (long)fseq != seq ||
			    fcrc != crc || crc32((unsigned char *)body, sizeof(body)) != crc ||
			    memcmp(rec, want, RECLEN) != 0) {
				/* all zeros: a hole, the write never reached the file */
				int zero = 1;

				for (int i = 0; i < RECLEN; i++)
					zero &= rec[i] == 0;
				if (zero) {
					missing++;
					why = "missing (zeros)";
				} else {
					corrupt++;
					why = "corrupt";
				}
			} else {
				verified++;
			}
		}
		if (why && shown++ < 20)
			say("%s seq=%ld crc=%08lx", why, seq, crc);
	}
	fclose(log);
	say("believed=%ld verified=%ld missing=%ld corrupt=%ld", believed, verified, missing, corrupt);
	return verified == believed ? 0 : 1;
}

/* ---- soak run ---------------------------------------------------------- */

#define MAXP 512
static struct {
	int pid;
	long hwm;
} seen[MAXP];
static int nseen;
static int statd_seen[16], nstatd;

static long vmhwm(int pid)
{
	char path[64], line[256];
	long kib = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmHWM: %ld", &kib) == 1)
			break;
	fclose(f);
	return kib;
}

/* one look at /proc: returns the number of rpc.statd processes */
static int scan(const char *nfsctl)
{
	char path[64], exe[4096];
	struct dirent *d;
	int statd = 0;
	DIR *dir;

	dir = opendir("/proc");
	if (!dir)
		return 0;
	while ((d = readdir(dir))) {
		int pid = atoi(d->d_name);
		ssize_t n;
		const char *b;

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/exe", pid);
		n = readlink(path, exe, sizeof(exe) - 1);
		if (n <= 0)
			continue;
		exe[n] = 0;
		b = strrchr(exe, '/');
		b = b ? b + 1 : exe;
		if (strcmp(b, "rpc.statd") == 0) {
			int k;

			statd++;
			for (k = 0; k < nstatd && statd_seen[k] != pid; k++)
				;
			if (k == nstatd && nstatd < 16)
				statd_seen[nstatd++] = pid;
		} else if (strcmp(exe, nfsctl) == 0) {
			long h = vmhwm(pid);
			int k;

			for (k = 0; k < nseen && seen[k].pid != pid; k++)
				;
			if (k == nseen) {
				if (nseen == MAXP)
					continue;
				seen[nseen].pid = pid;
				seen[nseen++].hwm = 0;
			}
			if (h > seen[k].hwm)
				seen[k].hwm = h;
		}
	}
	closedir(dir);
	return statd;
}

static int do_run(const char *result, char **argv)
{
	const char *nfsctl = getenv("SOAK_NFS_CTL");
	struct rusage ru;
	int status = 0, statd_max = 0, samples = 0, rc;
	double t0 = mono(), secs;
	long hwm = 0;
	char pids[16 * 12] = "-";
	pid_t pid, w;
	FILE *out;

	static char real[4096];

	if (!nfsctl || !*nfsctl)
		nfsctl = "/usr/sbin/nfs-ctl";
	/* /proc/PID/exe names the file, links resolved (merged /usr) */
	if (realpath(nfsctl, real))
		nfsctl = real;
	pid = fork();
	if (pid < 0) {
		perror("soak run: fork");
		return 127;
	}
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "soak run: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	for (;;) {
		int s;

		w = wait4(pid, &status, WNOHANG, &ru);
		if (w == pid)
			break;
		if (w < 0 && errno != EINTR) {
			perror("soak run: wait4");
			return 127;
		}
		s = scan(nfsctl);
		samples++;
		if (s > statd_max)
			statd_max = s;
		usleep(25000);
	}
	secs = mono() - t0;
	rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	for (int k = 0; k < nseen; k++)
		if (seen[k].hwm > hwm)
			hwm = seen[k].hwm;
	if (nstatd) {
		size_t off = 0;

		for (int k = 0; k < nstatd; k++)
			off += (size_t)snprintf(pids + off, sizeof(pids) - off, "%s%d", k ? "," : "", statd_seen[k]);
	}
	out = fopen(result, "w");
	if (!out) {
		perror(result);
		return rc;
	}
	fprintf(out, "rc=%d secs=%.3f nfsctl_hwm_kib=%ld nfsctl_procs=%d tree_maxrss_kib=%ld statd_max=%d statd_pids=%s samples=%d\n",
		rc, secs, hwm, nseen, ru.ru_maxrss, statd_max, pids, samples);
	fclose(out);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && strcmp(argv[1], "run") == 0)
		return do_run(argv[2], argv + 3);
	if ((argc == 4 || argc == 5) && strcmp(argv[1], "write") == 0)
		return do_write(argv[2], argv[3], argc == 5 ? atol(argv[4]) : 500);
	if ((argc == 3 || argc == 4) && strcmp(argv[1], "probe") == 0)
		return do_probe(argv[2], argc == 4 ? atol(argv[3]) : 2000);
	if (argc == 4 && strcmp(argv[1], "verify") == 0)
		return do_verify(argv[2], argv[3]);
	fprintf(stderr, "usage: soak write FILE LOG [MS] | probe FILE [MS] | verify FILE LOG | run RESULT CMD...\n");
	return 64;
}
