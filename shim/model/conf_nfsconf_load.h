/* Loading the nfs.conf family from the file system (under --root):
 * /usr/etc/nfs.conf, /usr/etc/nfs.conf.d/ *.conf, /etc/nfs.conf,
 * /etc/nfs.conf.d/ *.conf, in that order, later values winning; then
 * values written as $NAME are resolved as the daemons resolve them. */
#ifndef NFSCTL_CONF_NFSCONF_LOAD_H
#define NFSCTL_CONF_NFSCONF_LOAD_H

#include "settings.h"

void nfsconf_load_all(struct settings *s);
/* One top-level file (PATH is already root-prefixed) and its includes;
 * a missing file is silently skipped. */
void nfsconf_load_file(struct settings *s, const char *path);
/* $NAME values: from the process environment, else from [environment];
 * a name found nowhere leaves the key unset, as in nfs-utils. */
void nfsconf_expand_vars(struct settings *s);

#endif
