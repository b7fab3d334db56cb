/* The doctor's kernel checks: the kernel file systems of the plan, nfsd's
 * threads and versions against the configuration, and, as information, the grace period and the peers
 * statd monitors (whose locks are recovered after a reboot). */
#include "doctor.h"
#include "mounts.h"
#include "paths.h"
#include "policy.h"
#include "readiness.h"
#include "xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *setting_origin(const struct setting *e)
{
	if (!e || !e->file)
		return e && e->origin == ORIGIN_CMDLINE ? xstrdup("--set") : NULL;
	return e->line > 0 ? xasprintf("%s:%d", e->file, e->line) : xstrdup(e->file);
}

/* A small file of the kernel's (under --root), first line; NULL if absent. */
static char *read_line(const char *abs)
{
	char *path = path_in_root(abs), buf[512];
	FILE *f = fopen(path, "re");

	free(path);
	if (!f)
		return NULL;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return xstrdup(buf);
}

static int check_threads(struct doctor *d, const struct component *c)
{
	const struct setting *e = settings_find(&d->ctx->settings, "nfsd", "threads");
	int configured = e && e->origin != ORIGIN_DEFAULT;
	/* unconfigured: the installed nfs-utils' own default (nfsutils.h) */
	long want = e ? strtol(e->value, NULL, 10) : 0;
	int seen = nfsd_threads();
	char *expected = configured ? xasprintf("%ld threads", want)
				    : xasprintf("%ld threads (the program's default)", want);

	if (seen == 0) {
		doctor_add(d, LEVEL_FAIL, c->name, "running", expected,
			   xstrdup("not serving (0 threads)"), setting_origin(e),
			   xasprintf("nfs-ctl start %s", c->name));
		return 0;
	}
	doctor_add(d, seen == want ? LEVEL_OK : LEVEL_WARN, c->name, "threads", expected,
		   xasprintf("%d threads", seen), setting_origin(e),
		   seen == want ? NULL : xasprintf("nfs-ctl restart %s", c->name));
	return 1;
}

/* /proc/fs/nfsd/versions reads like "-2 +3 +4 +4.1 +4.2": for each version
 * the kernel lists, what configuration says instead. */
static void check_versions(struct doctor *d, const struct component *c)
{
	char *seen = read_line("/proc/fs/nfsd/versions"), *copy, *save = NULL, *w;
	char *expected, *origin = NULL;
	int differ = 0;

	if (!seen)
		return; /* no nfsd file system: the running check said so */
	expected = xstrdup("");
	copy = xstrdup(seen);
	for (w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		const struct setting *e;
		int on = policy_nfs_version_decided(d->ctx, w + 1, &e);
		char *next;

		if ((w[0] == '+') != on && !differ++)
			origin = setting_origin(e);
		next = xasprintf("%s%s%c%s", expected, *expected ? " " : "", on ? '+' : '-', w + 1);
		free(expected);
		expected = next;
	}
	free(copy);
	doctor_add(d, differ ? LEVEL_WARN : LEVEL_OK, c->name, "versions", expected, seen,
		   origin, differ ? xasprintf("nfs-ctl restart %s", c->name) : NULL);
}

/* v4_end_grace reads Y once the grace period is over (kernels since 4.17). */
static void check_grace(struct doctor *d, const struct component *c)
{
	char *ended = read_line("/proc/fs/nfsd/v4_end_grace");
	char *secs = read_line("/proc/fs/nfsd/nfsv4gracetime");

	if (ended && (ended[0] == 'N' || ended[0] == 'n'))
		doctor_add(d, LEVEL_INFO, c->name, "grace", xstrdup("grace period over"),
			   xasprintf("grace period in progress (up to %s s after the start): "
				     "new locks wait, reclaims go first", secs ? secs : "?"),
			   NULL, NULL);
	else if (ended)
		doctor_add(d, LEVEL_OK, c->name, "grace", xstrdup("grace period over"),
			   xstrdup("grace period over"), NULL, NULL);
	free(ended);
	free(secs);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* statd keeps one file per monitored peer in the entry of its state
 * directory that it owns (graph: user_dir, user_entry). */
static void check_monitored(struct doctor *d, const struct component *c)
{
	const struct setting *e = settings_find(&d->ctx->settings, c->user_dir.section,
						c->user_dir.key);
	char *rel = xasprintf("%s/%s", e && *e->value ? e->value : c->user_dir.dflt,
			      c->user_entry);
	char *dir = path_in_root(rel), *list = xstrdup("");
	DIR *dp = opendir(dir);
	struct dirent *ent;
	struct strv peers;

	strv_init(&peers);
	if (!dp) {
		/* statd creates it at its first start; reading it takes root
		 * (or statd's user): say what could not be seen */
		doctor_add(d, errno == ENOENT ? LEVEL_OK : LEVEL_INFO, c->name, "monitored",
			   xasprintf("peers listed in %s", rel), errno == ENOENT ? xstrdup("0 monitored peers (no directory yet)")
					   : xasprintf("unknown: %s: %s", dir, strerror(errno)),
			   setting_origin(e), NULL);
		goto out;
	}
	while ((ent = readdir(dp)) != NULL)
		if (ent->d_name[0] != '.')
			strv_add(&peers, ent->d_name);
	closedir(dp);
	if (peers.n)
		qsort(peers.v, peers.n, sizeof(*peers.v), by_name);
	for (size_t i = 0; i < peers.n; i++) {
		char *next = xasprintf("%s%s%s", list, i ? " " : ": ", peers.v[i]);

		free(list);
		list = next;
	}
	/* no peer is the idle server's normal state, not news */
	doctor_add(d, peers.n ? LEVEL_INFO : LEVEL_OK, c->name, "monitored",
		   xasprintf("peers listed in %s", rel), xasprintf("%zu monitored peer%s%s", peers.n, peers.n == 1 ? "" : "s", list),
		   setting_origin(e), NULL);
out:
	strv_free(&peers);
	free(list);
	free(dir);
	free(rel);
}

/* Does the kernel know FSTYPE (/proc/filesystems)?  -1: cannot tell. */
static int kernel_has_fs(const char *fstype)
{
	char *path = path_in_root("/proc/filesystems"), line[256];
	FILE *f = fopen(path, "re");
	int found = 0;

	free(path);
	if (!f)
		return -1;
	while (!found && fgets(line, sizeof(line), f)) {
		char *name = strrchr(line, '\t');

		name = name ? name + 1 : line;
		name[strcspn(name, "\n")] = '\0';
		found = strcmp(name, fstype) == 0;
	}
	fclose(f);
	return found;
}

/* The plan's mount command is "mount -t FSTYPE [--] FSTYPE WHERE": the
 * type follows -t, the mount point is the last word. */
static void check_mount(struct doctor *d, const struct component *c)
{
	const struct strv *a = &d->argv[graph_index(c)];
	const char *fstype, *where;

	if (a->n < 5)
		return;
	fstype = a->v[2];
	where = a->v[a->n - 1];
	if (mounts_has(fstype, where)) {
		doctor_add(d, LEVEL_OK, c->name, "mounted", xasprintf("%s on %s", fstype, where),
			   xstrdup("mounted"), NULL, NULL);
		return;
	}
	doctor_add(d, LEVEL_FAIL, c->name, "mounted", xasprintf("%s on %s", fstype, where),
		   c->no_kernel && kernel_has_fs(fstype) == 0
			   ? xasprintf("not mounted; this kernel has no %s", c->no_kernel)
			   : xstrdup("not mounted"),
		   NULL, xasprintf("nfs-ctl start %s", c->name));
}

void doctor_check_nfsd(struct doctor *d)
{
	const struct component *nfsd = graph_nfsd(), *statd = graph_statd();

	for (unsigned k = 0; k < graph_size; k++) {
		const struct component *c = &graph[k];

		if (c->kind == KIND_MOUNT && d->wanted[k])
			check_mount(d, c);
		if (c == nfsd && d->wanted[k] && check_threads(d, c)) {
			check_versions(d, c);
			check_grace(d, c);
		}
		if (c == statd && d->in_plan[k])
			check_monitored(d, c);
	}
}
