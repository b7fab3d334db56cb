/* A plan: the ordered steps one action on one target takes.  `nfs-ctl plan`
 * prints it; the sysv runner executes it; nothing else decides order. */
#ifndef NFSCTL_PLAN_H
#define NFSCTL_PLAN_H

#include "action.h"
#include "ctx.h"
#include "graph.h"
#include "graph_order.h"
#include "proc.h"
#include "strv.h"

enum verb {
	V_CHECK,  /* external service must be up (rpcbind) */
	V_MOUNT,  /* mount a kernel file system unless mounted */
	V_START,  /* start a forking daemon unless running, wait until ready */
	V_RUN,    /* run a command to completion */
	V_STOP,   /* TERM (then KILL) the component's daemon */
	V_SKIP,   /* shown in the plan only: not wanted by configuration */
};

struct step {
	const struct component *c;
	enum verb verb;
	struct strv argv;   /* argv[0] is the resolved path when installed */
	int missing;        /* program not installed */
	int level;          /* steps of one level may run in parallel */
	const char *note;   /* a remark (which of two programs, and why) */
	struct reason why;  /* V_SKIP: why left out, owned by the step */
	struct strv fallback; /* run when argv fails (empty: none) */
	struct proc_setup setup; /* nice increment and host name of its command
				  * (fallback too) */
};

/* What a plan does.  The LSB actions are made of these (restart: a stop
 * plan, then a start plan). */
enum plan_kind {
	PLAN_START,
	PLAN_STOP,
	PLAN_RELOAD, /* the reload commands; runs even while nfsd serves */
};

struct plan {
	struct step *steps;
	size_t n, cap;
	enum plan_kind kind;
	struct scope scope;  /* a target, or one component (scope.target 0) */
	struct selection sel;
};

/* Builds the plan of KIND on SCOPE, which plan_free() frees (after a
 * failure there is nothing to free).  A reload plan holds the reload
 * commands of the scope's members (none: nothing to reload).  Returns 0,
 * or -1 for a cycle in the graph (error printed). */
int plan_build(struct ctx *ctx, enum plan_kind kind, const struct scope *scope,
	       struct plan *out);
/* "start", "stop", "reload": the plan's word in messages and `plan`. */
const char *plan_kind_name(enum plan_kind kind);
void plan_free(struct plan *p);
/* The argv of component C's start command, from the graph and settings. */
void plan_start_argv(struct ctx *ctx, const struct component *c,
		     struct strv *argv, int *missing);
/* When C's start (STOP: its stop) is a newer program that may fail where
 * the older one works, the older one's argv (nfsd: `nfsdctl autostart`,
 * else rpc.nfsd) and why; 0 when there is no fallback. */
int plan_fallback_argv(struct ctx *ctx, const struct component *c, int stop,
		       struct strv *argv, const char **why);
const char *verb_name(enum verb v);
/* [general] pipefs-directory, or its default. */
const char *pipefs_dir(const struct ctx *ctx);
void plan_print_text(const struct plan *p);
void graph_print_dot(struct ctx *ctx, const struct plan *p);

#endif
