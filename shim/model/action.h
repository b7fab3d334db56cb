/* The command line's words as typed values, parsed once in main.c and
 * passed down: the LSB action (`nfs-ctl ACTION ...`) and what it acts on
 * (a target, or one component). */
#ifndef NFSCTL_ACTION_H
#define NFSCTL_ACTION_H

#include "graph.h"

enum action {
	ACT_START,
	ACT_STOP,
	ACT_RESTART,
	ACT_TRY_RESTART,
	ACT_RELOAD,
	ACT_FORCE_RELOAD,
	ACT_STATUS,
};

/* What an action is, as the callers ask it (action_has()). */
enum action_flag {
	/* may start daemons (start, restart, try-restart): configuration
	 * conflicts are shown first; under systemd a stale generator run
	 * is redone first */
	ACTF_STARTS = 1u << 0,
	/* changes what runs (all but status): root only, under the lock,
	 * never from inside one of nfs-ctl's own units */
	ACTF_CHANGES = 1u << 1,
	/* refused while the configuration has errors: all that may start
	 * something (a stop must work whatever the files say) */
	ACTF_NEEDS_CONFIG = 1u << 2,
};

/* "try-restart" -> ACT_TRY_RESTART; -1 if WORD is no action. */
int action_parse(const char *word, enum action *out);
/* The word of the command line ("force-reload"). */
const char *action_name(enum action a);
int action_has(enum action a, enum action_flag f);

/* What an action acts on: a target (target != 0, one == NULL) or one
 * component (target == 0).  NAME is the word that named it, for messages
 * (the target's or the component's name). */
struct scope {
	unsigned target;
	const struct component *one;
	const char *name;
};

/* A target or component name -> its scope; -1 (nothing printed) when it
 * names neither. */
int scope_parse(const char *word, struct scope *out);
struct scope scope_of_target(unsigned target);
struct scope scope_of_component(const struct component *c);

#endif
