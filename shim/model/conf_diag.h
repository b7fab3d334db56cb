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
 * administrator's value silently not applied is what it prevents.
 * FILE:LINE holds IGNORED ("RPCNFSDCOUNT=8"); WINNER_FILE:WINNER_LINE
 * holds WINNER ("[nfsd] threads = 16"), NULL file: nfs.conf. */
void conf_conflict(struct settings *s, const char *file, int line, const char *ignored,
		   const char *winner_file, int winner_line, const char *winner);
/* Every conflict of this run, kept for `nfs-ctl doctor` (also after
 * conf_diag_show_conflicts); *n receives the count. */
struct conf_conflict_rec {
	char *file;          /* NULL: built-in */
	int line;
	char *ignored;
	char *winner_file;   /* NULL: nfs.conf without a file name */
	int winner_line;
	char *winner;
};
const struct conf_conflict_rec *conf_diag_conflicts(size_t *n);
/* Prints the conflicts (not the other warnings): start, restart, exec. */
void conf_diag_show_conflicts(void);
/* Prints the warnings held back so far (once). */
void conf_diag_show_warnings(void);
/* Fuzzers and unit tests count without printing or holding anything. */
void conf_diag_set_quiet(int quiet);

#endif
