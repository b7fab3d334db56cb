/* Keeping the NFSv3 peers a restart must tell (graph: keep_peers). */
#ifndef NFS_CTL_PEERS_KEEP_H
#define NFS_CTL_PEERS_KEEP_H
#include "ctx.h"
#include "graph.h"

/* Before STOPPING stops: for every component whose keep_peers column is
 * set and that runs after STOPPING (sm-notify after nfsd), each record of
 * its monitor list that its notify list lacks is copied there, with the
 * record's owner and mode.  Stopping nfsd takes lockd down, and Linux
 * 6.12's lockd unmonitors its clients as it goes (statd then deletes
 * their records), so the repeat notice after the restart (again_arg,
 * sm-notify -f) would find nobody to tell.  Copies only: statd's own list
 * is left as it is.  Never fails the stop; returns the records copied. */
int peers_keep(const struct ctx *ctx, const struct component *stopping);

#endif
