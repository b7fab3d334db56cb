/* systemd mode: the action is systemd's job; nfs-ctl only names the unit. */
#ifndef NFSCTL_RUN_SYSTEMD_H
#define NFSCTL_RUN_SYSTEMD_H

#include "action.h"
#include "ctx.h"
#include "strv.h"

/* Touched by the generator each time it runs. */
#define GENERATOR_STAMP "/run/nfs-ctl/generator.stamp"

int systemd_action(struct ctx *ctx, enum action action, const struct scope *what);
/* Runs `systemctl ARGS...` and returns its exit code (-1: not runnable). */
int systemctl(struct ctx *ctx, const char *const *args);
/* `systemctl show --property=PROP --value UNIT` into BUF (its first line,
 * without the newline).  0, or -1 when systemctl could not answer. */
int systemctl_show(struct ctx *ctx, const char *unit, const char *prop, char *buf, size_t len);

#endif
