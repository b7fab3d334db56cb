#include "graph_order.h"

#include <string.h>

void select_with_needs(struct selection *sel, const struct component *c)
{
	int i = graph_index(c);

	if (sel->on[i])
		return;
	sel->on[i] = 1;
	reason_free(&sel->skip_why[i]);
	for (unsigned j = 0; j < graph_size; j++)
		if (graph_needs(c, &graph[j]))
			select_with_needs(sel, &graph[j]);
}

int order_selection(const struct selection *sel, int *order, int *level)
{
	int placed[MAX_COMPONENTS] = { 0 };
	int n = 0, progress = 1;

	/* Kahn's algorithm, taking the first ready component in table order
	 * so that the result is stable and matches the table's reading. */
	while (progress) {
		progress = 0;
		for (unsigned i = 0; i < graph_size; i++) {
			int ready = sel->on[i] && !placed[i], lvl = 0;

			for (unsigned j = 0; ready && j < graph_size; j++) {
				if (!sel->on[j] || !graph_before(&graph[i], &graph[j]))
					continue;
				if (!placed[j])
					ready = 0;
				else if (level[j] + 1 > lvl)
					lvl = level[j] + 1;
			}
			if (!ready)
				continue;
			placed[i] = 1;
			level[i] = lvl;
			order[n++] = (int)i;
			progress = 1;
			break;
		}
	}
	return n;
}
