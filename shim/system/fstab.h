/* The reader of /etc/fstab (under --root): its entries in order, each with
 * its line, for everything that reads fstab (policy.c: an NFSv4 mount
 * wants idmapd, and the reason names the line; the generator's loop-back
 * mounts and the file system an export lies on, generator_mounts.c; the
 * doctor's export check).  Spec and mount point are decoded (\040). */
#ifndef NFSCTL_FSTAB_H
#define NFSCTL_FSTAB_H

struct fstab_entry {
	const char *spec, *dir, *type;
	const char *opts; /* "" when the line has none */
	int line;
};

/* Calls VISIT(entry, ARG) for each entry (comments and lines of fewer
 * than three fields are skipped) until it returns non-zero, and returns
 * that; 0 after the last entry, or when fstab cannot be read.  *PATH:
 * fstab's path, for messages; the caller frees it. */
int fstab_each(int (*visit)(const struct fstab_entry *e, void *arg), void *arg, char **path);

#endif
