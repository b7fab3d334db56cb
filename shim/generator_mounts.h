#ifndef NFSCTL_GENERATOR_MOUNTS_H
#define NFSCTL_GENERATOR_MOUNTS_H

/* Writes DIR/SERVER_UNIT.d/nfs-ctl-mounts.conf when there is anything to say. */
int generate_mount_ordering(const char *dir, const char *server_unit);

/* The rpc_pipefs mount at WHERE, required by TARGET_UNIT_NAME. */
int generate_pipefs_mount(const char *dir, const char *target_unit_name, const char *where);
/* systemd-escape --path; newly allocated. */
char *systemd_escape_path(const char *path);

#endif
