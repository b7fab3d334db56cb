#include "fstab.h"
#include "mounts.h"
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>

int fstab_each(int (*visit)(const struct fstab_entry *e, void *arg), void *arg, char **path)
{
	char *line = NULL;
	size_t cap = 0;
	int n = 0, found = 0;
	FILE *f;

	*path = path_in_root("/etc/fstab");
	f = fopen(*path, "re");
	while (f && !found && getline(&line, &cap, f) > 0) {
		char spec[1024], dir[1024], type[32], opts[1024] = "";
		struct fstab_entry e = { spec, dir, type, opts, ++n };

		if (sscanf(line, " %1023s %1023s %31s %1023s", spec, dir, type, opts) < 3 ||
		    spec[0] == '#')
			continue;
		/* "/srv/my\040nfs": a space in a name, as mount(8) reads it */
		mounts_unescape(spec);
		mounts_unescape(dir);
		found = visit(&e, arg);
	}
	free(line);
	if (f)
		fclose(f);
	return found;
}
