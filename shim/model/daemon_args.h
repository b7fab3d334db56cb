/* The configuration-derived part of each component's start command. */
#ifndef NFSCTL_DAEMON_ARGS_H
#define NFSCTL_DAEMON_ARGS_H

#include "graph.h"
#include "settings.h"
#include "strv.h"

/* Appends to OUT the arguments that configuration asks for on C's
 * start command (after the program and its fixed arguments from the graph).
 * Only values that the daemon would not read itself become arguments. */
void daemon_args(const struct settings *s, const struct component *c,
		 struct strv *out);

#endif
