/* The signals `nfs-ctl run` acts on (run_signals.h).  PID 1 receives no
 * signal it has no handler for; blocking them into a signalfd counts as
 * catching them, so `docker stop`'s TERM reaches us there too. */
#include "run_signals.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

static void run_set(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGHUP);
	sigaddset(set, SIGCHLD);
}

int run_signals_open(void)
{
	sigset_t set;

	run_set(&set);
	if (sigprocmask(SIG_BLOCK, &set, NULL) < 0)
		return -1;
	return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

int run_signals_next(int fd, int timeout_ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct signalfd_siginfo si;
	int r = poll(&p, 1, timeout_ms < 0 ? 0 : timeout_ms);

	if (r < 0)
		return errno == EINTR ? 0 : -1;
	if (r == 0)
		return 0;
	if (read(fd, &si, sizeof(si)) != (ssize_t)sizeof(si))
		return errno == EAGAIN ? 0 : -1;
	return (int)si.ssi_signo;
}
