#include "conf_shellvars.h"
#include "conf_diag.h"
#include "xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct lexer {
	const char *p, *end;
	int line;
	struct settings *s;
	const char *file;
	const struct shellvars_hooks *hooks;
	int exporting;          /* after `export`: a bare NAME is fine */
};

/* A growing value buffer. */
struct word {
	char *v;
	size_t n, cap;
};

static void word_add(struct word *w, char c)
{
	if (w->n + 1 >= w->cap) {
		w->cap = w->cap ? w->cap * 2 : 64;
		w->v = xrealloc(w->v, w->cap);
	}
	w->v[w->n++] = c;
	w->v[w->n] = '\0';
}

static int at_end(const struct lexer *lx)
{
	return lx->p >= lx->end;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static int name_start(char c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static int name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Skips the rest of the physical line after an error. */
static void skip_line(struct lexer *lx)
{
	while (!at_end(lx) && *lx->p != '\n')
		lx->p++;
}

/* '$' starts an expansion when a shell would expand it. */
static int expansion_at(const struct lexer *lx)
{
	char next;

	if (lx->p + 1 >= lx->end)
		return 0;
	next = lx->p[1];
	return name_start(next) || isdigit((unsigned char)next) ||
	       strchr("({$?#@*!-", next) != NULL;
}

static const char *expansion_kind(const struct lexer *lx)
{
	if (*lx->p == '`')
		return "command substitution `...`";
	if (lx->p[1] == '(')
		return "command substitution $(...)";
	if (lx->p[1] == '{')
		return "parameter expansion ${...}";
	return "variable expansion $NAME";
}

/* Return values of the value scanners. */
enum scan { SCAN_OK, SCAN_ERROR_LINE, SCAN_ERROR_FILE };

static enum scan refuse_expansion(struct lexer *lx)
{
	conf_error(lx->s, lx->file, lx->line,
		   "%s is not supported (nothing is executed); assignment ignored",
		   expansion_kind(lx));
	return SCAN_ERROR_LINE;
}

static enum scan unbalanced(struct lexer *lx, int start_line, char q)
{
	conf_error(lx->s, lx->file, start_line,
		   "unbalanced %c quote: the rest of the file is ignored", q);
	lx->p = lx->end;
	return SCAN_ERROR_FILE;
}

static enum scan scan_single_quoted(struct lexer *lx, struct word *w)
{
	int start = lx->line;

	for (lx->p++; !at_end(lx); lx->p++) {
		if (*lx->p == '\'') {
			lx->p++;
			return SCAN_OK;
		}
		if (*lx->p == '\n')
			lx->line++;
		word_add(w, *lx->p);
	}
	return unbalanced(lx, start, '\'');
}

static enum scan scan_double_quoted(struct lexer *lx, struct word *w)
{
	int start = lx->line;

	for (lx->p++; !at_end(lx); lx->p++) {
		char c = *lx->p;

		if (c == '"') {
			lx->p++;
			return SCAN_OK;
		}
		if (c == '`' || (c == '$' && expansion_at(lx)))
			return refuse_expansion(lx);
		if (c == '\\' && lx->p + 1 < lx->end) {
			char next = lx->p[1];

			if (next == '\n') {
				lx->p++;
				lx->line++;
				continue;
			}
			if (strchr("$`\"\\", next)) {
				word_add(w, next);
				lx->p++;
				continue;
			}
		}
		if (c == '\n')
			lx->line++;
		word_add(w, c);
	}
	return unbalanced(lx, start, '"');
}

static enum scan scan_backslash(struct lexer *lx, struct word *w)
{
	if (lx->p + 1 >= lx->end) {
		lx->p++;
		return SCAN_OK;          /* a trailing backslash escapes nothing */
	}
	if (lx->p[1] == '\n')
		lx->line++;              /* line continuation */
	else
		word_add(w, lx->p[1]);
	lx->p += 2;
	return SCAN_OK;
}

/* Scans one shell word: the value after NAME=. */
static enum scan scan_value(struct lexer *lx, struct word *w)
{
	while (!at_end(lx)) {
		char c = *lx->p;
		enum scan r = SCAN_OK;

		if (is_blank(c) || c == '\n' || c == ';')
			break;
		if (strchr("&|<>()", c)) {
			conf_error(lx->s, lx->file, lx->line,
				   "shell operator '%c' is not supported (nothing is executed); assignment ignored",
				   c);
			return SCAN_ERROR_LINE;
		}
		if (c == '`' || (c == '$' && expansion_at(lx)))
			return refuse_expansion(lx);
		if (c == '\'')
			r = scan_single_quoted(lx, w);
		else if (c == '"')
			r = scan_double_quoted(lx, w);
		else if (c == '\\')
			r = scan_backslash(lx, w);
		else {
			word_add(w, c);
			lx->p++;
		}
		if (r != SCAN_OK)
			return r;
	}
	return SCAN_OK;
}

static int starts_word(const struct lexer *lx, const char *kw)
{
	size_t n = strlen(kw);

	return (size_t)(lx->end - lx->p) > n && !memcmp(lx->p, kw, n) &&
	       is_blank(lx->p[n]);
}

/* NAME=VALUE at lx->p (which is at a name start). */
static void scan_assignment(struct lexer *lx)
{
	const char *name_begin = lx->p;
	struct word w;
	int line = lx->line;
	char *name;
	enum scan r;

	while (!at_end(lx) && name_char(*lx->p))
		lx->p++;
	if ((at_end(lx) || *lx->p != '=') && lx->exporting &&
	    (at_end(lx) || is_blank(*lx->p) || *lx->p == '\n' || *lx->p == ';'))
		return;                 /* `export NAME`: nothing to read */
	if (at_end(lx) || *lx->p != '=') {
		conf_error(lx->s, lx->file, lx->line,
			   "not a variable assignment (shell code is not run); line ignored");
		skip_line(lx);
		return;
	}
	name = xstrndup(name_begin, (size_t)(lx->p - name_begin));
	lx->p++;
	w = (struct word){ xcalloc(1, 64), 0, 64 };   /* "" is a value too */
	r = scan_value(lx, &w);
	if (r == SCAN_OK && lx->hooks && lx->hooks->assign)
		lx->hooks->assign(lx->hooks->opaque, lx->s, name, w.v,
				  lx->file, line);
	if (r == SCAN_ERROR_LINE)
		skip_line(lx);
	free(name);
	free(w.v);
}

void shellvars_parse(const char *buf, size_t len, const char *filename,
		     struct settings *s, const struct shellvars_hooks *hooks)
{
	struct lexer lx = { buf, buf + len, 1, s, filename, hooks, 0 };
	const char *nul;

	/* A NUL byte cannot be in a shell variable: refuse the file from
	 * there on, so that no truncated value is used. */
	nul = memchr(buf, '\0', len);
	if (nul) {
		int line = 1;

		for (const char *c = buf; c < nul; c++)
			line += *c == '\n';
		conf_error(s, filename, line,
			   "NUL byte: the rest of the file is ignored");
		while (nul > buf && nul[-1] != '\n')
			nul--;
		lx.end = nul;
	}
	while (!at_end(&lx)) {
		char c = *lx.p;

		if (is_blank(c)) {
			lx.p++;
		} else if (c == '\n' || c == ';') {
			lx.line += c == '\n';
			lx.exporting = 0;
			lx.p++;
		} else if (c == '#') {
			skip_line(&lx);
		} else if (starts_word(&lx, "export")) {
			lx.p += 6;
			lx.exporting = 1;
		} else if (name_start(c)) {
			scan_assignment(&lx);
		} else {
			conf_error(s, filename, lx.line,
				   "not a variable assignment (shell code is not run); line ignored");
			skip_line(&lx);
		}
	}
}
