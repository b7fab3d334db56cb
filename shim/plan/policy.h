/* Which optional components the configuration wants.  The graph says what
 * a target may contain; policy says what this machine's configuration
 * enables (NFSv4-only, Kerberos, pNFS block layout...). */
#ifndef NFSCTL_POLICY_H
#define NFSCTL_POLICY_H

#include "ctx.h"
#include "proc.h"
#include "graph.h"
#include "reason.h"

/* Returns 1 if component C should run for TARGET (one bit of enum target,
 * as the command line's scope or the generator's target row has it: a
 * rule is per target by nature, e.g. svcgssd is the server's).  *WHY is
 * overwritten (never freed first) with what decided and the setting's
 * FILE:LINE, for the plan and doctor (empty when there is nothing to
 * say); the caller frees it with reason_free().  WHY may be NULL. */
int policy_wants(const struct ctx *ctx, unsigned target,
		 const struct component *c, struct reason *why);
/* The file whose existence decides C for TARGET at each start rather than
 * now, or NULL when the configuration decides: the keytab, for gssd and
 * the rpcgss module when nothing but the keytab says Kerberos.  Under
 * systemd the generator wants such a unit and makes the file its
 * ConditionPathExists=, as upstream's units do, so a keytab installed
 * after boot counts at the next start.  The path as configured (not
 * under --root); the caller frees it. */
char *policy_start_condition(const struct ctx *ctx, unsigned target,
			     const struct component *c);
/* NFSv2 and NFSv3 both disabled for the server. */
int policy_v4_only(const struct ctx *ctx);
/* Whether the server offers NFS version VERS ("2", "3", "4"), reading
 * nfs.conf's [nfsd] versN and -N/-V in legacy rpc.nfsd options. */
int policy_nfs_version_enabled(const struct ctx *ctx, const char *vers);
/* The same, and the setting that decided it (NULL: rpc.nfsd's default). */
int policy_nfs_version_decided(const struct ctx *ctx, const char *vers,
			       const struct setting **decided);
/* How C's start command runs (graph: nice_key, host_name): the nice(2)
 * increment (e.g. Debian's RPCNFSDPRIORITY for rpc.nfsd), 0 when it has
 * none or it is unset (config_check refuses a value outside -20..19); the
 * host name of its UTS namespace ([nfsd] scope), NULL when unset or empty.
 * OUT points into CTX's settings. */
void policy_setup(const struct ctx *ctx, const struct component *c, struct proc_setup *out);

#endif
