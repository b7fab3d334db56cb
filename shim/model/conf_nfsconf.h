/* The nfs.conf syntax, as nfs-utils' own parser reads it (nfs.conf(5)):
 *   [section] or [section "argument"]; name = value; '#' or ';' comments;
 *   a backslash at the end of a line joins the next line;
 *   "..." or '...' around a value are removed; an unquoted value ends at
 *   the first '#' or ';'; an empty value is ignored;
 *   include = FILE (include = -FILE: no complaint when FILE is missing),
 *   relative to the including file, inheriting the current section;
 *   the last line counts only when it ends with a newline.
 * Parsing works on a memory buffer; includes are handed to a callback, so
 * that the parser never touches the file system (and can be fuzzed). */
#ifndef NFSCTL_CONF_NFSCONF_H
#define NFSCTL_CONF_NFSCONF_H

#include <stddef.h>

#include "settings.h"

struct nfsconf_hooks {
	/* `include = PATH` at FILE:LINE, inside SECTION (NULL outside any;
	 * "name \"arg\"" inside a subsection).  PATH is as written, without
	 * the optional '-' (reported in OPTIONAL). */
	void (*include)(void *opaque, struct settings *s, const char *path,
			int optional, const char *section,
			const char *file, int line);
	void *opaque;
};

/* Parses LEN bytes of BUF (NUL bytes included: they are errors), named
 * FILENAME in messages and in every setting's origin, starting inside
 * SECTION (NULL for a top-level file).  Values go to S as ORIGIN_NFSCONF,
 * later ones replacing earlier ones.  HOOKS may be NULL: includes are then
 * reported as errors. */
void nfsconf_parse(const char *buf, size_t len, const char *filename,
		   const char *section, struct settings *s,
		   const struct nfsconf_hooks *hooks);

/* Whether nfs-utils (or nfs-ctl's own [nfs-ctl] section) knows a section
 * or a key; unknown ones get a warning, they are never fatal. */
int nfsconf_section_known(const char *section);
int nfsconf_key_known(const char *section, const char *key);

#endif
