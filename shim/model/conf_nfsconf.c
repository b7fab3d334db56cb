#include "conf_nfsconf.h"
#include "conf_diag.h"
#include "xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct parser {
	struct settings *s;
	const char *file;
	const struct nfsconf_hooks *hooks;
	char *section;          /* NULL: outside any (valid) section */
};

static char *skip_space(char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

static void trim_right(char *start, char *end)
{
	while (end > start && isspace((unsigned char)end[-1]))
		*--end = '\0';
}

static void set_section(struct parser *p, char *name)
{
	free(p->section);
	p->section = name;
}

/* "[ name ]" or "[ name "arg" ]"; text after ']' is ignored, as upstream. */
static void parse_section(struct parser *p, char *line, int lineno)
{
	char *close, *quote, *name;

	set_section(p, NULL);
	line = skip_space(line + 1);
	close = strchr(line, ']');
	if (!close) {
		conf_error(p->s, p->file, lineno,
			   "missing ']': lines up to the next section are ignored");
		return;
	}
	if (*skip_space(close + 1))
		conf_warn(p->s, p->file, lineno, "text after ']' ignored");
	*close = '\0';
	trim_right(line, close);
	quote = strchr(line, '"');
	if (quote) {
		char *arg = quote + 1, *end = strchr(arg, '"');

		if (!end) {
			conf_error(p->s, p->file, lineno,
				   "unmatched '\"' in section name: lines up to the next section are ignored");
			return;
		}
		*quote = *end = '\0';
		trim_right(line, quote);
		name = xasprintf("%s \"%s\"", line, arg);
	} else {
		name = xstrdup(line);
	}
	if (!*line) {
		free(name);
		conf_error(p->s, p->file, lineno,
			   "empty section name: lines up to the next section are ignored");
		return;
	}
	for (char *c = name; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	if (!nfsconf_section_known(name))
		conf_warn(p->s, p->file, lineno, "unknown section [%s]", name);

	set_section(p, name);
}

/* Returns the value with its quotes removed, or NULL (error reported). */
static char *unquote_value(struct parser *p, char *val, int lineno)
{
	if (*val == '"' || *val == '\'') {
		char q = *val++;
		char *end = strchr(val, q);

		if (!end) {
			conf_error(p->s, p->file, lineno,
				   "unmatched %c: assignment ignored", q);
			return NULL;
		}
		*end = '\0';
		return val;
	}
	/* An unquoted value ends at a comment character, wherever it is. */
	val[strcspn(val, "#;")] = '\0';
	trim_right(val, val + strlen(val));
	return val;
}

static void do_include(struct parser *p, char *path, int lineno)
{
	int optional = 0;

	if (*path == '-') {
		optional = 1;
		path++;
	}
	if (!*path) {
		conf_error(p->s, p->file, lineno, "include without a file name");
		return;
	}
	if (!p->hooks || !p->hooks->include) {
		conf_error(p->s, p->file, lineno, "include not allowed here");
		return;
	}
	p->hooks->include(p->hooks->opaque, p->s, path, optional, p->section,
			  p->file, lineno);
}

static void parse_assignment(struct parser *p, char *line, int lineno)
{
	char *eq = strchr(line, '='), *val;

	if (!eq) {
		conf_error(p->s, p->file, lineno,
			   "neither a [section] nor a name = value line");
		return;
	}
	if (!p->section) {
		conf_error(p->s, p->file, lineno,
			   "assignment outside any valid section ignored");
		return;
	}
	*eq = '\0';
	trim_right(line, eq);
	if (!*line) {
		conf_error(p->s, p->file, lineno, "missing name before '='");
		return;
	}
	val = unquote_value(p, skip_space(eq + 1), lineno);
	if (!val)
		return;
	if (!strcasecmp(line, "include")) {
		do_include(p, val, lineno);
		return;
	}
	if (!*val)
		return;         /* nfs.conf(5): an empty value is ignored */
	settings_set(p->s, p->section, line, val, p->file, lineno,
		     ORIGIN_NFSCONF);
	if (!strchr(p->section, '"') && nfsconf_section_known(p->section) &&
	    !nfsconf_key_known(p->section, line))
		conf_warn(p->s, p->file, lineno, "unknown key '%s' in [%s]",
			  line, p->section);
}

static void parse_line(struct parser *p, char *line, int lineno)
{
	line = skip_space(line);
	if (!*line || *line == '#' || *line == ';')
		return;
	if (*line == '[')
		parse_section(p, line, lineno);
	else
		parse_assignment(p, line, lineno);
}

/* Collects one logical line (backslash-newline joins, as upstream does by
 * turning both characters into spaces) starting at *pos.  Returns NULL at
 * the end of the buffer.  *physical counts the lines it spans, *terminated
 * tells whether a newline ended it, *nul whether it holds a NUL byte. */
static char *next_line(const char *buf, size_t len, size_t *pos, int *nul,
		       int *terminated, int *physical)
{
	size_t start = *pos, i = start;
	char *line;

	if (start >= len)
		return NULL;
	*nul = 0;
	*terminated = 0;
	*physical = 1;
	for (; i < len; i++) {
		if (buf[i] == '\0')
			*nul = 1;
		if (buf[i] != '\n')
			continue;
		if (i > start && buf[i - 1] == '\\') {
			(*physical)++;
			continue;
		}
		*terminated = 1;
		break;
	}
	/* With a NUL inside, the copy stops there; the caller drops it. */
	line = xstrndup(buf + start, i - start);
	for (char *c = line; (c = strstr(c, "\\\n")); )
		c[0] = c[1] = ' ';
	*pos = i + 1;
	return line;
}

void nfsconf_parse(const char *buf, size_t len, const char *filename,
		   const char *section, struct settings *s,
		   const struct nfsconf_hooks *hooks)
{
	struct parser p = { s, filename, hooks,
			    section ? xstrdup(section) : NULL };
	size_t pos = 0;
	int lineno = 1;
	char *line;
	int nul, terminated, physical;

	while ((line = next_line(buf, len, &pos, &nul, &terminated, &physical))) {
		if (nul)
			conf_error(s, filename, lineno, "NUL byte: line ignored");
		else if (!terminated && *skip_space(line))
			conf_warn(s, filename, lineno,
				  "last line has no newline: ignored, as nfs-utils does");
		else if (terminated)
			parse_line(&p, line, lineno);
		free(line);
		lineno += physical;
	}
	free(p.section);
}
