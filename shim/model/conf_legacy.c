#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* memmem */
#endif
#include "conf_legacy.h"
#include "conf_diag.h"
#include "conf_file.h"
#include "conf_shellvars.h"
#include "paths.h"
#include "xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int all_digits(const char *v)
{
	if (!*v)
		return 0;
	for (; *v; v++)
		if (!isdigit((unsigned char)*v))
			return 0;
	return 1;
}

/* "y"/"n" for shell-style booleans (the words settings_parse_bool knows,
 * nfs.conf's), NULL if V is neither. */
static const char *bool_word(const char *v)
{
	int b = settings_parse_bool(v);

	return b < 0 ? NULL : b ? "y" : "n";
}

/* Returns the value to store, or NULL after reporting why not. */
static const char *checked_value(struct settings *s, const struct legacy_var *v,
				 const char *value, const char *file, int line)
{
	const char *b;

	switch (v->kind) {
	case LEGACY_NUMBER:
		if (all_digits(value))
			return value;
		conf_error(s, file, line, "%s: '%s' is not a number; ignored",
			   v->name, value);
		return NULL;
	case LEGACY_INTEGER:
		if (all_digits(value + (value[0] == '-')))
			return value;
		conf_error(s, file, line, "%s: '%s' is not an integer; ignored",
			   v->name, value);
		return NULL;
	case LEGACY_BOOL:
		b = bool_word(value);
		if (!b)
			conf_warn(s, file, line, "%s: expected yes or no, not '%s'; ignored",
				  v->name, value);
		return b;
	case LEGACY_TEXT:
	case LEGACY_ARGS:
		return value;
	case LEGACY_IGNORED:
		break;
	}
	return NULL;
}

/* nfs.conf is the documented place (Debian since nfs-utils 2.6.1, Fedora
 * dropped /etc/sysconfig/nfs): where it sets the value, a legacy file's
 * assignment is not used, and a different value is a conflict that names
 * both places. */
static int nfsconf_has_it(struct settings *s, const struct legacy_var *v, const char *value,
			  const char *file, int line)
{
	const struct setting *e = settings_find(s, v->section, v->key);

	if (!e || e->origin != ORIGIN_NFSCONF)
		return 0;
	if (strcmp(e->value, value) != 0) {
		char *ignored = xasprintf("%s=%s", v->name, value);
		char *winner = xasprintf("[%s] %s = %s", v->section, v->key, e->value);

		conf_conflict(s, file, line, ignored, e->file, e->line, winner);
		free(ignored);
		free(winner);
	}
	return 1;
}

static void on_assign(void *opaque, struct settings *s, const char *name,
		      const char *value, const char *file, int line)
{
	const struct legacy_format *fmt = opaque;
	int known = 0;

	for (const struct legacy_var *v = fmt->vars; v->name; v++) {
		const char *stored;

		if (strcmp(v->name, name) != 0)
			continue;
		known = 1;
		/* An empty assignment means "no opinion", as in the scripts
		 * that used ${VAR:+...}. */
		if (!*value || v->kind == LEGACY_IGNORED)
			continue;
		stored = checked_value(s, v, value, file, line);
		if (stored && !nfsconf_has_it(s, v, stored, file, line))
			settings_set(s, v->section, v->key, stored, file, line,
				     ORIGIN_LEGACY);
	}
	if (!known)
		conf_warn(s, file, line, "unknown variable %s (not used by nfs-ctl)",
			  name);
}

void legacy_parse(const char *buf, size_t len, const char *filename,
		  struct settings *s, const struct legacy_format *fmt)
{
	struct shellvars_hooks hooks = { on_assign, (void *)fmt };

	shellvars_parse(buf, len, filename, s, &hooks);
}

void legacy_load(struct settings *s, const struct legacy_format *fmt)
{
	for (const char *const *f = fmt->files; *f; f++) {
		char *path = path_in_root(*f);
		const char *why;
		char *buf;
		size_t len;

		switch (conf_file_read(path, &buf, &len, &why)) {
		case CONF_READ_OK:
			legacy_parse(buf, len, path, s, fmt);
			free(buf);
			break;
		case CONF_READ_FAILED:
			conf_error(s, path, 0, "cannot read: %s", why);
			break;
		case CONF_READ_MISSING:
			break;
		}
		free(path);
	}
}

const struct legacy_format *legacy_format_for(const char *distro)
{
	static const struct legacy_format *const all[] = {
		&legacy_debian, &legacy_redhat, &legacy_suse,
	};

	for (size_t i = 0; distro && i < sizeof(all) / sizeof(*all); i++)
		if (!strcmp(all[i]->distro, distro))
			return all[i];
	return NULL;
}

static int exists(const char *abs)
{
	char *p = path_in_root(abs);
	int r = access(p, F_OK) == 0;

	free(p);
	return r;
}

/* os-release's ID or ID_LIKE mentions SUSE (opensuse-leap, sles...). */
static int os_release_says_suse(void)
{
	static const char *const files[] = { "/etc/os-release", "/usr/lib/os-release" };

	for (size_t i = 0; i < 2; i++) {
		char *path = path_in_root(files[i]), *buf, *line;
		const char *why;
		size_t len;
		int suse = 0;

		if (conf_file_read(path, &buf, &len, &why) != CONF_READ_OK) {
			free(path);
			continue;
		}
		free(path);
		for (line = buf; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
			size_t n = strcspn(line, "\n");

			if ((!strncmp(line, "ID=", 3) || !strncmp(line, "ID_LIKE=", 8)) &&
			    memmem(line, n, "suse", 4))
				suse = 1;
		}
		free(buf);
		return suse;
	}
	return 0;
}

const char *legacy_detect(void)
{
	if (exists("/etc/default/nfs-common") ||
	    exists("/etc/default/nfs-kernel-server"))
		return "debian";
	if (exists("/etc/sysconfig/nfs"))
		return os_release_says_suse() ? "suse" : "redhat";
	return "none";
}
