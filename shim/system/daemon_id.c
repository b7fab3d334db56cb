#include "daemon_id.h"
#include "paths.h"
#include "proc.h"
#include "xalloc.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* A daemon that leaves root does so for the owner of an entry of a
 * directory (graph: user_dir, user_entry; rpc.statd becomes the owner of
 * "sm" in its state directory, Debian's statd user, while the state
 * directory itself belongs to root); a process of that user may be it too.
 * The directory is read where the daemon reads it: nfs.conf, else the
 * daemon's default. */
static uid_t daemon_user(const struct ctx *ctx, const struct component *c)
{
	char *dir, *owned;
	struct stat st;
	uid_t uid = 0;

	if (!c->user_dir.key)
		return 0;
	dir = path_in_root(settings_get_or(&ctx->settings, c->user_dir.section, c->user_dir.key,
					   c->user_dir.dflt));
	owned = c->user_entry ? xasprintf("%s/%s", dir, c->user_entry) : xstrdup(dir);
	if (stat(owned, &st) == 0)
		uid = st.st_uid;
	free(owned);
	free(dir);
	return uid;
}

void daemon_id_init(struct daemon_id *d, const struct ctx *ctx, const struct component *c,
		    const char *exe)
{
	d->exe = exe;
	d->user = daemon_user(ctx, c);
}

static int owner_ok(const struct daemon_id *d, uid_t uid)
{
	return uid == 0 || uid == d->user;
}

int daemon_id_match(pid_t pid, const void *id)
{
	const struct daemon_id *d = id;
	int runs = proc_runs(pid, d->exe), ns;
	uid_t ruid, euid;

	/* root reads every /proc/PID/exe: one it cannot read is not proof.
	 * A non-root reader (status, doctor) never signals, so argv[0] may
	 * stand in for it there, together with the owner below. */
	if (runs == PROC_NOT || (runs == PROC_NAMED && geteuid() == 0))
		return 0;
	if (proc_uids(pid, &ruid, &euid) < 0 || !owner_ok(d, ruid) || !owner_ok(d, euid))
		return 0;
	/* another container's copy is another system's daemon; a non-root
	 * reader may not see another user's namespace (unknown: accepted) */
	ns = proc_same_pidns(pid);
	return ns == 1 || (ns < 0 && geteuid() != 0);
}

int daemon_id_file_ok(const struct daemon_id *d, const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISREG(st.st_mode) && owner_ok(d, st.st_uid) &&
	       !(st.st_mode & 022);
}
