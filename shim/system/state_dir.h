/* nfs-ctl's state directory, $ROOT/run/nfs-ctl, and the files in it. */
#ifndef NFSCTL_STATE_DIR_H
#define NFSCTL_STATE_DIR_H

/* $ROOT/run/nfs-ctl, created safely (a directory of root's or ours, not
 * a symlink, writable by nobody else); newly allocated path or NULL. */
char *state_dir(void);
/* Where a file of the state directory would be, creating nothing (readers
 * such as status and doctor, also as non-root): newly allocated. */
char *state_path(const char *name, const char *suffix);
/* A file in the state directory: newly allocated. */
char *state_file(const char *name, const char *suffix);

#endif
