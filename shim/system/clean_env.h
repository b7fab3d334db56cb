/* The environment every command nfs-ctl runs gets, in both modes (the sysv
 * runner's children, `exec` replacing itself under systemd): one list, so
 * that a daemon sees the same environment at boot, from an
 * administrator's shell and from systemd. */
#ifndef NFSCTL_CLEAN_ENV_H
#define NFSCTL_CLEAN_ENV_H

/* NULL-terminated, for execve(2). */
extern char *const clean_env[];

#endif
