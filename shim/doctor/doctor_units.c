/* The doctor's systemd checks, when systemd runs the machine: a unit of
 * the plan that failed or is masked, and a unit enabled that the plan
 * skips (an old package's enablement left behind, such as Debian's
 * nfs-blkmap.service).  Masks and enablements are symlinks, read from the
 * unit directories (also under --root); failure is systemd's to say. */
#include "doctor.h"
#include "initsys.h"
#include "paths.h"
#include "run_systemd.h"
#include "xalloc.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where `systemctl mask` (and mask --runtime) put their /dev/null links. */
static const char *const mask_dirs[] = { "/etc/systemd/system", "/run/systemd/system" };

static char *masked_at(const char *unit)
{
	for (size_t i = 0; i < sizeof(mask_dirs) / sizeof(*mask_dirs); i++) {
		char *rel = xasprintf("%s/%s", mask_dirs[i], unit), *path = path_in_root(rel);
		char target[64];
		ssize_t n = readlink(path, target, sizeof(target) - 1);

		free(path);
		if (n > 0) {
			target[n] = '\0';
			if (strcmp(target, "/dev/null") == 0)
				return rel;
		}
		free(rel);
	}
	return NULL;
}

/* The first /etc/systemd/system/ *.wants/UNIT link, or NULL. */
static char *enabled_at(const char *unit)
{
	char *rel = xasprintf("/etc/systemd/system/*.wants/%s", unit);
	char *pattern = path_in_root(rel), *found = NULL;
	glob_t g;

	if (glob(pattern, 0, NULL, &g) == 0) {
		found = xstrdup(g.gl_pathv[0]);
		globfree(&g);
	}
	free(pattern);
	free(rel);
	return found;
}

static void check_unit(struct doctor *d, const struct component *c)
{
	int k = graph_index(c);
	char *mask = masked_at(c->unit), *link;
	const char *args[] = { "is-failed", "--quiet", c->unit, NULL };

	if (mask && d->wanted[k])
		doctor_add(d, LEVEL_FAIL, c->name, "unit", xasprintf("%s startable", c->unit),
			   xasprintf("masked (%s -> /dev/null)", mask), NULL,
			   /* a runtime mask is undone only by unmask --runtime;
			    * a plain unmask exits 0 and leaves it (seen in the lab) */
			   xasprintf("systemctl unmask%s %s",
				     strncmp(mask, "/run/", 5) == 0 ? " --runtime" : "", c->unit));
	free(mask);
	if (systemctl(d->ctx, args) == 0)
		doctor_add(d, d->wanted[k] ? LEVEL_FAIL : LEVEL_WARN, c->name, "unit",
			   xasprintf("%s not failed", c->unit), xstrdup("failed"), NULL,
			   d->wanted[k] ? xasprintf("systemctl restart %s", c->unit)
					: xasprintf("systemctl reset-failed %s", c->unit));
	if (d->wanted[k] || !graph_gated(c))
		return;
	link = enabled_at(c->unit);
	if (link)
		doctor_add(d, LEVEL_WARN, c->name, "unit",
			   xasprintf("%s not enabled (the plan skips %s)", c->unit, c->name),
			   xasprintf("enabled (%s)", link), NULL,
			   xasprintf("systemctl disable %s", c->unit));
	free(link);
}

void doctor_check_units(struct doctor *d)
{
	if (initsys_mode(d->ctx) != INIT_SYSTEMD)
		return;
	for (unsigned k = 0; k < graph_size; k++)
		if (graph[k].unit && d->in_plan[k])
			check_unit(d, &graph[k]);
}
