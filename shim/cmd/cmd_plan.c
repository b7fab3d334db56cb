/* `nfs-ctl plan ACTION TARGET` and `nfs-ctl graph`: the whole picture at
 * once, without doing anything. */
#include "commands.h"
#include "log.h"
#include "lsb.h"
#include "plan.h"

#include <stdio.h>
#include <string.h>

int cmd_plan(struct ctx *ctx, int argc, char **argv)
{
	const char *format = "text", *action = NULL, *what = NULL;
	enum action a;
	struct scope scope;
	struct plan p;

	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "--format=", 9) == 0)
			format = argv[i] + 9;
		else if (!action)
			action = argv[i];
		else if (!what)
			what = argv[i];
		else
			what = NULL, action = NULL, i = argc;
	}
	if (graph_check() != 0)
		return LSB_ERR_GENERIC;
	if (!action || !what || (strcmp(format, "text") && strcmp(format, "dot"))) {
		log_error("usage: nfs-ctl plan start|stop TARGET|COMPONENT [--format=text|dot]");
		return LSB_ERR_ARGS;
	}
	if (action_parse(action, &a) < 0 || (a != ACT_START && a != ACT_STOP)) {
		log_error("plan: action must be start or stop (restart is stop then start)");
		return LSB_ERR_ARGS;
	}
	if (scope_parse(what, &scope) < 0) {
		log_error("unknown target or component '%s'", what);
		return LSB_ERR_ARGS;
	}
	if (plan_build(ctx, a == ACT_STOP ? PLAN_STOP : PLAN_START, &scope, &p) < 0)
		return LSB_ERR_ARGS;
	if (!strcmp(format, "dot"))
		graph_print_dot(ctx, &p);
	else
		plan_print_text(&p);
	plan_free(&p);
	return LSB_OK;
}

/* `graph --list[=WHAT]`: names one a line, for tests and completion:
 * the components (default), the targets, or the units of both (what
 * `units` writes, rpcbind's own socket included). */
static int list_names(const char *what)
{
	if (!strcmp(what, "components")) {
		for (unsigned i = 0; i < graph_size; i++)
			puts(graph[i].name);
	} else if (!strcmp(what, "targets")) {
		for (unsigned i = 0; i < graph_targets_size; i++)
			puts(graph_targets[i].name);
	} else if (!strcmp(what, "units")) {
		for (unsigned i = 0; i < graph_size; i++)
			puts(graph[i].unit);
		for (unsigned i = 0; i < graph_targets_size; i++)
			puts(graph_targets[i].unit);
	} else {
		log_error("graph --list=%s: expected components, targets or units", what);
		return LSB_ERR_ARGS;
	}
	return LSB_OK;
}

/* `graph`: the whole graph as dot; `graph --list`: names, one a line
 * (tests, completion); `graph --check`: graph_check(). */
int cmd_graph(struct ctx *ctx, int argc, char **argv)
{
	if (argc == 1 && strcmp(argv[0], "--check") == 0)
		return graph_check() ? LSB_ERR_GENERIC : LSB_OK;
	if (argc == 1 && strcmp(argv[0], "--list") == 0)
		return list_names("components");
	if (argc == 1 && strncmp(argv[0], "--list=", 7) == 0)
		return list_names(argv[0] + 7);
	if (argc) {
		log_error("usage: nfs-ctl graph [--list[=components|targets|units] | --check]");
		return LSB_ERR_ARGS;
	}
	graph_print_dot(ctx, NULL);
	return LSB_OK;
}
