/* The peers a restart must tell, kept before nfsd stops (peers_keep.h). */
#include "peers_keep.h"
#include "settings.h"
#include "log.h"
#include "paths.h"
#include "xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A monitor record is one short line (name, addresses, cookie); anything
 * much larger is not one, and is not copied. */
#define RECORD_MAX 4096

/* Copies FROM_DIR/NAME to TO_DIR/NAME through a temporary name, so that
 * sm-notify never reads half a record.  1: copied; 0: nothing to do or
 * not a record; -1: an error (logged). */
static int copy_record(int from_dir, int to_dir, const char *name)
{
	char buf[RECORD_MAX], *tmp;
	struct stat st;
	ssize_t n;
	int in, out, rc = -1;

	if (faccessat(to_dir, name, F_OK, AT_SYMLINK_NOFOLLOW) == 0)
		return 0; /* sm-notify has it already */
	/* O_NOFOLLOW: the directory is another user's; a link is not a record */
	in = openat(from_dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (in < 0)
		return 0;
	if (fstat(in, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size >= RECORD_MAX ||
	    (n = read(in, buf, sizeof(buf))) < 0 || n >= RECORD_MAX) {
		close(in);
		return 0;
	}
	close(in);
	tmp = xasprintf(".%s.nfs-ctl", name);
	(void)unlinkat(to_dir, tmp, 0);
	out = openat(to_dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (out >= 0 && write(out, buf, (size_t)n) == n &&
	    fchown(out, st.st_uid, st.st_gid) == 0 && fchmod(out, st.st_mode & 07777) == 0 &&
	    fsync(out) == 0 && close(out) == 0) {
		out = -1;
		rc = renameat(to_dir, tmp, to_dir, name) == 0 ? 1 : -1;
	}
	if (rc < 0) {
		log_warn("cannot keep the NFS peer %s for the repeat notice: %s", name,
			 strerror(errno));
		(void)unlinkat(to_dir, tmp, 0);
	}
	if (out >= 0)
		close(out);
	free(tmp);
	return rc;
}

/* Copies the records of DIR/FROM that DIR/TO lacks; the count. */
static int keep_list(const char *dir, const char *from, const char *to)
{
	char *from_path = xasprintf("%s/%s", dir, from), *to_path = xasprintf("%s/%s", dir, to);
	int from_fd = open(from_path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int to_fd = open(to_path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d = from_fd >= 0 && to_fd >= 0 ? fdopendir(from_fd) : NULL;
	struct dirent *e;
	int kept = 0;

	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.' && copy_record(dirfd(d), to_fd, e->d_name) > 0)
			kept++;
	if (d)
		closedir(d);
	else if (from_fd >= 0)
		close(from_fd);
	if (to_fd >= 0)
		close(to_fd);
	free(from_path);
	free(to_path);
	return kept;
}

int peers_keep(const struct ctx *ctx, const struct component *stopping)
{
	int kept = 0;

	for (unsigned i = 0; i < graph_size; i++) {
		const struct component *c = &graph[i];
		const struct conf_value *dir = &c->keep_peers.dir;
		char *path;
		int n;

		if (!c->keep_peers.from || !graph_before(c, stopping))
			continue;
		path = path_in_root(settings_get_or(&ctx->settings, dir->section, dir->key,
						    dir->dflt));
		n = keep_list(path, c->keep_peers.from, c->keep_peers.to);
		if (n > 0)
			log_info("%s: %d NFS peer(s) of %s/%s kept in %s/%s for a repeat notice: "
				 "%s's stop takes lockd down, which forgets them",
				 c->name, n, path, c->keep_peers.from, path, c->keep_peers.to,
				 stopping->name);
		free(path);
		kept += n;
	}
	return kept;
}
