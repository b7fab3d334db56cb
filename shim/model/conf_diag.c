#include "conf_diag.h"
#include "log.h"
#include "xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct held_warning {
	char *file;     /* NULL: built-in */
	int line;
	char *msg;
};

static int quiet;
static struct held_warning *held;
static size_t n_held, cap_held;
static char **conflicts;
static size_t n_conflicts;

void conf_diag_set_quiet(int q)
{
	quiet = q;
}

static void hold(const char *file, int line, const char *msg)
{
	if (n_held == cap_held) {
		cap_held = cap_held ? cap_held * 2 : 16;
		held = xrealloc(held, cap_held * sizeof(*held));
	}
	held[n_held].file = file ? xstrdup(file) : NULL;
	held[n_held].line = line;
	held[n_held].msg = xstrdup(msg);
	n_held++;
}

void conf_diag_show_warnings(void)
{
	for (size_t i = 0; i < n_held; i++) {
		log_file_warn(held[i].file, held[i].line, "%s", held[i].msg);
		free(held[i].file);
		free(held[i].msg);
	}
	free(held);
	held = NULL;
	n_held = cap_held = 0;
}

void conf_diag_show_conflicts(void)
{
	for (size_t i = 0; i < n_conflicts; i++) {
		log_warn("%s", conflicts[i]);
		free(conflicts[i]);
	}
	free(conflicts);
	conflicts = NULL;
	n_conflicts = 0;
}

static struct conf_conflict_rec *records;
static size_t n_records;

const struct conf_conflict_rec *conf_diag_conflicts(size_t *n)
{
	*n = n_records;
	return records;
}

static void record(const char *file, int line, const char *ignored,
		   const char *winner_file, int winner_line, const char *winner)
{
	struct conf_conflict_rec *r;

	records = xrealloc(records, (n_records + 1) * sizeof(*records));
	r = &records[n_records++];
	r->file = file ? xstrdup(file) : NULL;
	r->line = line;
	r->ignored = xstrdup(ignored);
	r->winner_file = winner_file ? xstrdup(winner_file) : NULL;
	r->winner_line = winner_line;
	r->winner = xstrdup(winner);
}

void conf_conflict(struct settings *s, const char *file, int line, const char *ignored,
		   const char *winner_file, int winner_line, const char *winner)
{
	char msg[512];

	s->warnings++;
	if (quiet)
		return;
	record(file, line, ignored, winner_file, winner_line, winner);
	snprintf(msg, sizeof(msg), "%s ignored: %s:%d sets %s, and nfs.conf wins", ignored,
		 winner_file ? winner_file : "nfs.conf", winner_line, winner);
	if (log_verbose_level() >= 1) {
		log_file_warn(file, line, "%s", msg);
		return;
	}
	hold(file, line, msg);
	conflicts = xrealloc(conflicts, (n_conflicts + 1) * sizeof(*conflicts));
	conflicts[n_conflicts++] = file ? xasprintf("%s:%d: %s", file, line, msg) : xstrdup(msg);
}

void conf_error(struct settings *s, const char *file, int line,
		const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	s->errors++;
	if (quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	log_file_error(file, line, "%s", msg);
}

void conf_warn(struct settings *s, const char *file, int line,
	       const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	s->warnings++;
	if (quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (log_verbose_level() >= 1)
		log_file_warn(file, line, "%s", msg);
	else
		hold(file, line, msg);
}
