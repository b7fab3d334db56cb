/* The state directory /run/nfs-ctl (state_dir.h): where nfs-ctl keeps its
 * pid records, a target's "active" mark, a one-shot's "done" mark and a
 * daemon's start output. */
#include "state_dir.h"
#include "log.h"
#include "paths.h"
#include "xalloc.h"

#include <errno.h>
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
	/* a symlink here would let someone else choose where we write, and
	 * a directory others can write lets them plant pid records */
	if (lstat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		log_error("%s: not a directory", dir);
		free(dir);
		return NULL;
	}
	if ((st.st_uid != 0 && st.st_uid != geteuid()) || (st.st_mode & 022)) {
		log_error("%s: refusing a state directory that others can write "
			  "(owner %u, mode %03o)", dir, (unsigned)st.st_uid,
			  (unsigned)(st.st_mode & 0777));
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

char *state_path(const char *name, const char *suffix)
{
	char *rel = xasprintf(STATE_DIR "/%s%s", name, suffix);
	char *path = path_in_root(rel);

	free(rel);
	return path;
}
