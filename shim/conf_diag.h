/* Diagnostics of configuration readers: every complaint names FILE:LINE
 * and is counted in the settings model, so that `nfs-ctl config --check`
 * and the runners can tell a clean configuration from a broken one.
 *
 * Errors are printed at once, whatever the command: a broken file matters
 * to every caller.  Warnings (unknown keys...) are held back, so that
 * mount.nfs -> start-statd or every `nfs-ctl exec` does not repeat them;
 * `nfs-ctl config` and `nfs-ctl env` show them (conf_diag_show_warnings),
 * and -v shows them at once. */
#ifndef NFSCTL_CONF_DIAG_H
#define NFSCTL_CONF_DIAG_H

#include "settings.h"

/* Malformed input: the value is not used; counted in s->errors. */
void conf_error(struct settings *s, const char *file, int line,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Suspicious but harmless input (unknown key...): counted in s->warnings. */
void conf_warn(struct settings *s, const char *file, int line,
	       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A value two sources set differently, where the one of lower standing
 * is ignored (a legacy file against nfs.conf): a warning that is also
 * shown at every start (conf_diag_show_conflicts), because the
 * administrator's value silently not applied is what it prevents. */
void conf_conflict(struct settings *s, const char *file, int line,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Prints the conflicts (not the other warnings): start, restart, exec. */
void conf_diag_show_conflicts(void);
/* Prints the warnings held back so far (once). */
void conf_diag_show_warnings(void);
/* Fuzzers and unit tests count without printing or holding anything. */
void conf_diag_set_quiet(int quiet);

#endif
