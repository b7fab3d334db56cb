/* The settings model: every configuration value nfs-ctl knows, keyed by
 * (section, key) in nfs.conf's vocabulary, with where it came from.
 * All readers fill one model so that `nfs-ctl config` can show file:line
 * for every value and the argv builder has one place to look. */
#ifndef NFSCTL_SETTINGS_H
#define NFSCTL_SETTINGS_H

#include <stddef.h>

/* Origin decides who acts on a value.  The daemons (nfs-utils >= 2.1.1)
 * read nfs.conf themselves, so values from there are used by nfs-ctl only to
 * decide; values from legacy distribution files and the command line are
 * turned into argv because no daemon reads those files. */
enum origin {
	ORIGIN_DEFAULT = 0,
	ORIGIN_NFSCONF,
	ORIGIN_LEGACY,
	ORIGIN_CMDLINE,
};

struct setting {
	char *section;  /* lower case, e.g. "mountd" */
	char *key;      /* lower case, e.g. "port" */
	char *value;
	char *file;     /* NULL for built-in defaults */
	int line;
	enum origin origin;
};

struct settings {
	struct setting *v;
	size_t n, cap;
	int errors;     /* malformed input seen while loading */
	int warnings;
};

void settings_init(struct settings *s);
void settings_free(struct settings *s);
/* Later calls win; section and key are folded to lower case. */
int settings_set(struct settings *s, const char *section, const char *key,
		 const char *value, const char *file, int line, enum origin origin);
/* Removes (section, key); returns 1 if it was set. */
int settings_unset(struct settings *s, const char *section, const char *key);
const struct setting *settings_find(const struct settings *s,
				    const char *section, const char *key);
const char *settings_get(const struct settings *s, const char *section,
			 const char *key);
/* The one boolean parser (nfs.conf, the distributions' variables, policy):
 * y/yes/t/true/on/1 and n/no/f/false/off/0, any case; -1 otherwise. */
int settings_parse_bool(const char *v);
/* The same for a setting, DFLT when unset or not a boolean. */
int settings_get_bool(const struct settings *s, const char *section,
		      const char *key, int dflt);
/* The value, DFLT when unset or empty (a daemon's own default). */
const char *settings_get_or(const struct settings *s, const char *section,
			    const char *key, const char *dflt);
long settings_get_long(const struct settings *s, const char *section,
		       const char *key, long dflt);

#endif
