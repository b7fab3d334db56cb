/* What counts as a component's running daemon (issue 12, point 3): a
 * process nfs-ctl started (its pid record) or that the daemon's own pid
 * file names, owned by root or the daemon's user, in our pid namespace,
 * running the daemon's executable.  Any other process running the same
 * binary (another user's, another container's) is not the daemon: a
 * start does not call it "already running" and a stop never signals it. */
#ifndef NFSCTL_DAEMON_ID_H
#define NFSCTL_DAEMON_ID_H

#include "ctx.h"
#include "graph.h"

#include <sys/types.h>

struct daemon_id {
	const char *exe;  /* the daemon's resolved program path */
	uid_t user;       /* the daemon's own user; 0: it stays root */
};

/* C's rules, its program at EXE (kept, not copied). */
void daemon_id_init(struct daemon_id *d, const struct ctx *ctx, const struct component *c,
		    const char *exe);
/* Does PID pass them (ID is a struct daemon_id; proc_find_new's filter)? */
int daemon_id_match(pid_t pid, const void *id);
/* May the pid file at PATH be believed: a regular file (not a symlink),
 * owned by root or the daemon's user, writable by nobody else? */
int daemon_id_file_ok(const struct daemon_id *d, const char *path);

#endif
