/* Which init system runs this machine. */
#ifndef NFSCTL_INITSYS_H
#define NFSCTL_INITSYS_H

#include "ctx.h"

/* sd_booted(): systemd is PID 1 iff /run/systemd/system/ exists. */
int initsys_systemd_booted(void);
/* ctx->init, or the detected one when it is INIT_AUTO. */
enum init_mode initsys_mode(const struct ctx *ctx);

#endif
