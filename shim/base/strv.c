#include "strv.h"
#include "xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strv_init(struct strv *sv)
{
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

void strv_free(struct strv *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	strv_init(sv);
}

static void strv_push(struct strv *sv, char *owned)
{
	if (sv->n + 2 > sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 8;
		sv->v = xrealloc(sv->v, sv->cap * sizeof(*sv->v));
	}
	sv->v[sv->n++] = owned;
	sv->v[sv->n] = NULL;
}

void strv_add(struct strv *sv, const char *s)
{
	strv_push(sv, xstrdup(s));
}

void strv_addf(struct strv *sv, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strv_push(sv, xvasprintf(fmt, ap));
	va_end(ap);
}

void strv_add_words(struct strv *sv, const char *list)
{
	const char *p = list;

	while (p && *p) {
		size_t len;

		p += strspn(p, " \t");
		len = strcspn(p, " \t");
		if (len)
			strv_push(sv, xstrndup(p, len));
		p += len;
	}
}

int strv_contains(const struct strv *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (strcmp(sv->v[i], s) == 0)
			return 1;
	return 0;
}

struct ranked {
	const char *s;
	size_t at;
};

static int by_string_then_place(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	int c = strcmp(x->s, y->s);

	return c ? c : (x->at > y->at) - (x->at < y->at);
}

void strv_dedup(struct strv *sv)
{
	struct ranked *r;
	char *repeat;
	size_t kept = 0;

	if (sv->n < 2)
		return;
	r = xmalloc(sv->n * sizeof(*r));
	repeat = xcalloc(sv->n, 1);
	for (size_t i = 0; i < sv->n; i++)
		r[i] = (struct ranked){ sv->v[i], i };
	/* equal strings end up side by side, the first place first */
	qsort(r, sv->n, sizeof(*r), by_string_then_place);
	for (size_t i = 1; i < sv->n; i++)
		if (strcmp(r[i].s, r[i - 1].s) == 0)
			repeat[r[i].at] = 1;
	for (size_t i = 0; i < sv->n; i++) {
		if (repeat[i])
			free(sv->v[i]);
		else
			sv->v[kept++] = sv->v[i];
	}
	sv->n = kept;
	sv->v[kept] = NULL;
	free(r);
	free(repeat);
}

static int needs_quotes(const char *w)
{
	return *w == '\0' || strpbrk(w, " \t\n'\"\\$`;&|<>()*?[]#~") != NULL;
}

char *strv_join_display(const struct strv *sv)
{
	size_t len = 1;
	char *out, *p;

	for (size_t i = 0; i < sv->n; i++)
		len += 4 * strlen(sv->v[i]) + 3;
	out = p = xmalloc(len);
	for (size_t i = 0; i < sv->n; i++) {
		const char *w = sv->v[i];

		if (i)
			*p++ = ' ';
		if (!needs_quotes(w)) {
			p = stpcpy(p, w);
			continue;
		}
		/* single quotes; an embedded ' becomes '\'' */
		*p++ = '\'';
		for (; *w; w++) {
			if (*w == '\'')
				p = stpcpy(p, "'\\''");
			else
				*p++ = *w;
		}
		*p++ = '\'';
	}
	*p = '\0';
	return out;
}
