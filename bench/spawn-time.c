/* spawn-time: wall time of commands, run alternately, N times each.
 *
 *   spawn-time N WARMUP NAME_A -- CMD_A... -- NAME_B -- CMD_B... [-- NAME_C -- CMD_C...]
 *
 * Each round runs every command once, in turn (A B C A B C ...), so that
 * drift of the machine (frequency, cache, other load) touches all alike.
 * A run is fork + execve + waitpid, timed with CLOCK_MONOTONIC; the
 * command's stdout and stderr go to /dev/null; a non-zero exit is an error
 * (the benchmark measures the successful path).  Prints one line per
 * command: name, n, median, p10, p90, min, mean, in microseconds, and the
 * median difference to the first command. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXCMD 8

struct cmd {
	const char *name;
	char **argv;
	double *us;
};

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static double run_once(char **argv)
{
	double t0 = now_us(), t1;
	int st;
	pid_t pid = fork();

	if (pid < 0) {
		perror("fork");
		exit(2);
	}
	if (pid == 0) {
		int fd = open("/dev/null", O_RDWR);

		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			perror("waitpid");
			exit(2);
		}
	t1 = now_us();
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fprintf(stderr, "spawn-time: %s exited with status %d\n", argv[0],
			WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
		exit(2);
	}
	return t1 - t0;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double pct(const double *sorted, int n, double p)
{
	int i = (int)(p * (n - 1) + 0.5);

	return sorted[i];
}

int main(int argc, char **argv)
{
	struct cmd cmds[MAXCMD];
	int ncmd = 0, n, warm, i;
	double med0 = 0;

	if (argc < 6) {
		fprintf(stderr, "usage: spawn-time N WARMUP NAME -- CMD... [-- NAME -- CMD...]\n");
		return 2;
	}
	n = atoi(argv[1]);
	warm = atoi(argv[2]);
	i = 3;
	while (i < argc && ncmd < MAXCMD) {
		struct cmd *c = &cmds[ncmd++];

		c->name = argv[i++];
		if (i >= argc || strcmp(argv[i], "--") != 0) {
			fprintf(stderr, "spawn-time: expected -- after %s\n", c->name);
			return 2;
		}
		c->argv = &argv[++i];
		while (i < argc && strcmp(argv[i], "--") != 0)
			i++;
		if (i < argc)
			argv[i++] = NULL; /* ends this argv */
		c->us = calloc((size_t)n, sizeof(double));
	}
	for (int r = 0; r < warm; r++)
		for (int k = 0; k < ncmd; k++)
			run_once(cmds[k].argv);
	for (int r = 0; r < n; r++)
		for (int k = 0; k < ncmd; k++)
			cmds[k].us[r] = run_once(cmds[k].argv);
	printf("%-28s %6s %10s %10s %10s %10s %10s %12s\n", "command", "n", "median_us",
	       "p10_us", "p90_us", "min_us", "mean_us", "d_median_us");
	for (int k = 0; k < ncmd; k++) {
		struct cmd *c = &cmds[k];
		double sum = 0, med;

		for (int r = 0; r < n; r++)
			sum += c->us[r];
		qsort(c->us, (size_t)n, sizeof(double), cmp);
		med = pct(c->us, n, 0.5);
		if (k == 0)
			med0 = med;
		printf("%-28s %6d %10.1f %10.1f %10.1f %10.1f %10.1f %12.1f\n", c->name, n, med,
		       pct(c->us, n, 0.1), pct(c->us, n, 0.9), c->us[0], sum / n, med - med0);
	}
	return 0;
}
