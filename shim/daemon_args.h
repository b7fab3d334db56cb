/* The configuration-derived part of each component's start command. */
#ifndef NFSCTL_DAEMON_ARGS_H
#define NFSCTL_DAEMON_ARGS_H

#include "settings.h"
#include "strv.h"

/* Appends to OUT the arguments that configuration asks for on COMPONENT's
 * start command (after the program and its fixed arguments from the graph).
 * Only values that the daemon would not read itself become arguments. */
void daemon_args(const struct settings *s, const char *component,
		 struct strv *out);

#endif
