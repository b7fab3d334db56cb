/* Level-by-level execution of a start plan, the steps of one level at once.
 * Each component of a level runs in a child process of its own, which does
 * exactly what the serial runner does for it (start, wait for its own
 * readiness signal) and exits with the step's LSB code; the names it adds
 * to the "started" list come back through a pipe.  The next level starts
 * only when every child of this one exited with success.  No sleeps here:
 * the parent blocks in read() and waitpid(). */
#include "run_parallel.h"
#include "run_report.h"
#include "env_own.h"
#include "log.h"
#include "lsb.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct child {
	pid_t pid;
	int fd;             /* read end: names the child started */
	size_t first;       /* its first step (plan order) */
	const struct component *c;
};

/* Off unless asked for: in the lab (one emulated CPU) a parallel start of
 * the server took twice as long as the serial one (bench/RESULTS.md): the
 * level's workers and daemons compete for the CPU, and each worker polls
 * /proc and rpcbind for its own readiness. */
#ifndef PARALLEL_DEFAULT
#define PARALLEL_DEFAULT 0
#endif

int parallel_enabled(const struct plan *p)
{
	const char *v = env_own("NFS_CTL_PARALLEL");

	if (v && *v ? strcmp(v, "0") == 0 : !PARALLEL_DEFAULT)
		return 0;
	/* worth a fork only when some level has two components */
	for (size_t i = 0; i < p->n; i++)
		for (size_t j = i + 1; j < p->n; j++)
			if (p->steps[i].level >= 0 && p->steps[j].level == p->steps[i].level &&
			    p->steps[j].c != p->steps[i].c)
				return 1;
	return 0;
}

/* In the child: run every step of component C at LEVEL, in plan order. */
static int run_component(const struct plan *p, const struct component *c, int level,
			 parallel_step_fn fn, void *arg, int out)
{
	struct strv started;
	int rc = LSB_OK;

	strv_init(&started);
	for (size_t i = 0; i < p->n && rc == LSB_OK; i++)
		if (p->steps[i].c == c && p->steps[i].level == level && p->steps[i].verb != V_CHECK)
			rc = fn(&p->steps[i], &started, arg);
	for (size_t i = 0; i < started.n; i++) {
		const char *name = started.v[i];
		size_t len = strlen(name);

		/* short writes to a pipe of a few bytes do not happen */
		if (write(out, name, len) != (ssize_t)len || write(out, "\n", 1) != 1)
			break;
	}
	strv_free(&started);
	return rc;
}

static void collect_names(int fd, struct strv *started)
{
	char buf[512];
	size_t have = 0;
	ssize_t n;

	for (;;) {
		n = read(fd, buf + have, sizeof(buf) - 1 - have);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		have += (size_t)n;
		if (have == sizeof(buf) - 1)
			break;
	}
	buf[have] = '\0';
	for (char *save = NULL, *w = strtok_r(buf, "\n", &save); w; w = strtok_r(NULL, "\n", &save))
		if (!strv_contains(started, w))
			strv_add(started, w);
}

static int wait_child(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return LSB_ERR_GENERIC;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	log_error("internal: a start worker (pid %d) was killed by signal %d", (int)pid,
		  WTERMSIG(st));
	return LSB_ERR_GENERIC;
}

/* Starts one child per component of LEVEL; returns how many. */
static size_t spawn_level(const struct plan *p, int level, parallel_step_fn fn, void *arg,
			  struct child *kids, int *rc)
{
	size_t nkids = 0;

	for (size_t i = 0; i < p->n; i++) {
		const struct step *s = &p->steps[i];
		int dup = 0, fds[2];

		if (s->level != level || s->verb == V_CHECK)
			continue;
		for (size_t k = 0; k < nkids; k++)
			dup |= kids[k].c == s->c;
		if (dup)
			continue;
		if (pipe2(fds, O_CLOEXEC) < 0) {
			log_error("cannot create a pipe: %s", strerror(errno));
			*rc = LSB_ERR_GENERIC;
			break;
		}
		fflush(NULL);
		kids[nkids].pid = fork();
		if (kids[nkids].pid < 0) {
			log_error("cannot fork: %s", strerror(errno));
			close(fds[0]);
			close(fds[1]);
			*rc = LSB_ERR_GENERIC;
			break;
		}
		if (kids[nkids].pid == 0) {
			static char line[4096];
			int r;

			/* one write per message line: the level's workers share stderr */
			setvbuf(stderr, line, _IOLBF, sizeof(line));
			close(fds[0]);
			r = run_component(p, s->c, level, fn, arg, fds[1]);
			fflush(NULL);
			_exit(r);
		}
		close(fds[1]);
		kids[nkids].fd = fds[0];
		kids[nkids].first = i;
		kids[nkids].c = s->c;
		nkids++;
	}
	return nkids;
}

/* The failed step's level ran in full, beside it: the later levels did
 * not run. */
static int not_run_later_level(const struct plan *p, size_t failed, int failed_level, size_t i)
{
	return p->steps[i].level > failed_level && p->steps[i].c != p->steps[failed].c;
}

/* The progress line names what started, in plan order, level by level. */
static void progress_items(const struct plan *p, int level, const struct strv *started)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->steps[i].level == level && p->steps[i].verb != V_CHECK &&
		    strv_contains(started, p->steps[i].c->name))
			log_progress_item(p->steps[i].c->name);
}

int parallel_execute(const struct plan *p, parallel_step_fn fn, void *arg,
		     struct strv *started)
{
	struct child *kids = xcalloc(p->n ? p->n : 1, sizeof(*kids));
	int maxlevel = -1, rc = LSB_OK;

	/* external services (rpcbind) are preconditions: checked first, so
	 * that nothing at all starts without them */
	for (size_t i = 0; i < p->n && rc == LSB_OK; i++)
		if (p->steps[i].verb == V_CHECK && (rc = fn(&p->steps[i], started, arg)) != LSB_OK)
			run_report_failure(p, i, -1, started, not_run_later_level);
	for (size_t i = 0; i < p->n; i++)
		if (p->steps[i].level > maxlevel)
			maxlevel = p->steps[i].level;
	for (int level = 0; level <= maxlevel && rc == LSB_OK; level++) {
		size_t nkids, failed = p->n;
		int spawn_rc = LSB_OK;

		nkids = spawn_level(p, level, fn, arg, kids, &spawn_rc);
		for (size_t k = 0; k < nkids; k++) {
			int r;

			collect_names(kids[k].fd, started);
			close(kids[k].fd);
			r = wait_child(kids[k].pid);
			if (r != LSB_OK && kids[k].first < failed) {
				failed = kids[k].first;
				rc = r;
			}
		}
		if (rc == LSB_OK && spawn_rc != LSB_OK)
			rc = spawn_rc;
		progress_items(p, level, started);
		if (rc != LSB_OK && failed < p->n)
			run_report_failure(p, failed, level, started, not_run_later_level);
	}
	/* steps shown only (skips): in this process, in plan order */
	for (size_t i = 0; i < p->n && rc == LSB_OK; i++)
		if (p->steps[i].level < 0)
			rc = fn(&p->steps[i], started, arg);
	free(kids);
	return rc;
}
