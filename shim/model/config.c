/* Every configuration source, lowest precedence first; settings_set()
 * lets a later source replace an earlier value:
 *   built-in defaults < distribution file(s) < nfs.conf family < --set
 * The distribution's legacy files are read after nfs.conf but only fill
 * what nfs.conf leaves unset (conf_legacy.c); --set is applied by main
 * after config_load. */
#include "config.h"
#include "conf_diag.h"
#include "conf_legacy.h"
#include "conf_nfsconf_load.h"
#include "graph.h"
#include "log.h"
#include "nfsutils.h"

#include <limits.h>
#include <stdlib.h>

#include <string.h>

/* Only what nfs-ctl itself needs to decide, with nfs-utils' defaults;
 * those that changed between releases as the installed one has them. */
static void load_defaults(struct settings *s)
{
	static const struct { const char *section, *key, *value; } d[] = {
		{ "general", "pipefs-directory", "/var/lib/nfs/rpc_pipefs" },
		{ "nfsd", "vers3", "y" },
		{ "nfsd", "vers4", "y" },
	};

	for (size_t i = 0; i < sizeof(d) / sizeof(*d); i++)
		settings_set(s, d[i].section, d[i].key, d[i].value, NULL, 0,
			     ORIGIN_DEFAULT);
	nfsutils_defaults(s);
}

int config_load(struct ctx *ctx)
{
	struct settings *s = &ctx->settings;
	const char *distro;
	const struct legacy_format *fmt;

	/* Record what was detected: `config` shows it, runners may use it. */
	if (!ctx->distro)
		ctx->distro = legacy_detect();
	distro = ctx->distro;
	fmt = legacy_format_for(distro);

	load_defaults(s);
	nfsconf_load_all(s);
	if (fmt)
		legacy_load(s, fmt);
	else if (strcmp(distro, "none") != 0)
		log_warn("unknown distribution '%s': no distribution file read",
			 distro);
	log_debug("configuration: distribution files of '%s'", distro);
	return s->errors ? -1 : 0;
}

/* Every mount point and daemon option built from it is taken relative to
 * nothing in particular otherwise (mount's cwd), and a word starting
 * with '-' would be read as an option. */
static void check_pipefs_directory(struct settings *s)
{
	const struct setting *v = settings_find(s, "general", "pipefs-directory");

	if (!v || !*v->value || v->value[0] == '/')
		return;
	conf_error(s, v->file, v->line, "pipefs-directory: '%s' is not an absolute path; ignored",
		   v->value);
	settings_unset(s, "general", "pipefs-directory");
}

/* A nice(2) increment (graph: nice_key, [nfs-ctl] nfsd-priority). */
static void check_nice(struct settings *s, const char *key)
{
	const struct setting *v = settings_find(s, "nfs-ctl", key);
	const char *digits;
	long n;

	if (!v || !*v->value)
		return;
	digits = v->value + (v->value[0] == '-');
	n = strtol(v->value, NULL, 10);
	if (*digits && digits[strspn(digits, "0123456789")] == '\0' && strlen(digits) <= 3 &&
	    n >= -20 && n <= 19)
		return;
	conf_error(s, v->file, v->line, "%s: '%s' is not a nice level from -20 to 19; ignored",
		   key, v->value);
	settings_unset(s, "nfs-ctl", key);
}

/* A host name for a UTS namespace (graph: host_name, [nfsd] scope): the
 * kernel refuses more than HOST_NAME_MAX bytes, and the start would fail
 * only when it is reached. */
static void check_host_name(struct settings *s, const struct conf_value *where)
{
	const struct setting *v = settings_find(s, where->section, where->key);

	if (!v || strlen(v->value) <= HOST_NAME_MAX)
		return;
	conf_error(s, v->file, v->line, "%s: '%s' is longer than a host name may be (%d bytes); ignored",
		   where->key, v->value, HOST_NAME_MAX);
	settings_unset(s, where->section, where->key);
}

void config_check(struct settings *s)
{
	check_pipefs_directory(s);
	for (unsigned i = 0; i < graph_size; i++) {
		if (graph[i].nice_key)
			check_nice(s, graph[i].nice_key);
		if (graph[i].host_name.key)
			check_host_name(s, &graph[i].host_name);
	}
}
