/* The bounded stop of `nfs-ctl run` (run_stop.h).  The runner's stop
 * waits for each daemon up to --timeout and runs commands that can hang
 * (rpc.nfsd 0 under a busy server); only a separate process can be cut
 * short at the bound without leaving the runner's state half-written in
 * ours. */
#include "run_stop.h"
#include "clock.h"
#include "log.h"
#include "lsb.h"
#include "proc.h"
#include "reaper.h"
#include "run_signals.h"
#include "sysv_actions.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct stop_child {
	pid_t pid;
	int done, wstatus;
};

static void note_stop_child(pid_t pid, int wstatus, void *arg)
{
	struct stop_child *sc = arg;

	if (pid == sc->pid) {
		sc->done = 1;
		sc->wstatus = wstatus;
	}
}

/* The child leads a process group of its own: the commands it runs are
 * in it (the daemons leave it: they start sessions of their own), so one
 * kill reaches exactly what the stop started. */
static pid_t fork_stop(struct ctx *ctx, const struct scope *what)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid != 0)
		return pid;
	setpgid(0, 0);
	_exit(sysv_action(ctx, ACT_STOP, what));
}

static int cut_short(const struct stop_child *sc, const struct run_watch *ours)
{
	kill(-sc->pid, SIGKILL); /* our unreaped child leads it: the group is ours */
	waitpid(sc->pid, NULL, 0);
	run_watch_kill(ours);
	reaper_collect(NULL, NULL);
	return -1;
}

int run_stop_bounded(struct ctx *ctx, const struct scope *what, int limit_ms, int sigfd,
		     const struct run_watch *ours)
{
	struct stop_child sc = { fork_stop(ctx, what), 0, 0 };
	long long deadline = clock_now_ms() + limit_ms;

	if (sc.pid < 0) {
		log_error("stop %s: cannot fork: %s", what->name, strerror(errno));
		return LSB_ERR_GENERIC;
	}
	setpgid(sc.pid, sc.pid); /* either of us may get there first */
	while (!sc.done) {
		long long left = deadline - clock_now_ms();
		int sig = left > 0 ? run_signals_next(sigfd, (int)left) : 0;

		reaper_collect(note_stop_child, &sc);
		if (sc.done)
			break;
		if (left <= 0) {
			log_error("stop %s did not finish within the stop timeout (%g s): "
				  "killing what this run started", what->name, limit_ms / 1000.0);
			return cut_short(&sc, ours);
		}
		if (sig == SIGTERM || sig == SIGINT) {
			log_error("stop %s: second %s: killing what this run started", what->name,
				  sig == SIGTERM ? "SIGTERM" : "SIGINT");
			return cut_short(&sc, ours);
		}
	}
	if (WIFSIGNALED(sc.wstatus)) {
		log_error("stop %s: its process was killed by signal %d", what->name,
			  WTERMSIG(sc.wstatus));
		return LSB_ERR_GENERIC;
	}
	return WEXITSTATUS(sc.wstatus);
}
