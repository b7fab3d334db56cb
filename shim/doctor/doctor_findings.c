#include "doctor_findings.h"
#include "xalloc.h"

#include <stdlib.h>

void findings_add(struct findings *l, enum doctor_level level, const char *component,
		  const char *check, char *expected, char *seen, char *origin, char *fix)
{
	struct finding *f;

	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 32;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	f = &l->v[l->n++];
	f->level = level;
	f->component = component;
	f->check = check;
	f->expected = expected ? expected : xstrdup("");
	f->seen = seen ? seen : xstrdup("");
	f->origin = origin;
	f->fix = fix;
}

int findings_failed(const struct findings *l)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].level == LEVEL_FAIL)
			return 1;
	return 0;
}

void findings_free(struct findings *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].expected);
		free(l->v[i].seen);
		free(l->v[i].origin);
		free(l->v[i].fix);
	}
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

const char *doctor_level_name(enum doctor_level level)
{
	static const char *const names[] = {
		[LEVEL_OK] = "OK", [LEVEL_INFO] = "INFO", [LEVEL_WARN] = "WARN", [LEVEL_FAIL] = "FAIL",
	};

	return names[level];
}
