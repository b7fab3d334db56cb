#include "pidrec.h"
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

#define STATE_DIR "/run/nfs-ctl"

char *state_dir(void)
{
	char *dir = path_in_root(STATE_DIR);
	struct stat st;

	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		log_error("%s: %s", dir, strerror(errno));
		free(dir);
		return NULL;
	}
	/* a symlink here would let someone else choose where we write */
	if (lstat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		log_error("%s: not a directory", dir);
		free(dir);
		return NULL;
	}
	return dir;
}

char *state_file(const char *name, const char *suffix)
{
	char *dir = state_dir();
	char *path;

	if (!dir)
		return NULL;
	path = xasprintf("%s/%s%s", dir, name, suffix);
	free(dir);
	return path;
}

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

/* 1 running, 0 absent, -1 present but stale */
static int check_record(const char *path, const char *exe, int check_start,
			pid_t *pid)
{
	unsigned long long start = 0;
	int r = read_pid_line(path, pid, &start);

	if (r < 0)
		return 0;
	if (r == 0)
		return -1;
	if (!proc_runs(*pid, exe))
		return -1;
	if (check_start && start && proc_starttime(*pid) != start)
		return -1;
	return 1;
}

enum pid_state pidrec_lookup(const struct component *c, const char *exe,
			     pid_t *pid)
{
	char *ours = state_file(c->name, ".pid");
	int stale = 0, r = 0;

	if (ours) {
		r = check_record(ours, exe, 1, pid);
		free(ours);
		if (r > 0)
			return PID_RUNNING;
		stale |= r < 0;
	}
	if (c->pidfile) {
		char *theirs = path_in_root(c->pidfile);

		r = check_record(theirs, exe, 0, pid);
		free(theirs);
		if (r > 0)
			return PID_RUNNING;
		stale |= r < 0;
	}
	/* started by someone else (an older script, an administrator) */
	if (proc_find_by_exe(exe, pid, 1) == 1)
		return PID_RUNNING;
	return stale ? PID_STALE : PID_NONE;
}

int pidrec_save(const struct component *c, pid_t pid)
{
	char *path = state_file(c->name, ".pid");
	char *tmp;
	FILE *f;
	int fd;

	if (!path)
		return -1;
	tmp = xasprintf("%s.tmp", path);
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		log_error("%s: %s", tmp, strerror(errno));
		free(tmp);
		free(path);
		return -1;
	}
	fprintf(f, "%ld %llu\n", (long)pid, proc_starttime(pid));
	fclose(f);
	rename(tmp, path);
	free(tmp);
	free(path);
	return 0;
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
}
