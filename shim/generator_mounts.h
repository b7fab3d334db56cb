#ifndef NFSCTL_GENERATOR_MOUNTS_H
#define NFSCTL_GENERATOR_MOUNTS_H

/* Writes DIR/SERVER_UNIT.d/nfs-ctl-mounts.conf when there is anything to say. */
int generate_mount_ordering(const char *dir, const char *server_unit);

#endif
