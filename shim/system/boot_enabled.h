/* Whether an init or a process supervisor starts a service at boot, by
 * the marks each one leaves when a service is enabled. */
#ifndef NFSCTL_BOOT_ENABLED_H
#define NFSCTL_BOOT_ENABLED_H

/* Is one of NAMES (a NULL-terminated list) enabled at boot under any of
 * the inits or supervisors nfs-ctl knows (boot_enabled.c)? */
int boot_enabled(const char *const *names);

#endif
