/* Reaping every descendant (reaper.h). */
#include "reaper.h"

#include <errno.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

int reaper_init(void)
{
	if (getpid() == 1)
		return 0;
	return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

size_t reaper_collect(void (*fn)(pid_t pid, int wstatus, void *arg), void *arg)
{
	size_t n = 0;
	int wstatus;
	pid_t pid;

	/* EINTR cannot stop WNOHANG; ECHILD ends it when nothing is left */
	while ((pid = waitpid(-1, &wstatus, WNOHANG)) > 0) {
		n++;
		if (fn)
			fn(pid, wstatus, arg);
	}
	return n;
}

const char *reaper_describe(int wstatus, char *buf, size_t size)
{
	if (WIFSIGNALED(wstatus))
		snprintf(buf, size, "was killed by signal %d", WTERMSIG(wstatus));
	else
		snprintf(buf, size, "exited with code %d", WEXITSTATUS(wstatus));
	return buf;
}
