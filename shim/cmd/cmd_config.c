/* `nfs-ctl config`: what configuration nfs-ctl sees, and where each value
 * comes from.
 *   config                  every setting, with origin and FILE:LINE
 *   config --check          exit 1 if any source is malformed
 *   config --get SEC.KEY    one value (exit 1 when unset)
 *   config --argv COMP      the configuration-derived argv of a component,
 *                           one word per line
 *   config --wants TARGET   what policy enables for TARGET, and why */
#include "commands.h"
#include "conf_diag.h"
#include "daemon_args.h"
#include "graph.h"
#include "log.h"
#include "nfsutils.h"
#include "policy.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Components whose command nfs-ctl runs (daemons and one-shots). */
static int runs_command(const struct component *c)
{
	return c->kind == KIND_DAEMON || c->kind == KIND_ONESHOT;
}

static const char *origin_name(enum origin o)
{
	switch (o) {
	case ORIGIN_DEFAULT: return "default";
	case ORIGIN_NFSCONF: return "nfs.conf";
	case ORIGIN_LEGACY:  return "distribution";
	case ORIGIN_CMDLINE: return "command line";
	}
	return "?";
}

/* Values are shown bare unless they would be ambiguous. */
static void print_value(const char *v)
{
	if (*v && !strpbrk(v, " \t\n\r\"\\#;") && !strchr(" \t", v[strlen(v) - 1])) {
		fputs(v, stdout);
		return;
	}
	putchar('"');
	for (; *v; v++) {
		if (*v == '"' || *v == '\\')
			printf("\\%c", *v);
		else if (*v == '\n')
			fputs("\\n", stdout);
		else if ((unsigned char)*v < 0x20)
			printf("\\x%02x", (unsigned char)*v);
		else
			putchar(*v);
	}
	putchar('"');
}

static int by_section_key(const void *a, const void *b)
{
	const struct setting *x = *(const struct setting *const *)a;
	const struct setting *y = *(const struct setting *const *)b;
	int c = strcmp(x->section, y->section);

	return c ? c : strcmp(x->key, y->key);
}

static int dump(const struct ctx *ctx)
{
	const struct settings *s = &ctx->settings;
	const struct setting **sorted = xcalloc(s->n, sizeof(*sorted));

	for (size_t i = 0; i < s->n; i++)
		sorted[i] = &s->v[i];
	qsort(sorted, s->n, sizeof(*sorted), by_section_key);
	printf("# distribution files: %s\n", ctx->distro ? ctx->distro : "none");
	/* the release whose defaults the "# default" lines are */
	printf("# nfs-utils: %s\n", nfsutils_release_text());
	for (size_t i = 0; i < s->n; i++) {
		const struct setting *e = sorted[i];

		printf("%s.%s = ", e->section, e->key);
		print_value(e->value);
		printf("\t# %s", origin_name(e->origin));
		if (e->file && e->line > 0)
			printf(" %s:%d", e->file, e->line);
		else if (e->file)
			printf(" %s", e->file);
		putchar('\n');
	}
	free(sorted);
	return 0;
}

static int check(const struct ctx *ctx)
{
	const struct settings *s = &ctx->settings;

	if (s->errors) {
		log_error("configuration: %d error%s, %d warning%s (see above)",
			  s->errors, s->errors == 1 ? "" : "s",
			  s->warnings, s->warnings == 1 ? "" : "s");
		return 1;
	}
	printf("configuration OK (%d warning%s)\n", s->warnings,
	       s->warnings == 1 ? "" : "s");
	return 0;
}

static int get(const struct ctx *ctx, const char *name)
{
	/* keys may contain dots (vers4.1): the section ends at the first one */
	const char *dot = strchr(name, '.');
	char *section;
	const char *v;

	if (!dot || dot == name || !dot[1]) {
		log_error("config --get: expected SECTION.KEY, not '%s'", name);
		return 2;
	}
	section = xstrndup(name, (size_t)(dot - name));
	v = settings_get(&ctx->settings, section, dot + 1);
	free(section);
	if (!v)
		return 1;
	puts(v);
	return 0;
}

static int show_argv(const struct ctx *ctx, const char *component)
{
	const struct component *c = graph_find(component);
	struct strv sv;

	if (!c || !runs_command(c)) {
		log_error("config --argv: unknown component '%s'", component);
		return 2;
	}
	strv_init(&sv);
	daemon_args(&ctx->settings, c, &sv);
	for (size_t i = 0; i < sv.n; i++)
		puts(sv.v[i]);
	strv_free(&sv);
	return 0;
}

static int show_wants(const struct ctx *ctx, const char *word)
{
	unsigned target = target_from_name(word);

	if (!target) {
		log_error("config --wants: unknown target '%s' (targets: %s)", word,
			  target_names());
		return 2;
	}
	for (unsigned i = 0; i < graph_size; i++) {
		struct reason r;
		char *why;
		int yes;

		if (!runs_command(&graph[i]))
			continue;
		yes = policy_wants(ctx, target, &graph[i], &r);
		why = reason_sentence(&r);
		printf("%-10s %s%s%s\n", graph[i].name, yes ? "yes" : "no",
		       *why ? "\t" : "", why);
		free(why);
		reason_free(&r);
	}
	return 0;
}

static void usage(void)
{
	fputs("usage: nfs-ctl config [--check | --get SECTION.KEY | "
	      "--argv COMPONENT | --wants TARGET]\n", stderr);
}

/* "--opt VALUE" or "--opt=VALUE" */
static const char *option_value(int argc, char **argv, int *i, const char *opt)
{
	size_t n = strlen(opt);

	if (!strncmp(argv[*i], opt, n) && argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (strcmp(argv[*i], opt) != 0)
		return NULL;
	if (*i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

int cmd_config(struct ctx *ctx, int argc, char **argv)
{
	const char *v;

	conf_diag_show_warnings();
	if (argc == 0)
		return dump(ctx);
	if (argc == 1 && !strcmp(argv[0], "--check"))
		return check(ctx);
	for (int i = 0; i < argc && argc <= 2; i++) {
		if ((v = option_value(argc, argv, &i, "--get")))
			return get(ctx, v);
		if ((v = option_value(argc, argv, &i, "--argv")))
			return show_argv(ctx, v);
		if ((v = option_value(argc, argv, &i, "--wants")))
			return show_wants(ctx, v);
	}
	usage();
	return 2;
}
