#include "log.h"
#include "paths.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* ---- the system log ------------------------------------------------------ */

/* Inside a unit systemd connects stderr to the journal and says so in
 * JOURNAL_STREAM ("DEVICE:INODE"): what goes to stderr is logged already. */
static int stderr_is_journal(void)
{
	const char *js = getenv("JOURNAL_STREAM");
	unsigned long long dev, ino;
	struct stat st;

	if (!js || sscanf(js, "%llu:%llu", &dev, &ino) != 2 || fstat(STDERR_FILENO, &st) < 0)
		return 0;
	return (unsigned long long)st.st_dev == dev && (unsigned long long)st.st_ino == ino;
}

/* syslog(3) under every init: journald owns /dev/log on a systemd machine
 * and records identifier, pid, priority and facility from it, the same
 * fields sd_journal_send() would set, without libsystemd in every process
 * (dynlib.h). */
static void to_system_log(int prio, const char *prefix, const char *msg)
{
	/* a --root tree (tests, packaging) is not this machine */
	if (*paths_root() || stderr_is_journal())
		return;
	openlog("nfs-ctl", LOG_PID, LOG_DAEMON);
	syslog(prio, "%s%s", prefix, msg);
}

/* ---- the progress line --------------------------------------------------- */

static struct {
	int open;           /* between begin and end, on a terminal, without -v */
	int items;          /* items printed */
	char last[32];      /* the last item: a component with two steps shows once */
	int stopping;
	int broken;         /* a message interrupted the line: repeat the heading */
	char heading[128];  /* "Starting NFS server" */
} progress;

/* A plan run inside another's (a daemon started again before a notice,
 * semantics.c) has no line of its own and leaves the open one alone. */
static int progress_nested;

void log_progress_begin(const char *verb, const char *noun, int stopping)
{
	if (progress.open || progress_nested) {
		progress_nested++;
		return;
	}
	memset(&progress, 0, sizeof(progress));
	/* with -v every step has its own line on stderr already */
	if (!verb || !noun || verbose || !isatty(STDOUT_FILENO))
		return;
	progress.stopping = stopping;
	snprintf(progress.heading, sizeof(progress.heading), "%s %s", verb, noun);
	progress.open = 1;
	printf("%s:", progress.heading);
	fflush(stdout);
}

void log_progress_item(const char *name)
{
	if (!progress.open || progress_nested || strcmp(progress.last, name) == 0)
		return;
	snprintf(progress.last, sizeof(progress.last), "%s", name);
	if (progress.broken) {
		printf("%s:", progress.heading);
		progress.broken = 0;
	}
	printf(" %s", name);
	progress.items++;
	fflush(stdout);
}

void log_progress_end(int ok)
{
	if (progress_nested) {
		progress_nested--;
		return;
	}
	if (!progress.open)
		return;
	if (progress.broken)
		printf("%s:", progress.heading);
	if (!ok)
		fputs(" failed!\n", stdout);
	else if (!progress.items)
		fputs(progress.stopping ? " not running.\n" : " already running.\n", stdout);
	else
		fputs(".\n", stdout);
	fflush(stdout);
	memset(&progress, 0, sizeof(progress));
}

/* A message on stderr would land in the middle of the progress line when
 * both go to the terminal: end the line first. */
static void progress_interrupt(void)
{
	if (!progress.open || progress.broken)
		return;
	fputc('\n', stdout);
	fflush(stdout);
	progress.broken = 1;
}

/* ---- messages ------------------------------------------------------------ */

static void emit(int prio, const char *prefix, const char *fmt, va_list ap)
{
	char msg[4096];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	progress_interrupt();
	fprintf(stderr, "nfs-ctl: %s%s\n", prefix, msg);
	if (prio <= LOG_NOTICE)
		to_system_log(prio, prefix, msg);
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

void log_notice(const char *fmt, ...)
{
	EMIT(LOG_NOTICE, "");
}

void log_program_output(const char *text)
{
	if (!*text)
		return;
	progress_interrupt();
	fprintf(stderr, "%s\n", text);
	/* under a unit it went to the journal; here it would be lost */
	to_system_log(LOG_NOTICE, "", text);
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
