#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <syslog.h>
#include <unistd.h>

static int verbose;

void log_set_verbose(int level)
{
	verbose = level;
}

int log_verbose_level(void)
{
	return verbose;
}

/* At boot nobody reads stderr; the system log keeps what went wrong. */
static void to_syslog(int prio, const char *prefix, const char *fmt, va_list ap)
{
	char buf[1024];

	if (isatty(STDERR_FILENO))
		return;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	openlog("nfs-ctl", LOG_PID, LOG_DAEMON);
	syslog(prio, "%s%s", prefix, buf);
}

static void emit(int prio, const char *prefix, const char *fmt, va_list ap)
{
	va_list copy;

	va_copy(copy, ap);
	fprintf(stderr, "nfs-ctl: %s", prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	if (prio <= LOG_WARNING)
		to_syslog(prio, prefix, fmt, copy);
	va_end(copy);
}

#define EMIT(prio, prefix)                 \
	do {                               \
		va_list ap;                \
		va_start(ap, fmt);         \
		emit(prio, prefix, fmt, ap); \
		va_end(ap);                \
	} while (0)

void log_error(const char *fmt, ...)
{
	EMIT(LOG_ERR, "");
}

void log_warn(const char *fmt, ...)
{
	EMIT(LOG_WARNING, "warning: ");
}

void log_info(const char *fmt, ...)
{
	if (verbose >= 1)
		EMIT(LOG_INFO, "");
}

void log_debug(const char *fmt, ...)
{
	if (verbose >= 2)
		EMIT(LOG_DEBUG, "");
}

static void file_emit(int prio, const char *kind, const char *file, int line,
		      const char *fmt, va_list ap)
{
	char where[4096];

	if (!file)
		snprintf(where, sizeof(where), "%s(built-in): ", kind);
	else if (line > 0)
		snprintf(where, sizeof(where), "%s%s:%d: ", kind, file, line);
	else
		snprintf(where, sizeof(where), "%s%s: ", kind, file);
	emit(prio, where, fmt, ap);
}

void log_file_error(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	file_emit(LOG_ERR, "", file, line, fmt, ap);
	va_end(ap);
}

void log_file_warn(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	file_emit(LOG_WARNING, "warning: ", file, line, fmt, ap);
	va_end(ap);
}
