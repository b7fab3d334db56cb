/* Messages.  Errors and warnings go to stderr (and to syslog when running
 * without a terminal, e.g. from an init script at boot); -v adds a line for
 * every step.  One format everywhere: "nfs-ctl: FILE:LINE: message" when a
 * file is to blame. */
#ifndef NFSCTL_LOG_H
#define NFSCTL_LOG_H

void log_set_verbose(int level);
int log_verbose_level(void);
void log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* file may be NULL (built-in value); line 0 means "the whole file". */
void log_file_error(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void log_file_warn(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
