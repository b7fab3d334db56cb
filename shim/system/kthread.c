/* Kernel threads by name (kthread.h).  The lock manager (lockd) is a
 * kernel thread: it leaves no pid file and runs no program, so its name
 * and its parent (kthreadd) are all /proc tells about it. */
#include "kthread.h"
#include "paths.h"
#include "proc_stat.h"
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
		struct proc_stat st;
		char *stat;

		if (!all_digits(e->d_name))
			continue;
		stat = xasprintf("%s/%s/stat", dir, e->d_name);
		if (proc_stat_read(stat, &st) == 0 && st.ppid == KTHREADD_PID &&
		    strcmp(st.comm, comm) == 0 && st.starttime > newest)
			newest = st.starttime;
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

time_t boot_epoch(void)
{
	struct timespec up;
	time_t now = time(NULL);

	if (now == (time_t)-1 || clock_gettime(CLOCK_BOOTTIME, &up) != 0 || up.tv_sec > now)
		return 0;
	return now - up.tv_sec;
}
