/* Entry points of nfs-ctl's commands.  Each returns the process exit code
 * (LSB codes for init-script actions, see lsb.h).  ARGV holds the words
 * after the command name; global options were consumed by main. */
#ifndef NFSCTL_COMMANDS_H
#define NFSCTL_COMMANDS_H

#include "action.h"
#include "ctx.h"

/* ACTION parsed by main.c; ARGV: the target or component */
int cmd_action(struct ctx *ctx, enum action action, int argc, char **argv);
int cmd_exec(struct ctx *ctx, int argc, char **argv);
int cmd_plan(struct ctx *ctx, int argc, char **argv);
int cmd_graph(struct ctx *ctx, int argc, char **argv);
int cmd_start_statd(struct ctx *ctx, int argc, char **argv);
int cmd_units(struct ctx *ctx, int argc, char **argv);
int cmd_config(struct ctx *ctx, int argc, char **argv);
int cmd_env(struct ctx *ctx, int argc, char **argv);
int cmd_generator(struct ctx *ctx, int argc, char **argv);
int cmd_doctor(struct ctx *ctx, int argc, char **argv);
/* The foreground mode for containers and supervisors (cmd_run.c). */
int cmd_run(struct ctx *ctx, int argc, char **argv);
/* `status` without a target (cmd_status.c). */
int status_every_target(struct ctx *ctx);

#endif
