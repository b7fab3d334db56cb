#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* versionsort, memmem */
#endif
#include "conf_nfsconf_load.h"
#include "conf_diag.h"
#include "conf_file.h"
#include "conf_nfsconf.h"
#include "paths.h"
#include "xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* nfs-utils follows includes without limit (a loop exhausts its stack);
 * we stop at a loop or at this depth, with an error. */
#define MAX_INCLUDE_DEPTH 16
#define MAX_VAR_INDIRECTIONS 8

struct loader {
	char *chain[MAX_INCLUDE_DEPTH + 1];   /* canonical names being read */
	int depth;
};

static void load(struct loader *l, struct settings *s, const char *path,
		 const char *section);

static char *include_target(const char *including_file, const char *path)
{
	const char *slash;

	if (path[0] == '/')
		return path_in_root(path);
	slash = strrchr(including_file, '/');
	if (!slash)
		return xstrdup(path);
	return xasprintf("%.*s/%s", (int)(slash - including_file),
			 including_file, path);
}

static int in_chain(const struct loader *l, const char *canon)
{
	for (int i = 0; i < l->depth; i++)
		if (!strcmp(l->chain[i], canon))
			return 1;
	return 0;
}

static void on_include(void *opaque, struct settings *s, const char *path,
		       int optional, const char *section, const char *file,
		       int line)
{
	struct loader *l = opaque;
	char *target = include_target(file, path);
	char *canon = realpath(target, NULL);
	int err = errno;

	if (!canon && err != ENOENT && err != ENOTDIR) {
		conf_error(s, file, line, "cannot read included file %s: %s",
			   target, strerror(err));
	} else if (!canon) {
		if (!optional)
			conf_warn(s, file, line, "included file %s not found",
				  target);
	} else if (in_chain(l, canon)) {
		conf_error(s, file, line, "include loop: %s is already being read",
			   target);
	} else if (l->depth >= MAX_INCLUDE_DEPTH) {
		conf_error(s, file, line, "includes nested deeper than %d",
			   MAX_INCLUDE_DEPTH);
	} else {
		load(l, s, target, section);
	}
	free(canon);
	free(target);
}

static void load(struct loader *l, struct settings *s, const char *path,
		 const char *section)
{
	struct nfsconf_hooks hooks = { on_include, l };
	const char *why;
	char *buf, *canon;
	size_t len;

	switch (conf_file_read(path, &buf, &len, &why)) {
	case CONF_READ_MISSING:
		/* top-level files are optional; includes were checked */
		return;
	case CONF_READ_FAILED:
		conf_error(s, path, 0, "cannot read: %s", why);
		return;
	case CONF_READ_OK:
		break;
	}
	canon = realpath(path, NULL);
	l->chain[l->depth++] = canon ? canon : xstrdup(path);
	nfsconf_parse(buf, len, path, section, s, &hooks);
	free(l->chain[--l->depth]);
	free(buf);
}

void nfsconf_load_file(struct settings *s, const char *path)
{
	struct loader l = { .depth = 0 };

	load(&l, s, path, NULL);
}

static int conf_name(const struct dirent *d)
{
	size_t len = strlen(d->d_name);

	if (d->d_name[0] == '.' || len <= 5 ||
	    strcmp(d->d_name + len - 5, ".conf") != 0)
		return 0;
	return d->d_type == DT_REG || d->d_type == DT_LNK ||
	       d->d_type == DT_UNKNOWN;
}

/* nfs-utils reads FILE.d/ *.conf sorted with versionsort(3). */
static void load_dir(struct settings *s, const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, conf_name, versionsort);

	if (n < 0)
		return;
	for (int i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", dir, names[i]->d_name);

		nfsconf_load_file(s, path);
		free(path);
		free(names[i]);
	}
	free(names);
}

void nfsconf_load_all(struct settings *s)
{
	static const char *const bases[] = { "/usr/etc/nfs.conf", "/etc/nfs.conf" };

	for (size_t i = 0; i < 2; i++) {
		char *file = path_in_root(bases[i]);
		char *dir = xasprintf("%s.d", file);

		nfsconf_load_file(s, file);
		load_dir(s, dir);
		free(dir);
		free(file);
	}
	nfsconf_expand_vars(s);
}

static const char *resolve(const struct settings *s, const char *name,
			   int *looped)
{
	for (int i = 0; i < MAX_VAR_INDIRECTIONS; i++) {
		const char *env = getenv(name);
		const char *v;

		if (env && *env)
			return env;
		v = settings_get(s, "environment", name);
		if (!v || v[0] != '$')
			return v;
		name = v + 1;
	}
	*looped = 1;
	return NULL;
}

/* One $NAME value and what it resolves to. */
struct expansion {
	char *section, *key, *file, *name, *value;   /* value NULL: unset */
	int line, looped;
};

/* Resolve every $NAME against the values as read (not half-expanded), so
 * that the result does not depend on the order of the keys. */
static size_t collect_expansions(const struct settings *s, struct expansion *x)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct setting *e = &s->v[i];
		const char *v;
		int looped = 0;

		if (e->origin != ORIGIN_NFSCONF || e->value[0] != '$')
			continue;
		v = resolve(s, e->value + 1, &looped);
		x[n].section = xstrdup(e->section);
		x[n].key = xstrdup(e->key);
		x[n].file = e->file ? xstrdup(e->file) : NULL;
		x[n].name = xstrdup(e->value + 1);
		x[n].value = v ? xstrdup(v) : NULL;
		x[n].line = e->line;
		x[n].looped = looped;
		n++;
	}
	return n;
}

static void apply_expansion(struct settings *s, const struct expansion *x)
{
	if (x->value) {
		settings_set(s, x->section, x->key, x->value, x->file, x->line,
			     ORIGIN_NFSCONF);
		return;
	}
	if (x->looped)
		conf_error(s, x->file, x->line, "%s: $%s refers to itself",
			   x->key, x->name);
	else
		conf_warn(s, x->file, x->line,
			  "%s: $%s is neither in the environment nor in [environment]: %s.%s is unset",
			  x->key, x->name, x->section, x->key);
	settings_unset(s, x->section, x->key);
}

void nfsconf_expand_vars(struct settings *s)
{
	struct expansion *x = xcalloc(s->n, sizeof(*x));
	size_t n = collect_expansions(s, x);

	for (size_t i = 0; i < n; i++) {
		apply_expansion(s, &x[i]);
		free(x[i].section);
		free(x[i].key);
		free(x[i].file);
		free(x[i].name);
		free(x[i].value);
	}
	free(x);
}
