/* Asking rpcbind which RPC programs are registered.  Readiness of statd and
 * mountd, and the promise start-statd makes to mount.nfs, rest on this. */
#ifndef NFSCTL_RPCBIND_QUERY_H
#define NFSCTL_RPCBIND_QUERY_H

/* 1 registered, 0 not registered, -1 rpcbind not reachable. */
int rpcbind_registered(unsigned long prog);
/* The versions of PROG registered (each once, at most MAX in VERS):
 * the count, or -1 when rpcbind is not reachable. */
int rpcbind_versions(unsigned long prog, unsigned long *vers, int max);
/* Does a registered address of PROG answer a NULL call?  A registration
 * outlives a daemon killed with SIGKILL: this tells a live one.  1 yes,
 * 0 no, -1 rpcbind not reachable. */
int rpcbind_answers(unsigned long prog);

#endif
