#include "settings.h"
#include "xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void settings_init(struct settings *s)
{
	memset(s, 0, sizeof(*s));
}

static void setting_free(struct setting *e)
{
	free(e->section);
	free(e->key);
	free(e->value);
	free(e->file);
}

void settings_free(struct settings *s)
{
	for (size_t i = 0; i < s->n; i++)
		setting_free(&s->v[i]);
	free(s->v);
	settings_init(s);
}

static char *lower_dup(const char *s)
{
	char *d = xstrdup(s);

	for (char *p = d; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return d;
}

static struct setting *find_mutable(const struct settings *s,
				    const char *section, const char *key)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcasecmp(s->v[i].section, section) &&
		    !strcasecmp(s->v[i].key, key))
			return &s->v[i];
	return NULL;
}

int settings_set(struct settings *s, const char *section, const char *key,
		 const char *value, const char *file, int line, enum origin origin)
{
	struct setting *e = find_mutable(s, section, key);

	if (e) {
		setting_free(e);
	} else {
		if (s->n == s->cap) {
			s->cap = s->cap ? s->cap * 2 : 32;
			s->v = xrealloc(s->v, s->cap * sizeof(*s->v));
		}
		e = &s->v[s->n++];
	}
	e->section = lower_dup(section);
	e->key = lower_dup(key);
	e->value = xstrdup(value);
	e->file = file ? xstrdup(file) : NULL;
	e->line = line;
	e->origin = origin;
	return 0;
}

int settings_unset(struct settings *s, const char *section, const char *key)
{
	struct setting *e = find_mutable(s, section, key);

	if (!e)
		return 0;
	setting_free(e);
	/* keep insertion order: `nfs-ctl config` lists in reading order */
	memmove(e, e + 1, (size_t)(s->v + s->n - (e + 1)) * sizeof(*e));
	s->n--;
	return 1;
}

const struct setting *settings_find(const struct settings *s,
				    const char *section, const char *key)
{
	return find_mutable(s, section, key);
}

const char *settings_get(const struct settings *s, const char *section,
			 const char *key)
{
	const struct setting *e = settings_find(s, section, key);

	return e ? e->value : NULL;
}

int settings_parse_bool(const char *v)
{
	static const char *const yes[] = { "y", "yes", "t", "true", "on", "1" };
	static const char *const no[] = { "n", "no", "f", "false", "off", "0" };

	for (size_t i = 0; i < sizeof(yes) / sizeof(*yes); i++)
		if (!strcasecmp(v, yes[i]))
			return 1;
	for (size_t i = 0; i < sizeof(no) / sizeof(*no); i++)
		if (!strcasecmp(v, no[i]))
			return 0;
	return -1;
}

int settings_get_bool(const struct settings *s, const char *section,
		      const char *key, int dflt)
{
	const char *v = settings_get(s, section, key);
	int b = v ? settings_parse_bool(v) : -1;

	return b < 0 ? dflt : b;
}

const char *settings_get_or(const struct settings *s, const char *section,
			    const char *key, const char *dflt)
{
	const char *v = settings_get(s, section, key);

	return v && *v ? v : dflt;
}

long settings_get_long(const struct settings *s, const char *section,
		       const char *key, long dflt)
{
	const char *v = settings_get(s, section, key);
	char *end;
	long n;

	if (!v || !*v)
		return dflt;
	n = strtol(v, &end, 0);
	return *end ? dflt : n;
}
