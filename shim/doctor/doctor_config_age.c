/* The doctor's "configuration changed since it started" check for what
 * argv cannot show: the daemons read their own nfs.conf section
 * ([mountd], [statd], ...) themselves, so an edit there changes nothing
 * nfs-ctl passes, and the running daemon keeps the old values until it is
 * restarted.  A file that sets a key of the daemon's section and was
 * modified after the daemon started is that case. */
#include "doctor.h"
#include "proc.h"
#include "settings.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The wall clock (seconds) at which PID started; 0 when unknown.  The
 * boot's wall clock comes from the two clocks now, not /proc/stat's btime,
 * which is whole seconds: a daemon restarted within a second of an edit
 * would look older than the edit. */
static double started_at(pid_t pid)
{
	unsigned long long ticks = proc_starttime(pid);
	long hz = sysconf(_SC_CLK_TCK);
	struct timespec wall, boot;

	if (!ticks || hz <= 0 || clock_gettime(CLOCK_REALTIME, &wall) < 0 ||
	    clock_gettime(CLOCK_BOOTTIME, &boot) < 0)
		return 0;
	return (double)(wall.tv_sec - boot.tv_sec) + (double)(wall.tv_nsec - boot.tv_nsec) / 1e9 +
	       (double)ticks / (double)hz;
}

static double modified_at(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return 0;
	return (double)st.st_mtim.tv_sec + (double)st.st_mtim.tv_nsec / 1e9;
}

/* The setting of section NAME from the most recently modified nfs.conf
 * file (*mtime: that file's modification time); NULL when none. */
static const struct setting *newest_setting(const struct settings *s, const char *name,
					    double *mtime)
{
	const struct setting *found = NULL;

	*mtime = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct setting *e = &s->v[i];
		double m;

		if (e->origin != ORIGIN_NFSCONF || !e->file || strcmp(e->section, name) != 0)
			continue;
		m = modified_at(e->file);
		if (m > *mtime) {
			*mtime = m;
			found = e;
		}
	}
	return found;
}

void doctor_check_config_age(struct doctor *d, const struct component *c, pid_t pid)
{
	double changed, started = started_at(pid);
	const struct setting *e = newest_setting(&d->ctx->settings, c->name, &changed);
	char when[32];
	time_t t = (time_t)changed;

	/* a clock tick of slack: the start time is counted in ticks */
	if (!e || !started || changed <= started + 0.02)
		return;
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", localtime(&t));
	doctor_add(d, LEVEL_WARN, c->name, "config-age",
		   xasprintf("running with the [%s] settings of %s", c->name, e->file),
		   xasprintf("%s changed at %s, after pid %d started; the daemon reads it only "
			     "at start", e->file, when, (int)pid),
		   xasprintf("%s:%d", e->file, e->line), xasprintf("nfs-ctl restart %s", c->name));
}
