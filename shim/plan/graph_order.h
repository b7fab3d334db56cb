/* Choosing components for a request and putting them in start order. */
#ifndef NFSCTL_GRAPH_ORDER_H
#define NFSCTL_GRAPH_ORDER_H

#include "graph.h"
#include "reason.h"

struct selection {
	int on[MAX_COMPONENTS];   /* selected: will be acted upon */
	struct reason skip_why[MAX_COMPONENTS]; /* member left out (text set),
						 * and why; the owner frees */
};

/* Adds C and everything it needs, transitively. */
void select_with_needs(struct selection *sel, const struct component *c);
/* Start order of the selected components: needs and after edges, ties in
 * table order.  Returns the count written to ORDER; LEVEL[i] is the
 * component's depth (components of one level may start in parallel). */
int order_selection(const struct selection *sel, int *order, int *level);

#endif
