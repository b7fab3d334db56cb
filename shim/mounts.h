/* What is mounted, from /proc/self/mountinfo (relocated by --root). */
#ifndef NFSCTL_MOUNTS_H
#define NFSCTL_MOUNTS_H

#include <stddef.h>

/* Is a file system of FSTYPE mounted at MOUNTPOINT (a root-prefixed path)? */
int mounts_has(const char *fstype, const char *mountpoint);
/* Is anything mounted at MOUNTPOINT?  Then FSTYPE holds what (the mount on
 * top); 0 and "" otherwise. */
int mounts_type_at(const char *mountpoint, char *fstype, size_t len);

/* What the NFS client mounts need: NFSv2/v3 mounts with locking need
 * statd; sec=krb5* mounts need gssd. */
struct client_needs {
	int statd;
	int gssd;
	int idmapd;            /* an NFSv4 mount maps owners to names */
	char statd_mount[256]; /* one mount point that needs statd, for messages */
	char gssd_mount[256];
	char idmapd_mount[256];
};
void mounts_client_needs(struct client_needs *out);

#endif
