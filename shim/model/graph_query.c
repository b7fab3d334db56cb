/* Questions asked of the graph (graph.c holds only the data). */
#include "graph.h"

#include <stdio.h>
#include <string.h>

const struct component *graph_find(const char *name)
{
	for (unsigned i = 0; i < graph_size; i++)
		if (strcmp(graph[i].name, name) == 0)
			return &graph[i];
	return NULL;
}

const struct component *graph_find_unit(const char *unit)
{
	for (unsigned i = 0; i < graph_size; i++)
		if (strcmp(graph[i].unit, unit) == 0)
			return &graph[i];
	return NULL;
}

int graph_index(const struct component *c)
{
	return (int)(c - graph);
}

static int edge_list_has(const char *const *list, const char *name)
{
	for (; *list; list++)
		if (strcmp(*list, name) == 0)
			return 1;
	return 0;
}

int graph_needs(const struct component *a, const struct component *b)
{
	return edge_list_has(a->needs, b->name);
}

int graph_before(const struct component *a, const struct component *b)
{
	return edge_list_has(a->needs, b->name) || edge_list_has(a->after, b->name);
}

const struct component *graph_first(int (*pred)(const struct component *))
{
	for (unsigned i = 0; i < graph_size; i++)
		if (pred(&graph[i]))
			return &graph[i];
	return NULL;
}

static int counts_kernel_threads(const struct component *c)
{
	return c->ready == READY_NFSD_THREADS;
}

const struct component *graph_nfsd(void)
{
	return graph_first(counts_kernel_threads);
}

static int monitors_locks(const struct component *c)
{
	return c->client_use == CLIENT_USE_LOCKING && c->kind == KIND_DAEMON;
}

const struct component *graph_statd(void)
{
	return graph_first(monitors_locks);
}

unsigned target_from_name(const char *name)
{
	for (unsigned i = 0; i < graph_targets_size; i++)
		if (strcmp(graph_targets[i].name, name) == 0)
			return graph_targets[i].target;
	return 0;
}

const char *target_names(void)
{
	static char list[128];

	if (!list[0])
		for (unsigned i = 0; i < graph_targets_size; i++)
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
				 i ? " " : "", graph_targets[i].name);
	return list;
}

const struct target_row *target_find(unsigned target)
{
	static const struct target_row none = { 0 };

	for (unsigned i = 0; i < graph_targets_size; i++)
		if (graph_targets[i].target == target)
			return &graph_targets[i];
	return &none;
}

const char *target_name(unsigned target)
{
	return target_find(target)->name;
}

const char *target_unit(unsigned target)
{
	return target_find(target)->unit;
}

const char *target_noun(unsigned target)
{
	return target_find(target)->noun;
}

const char *const *target_scripts(unsigned target)
{
	return target_find(target)->scripts;
}

const struct target_row *target_first(int (*pred)(const struct target_row *))
{
	for (unsigned i = 0; i < graph_targets_size; i++)
		if (pred(&graph_targets[i]))
			return &graph_targets[i];
	return NULL;
}

static int serves(const struct target_row *t)
{
	return t->serves;
}

const struct target_row *target_serving(void)
{
	return target_first(serves);
}

static int barriered(const struct target_row *t)
{
	return t->barriers;
}

const struct target_row *target_barriered(void)
{
	return target_first(barriered);
}
