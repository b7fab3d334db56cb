/* Distribution configuration files (shell assignments) mapped onto the
 * settings model.  Each distribution is a table of variables; a variable
 * lands either on an nfs.conf key (MOUNTD_PORT -> mountd.port), on one of
 * nfs-ctl's switches ([nfs-ctl] need-gssd...), or, for free-form option
 * strings (RPCMOUNTDOPTS...), on [args] COMPONENT.  Everything read here
 * has ORIGIN_LEGACY, which daemon_args() turns into argv. */
#ifndef NFSCTL_CONF_LEGACY_H
#define NFSCTL_CONF_LEGACY_H

#include "settings.h"

enum legacy_kind {
	LEGACY_TEXT,     /* copied as is */
	LEGACY_NUMBER,   /* decimal digits */
	LEGACY_INTEGER,  /* optional '-', then digits (nice levels) */
	LEGACY_BOOL,     /* yes/no and friends -> "y"/"n" */
	LEGACY_ARGS,     /* free-form daemon options -> [args] COMPONENT */
	LEGACY_IGNORED,  /* known, deliberately without effect (documented) */
};

struct legacy_var {
	const char *name;
	const char *section;
	const char *key;
	enum legacy_kind kind;
};

struct legacy_format {
	const char *distro;              /* "debian", "redhat", "suse" */
	const char *const *files;        /* absolute, NULL-terminated */
	const struct legacy_var *vars;   /* ends with { NULL } */
};

extern const struct legacy_format legacy_debian;
extern const struct legacy_format legacy_redhat;
extern const struct legacy_format legacy_suse;

/* "debian", "redhat", "suse" or "none", looking at files under --root. */
const char *legacy_detect(void);
/* NULL for "none" or an unknown name. */
const struct legacy_format *legacy_format_for(const char *distro);
/* Reads FMT's files that exist (under --root) into S. */
void legacy_load(struct settings *s, const struct legacy_format *fmt);
/* One buffer in FMT's vocabulary (for tests and fuzzers). */
void legacy_parse(const char *buf, size_t len, const char *filename,
		  struct settings *s, const struct legacy_format *fmt);

#endif
