/* A command's process before its execve: the nice(2) increment and the
 * host name that the graph gives its component (graph.h: nice_key,
 * host_name).  The sysv runner's children and `nfs-ctl exec` (which
 * becomes the command) apply the same, so both inits start a component
 * alike. */
#include "proc.h"

#include <errno.h>
#include <sched.h>
#include <string.h>
#include <unistd.h>

int proc_apply_setup(const struct proc_setup *setup)
{
	/* only root runs commands, and for root nice(2) cannot fail (the
	 * kernel clamps the result to -20..19) */
	if (setup->nice)
		(void)!nice(setup->nice);
	if (!setup->host_name)
		return 0;
	/* a namespace of our own: the system's host name stays as it was */
	if (unshare(CLONE_NEWUTS) < 0)
		return -1;
	return sethostname(setup->host_name, strlen(setup->host_name));
}
