/* Messages.  Errors and warnings go to stderr and to the system log
 * (syslog(3), which journald reads on a systemd machine); never twice
 * when stderr already is the journal (inside a unit), and not at all under --root (a test or packaging tree).
 * -v adds a line on stderr for every step, -vv the decisions behind them.
 * One format everywhere: "nfs-ctl: FILE:LINE: message" when a file is to
 * blame.
 *
 * On a terminal, actions on a target also print one LSB-style progress
 * line on stdout, as Debian's init scripts do:
 *     Starting NFS server: statd mountd exports nfsd sm-notify.
 * A message on stderr in between breaks the line; the next item starts a
 * new one with the same heading.  Off a terminal nothing is printed. */
#ifndef NFSCTL_LOG_H
#define NFSCTL_LOG_H

void log_set_verbose(int level);
int log_verbose_level(void);
void log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* What went as expected, though not the first way: printed without -v,
 * no "warning:", syslog's notice (the nfsdctl fallback, semantics.h). */
void log_notice(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* TEXT, what a program nfs-ctl ran wrote, as it wrote it: the sysv runner
 * keeps a command's output in a file, where under a unit it reaches
 * stderr by itself.  Nothing when TEXT is empty. */
void log_program_output(const char *text);
/* file may be NULL (built-in value); line 0 means "the whole file". */
void log_file_error(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void log_file_warn(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Progress line "VERB NOUN:" ("Starting", "NFS server"); STOPPING says
 * how a line without items ends ("not running." rather than "already
 * running.").  VERB NULL opens no line, and then items and the end print
 * nothing (start-statd, a single component, reload of the export table). */
void log_progress_begin(const char *verb, const char *noun, int stopping);
void log_progress_item(const char *name);
/* Closes the line: "." when OK, " failed!" otherwise. */
void log_progress_end(int ok);

#endif
