/* Whether an NFS server named in /etc/fstab is this machine. */
#ifndef NFS_CTL_LOCAL_HOST_H
#define NFS_CTL_LOCAL_HOST_H

/* 1 when SPEC (a name, an address, an [IPv6] address) may be this
 * machine, 0 when it is known to be another.  Asked by the systemd
 * generator, which runs before the network and must not wait on it: no
 * resolver question is asked.  "localhost", this host's name, a loop-back
 * address and an address of a local interface are local; another name is
 * looked up in /etc/hosts only (every line that names it; local when one
 * of its addresses is).  A name /etc/hosts does not know cannot be told
 * apart without the network, and counts as local, as nfs-utils' own
 * generator orders the server before every NFS mount. */
int local_host(const char *spec);

#endif
