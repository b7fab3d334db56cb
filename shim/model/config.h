/* Loading every configuration source into ctx->settings, lowest precedence
 * first: built-in defaults, nfs.conf (+ includes, conf.d), the distribution's
 * legacy file(s).  Command-line settings are added by main afterwards. */
#ifndef NFSCTL_CONFIG_H
#define NFSCTL_CONFIG_H

#include "ctx.h"

/* Returns 0, or -1 when a source is malformed (errors already printed with
 * file:line).  Settings that were read stay usable either way. */
int config_load(struct ctx *ctx);
/* Checks the values nfs-ctl itself uses once every source (--set
 * included) is in: a bad one is an error naming FILE:LINE where it was
 * set (counted in s->errors) and is dropped, so that a command that must
 * still run (stop, the generator) falls back to the built-in default. */
void config_check(struct settings *s);

#endif
