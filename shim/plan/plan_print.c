/* Showing a plan to people: the ordered steps as text, or the graph as dot. */
#include "plan.h"

#include <stdio.h>
#include <stdlib.h>

static void print_skip(const struct step *s)
{
	char *why = reason_sentence(&s->why);

	printf(" -  %-5s  %-9s  (%s)\n", verb_name(s->verb), s->c->name, why);
	free(why);
}

static void print_step(size_t num, const struct step *s)
{
	char *cmd = strv_join_display(&s->argv);

	if (s->verb == V_SKIP)
		print_skip(s);
	else if (s->verb == V_CHECK)
		printf("%2zu  %-5s  %-9s  registered with rpcbind (program %lu)\n",
		       num, verb_name(s->verb), s->c->name, s->c->rpcprog);
	else
		printf("%2zu  %-5s  %-9s  %s%s\n", num, verb_name(s->verb), s->c->name,
		       cmd, s->missing ? "  (not installed)" : "");
	free(cmd);
	if (s->fallback.n) {
		cmd = strv_join_display(&s->fallback);
		printf("    %-5s  %-9s  %s  (if it fails)\n", "or", "", cmd);
		free(cmd);
	}
	/* which of two programs, and why */
	if (s->note)
		printf("    %-5s  %-9s  # %s\n", "", "", s->note);
	if (s->setup.nice)
		printf("    %-5s  %-9s  # at nice increment %d\n", "", "", s->setup.nice);
	if (s->setup.host_name)
		printf("    %-5s  %-9s  # under host name %s ([%s] %s), in a UTS namespace\n", "", "",
		       s->setup.host_name, s->c->host_name.section, s->c->host_name.key);
}

void plan_print_text(const struct plan *p)
{
	size_t num = 0;

	printf("# %s %s\n", plan_kind_name(p->kind), p->scope.name);
	for (size_t i = 0; i < p->n; i++)
		print_step(p->steps[i].verb == V_SKIP ? 0 : ++num, &p->steps[i]);
}

void graph_print_dot(struct ctx *ctx, const struct plan *p)
{
	(void)ctx;
	printf("digraph nfs {\n\trankdir=LR;\n\tnode [shape=box];\n");
	for (unsigned i = 0; i < graph_size; i++) {
		const char *style = "";

		if (p && p->sel.on[i])
			style = ", style=bold";
		else if (p && p->sel.skip_why[i].text)
			style = ", style=dashed, color=grey";
		printf("\t\"%s\" [label=\"%s\\n%s\"%s];\n", graph[i].name,
		       graph[i].name, graph[i].unit, style);
	}
	/* an edge points from what comes first to what follows */
	for (unsigned i = 0; i < graph_size; i++)
		for (unsigned j = 0; j < graph_size; j++) {
			if (graph_needs(&graph[i], &graph[j]))
				printf("\t\"%s\" -> \"%s\";\n", graph[j].name, graph[i].name);
			else if (graph_before(&graph[i], &graph[j]))
				printf("\t\"%s\" -> \"%s\" [style=dashed];\n",
				       graph[j].name, graph[i].name);
		}
	printf("}\n");
}
