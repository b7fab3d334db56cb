/* What is mounted, from /proc/self/mountinfo (relocated by --root). */
#ifndef NFSCTL_MOUNTS_H
#define NFSCTL_MOUNTS_H

#include "graph.h"

#include <stddef.h>

/* mountinfo and fstab write space, tab, newline and backslash as \ooo:
 * decoded in place. */
void mounts_unescape(char *s);
/* Does the comma-separated option list OPTS hold NAME (alone, or as
 * NAME=VALUE)? */
int mounts_option(const char *opts, const char *name);

/* Is a file system of FSTYPE mounted at MOUNTPOINT (a root-prefixed path)? */
int mounts_has(const char *fstype, const char *mountpoint);
/* Is anything mounted at MOUNTPOINT?  Then FSTYPE holds what (the mount on
 * top); 0 and "" otherwise. */
int mounts_type_at(const char *mountpoint, char *fstype, size_t len);

/* What the NFS client mounts use, by graph.h's enum client_use: NFSv2/v3
 * mounts with locking use LOCKING, NFSv4 ones IDMAP, sec=krb5* ones
 * KERBEROS.  For each use, one mount point that needs it (for messages),
 * "" when none does. */
struct client_needs {
	char mount[CLIENT_USE_COUNT][256];
};
void mounts_client_needs(struct client_needs *out);
/* The mount point that needs USE, or NULL. */
const char *client_need(const struct client_needs *n, enum client_use use);

#endif
