/* Shell-style assignment files (/etc/default/nfs-*, /etc/sysconfig/nfs)
 * are parsed, never run: NAME=value lines, optionally after `export`,
 * with '...' (literal), "..." (backslash escapes only $ ` " \ and newline)
 * and backslash escapes outside quotes, '#' comments, several assignments
 * on a line, ';' between them.  Anything a shell would have to *run* --
 * $(...), `...`, ${...}, $NAME, commands, redirections -- is an error
 * with FILE:LINE and the value is not used.  Works on a memory buffer. */
#ifndef NFSCTL_CONF_SHELLVARS_H
#define NFSCTL_CONF_SHELLVARS_H

#include <stddef.h>

#include "settings.h"

struct shellvars_hooks {
	/* One complete assignment NAME=VALUE found at FILE:LINE. */
	void (*assign)(void *opaque, struct settings *s, const char *name,
		       const char *value, const char *file, int line);
	void *opaque;
};

/* Errors are counted in S (and printed); ASSIGN sees only clean values. */
void shellvars_parse(const char *buf, size_t len, const char *filename,
		     struct settings *s, const struct shellvars_hooks *hooks);

#endif
