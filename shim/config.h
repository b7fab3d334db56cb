/* Loading every configuration source into ctx->settings, lowest precedence
 * first: built-in defaults, nfs.conf (+ includes, conf.d), the distribution's
 * legacy file(s).  Command-line settings are added by main afterwards. */
#ifndef NFSCTL_CONFIG_H
#define NFSCTL_CONFIG_H

#include "ctx.h"

/* Returns 0, or -1 when a source is malformed (errors already printed with
 * file:line).  Settings that were read stay usable either way. */
int config_load(struct ctx *ctx);

#endif
