/* graph_check(): the table in graph.c is data a person edits, so its
 * mistakes must be loud.  A misspelt name in needs/after would silently drop
 * an edge, a cycle would silently drop components from every plan. */
#include "graph.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int problem(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Says what is wrong; returns 1 (one problem more). */
static int problem(const char *fmt, ...)
{
	va_list ap;

	fputs("nfs-ctl: graph: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

static int check_edges(const struct component *c, const char *const *list,
		       const char *column)
{
	int bad = 0;

	for (unsigned i = 0; list[i]; i++) {
		if (!graph_find(list[i]))
			bad += problem("%s: unknown component '%s'", c->name, list[i]);
		else if (strcmp(list[i], c->name) == 0)
			bad += problem("%s: %s itself", c->name, column);
		for (unsigned j = 0; j < i; j++)
			if (strcmp(list[i], list[j]) == 0)
				bad += problem("%s: '%s' listed twice", c->name, list[i]);
	}
	return bad;
}

/* keep_peers: a directory as the daemons read it, two plain names, and a
 * component that runs again (again_arg) to read what was kept. */
static int peer_lists_ok(const struct component *c)
{
	const struct peer_lists *p = &c->keep_peers;

	return p->dir.section && p->dir.key && p->dir.dflt && p->to && c->again_arg &&
	       !strchr(p->from, '/') && !strchr(p->to, '/') && strcmp(p->from, p->to) != 0;
}

/* live_during: a daemon whose registration outlives it, else its death
 * cannot be told from a stop. */
static int live_during_ok(const struct component *c)
{
	const struct component *d = graph_find(c->live_during);

	return d && d != c && d->kind == KIND_DAEMON && d->rpcprog;
}

static int check_row(const struct component *c)
{
	int bad = check_edges(c, c->needs, "needs") + check_edges(c, c->after, "after") +
		  check_edges(c, c->wants, "wants");

	for (unsigned i = 0; c->after[i]; i++)
		for (unsigned j = 0; c->needs[j]; j++)
			if (strcmp(c->after[i], c->needs[j]) == 0)
				bad += problem("%s: '%s' in both needs and after (needs "
					       "already orders)", c->name, c->after[i]);
	if (graph_gated(c) && !c->targets)
		bad += problem("%s: gated, but a member of no target", c->name);
	if (graph_shared(c) && c->kind != KIND_DAEMON)
		bad += problem("%s: shared with the client side, but not a daemon",
			       c->name);
	if (c->ready == READY_RPC_REGISTERED && !c->rpcprog)
		bad += problem("%s: waits for its RPC program, but has none", c->name);
	if (c->ready == READY_SOCKET && !(c->socket.section && c->socket.key && c->socket.dflt))
		bad += problem("%s: waits for its socket, but has none", c->name);
	if (c->user_dir.key && !(c->user_dir.section && c->user_dir.dflt && c->kind == KIND_DAEMON))
		bad += problem("%s: a user directory without its default, or not a daemon", c->name);
	if (c->user_entry && (!c->user_dir.key || strchr(c->user_entry, '/')))
		bad += problem("%s: a user entry without its directory, or not one name", c->name);
	if (c->keep_peers.from && !peer_lists_ok(c))
		bad += problem("%s: peer lists need a directory with its default, two names, "
			       "and a repeat notice (again_arg) that reads them", c->name);
	if (c->live_during && !live_during_ok(c))
		bad += problem("%s: live_during names no daemon with an RPC program (its "
			       "registration tells that it died)", c->name);
	if (c->foreground && c->kind != KIND_DAEMON)
		bad += problem("%s: in the foreground, but not a daemon", c->name);
	if (c->if_installed && c->kind != KIND_DAEMON && c->kind != KIND_ONESHOT)
		bad += problem("%s: optional by installation, but runs no program", c->name);
	for (unsigned i = 0; i < graph_size; i++)
		for (unsigned j = 0; c->if_installed && graph[i].needs[j]; j++)
			if (strcmp(graph[i].needs[j], c->name) == 0)
				bad += problem("%s: needs %s, which may not be installed (use after)",
					       graph[i].name, c->name);
	if ((c->ready == READY_PIPE_WATCHED) != (c->upcall_pipe && strchr(c->upcall_pipe, '/')))
		bad += problem("%s: a pipe watched is ready by its upcall_pipe (DIR/PIPE), and only it",
			       c->name);
	if (graph_find(c->name) != c)
		bad += problem("%s: two rows of that name", c->name);
	return bad;
}

/* Kahn's algorithm over the whole table: what cannot be placed is in a cycle. */
static int check_cycles(void)
{
	int placed[MAX_COMPONENTS] = { 0 }, progress = 1, bad = 0;

	while (progress) {
		progress = 0;
		for (unsigned i = 0; i < graph_size; i++) {
			int ready = !placed[i];

			for (unsigned j = 0; ready && j < graph_size; j++)
				if (!placed[j] && j != i && graph_before(&graph[i], &graph[j]))
					ready = 0;
			if (ready)
				placed[i] = progress = 1;
		}
	}
	for (unsigned i = 0; i < graph_size; i++)
		if (!placed[i])
			bad += problem("%s: in a cycle of needs/after edges", graph[i].name);
	return bad;
}

/* The targets that code asks for by a column (graph.h: target_serving(),
 * target_barriered()) must be one at most, and a stop's other side a
 * target. */
static int check_targets(void)
{
	int bad = 0, serving = 0, barriered = 0;

	for (unsigned i = 0; i < graph_targets_size; i++) {
		const struct target_row *t = &graph_targets[i];

		serving += t->serves;
		barriered += t->barriers;
		if (t->shared_with && !target_find(t->shared_with)->name)
			bad += problem("target %s: shares daemons with no target", t->name);
		if (t->barriers && !t->scripts[0])
			bad += problem("target %s: barriers without a script unit", t->name);
	}
	if (serving > 1 || barriered > 1)
		bad += problem("targets: more than one serves NFS or has barriers");
	return bad;
}

int graph_check(void)
{
	int bad = 0;

	if (graph_size > MAX_COMPONENTS) {
		return problem("%u components, more than MAX_COMPONENTS (%d)",
			       graph_size, MAX_COMPONENTS); /* the checks below index arrays of that size */
	}
	for (unsigned i = 0; i < graph_size; i++)
		bad += check_row(&graph[i]);
	return bad + check_cycles() + check_targets();
}
