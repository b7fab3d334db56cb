/* The fuzzers run the parsers quietly (conf_diag_set_quiet), so nothing is
 * ever logged; this stands in for shim/log.c, which needs libsystemd and
 * the build's configuration. */
#include "log.h"

int log_verbose_level(void)
{
	return 0;
}

void log_file_error(const char *file, int line, const char *fmt, ...)
{
	(void)file;
	(void)line;
	(void)fmt;
}

void log_file_warn(const char *file, int line, const char *fmt, ...)
{
	(void)file;
	(void)line;
	(void)fmt;
}

void log_warn(const char *fmt, ...)
{
	(void)fmt;
}

/* the generator's readers (fuzz_genmounts.c) name unreadable files */
void log_error(const char *fmt, ...)
{
	(void)fmt;
}
