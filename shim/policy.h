/* Which optional components the configuration wants.  The graph says what
 * a target may contain; policy says what this machine's configuration
 * enables (NFSv4-only, Kerberos, pNFS block layout...). */
#ifndef NFSCTL_POLICY_H
#define NFSCTL_POLICY_H

#include "ctx.h"

/* Returns 1 if COMPONENT should run for TARGET ("server", "client").
 * *why receives a short static explanation for the plan output. */
int policy_wants(const struct ctx *ctx, const char *target,
		 const char *component, const char **why);
/* NFSv2 and NFSv3 both disabled for the server. */
int policy_v4_only(const struct ctx *ctx);

#endif
