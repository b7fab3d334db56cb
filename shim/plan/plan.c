#include "plan.h"
#include "boot_enabled.h"
#include "daemon_args.h"
#include "log.h"
#include "paths.h"
#include "policy.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

static struct step *add_step(struct plan *p, const struct component *c,
			     enum verb verb, int level)
{
	struct step *s;

	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 16;
		p->steps = xrealloc(p->steps, p->cap * sizeof(*p->steps));
	}
	s = &p->steps[p->n++];
	memset(s, 0, sizeof(*s));
	s->c = c;
	s->verb = verb;
	s->level = level;
	strv_init(&s->argv);
	strv_init(&s->fallback);
	return s;
}

static void step_free(struct step *s)
{
	strv_free(&s->argv);
	strv_free(&s->fallback);
	reason_free(&s->why);
}

/* First word of WORDS is a program: resolve it, keep the rest as is. */
static void add_command(struct strv *argv, const char *words, int *missing)
{
	struct strv w;
	char *path;

	strv_init(&w);
	strv_add_words(&w, words);
	path = find_program(w.v[0]);
	*missing = path == NULL;
	strv_add(argv, path ? path : w.v[0]);
	for (size_t i = 1; i < w.n; i++)
		strv_add(argv, w.v[i]);
	free(path);
	strv_free(&w);
}

const char *pipefs_dir(const struct ctx *ctx)
{
	const char *d = settings_get(&ctx->settings, "general", "pipefs-directory");

	return d && *d ? d : "/var/lib/nfs/rpc_pipefs";
}

static void mount_argv(struct ctx *ctx, const struct component *c,
		       struct strv *argv, int *missing)
{
	struct strv w;
	char *where;

	strv_init(&w);
	strv_add_words(&w, c->start); /* "FSTYPE MOUNTPOINT" */
	where = path_in_root(c->conf_path ? pipefs_dir(ctx) : w.v[1]);
	add_command(argv, "mount", missing);
	strv_add(argv, "-t");
	strv_add(argv, w.v[0]);
	/* the operands are never options, whatever the configuration says */
	strv_add(argv, "--");
	strv_add(argv, w.v[0]);
	strv_add(argv, where);
	free(where);
	strv_free(&w);
}

/* The graph's start_alt (nfs-utils 2.8.1+: `nfsdctl autostart`) reads
 * nfs.conf itself; options from legacy files or --set still need the
 * classic command.  WHY (when not NULL) says which path and why, for the
 * plan. */
static int use_alt(const struct component *c, const struct strv *config_args,
		   const char **why)
{
	int have = c->start_alt && program_installed(c->start_alt);
	int yes = have && config_args->n == 0;

	if (why)
		*why = !have ? NULL
		     : yes ? "nfsdctl installed; rpc.nfsd if it fails (as on kernels before 6.15: "
			     "\"lockd configuration failure\"; and with nfs-utils 3.1.1 on "
			     "Linux 7.2: \"Invalid argument\")"
			   : "nfsdctl installed, but options from a legacy file need rpc.nfsd";
	return yes;
}

int plan_fallback_argv(struct ctx *ctx, const struct component *c, int stop,
		       struct strv *argv, const char **why)
{
	struct strv extra;
	int missing = 0, use;

	if (!c->start_alt)
		return 0;
	strv_init(&extra);
	daemon_args(&ctx->settings, c, &extra);
	use = use_alt(c, &extra, why);
	if (use && stop) {
		add_command(argv, c->stop, &missing);
	} else if (use) {
		add_command(argv, c->start, &missing);
		for (size_t i = 0; i < extra.n; i++)
			strv_add(argv, extra.v[i]);
	}
	strv_free(&extra);
	return use && !missing;
}

void plan_start_argv(struct ctx *ctx, const struct component *c,
		     struct strv *argv, int *missing)
{
	struct strv extra;

	if (c->kind == KIND_MOUNT) {
		mount_argv(ctx, c, argv, missing);
		return;
	}
	strv_init(&extra);
	daemon_args(&ctx->settings, c, &extra);
	if (use_alt(c, &extra, NULL))
		add_command(argv, c->start_alt, missing);
	else
		add_command(argv, c->start, missing);
	for (size_t i = 0; i < extra.n; i++)
		strv_add(argv, extra.v[i]);
	strv_free(&extra);
}

static void stop_commands(struct ctx *ctx, struct plan *p, const struct component *c, int level)
{
	char *cmds, *save = NULL;

	if (c->stop_alt) {
		struct step *s = add_step(p, c, V_RUN, level);
		int alt = plan_fallback_argv(ctx, c, 1, &s->fallback, &s->note);

		add_command(&s->argv, alt ? c->stop_alt : c->stop, &s->missing);
		return;
	}
	cmds = xstrdup(c->stop);
	for (char *cmd = strtok_r(cmds, ";", &save); cmd; cmd = strtok_r(NULL, ";", &save)) {
		struct step *s = add_step(p, c, V_RUN, level);

		add_command(&s->argv, cmd, &s->missing);
	}
	free(cmds);
}

static void add_start_step(struct ctx *ctx, struct plan *p,
			   const struct component *c, int level)
{
	static const enum verb by_kind[] = {
		[KIND_EXTERNAL] = V_CHECK, [KIND_MOUNT] = V_MOUNT,
		[KIND_DAEMON] = V_START, [KIND_ONESHOT] = V_RUN,
	};
	struct step *s = add_step(p, c, by_kind[c->kind], level);

	if (c->kind != KIND_EXTERNAL)
		plan_start_argv(ctx, c, &s->argv, &s->missing);
	plan_fallback_argv(ctx, c, 0, &s->fallback, &s->note);
	policy_setup(ctx, c, &s->setup);
}

static void add_stop_step(struct ctx *ctx, struct plan *p, const struct component *c, int level)
{
	struct step *s;

	if (c->kind == KIND_EXTERNAL || c->kind == KIND_MOUNT || c->once_per_boot)
		return;
	if (c->kind == KIND_ONESHOT) {
		if (c->stop)
			stop_commands(ctx, p, c, level);
		return;
	}
	s = add_step(p, c, V_STOP, level);
	add_command(&s->argv, c->start, &s->missing);
	/* only the program: the fixed arguments say nothing about stopping */
	while (s->argv.n > 1) {
		free(s->argv.v[--s->argv.n]);
		s->argv.v[s->argv.n] = NULL;
	}
}

/* Members of TARGET that configuration wants, with what they need.
 * The enablement targets (secure, blkmap) are themselves the wish. */
static void select_target(struct ctx *ctx, struct plan *p, int starting)
{
	int services = target_find(p->scope.target)->services;
	int gate = starting && services;

	for (unsigned i = 0; i < graph_size; i++) {
		const struct component *c = &graph[i];
		struct reason *why = &p->sel.skip_why[i];

		/* a stop also considers the daemons clients share (statd comes
		 * on demand, not with a target); the runner spares them while
		 * still needed */
		int shared = !starting && graph_shared(c) && services;

		if (!(c->targets & p->scope.target) && !shared)
			continue;
		/* older nfs-utils lack it (graph: if_installed) */
		if (starting && c->if_installed && !program_installed(c->start)) {
			reason_at(why, NULL, 0, "%s", c->if_installed);
			continue;
		}
		if (gate && graph_gated(c) && !policy_wants(ctx, p->scope.target, c, why)) {
			if (!why->text)
				reason_at(why, NULL, 0, "not wanted by configuration");
			continue;
		}
		/* a wanted member's reason says nothing the plan shows */
		reason_free(why);
		if (starting)
			select_with_needs(&p->sel, c);
		else
			p->sel.on[i] = 1;
	}
}

/* sm-notify runs once per boot.  Under sysvinit the client's script runs
 * in rcS, long before the server's (under runit-init, stage 1 runs it
 * before runsvdir starts the server's service): if the client ran it,
 * peers would be told to reclaim their locks before nfsd serves, and the
 * server's own run would find it already done.  (systemd orders
 * rpc-statd-notify.service after nfs-server.service instead.) */
static void defer_once_per_boot(struct ctx *ctx, struct plan *p,
				const struct component *notify)
{
	int i = graph_index(notify);

	/* an NFSv4-only server does not notify: the client still must */
	unsigned server = target_serving()->target;

	if (!p->sel.on[i] || !(notify->targets & server) || !boot_enabled(target_serving()->scripts) ||
	    !policy_wants(ctx, server, notify, NULL))
		return;
	p->sel.on[i] = 0;
	reason_at(&p->sel.skip_why[i], NULL, 0, "left to the server's start, once nfsd serves");
	for (size_t j = 0; j < p->n; j++)
		if (p->steps[j].c == notify) {
			step_free(&p->steps[j]);
			memmove(&p->steps[j], &p->steps[j + 1], (p->n - j - 1) * sizeof(*p->steps));
			p->n--;
			j--;
		}
}

static int selected_count(const struct selection *sel)
{
	int n = 0;

	for (unsigned i = 0; i < graph_size; i++)
		n += sel->on[i] != 0;
	return n;
}

/* A reload: the reload command of each member that has one (graph:
 * reload), or of the one component; nothing else is touched. */
static void reload_steps(struct ctx *ctx, struct plan *p, const struct component *one)
{
	for (unsigned i = 0; i < graph_size; i++) {
		const struct component *c = &graph[i];
		struct step *s;

		if (!c->reload || (one ? c != one : !(c->targets & p->scope.target)))
			continue;
		if (!one && graph_gated(c) && !policy_wants(ctx, p->scope.target, c, NULL))
			continue;
		s = add_step(p, c, V_RUN, 0);
		add_command(&s->argv, c->reload, &s->missing);
	}
}

int plan_build(struct ctx *ctx, enum plan_kind kind, const struct scope *scope,
	       struct plan *out)
{
	int order[MAX_COMPONENTS], level[MAX_COMPONENTS], n, maxlevel = 0;
	int starting = kind != PLAN_STOP;

	memset(out, 0, sizeof(*out));
	out->kind = kind;
	out->scope = *scope;
	if (kind == PLAN_RELOAD) {
		reload_steps(ctx, out, scope->one);
		return 0;
	}
	if (scope->target) {
		select_target(ctx, out, starting);
	} else if (starting) {
		select_with_needs(&out->sel, scope->one);
	} else {
		out->sel.on[graph_index(scope->one)] = 1;
	}
	n = order_selection(&out->sel, order, level);
	if (n != selected_count(&out->sel)) {
		/* graph_check() reports the cycle; never a silently short plan */
		log_error("%s %s: the component graph has a cycle (nfs-ctl graph --check)",
			  plan_kind_name(kind), scope->name);
		plan_free(out);
		return -1;
	}
	for (int i = 0; i < n; i++)
		if (level[order[i]] > maxlevel)
			maxlevel = level[order[i]];
	for (int i = 0; i < n; i++) {
		if (starting) {
			add_start_step(ctx, out, &graph[order[i]], level[order[i]]);
		} else {
			int j = order[n - 1 - i];

			add_stop_step(ctx, out, &graph[j], maxlevel - level[j]);
		}
	}
	for (unsigned i = 0; starting && target_find(scope->target)->mounts && i < graph_size; i++)
		if (graph[i].once_per_boot)
			defer_once_per_boot(ctx, out, &graph[i]);
	for (unsigned i = 0; starting && i < graph_size; i++)
		if (out->sel.skip_why[i].text)
			reason_copy(&add_step(out, &graph[i], V_SKIP, -1)->why, &out->sel.skip_why[i]);
	return 0;
}

void plan_free(struct plan *p)
{
	for (size_t i = 0; i < p->n; i++)
		step_free(&p->steps[i]);
	for (unsigned i = 0; i < graph_size; i++)
		reason_free(&p->sel.skip_why[i]);
	free(p->steps);
	memset(p, 0, sizeof(*p));
}

const char *plan_kind_name(enum plan_kind kind)
{
	static const char *const names[] = {
		[PLAN_START] = "start", [PLAN_STOP] = "stop", [PLAN_RELOAD] = "reload",
	};

	return names[kind];
}

const char *verb_name(enum verb v)
{
	static const char *const names[] = {
		[V_CHECK] = "check", [V_MOUNT] = "mount", [V_START] = "start",
		[V_RUN] = "run", [V_STOP] = "stop", [V_SKIP] = "skip",
	};

	return names[v];
}
