/* nfs-ctl's own environment variables: NFS_CTL_ROOT, NFS_CTL_TIMEOUT.
 * NFS_CTL_ROOT chooses every program root runs, so they
 * are read with secure_getenv (none in a set-user-ID or file-capability
 * run), and not at all under the start-statd name: mount.nfs clears the
 * environment today, but a caller that keeps it with euid 0 must not
 * choose what root runs.  (Tests give start-statd --root and --timeout.) */
#ifndef NFSCTL_ENV_OWN_H
#define NFSCTL_ENV_OWN_H

/* Called once, before the first env_own(): 0 ignores them all. */
void env_own_trust(int trusted);
/* The variable's value, or NULL (unset, or not trusted). */
const char *env_own(const char *name);

#endif
