/* Lab helper for the multi-host scenarios: POSIX whole-file locks, as an
 * application holds them, and the kernel's own view of them.
 *
 *   lockhold hold FILE      take a write lock on all of FILE (waiting for it),
 *                           print "held", then every second rewrite one byte
 *                           and fsync, printing any error, and "stalled N s"
 *                           after a write and fsync that took 2 s or more
 *                           (its end: when I/O resumed), until SIGTERM;
 *                           then unlock and print "released" (or the error).
 *                           Exit 0 only if no call ever failed.
 *   lockhold getlk FILE     F_GETLK for a whole-file write lock: print
 *                           "locked pid=N" and exit 0, or "unlocked", exit 1.
 *   lockhold trylock FILE   F_SETLK (no wait) for a whole-file write lock:
 *                           "refused" exit 2, or "granted" (then unlocked)
 *                           exit 0; any other error exit 3.
 *
 * Every line starts with the wall clock (seconds.micro since the epoch), so
 * the lines of two virtual machines can be put in one order. Built
 * statically on the host (prepare-image.sh), so it runs on any release. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

static void say(const char *fmt, ...)
{
	struct timeval tv;
	va_list ap;

	gettimeofday(&tv, NULL);
	printf("%ld.%06ld ", (long)tv.tv_sec, (long)tv.tv_usec);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static double now(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

static struct flock whole_file(short type)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = 0;
	fl.l_len = 0; /* to the end, whatever the size */
	return fl;
}

static int hold(int fd)
{
	struct flock fl = whole_file(F_WRLCK);
	struct sigaction sa;
	int errors = 0;
	long n = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_term;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	while (fcntl(fd, F_SETLKW, &fl) < 0) {
		if (errno != EINTR || stop) {
			say("lock-error %s", strerror(errno));
			return 1;
		}
	}
	say("held pid=%ld", (long)getpid());
	while (!stop) {
		char c = (char)('a' + n++ % 26);
		double t0 = now();

		if (pwrite(fd, &c, 1, 0) != 1 || fsync(fd) < 0) {
			say("io-error %s", strerror(errno));
			errors++;
		} else if (now() - t0 >= 2.0) {
			say("stalled %.1f s", now() - t0);
		}
		sleep(1);
	}
	fl = whole_file(F_UNLCK);
	if (fcntl(fd, F_SETLK, &fl) < 0) {
		say("unlock-error %s", strerror(errno));
		errors++;
	} else {
		say("released writes=%ld errors=%d", n, errors);
	}
	return errors ? 1 : 0;
}

static int getlk(int fd)
{
	struct flock fl = whole_file(F_WRLCK);

	if (fcntl(fd, F_GETLK, &fl) < 0) {
		say("getlk-error %s", strerror(errno));
		return 3;
	}
	if (fl.l_type == F_UNLCK) {
		say("unlocked");
		return 1;
	}
	say("locked pid=%ld type=%s start=%lld len=%lld", (long)fl.l_pid,
	    fl.l_type == F_WRLCK ? "write" : "read", (long long)fl.l_start,
	    (long long)fl.l_len);
	return 0;
}

static int trylock(int fd)
{
	struct flock fl = whole_file(F_WRLCK);

	if (fcntl(fd, F_SETLK, &fl) < 0) {
		if (errno == EAGAIN || errno == EACCES) {
			say("refused %s", strerror(errno));
			return 2;
		}
		say("trylock-error %s", strerror(errno));
		return 3;
	}
	say("granted");
	fl = whole_file(F_UNLCK);
	fcntl(fd, F_SETLK, &fl);
	return 0;
}

int main(int argc, char **argv)
{
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: lockhold hold|getlk|trylock FILE\n");
		return 64;
	}
	fd = open(argv[2], O_RDWR | O_CREAT, 0644);
	if (fd < 0) {
		say("open-error %s: %s", argv[2], strerror(errno));
		return 3;
	}
	if (strcmp(argv[1], "hold") == 0)
		return hold(fd);
	if (strcmp(argv[1], "getlk") == 0)
		return getlk(fd);
	if (strcmp(argv[1], "trylock") == 0)
		return trylock(fd);
	fprintf(stderr, "lockhold: unknown action %s\n", argv[1]);
	return 64;
}
