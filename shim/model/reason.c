/* A reason as a value: its text and its place, each owned. */
#include "reason.h"
#include "xalloc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void reason_vset(struct reason *r, const char *file, int line,
			const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));

static void reason_vset(struct reason *r, const char *file, int line,
			const char *fmt, va_list ap)
{
	/* the text and place may be R's own strings: copy before freeing */
	char *text = xvasprintf(fmt, ap), *place = file ? xstrdup(file) : NULL;

	reason_free(r);
	r->text = text;
	r->file = place;
	r->line = place ? line : 0;
}

void reason_at(struct reason *r, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	reason_vset(r, file, line, fmt, ap);
	va_end(ap);
}

void reason_of(struct reason *r, const struct setting *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	reason_vset(r, e ? e->file : NULL, e ? e->line : 0, fmt, ap);
	va_end(ap);
}

void reason_copy(struct reason *to, const struct reason *from)
{
	to->text = from->text ? xstrdup(from->text) : NULL;
	to->file = from->file ? xstrdup(from->file) : NULL;
	to->line = from->line;
	to->in_parens = from->in_parens;
}

void reason_free(struct reason *r)
{
	free(r->text);
	free(r->file);
	memset(r, 0, sizeof(*r));
}

char *reason_origin(const struct reason *r)
{
	if (!r->file)
		return NULL;
	if (r->line > 0)
		return xasprintf("%s:%d", r->file, r->line);
	return xstrdup(r->file);
}

char *reason_sentence(const struct reason *r)
{
	char *origin = reason_origin(r), *out;

	if (!r->text)
		out = xstrdup("");
	else if (!origin)
		out = xstrdup(r->text);
	else
		out = xasprintf(r->in_parens ? "%s (%s)" : "%s in %s", r->text, origin);
	free(origin);
	return out;
}
