/* The compatibility environment file (/run/sysconfig/nfs-utils) for units
 * that still say `ExecStart=/usr/sbin/rpc.mountd $RPCMOUNTDARGS`. */
#ifndef NFSCTL_ENV_FILE_H
#define NFSCTL_ENV_FILE_H

#include "settings.h"

#define ENV_FILE_PATH "/run/sysconfig/nfs-utils"

/* The file's text: NAME="VALUE" lines that systemd's EnvironmentFile=
 * parser (and a POSIX shell) read back to exactly VALUE.  Returns NULL
 * after logging when an argument cannot survive `$NAME` word splitting
 * (it holds white space or a control character, or is empty). */
char *env_file_format(const struct settings *s);

/* Writes CONTENT to PATH atomically: a new temporary file in the same
 * directory (O_EXCL|O_NOFOLLOW, mode 0644), fsync, rename.  Creates the
 * directory when missing.  Returns 0 or -1 (logged). */
int env_file_write(const char *path, const char *content);

#endif
