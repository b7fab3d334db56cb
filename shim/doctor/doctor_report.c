/* The doctor's findings on stdout: one line each for people, or one JSON
 * object per line (JSON Lines) for monitoring systems.  The JSON keys are
 * an interface (man page, docs/doctor.md): level, component, check,
 * expected, seen, origin, fix; origin and fix are null when there is none. */
#include "doctor_findings.h"

#include <stdio.h>

void doctor_print_text(const struct findings *l)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct finding *f = &l->v[i];

		printf("%-4s  %-9s  expected %s", doctor_level_name(f->level), f->component,
		       f->expected);
		if (f->origin)
			printf(" (%s)", f->origin);
		printf("; seen %s", f->seen);
		if (f->fix)
			printf("; fix: %s", f->fix);
		putchar('\n');
	}
	fflush(stdout);
}

/* A JSON string (RFC 8259): quotes, backslashes and control characters
 * escaped; other bytes as they are (configuration files are UTF-8 or
 * ASCII; a stray byte stays the consumer's to judge). */
static void json_string(const char *s)
{
	if (!s) {
		fputs("null", stdout);
		return;
	}
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c == '\n')
			fputs("\\n", stdout);
		else if (c == '\t')
			fputs("\\t", stdout);
		else if (c < 0x20 || c == 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void json_member(const char *key, const char *value, int first)
{
	if (!first)
		putchar(',');
	json_string(key);
	putchar(':');
	json_string(value);
}

void doctor_print_json(const struct findings *l)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct finding *f = &l->v[i];

		putchar('{');
		json_member("level", doctor_level_name(f->level), 1);
		json_member("component", f->component, 0);
		json_member("check", f->check, 0);
		json_member("expected", f->expected, 0);
		json_member("seen", f->seen, 0);
		json_member("origin", f->origin, 0);
		json_member("fix", f->fix, 0);
		fputs("}\n", stdout);
	}
	fflush(stdout);
}
