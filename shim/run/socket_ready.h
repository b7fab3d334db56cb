/* Readiness READY_SOCKET: a daemon that serves on an AF_UNIX socket is
 * ready once a connection to it succeeds (fsidd: what rpc.mountd
 * connects to). */
#ifndef NFSCTL_SOCKET_READY_H
#define NFSCTL_SOCKET_READY_H

#include "ctx.h"
#include "graph.h"

/* C's socket as configured (nfs.conf, else the column's default); "@..."
 * is the abstract namespace, anything else a file under --root.  Newly
 * allocated. */
char *socket_ready_path(const struct ctx *ctx, const struct component *c);
/* Does a connection to C's socket succeed now?  The connection is closed
 * at once (fsidd drops a client that sends nothing). */
int socket_ready(const struct ctx *ctx, const struct component *c);

#endif
