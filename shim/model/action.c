/* The action and scope of the command line: parsed once (main.c), then
 * passed down as values, never compared as strings again. */
#include "action.h"

#include <string.h>

static const struct {
	const char *name;
	unsigned flags;
} actions[] = {
	[ACT_START] = { "start", ACTF_STARTS | ACTF_CHANGES | ACTF_NEEDS_CONFIG },
	[ACT_STOP] = { "stop", ACTF_CHANGES },
	[ACT_RESTART] = { "restart", ACTF_STARTS | ACTF_CHANGES | ACTF_NEEDS_CONFIG },
	[ACT_TRY_RESTART] = { "try-restart", ACTF_STARTS | ACTF_CHANGES | ACTF_NEEDS_CONFIG },
	[ACT_RELOAD] = { "reload", ACTF_CHANGES | ACTF_NEEDS_CONFIG },
	[ACT_FORCE_RELOAD] = { "force-reload", ACTF_CHANGES | ACTF_NEEDS_CONFIG },
	[ACT_STATUS] = { "status", 0 },
};
_Static_assert(sizeof(actions) / sizeof(*actions) == ACT_STATUS + 1, "one row per action");

int action_parse(const char *word, enum action *out)
{
	for (unsigned i = 0; i < sizeof(actions) / sizeof(*actions); i++)
		if (strcmp(actions[i].name, word) == 0) {
			*out = (enum action)i;
			return 0;
		}
	return -1;
}

const char *action_name(enum action a)
{
	return actions[a].name;
}

int action_has(enum action a, enum action_flag f)
{
	return (actions[a].flags & f) != 0;
}

struct scope scope_of_target(unsigned target)
{
	return (struct scope){ .target = target, .name = target_name(target) };
}

struct scope scope_of_component(const struct component *c)
{
	return (struct scope){ .one = c, .name = c->name };
}

int scope_parse(const char *word, struct scope *out)
{
	unsigned t = target_from_name(word);
	const struct component *c = t ? NULL : graph_find(word);

	if (!t && !c)
		return -1;
	*out = t ? scope_of_target(t) : scope_of_component(c);
	return 0;
}
