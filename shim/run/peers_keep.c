/* The peers a restart must tell, kept before nfsd stops (peers_keep.h). */
#include "peers_keep.h"
#include "kthread.h"
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

/* Reads DIR_FD/NAME into R when it is a record: a regular file, not a
 * link (the directory is another user's), smaller than RECORD_MAX.
 * 1: read; 0: not a record, or gone. */
static int read_record(int dir_fd, const char *name, struct peer_record *r)
{
	char buf[RECORD_MAX];
	struct stat st;
	ssize_t n = -1;
	int in = openat(dir_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

	if (in < 0)
		return 0;
	if (fstat(in, &st) == 0 && S_ISREG(st.st_mode) && st.st_size < RECORD_MAX)
		n = read(in, buf, sizeof(buf));
	close(in);
	if (n < 0 || n >= RECORD_MAX)
		return 0;
	r->name = xstrdup(name);
	r->bytes = xmalloc((size_t)n + 1);
	memcpy(r->bytes, buf, (size_t)n);
	r->len = (size_t)n;
	r->uid = st.st_uid;
	r->gid = st.st_gid;
	r->mode = st.st_mode & 07777;
	return 1;
}

/* Writes R as DIR_FD/NAME through a temporary name, so that no reader
 * (sm-notify, statd) sees half a record, with the record's owner and
 * mode.  1: written; -1: an error (logged, WHY says what for). */
static int write_record(int dir_fd, const struct peer_record *r, const char *why)
{
	char *tmp = xasprintf(".%s.nfs-ctl", r->name);
	int out, rc = -1;

	(void)unlinkat(dir_fd, tmp, 0);
	out = openat(dir_fd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (out >= 0 && write(out, r->bytes, r->len) == (ssize_t)r->len &&
	    fchown(out, r->uid, r->gid) == 0 && fchmod(out, r->mode) == 0 &&
	    fsync(out) == 0 && close(out) == 0) {
		out = -1;
		rc = renameat(dir_fd, tmp, dir_fd, r->name) == 0 ? 1 : -1;
	}
	if (rc < 0) {
		log_warn("cannot %s the NFS peer %s: %s", why, r->name, strerror(errno));
		(void)unlinkat(dir_fd, tmp, 0);
	}
	if (out >= 0)
		close(out);
	free(tmp);
	return rc;
}

static void record_free(struct peer_record *r)
{
	free(r->name);
	free(r->bytes);
}

/* Copies FROM_DIR/NAME to TO_DIR/NAME unless TO_DIR has it.  1: copied;
 * 0: nothing to do or not a record; -1: an error (logged). */
static int copy_record(int from_dir, int to_dir, const char *name)
{
	struct peer_record r;
	int rc;

	if (faccessat(to_dir, name, F_OK, AT_SYMLINK_NOFOLLOW) == 0)
		return 0; /* sm-notify has it already */
	if (!read_record(from_dir, name, &r))
		return 0;
	rc = write_record(to_dir, &r, "keep for the repeat notice");
	record_free(&r);
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

/* The directory of C's peer lists, as the daemons read it. */
static char *lists_dir(const struct ctx *ctx, const struct component *c)
{
	const struct conf_value *dir = &c->keep_peers.dir;

	return path_in_root(settings_get_or(&ctx->settings, dir->section, dir->key, dir->dflt));
}

int peers_keep(const struct ctx *ctx, const struct component *stopping)
{
	int kept = 0;

	for (unsigned i = 0; i < graph_size; i++) {
		const struct component *c = &graph[i];
		char *path;
		int n;

		if (!c->keep_peers.from || !graph_before(c, stopping))
			continue;
		path = lists_dir(ctx, c);
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

/* The monitor list's directory, opened; -1 when it cannot be (said). */
static int open_monitor_list(const struct ctx *ctx, const struct component *c, char **path)
{
	char *dir = lists_dir(ctx, c);
	int fd;

	*path = xasprintf("%s/%s", dir, c->keep_peers.from);
	free(dir);
	fd = open(*path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	return fd;
}

/* Did statd write NAME in DIR_FD this boot?  A record from an earlier
 * boot names a peer that this boot's lockd never monitored. */
static int written_this_boot(int dir_fd, const char *name, time_t booted)
{
	struct stat st;

	return booted && fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       st.st_mtime >= booted;
}

void peers_hold(const struct ctx *ctx, const struct component *c, struct peers_held *held)
{
	time_t booted = boot_epoch();
	struct dirent *e;
	char *path;
	int fd;
	DIR *d;

	memset(held, 0, sizeof(*held));
	if (!c->keep_peers.from)
		return;
	fd = open_monitor_list(ctx, c, &path);
	d = fd >= 0 ? fdopendir(fd) : NULL;
	while (d && (e = readdir(d))) {
		struct peer_record r;

		if (e->d_name[0] == '.' || !written_this_boot(dirfd(d), e->d_name, booted) ||
		    !read_record(dirfd(d), e->d_name, &r))
			continue;
		held->v = xrealloc(held->v, (held->n + 1) * sizeof(*held->v));
		held->v[held->n++] = r;
	}
	if (d)
		closedir(d);
	else if (fd >= 0)
		close(fd);
	free(path);
}

/* Writes back the records of HELD that DIR_FD lacks; the count. */
static int put_back_missing(int dir_fd, const struct peers_held *held)
{
	int n = 0;

	for (size_t i = 0; i < held->n; i++)
		if (faccessat(dir_fd, held->v[i].name, F_OK, AT_SYMLINK_NOFOLLOW) != 0 &&
		    write_record(dir_fd, &held->v[i], "put back in the monitor list") > 0)
			n++;
	return n;
}

int peers_put_back(const struct ctx *ctx, const struct component *c, struct peers_held *held)
{
	char *path = NULL;
	int fd, n = 0;

	if (held->n > 0) {
		fd = open_monitor_list(ctx, c, &path);
		if (fd < 0) {
			log_warn("%s: cannot put back %zu NFS peer(s) in %s: %s", c->name,
				 held->n, path, strerror(errno));
		} else {
			n = put_back_missing(fd, held);
			close(fd);
		}
		if (n > 0)
			log_info("%s: %d NFS peer(s) put back in %s after the notice "
				 "moved them to %s: statd still monitors them, and the next "
				 "restart must find them there", c->name, n, path,
				 c->keep_peers.to);
	}
	for (size_t i = 0; i < held->n; i++)
		record_free(&held->v[i]);
	free(held->v);
	free(path);
	memset(held, 0, sizeof(*held));
	return n;
}
