/* Keeping the NFSv3 peers a restart must tell (graph: keep_peers). */
#ifndef NFS_CTL_PEERS_KEEP_H
#define NFS_CTL_PEERS_KEEP_H
#include "ctx.h"
#include "graph.h"

#include <stddef.h>
#include <sys/types.h>

/* Before STOPPING stops: for every component whose keep_peers column is
 * set and that runs after STOPPING (sm-notify after nfsd), each record of
 * its monitor list that its notify list lacks is copied there, with the
 * record's owner and mode.  Stopping nfsd takes lockd down, and Linux
 * 6.12's lockd unmonitors its clients as it goes (statd then deletes
 * their records), so the repeat notice after the restart (again_arg,
 * sm-notify -f) would find nobody to tell.  Copies only: statd's own list
 * is left as it is.  Never fails the stop; returns the records copied. */
int peers_keep(const struct ctx *ctx, const struct component *stopping);

/* One record of a peer list, as read: its bytes, owner and mode. */
struct peer_record {
	char *name, *bytes;
	size_t len;
	uid_t uid;
	gid_t gid;
	mode_t mode;
};

/* The monitor list as it was before a repeat notice (peers_hold). */
struct peers_held {
	struct peer_record *v;
	size_t n;
};

/* sm-notify moves every record of the monitor list to the notify list
 * before it tells, and deletes each one it told.  For the records of an
 * earlier boot that is what must happen: this boot's lockd never
 * monitored those peers.  A record written this boot names a peer that
 * lockd monitors now, through statd, and may go on monitoring across an
 * nfsd restart (Linux keeps its host entry when a client still holds a
 * lock: "lockd: couldn't shutdown host module"); asked again for that
 * peer with the same cookie, statd answers "already monitored" and never
 * writes the record again.  The next restart then has nobody to keep and
 * tells nobody: that peer's NFSv3 locks are lost in silence (the soak,
 * docs/robustness.md; a repeat after lockd restarted, and a start after
 * the Pacemaker agent's stop, which clears the once-per-boot marks).  So
 * every notice runs between these two: the records of C's monitor list
 * written this boot are held before it (peers_hold: HELD is empty for a
 * component without keep_peers), and those the notice took are written
 * back after it (peers_put_back, which frees HELD; a failure is a warning,
 * the notice went out).  A record that lockd creates between the two
 * reads is not held; the window is sm-notify's own start. */
void peers_hold(const struct ctx *ctx, const struct component *c, struct peers_held *held);
int peers_put_back(const struct ctx *ctx, const struct component *c, struct peers_held *held);

#endif
