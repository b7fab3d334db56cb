/* The doctor's export check: each exported path against the file system
 * fstab puts it on.  An export whose file system is not mounted serves the
 * empty directory underneath, and clients that already hold file handles
 * get "stale file handle"; a `noauto` file system is served only once
 * somebody mounts it. */
#include "doctor.h"
#include "generator_mounts.h"
#include "mounts.h"
#include "paths.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

static void check_export(struct doctor *d, const struct component *c, const char *path)
{
	char dir[4096], fstype[64], *where;
	int noauto, mounted;

	if (!fstab_entry_for(path, dir, sizeof(dir), &noauto) || strcmp(dir, "/") == 0) {
		doctor_add(d, LEVEL_OK, c->name, "export-mount",
			   xasprintf("%s on a mounted file system", path),
			   xstrdup("on the root file system"), NULL, NULL);
		return;
	}
	where = path_in_root(dir);
	mounted = mounts_type_at(where, fstype, sizeof(fstype));
	free(where);
	if (mounted)
		doctor_add(d, LEVEL_OK, c->name, "export-mount",
			   xasprintf("%s on a mounted file system", path),
			   xasprintf("%s mounted (%s)", dir, fstype), NULL, NULL);
	else
		doctor_add(d, noauto ? LEVEL_WARN : LEVEL_FAIL, c->name, "export-mount",
			   xasprintf("%s on a mounted file system", path),
			   xasprintf("%s (fstab%s) not mounted: clients see the directory underneath",
				     dir, noauto ? ", noauto" : ""),
			   NULL, xasprintf("mount %s", dir));
}

void doctor_check_exports(struct doctor *d)
{
	struct strv paths;

	for (unsigned k = 0; k < graph_size; k++) {
		const struct component *c = &graph[k];

		/* the export table's component (it re-exports at reload) */
		if (!c->export_mounts || !c->reload || !d->wanted[k])
			continue;
		strv_init(&paths);
		exported_paths(&paths);
		for (size_t i = 0; i < paths.n; i++)
			check_export(d, c, paths.v[i]);
		strv_free(&paths);
	}
}
