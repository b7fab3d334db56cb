/* The once-per-boot mark (once_mark.h): /run/nfs-ctl/NAME.done. */
#include "once_mark.h"
#include "paths.h"
#include "state_dir.h"
#include "readiness.h"
#include "kthread.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int once_mark_exists(const struct component *c)
{
	char *path = state_path(c->name, ".done");
	int yes = access(path, F_OK) == 0;

	free(path);
	return yes;
}

int once_mark_component_ran(const struct component *c)
{
	char *path = c->boot_mark ? path_in_root(c->boot_mark) : NULL;
	int yes = path && access(path, F_OK) == 0;

	free(path);
	return yes;
}

void once_mark_write(const struct component *c)
{
	char *path = state_file(c->name, ".done");
	int fd;

	if (!path)
		return;
	/* O_EXCL keeps the boot's first mark; O_NOFOLLOW, since the state
	 * directory is checked but the name in it could be planted */
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd >= 0) {
		/* its own trace before our first run: the notice went out
		 * earlier, through someone else, and this run sends nothing
		 * (sm-notify sends once per boot unless forced), so nfsd's
		 * threads now say nothing about the order */
		if (once_mark_component_ran(c))
			dprintf(fd, "sent-before-nfs-ctl\n");
		else
			dprintf(fd, "nfsd-threads=%d\n", nfsd_threads());
		close(fd);
	}
	free(path);
}

int once_mark_threads(const struct component *c)
{
	char *path = state_path(c->name, ".done");
	FILE *f = fopen(path, "re");
	int n = -1;

	free(path);
	if (!f)
		return -1;
	if (fscanf(f, "nfsd-threads=%d", &n) != 1)
		n = -1;
	fclose(f);
	return n;
}

void once_mark_notice(const struct component *c, unsigned long long ticks)
{
	char *path = state_file(c->name, ".notice");
	char *tmp = state_file(c->name, ".notice.new");
	int fd = -1;

	if (path && tmp) {
		(void)unlink(tmp);
		/* a new file renamed over the old: readers see one or the other */
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	}
	if (fd >= 0) {
		dprintf(fd, "%llu\n", ticks);
		if (close(fd) != 0 || rename(tmp, path) != 0)
			(void)unlink(tmp);
	}
	free(path);
	free(tmp);
}

/* The latest notice's time, or 0 when none was recorded. */
static unsigned long long notice_ticks(const struct component *c)
{
	char *path = state_path(c->name, ".notice");
	FILE *f = fopen(path, "re");
	unsigned long long t = 0;

	free(path);
	if (!f)
		return 0;
	if (fscanf(f, "%llu", &t) != 1)
		t = 0;
	fclose(f);
	return t;
}

int once_mark_stale(const struct component *c, unsigned long long *started,
		    unsigned long long *told)
{
	if (!c->again_after || !(*told = notice_ticks(c)))
		return 0;
	*started = kthread_started(c->again_after);
	return *started > *told;
}
