/* systemd mode: the action is systemd's job; nfs-ctl only names the unit. */
#ifndef NFSCTL_RUN_SYSTEMD_H
#define NFSCTL_RUN_SYSTEMD_H

#include "action.h"
#include "ctx.h"
#include "graph.h"
#include "strv.h"

/* Touched by the generator each time it runs. */
#define GENERATOR_STAMP "/run/nfs-ctl/generator.stamp"

int systemd_action(struct ctx *ctx, enum action action, const struct scope *what);
/* Runs `systemctl ARGS...` and returns its exit code (-1: not runnable). */
int systemctl(struct ctx *ctx, const char *const *args);
/* `systemctl show --property=PROP --value UNIT` into BUF (its first line,
 * without the newline).  0, or -1 when systemctl could not answer. */
int systemctl_show(struct ctx *ctx, const char *unit, const char *prop, char *buf, size_t len);
/* Asks systemd to start C's unit (over the bus, else systemctl), WHO
 * naming the asker in the messages.  LSB_OK also when the request's fate
 * is unknown while the unit did not fail: its registration decides
 * (daemon_wait_registered).  An error when systemd refused or the unit
 * failed (said). */
int systemd_start_one(struct ctx *ctx, const struct component *c, const char *who);

#endif
