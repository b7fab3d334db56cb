#include "pidrec.h"
#include "state_dir.h"
#include "daemon_id.h"
#include "log.h"
#include "paths.h"
#include "proc.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int read_pid_line(const char *path, pid_t *pid,
			 unsigned long long *start)
{
	FILE *f = fopen(path, "re");
	long p = 0;
	int n;

	if (!f)
		return -1;
	*start = 0;
	n = fscanf(f, "%ld %llu", &p, start);
	fclose(f);
	if (n < 1 || p <= 0)
		return 0;
	*pid = (pid_t)p;
	return 1;
}

/* 1 running, 0 absent, -1 present but stale.  ID: the daemon's rules
 * (daemon_id.h); NULL: the program only (doctor's look at a pid file). */
static int check_record(const char *path, const char *exe, const struct daemon_id *id,
			int check_start, pid_t *pid, unsigned long long *started)
{
	unsigned long long start = 0, now;
	int r = read_pid_line(path, pid, &start);

	if (r < 0)
		return 0;
	if (r == 0)
		return -1;
	/* the start time read before the checks and after: the process they
	 * judged is the one whose start time the caller gets */
	now = proc_starttime(*pid);
	if (id ? !daemon_id_match(*pid, id) : !proc_runs(*pid, exe))
		return -1;
	if ((check_start && start && now != start) || proc_starttime(*pid) != now)
		return -1;
	if (started)
		*started = now;
	return 1;
}

enum pid_state pidrec_file_state(const char *path, const char *exe,
				 int check_start, pid_t *pid)
{
	int r = check_record(path, exe, NULL, check_start, pid, NULL);

	return r > 0 ? PID_RUNNING : r < 0 ? PID_STALE : PID_NONE;
}

char *pidrec_path(const struct component *c)
{
	return state_path(c->name, ".pid");
}

/* Our record of C, when there is one: its path through state_file(),
 * which vets the directory; no record, no directory made for it (a
 * read-only /run in a client container is no error for a lookup). */
static char *record_if_any(const struct component *c)
{
	char *path = pidrec_path(c);
	struct stat st;
	int any = lstat(path, &st) == 0;

	free(path);
	return any ? state_file(c->name, ".pid") : NULL;
}

enum pid_state pidrec_lookup(const struct component *c, const struct daemon_id *id,
			     pid_t *pid, unsigned long long *start)
{
	char *ours = record_if_any(c);
	int stale = 0, r = 0;

	if (ours) {
		r = check_record(ours, id->exe, id, 1, pid, start);
		free(ours);
		if (r > 0)
			return PID_RUNNING;
		stale |= r < 0;
	}
	if (c->pidfile) {
		char *theirs = path_in_root(c->pidfile);

		/* a pid file someone else could have written names nothing */
		r = daemon_id_file_ok(id, theirs) ? check_record(theirs, id->exe, id, 0, pid, start)
						  : access(theirs, F_OK) == 0 ? -1 : 0;
		free(theirs);
		if (r > 0)
			return PID_RUNNING;
		stale |= r < 0;
	}
	/* no /proc scan: a process that merely runs the same program (an
	 * administrator's copy, another user's, another container's) is
	 * not the daemon (issue 12, point 3) */
	return stale ? PID_STALE : PID_NONE;
}

/* Replaces PATH with TEXT atomically: a fresh temporary file (O_EXCL and
 * O_NOFOLLOW: never through a planted symlink), then rename. */
static int write_atomic(const char *path, const char *text)
{
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f;
	int fd, rc = 0;

	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		log_error("%s: %s", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		free(tmp);
		return -1;
	}
	fputs(text, f);
	if (fclose(f) != 0 || rename(tmp, path) < 0) {
		log_error("%s: %s", path, strerror(errno));
		unlink(tmp);
		rc = -1;
	}
	free(tmp);
	return rc;
}

int pidrec_save(const struct component *c, pid_t pid)
{
	char *path = state_file(c->name, ".pid");
	char *text;
	int rc;

	if (!path)
		return -1;
	text = xasprintf("%ld %llu\n", (long)pid, proc_starttime(pid));
	rc = write_atomic(path, text);
	free(text);
	free(path);
	return rc;
}

#define OMIT_DIR "/run/sendsigs.omit.d"

/* Debian's file name for the daemon (graph: killall_omit); the daemons
 * without one are not spared. */
static char *omit_file(const struct component *c)
{
	char *rel, *path;

	if (!c->killall_omit)
		return NULL;
	rel = xasprintf(OMIT_DIR "/%s", c->killall_omit);
	path = path_in_root(rel);
	free(rel);
	return path;
}

void pidrec_omit_from_killall(const struct component *c, pid_t pid)
{
	char *dir = path_in_root(OMIT_DIR), *path = omit_file(c), *text;
	struct stat st;

	if (path && lstat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
		text = xasprintf("%ld\n", (long)pid);
		write_atomic(path, text);
		free(text);
	}
	free(path);
	free(dir);
}

void pidrec_forget(const struct component *c)
{
	char *ours = state_file(c->name, ".pid");

	if (ours)
		unlink(ours);
	free(ours);
	if (c->pidfile) {
		char *theirs = path_in_root(c->pidfile);

		unlink(theirs);
		free(theirs);
	}
	ours = omit_file(c);
	if (ours)
		unlink(ours);
	free(ours);
}
