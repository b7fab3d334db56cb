/* Kernel threads by name (kthread.h).  The lock manager (lockd) is a
 * kernel thread: it leaves no pid file and runs no program, so its name
 * and its parent (kthreadd) are all /proc tells about it. */
#include "kthread.h"
#include "paths.h"
#include "xalloc.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* kthreadd, the parent of every kernel thread */
#define KTHREADD_PID 2

/* Reads PATH (a /proc/PID/stat) into COMM, its parent and start time;
 * 0 when all three were read. */
static int read_stat(const char *path, char *comm, size_t len, int *ppid,
		     unsigned long long *start)
{
	char buf[1024], *open, *close, *rest;
	FILE *f = fopen(path, "re");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* the name may hold spaces and ')': the last ')' ends it */
	open = strchr(buf, '(');
	close = strrchr(buf, ')');
	if (!open || !close || close < open || (size_t)(close - open - 1) >= len)
		return -1;
	memcpy(comm, open + 1, (size_t)(close - open - 1));
	comm[close - open - 1] = '\0';
	rest = close + 1;
	/* field 3 is the state, 4 the parent; the start time is field 22 */
	if (sscanf(rest, " %*c %d", ppid) != 1)
		return -1;
	for (int field = 3; field < 22; field++) {
		rest = strchr(rest + 1, ' ');
		if (!rest)
			return -1;
	}
	return sscanf(rest, " %llu", start) == 1 ? 0 : -1;
}

static int all_digits(const char *s)
{
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

unsigned long long kthread_started(const char *comm)
{
	char *dir = path_in_root("/proc");
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned long long newest = 0;

	while (d && (e = readdir(d))) {
		char *stat, name[64];
		unsigned long long start;
		int ppid;

		if (!all_digits(e->d_name))
			continue;
		stat = xasprintf("%s/%s/stat", dir, e->d_name);
		if (read_stat(stat, name, sizeof(name), &ppid, &start) == 0 &&
		    ppid == KTHREADD_PID && strcmp(name, comm) == 0 && start > newest)
			newest = start;
		free(stat);
	}
	if (d)
		closedir(d);
	free(dir);
	return newest;
}

unsigned long long boot_ticks_now(void)
{
	struct timespec ts;
	long hz = sysconf(_SC_CLK_TCK);

	if (hz <= 0 || clock_gettime(CLOCK_BOOTTIME, &ts) != 0)
		return 0;
	return (unsigned long long)ts.tv_sec * (unsigned long long)hz +
	       (unsigned long long)ts.tv_nsec / (1000000000ULL / (unsigned long long)hz);
}
