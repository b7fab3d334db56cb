#include "conf_diag.h"
#include "log.h"

#include <stdarg.h>
#include <stdio.h>

static int quiet;

void conf_diag_set_quiet(int q)
{
	quiet = q;
}

/* log.h takes a format, not a va_list: format once here, print as %s. */
static void report(int is_error, const char *file, int line,
		   const char *fmt, va_list ap)
{
	char msg[512];

	if (quiet)
		return;
	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (is_error)
		log_file_error(file, line, "%s", msg);
	else
		log_file_warn(file, line, "%s", msg);
}

void conf_error(struct settings *s, const char *file, int line,
		const char *fmt, ...)
{
	va_list ap;

	s->errors++;
	va_start(ap, fmt);
	report(1, file, line, fmt, ap);
	va_end(ap);
}

void conf_warn(struct settings *s, const char *file, int line,
	       const char *fmt, ...)
{
	va_list ap;

	s->warnings++;
	va_start(ap, fmt);
	report(0, file, line, fmt, ap);
	va_end(ap);
}
