#ifndef NFSCTL_GENERATOR_MOUNTS_H
#define NFSCTL_GENERATOR_MOUNTS_H

#include "strv.h"

#include <stddef.h>

/* Writes DIR/UNIT.d/nfs-ctl-mounts.conf for each of the NULL-terminated
 * EXPORT_UNITS (the units that serve the exports) when there is anything
 * to say: RequiresMountsFor= each exported path (but those on `noauto`
 * file systems and those with the `mountpoint` option), Before= each NFS
 * mount of this very machine in fstab. */
int generate_mount_ordering(const char *dir, const char *const *export_units);

/* The rpc_pipefs mount at WHERE, required by TARGET_UNIT_NAME; nothing
 * when WHERE is already another file system's mount point. */
int generate_pipefs_mount(const char *dir, const char *target_unit_name, const char *where);
/* The paths /etc/exports and /etc/exports.d/ *.exports export, each once. */
void exported_paths(struct strv *paths);
/* The deepest fstab entry holding PATH: its mount point in DIR and whether
 * it is `noauto`; 0 when fstab has none (PATH is on the root file system). */
int fstab_entry_for(const char *path, char *dir, size_t len, int *noauto);
/* systemd-escape --path; newly allocated. */
char *systemd_escape_path(const char *path);

#endif
