/* libFuzzer target: the nfs.conf parser, $NAME resolution and the argv
 * builder on whatever it produced.  Includes are answered from memory
 * (the same input again, a bounded number of times), so the file system
 * is never touched. */
#include "conf_diag.h"
#include "conf_nfsconf.h"
#include "conf_nfsconf_load.h"
#include "daemon_args.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *input;
static size_t input_len;
static int includes_left;

static void on_include(void *opaque, struct settings *s, const char *path,
		       int optional, const char *section, const char *file,
		       int line)
{
	struct nfsconf_hooks hooks = { on_include, opaque };

	(void)optional;
	(void)file;
	(void)line;
	if (includes_left-- <= 0)
		return;
	nfsconf_parse(input, input_len, path, section, s, &hooks);
}

static void build_every_argv(struct settings *s)
{

	/* pretend the values came from a distribution file, so that the
	 * argv builder uses all of them */
	for (size_t i = 0; i < s->n; i++)
		s->v[i].origin = ORIGIN_LEGACY;
	for (unsigned i = 0; i < graph_size; i++) {
		struct strv sv;

		strv_init(&sv);
		daemon_args(s, &graph[i], &sv);
		strv_free(&sv);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nfsconf_hooks hooks = { on_include, NULL };
	struct settings s;

	conf_diag_set_quiet(1);
	input = (const char *)data;
	input_len = size;
	includes_left = 4;
	settings_init(&s);
	nfsconf_parse(input, input_len, "fuzz.conf", NULL, &s, &hooks);
	nfsconf_expand_vars(&s);
	build_every_argv(&s);
	settings_free(&s);
	return 0;
}
