/* Is a daemon watching its rpc_pipefs directory?  /proc/PID/fdinfo of an
 * inotify descriptor lists each watch as "inotify wd:N ino:HEX sdev:HEX
 * ...", the inode and the kernel's device number of the watched directory;
 * /proc/PID/fd shows the files it holds open. */
#include "pipe_watch.h"
#include "backoff.h"
#include "ctx.h"
#include "graph.h"
#include "paths.h"
#include "plan.h"
#include "proc.h"
#include "xalloc.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

char *pipe_watch_pipe(const struct ctx *ctx, const struct component *c)
{
	char *pipe = xasprintf("%s/%s", pipefs_dir(ctx), c->upcall_pipe);
	char *in_root = path_in_root(pipe);

	free(pipe);
	return in_root;
}

char *pipe_watch_dir(const struct ctx *ctx, const struct component *c)
{
	char *dir = pipe_watch_pipe(ctx, c);

	*strrchr(dir, '/') = '\0';
	return dir;
}

/* the kernel prints s_dev as MAJOR << 20 | MINOR */
static unsigned long kernel_dev(dev_t dev)
{
	return ((unsigned long)major(dev) << 20) | minor(dev);
}

static int fdinfo_watches(const char *path, unsigned long ino, unsigned long sdev)
{
	FILE *f = fopen(path, "re");
	char line[512];
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		unsigned long wino, wdev;

		if (strncmp(line, "inotify ", 8) != 0)
			continue;
		if (sscanf(line, "inotify wd:%*x ino:%lx sdev:%lx", &wino, &wdev) == 2)
			found = wino == ino && wdev == sdev;
	}
	fclose(f);
	return found;
}

static int fd_below(const char *link, const char *dir)
{
	char target[4096];
	ssize_t n = readlink(link, target, sizeof(target) - 1);
	size_t len = strlen(dir);

	if (n <= 0)
		return 0;
	target[n] = '\0';
	return strncmp(target, dir, len) == 0 && target[len] == '/';
}

int pipe_watched_by(pid_t pid, const char *dir)
{
	char path[64];
	struct stat st;
	struct dirent *e;
	DIR *d;
	int found = 0;

	if (stat(dir, &st) != 0)
		return -1;
	snprintf(path, sizeof(path), "/proc/%d/fd", (int)pid);
	d = opendir(path);
	if (!d)
		return 0;
	while (!found && (e = readdir(d)) != NULL) {
		char *info, *link;

		if (e->d_name[0] == '.')
			continue;
		info = xasprintf("/proc/%d/fdinfo/%s", (int)pid, e->d_name);
		link = xasprintf("/proc/%d/fd/%s", (int)pid, e->d_name);
		found = fdinfo_watches(info, (unsigned long)st.st_ino, kernel_dev(st.st_dev)) ||
			fd_below(link, dir);
		free(info);
		free(link);
	}
	closedir(d);
	return found;
}

pid_t pipe_watch_wait(const pid_t *pids, size_t n, const char *dir, int timeout_ms)
{
	struct backoff b;
	int last = 0;

	backoff_start(&b, timeout_ms);
	for (;;) {
		for (size_t i = 0; i < n; i++)
			if (pipe_watched_by(pids[i], dir) == 1)
				return pids[i];
		if (last)
			return -1;
		last = backoff_nap(&b) < 0;
	}
}
