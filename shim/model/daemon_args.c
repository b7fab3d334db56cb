/* Configuration -> argv.  Values from nfs.conf (and built-in defaults)
 * are NOT turned into options: since nfs-utils 2.1.1 each daemon reads
 * nfs.conf itself, and repeating them would only risk disagreeing.  Values
 * from the distribution's files and from --set are, because no daemon
 * reads those; so are nfs-ctl's own [args], wherever they come from.  Free-form option strings come first and options derived
 * from single values after them: getopt lets the last occurrence win, and
 * single values include --set, the highest precedence.  rpc.nfsd's thread
 * count is its positional argument and goes last. */
#include "daemon_args.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum rule_kind {
	VALUE,          /* OPT VALUE */
	IF_TRUE,        /* OPT when the boolean is true */
	IF_FALSE,       /* OPT when the boolean is false */
	TRUE_FALSE,     /* OPT when true, OPT2 when false */
	REPEAT,         /* OPT repeated VALUE times (verbosity levels) */
	VERSION,        /* OPT N when true (-V), OPT2 N when false (-N) */
	LIST,           /* OPT ITEM for each comma-separated item */
	DEBUG_KINDS,    /* like LIST; "1" means all, "0" nothing */
};

struct rule {
	const char *section, *key;
	enum rule_kind kind;
	const char *opt, *opt2;
};

static const struct rule nfsd_rules[] = {
	{ "nfsd", "debug",      IF_TRUE,    "-d", NULL },
	{ "nfsd", "host",       LIST,       "-H", NULL },
	{ "nfsd", "port",       VALUE,      "-p", NULL },
	/* no scope: nfsd starts under it as its host name (graph: host_name),
	 * which every rpc.nfsd honours; Debian 12's has no -S */
	{ "nfsd", "grace-time", VALUE,      "-G", NULL },
	{ "nfsd", "lease-time", VALUE,      "-L", NULL },
	{ "nfsd", "tcp",        TRUE_FALSE, "-t", "-T" },
	{ "nfsd", "udp",        TRUE_FALSE, "-u", "-U" },
	/* no vers2: current rpc.nfsd refuses -N 2 / -V 2 */
	{ "nfsd", "vers3",      VERSION,    "-V", "-N" },
	{ "nfsd", "vers4",      VERSION,    "-V", "-N" },
	{ "nfsd", "vers4.0",    VERSION,    "-V", "-N" },
	{ "nfsd", "vers4.1",    VERSION,    "-V", "-N" },
	{ "nfsd", "vers4.2",    VERSION,    "-V", "-N" },
	{ NULL, NULL, VALUE, NULL, NULL },
};

/* rpc.mountd also honours [nfsd] versions and udp (rpc.mountd(8)). */
static const struct rule mountd_rules[] = {
	{ "mountd", "debug",                DEBUG_KINDS, "-d", NULL },
	{ "mountd", "port",                 VALUE,    "-p", NULL },
	{ "mountd", "threads",              VALUE,    "-t", NULL },
	{ "mountd", "descriptors",          VALUE,    "-o", NULL },
	{ "mountd", "manage-gids",          IF_TRUE,  "-g", NULL },
	{ "mountd", "reverse-lookup",       IF_TRUE,  "-r", NULL },
	{ "mountd", "cache-use-ipaddr",     IF_TRUE,  "-i", NULL },
	{ "mountd", "state-directory-path", VALUE,    "-s", NULL },
	{ "mountd", "ha-callout",           VALUE,    "-H", NULL },
	{ "mountd", "ttl",                  VALUE,    "-T", NULL },
	{ "nfsd",   "vers2",                VERSION,  "-V", "-N" },
	{ "nfsd",   "vers3",                VERSION,  "-V", "-N" },
	{ "nfsd",   "udp",                  IF_FALSE, "-u", NULL },
	{ NULL, NULL, VALUE, NULL, NULL },
};

static const struct rule statd_rules[] = {
	{ "statd", "port",                 VALUE, "-p", NULL },
	{ "statd", "outgoing-port",        VALUE, "-o", NULL },
	{ "statd", "name",                 VALUE, "-n", NULL },
	{ "statd", "state-directory-path", VALUE, "-P", NULL },
	{ "statd", "ha-callout",           VALUE, "-H", NULL },
	{ "lockd", "port",                 VALUE, "--nlm-port", NULL },
	{ "lockd", "udp-port",             VALUE, "--nlm-udp-port", NULL },
	{ NULL, NULL, VALUE, NULL, NULL },
};

static const struct rule sm_notify_rules[] = {
	{ "sm-notify", "force",                IF_TRUE, "-f", NULL },
	{ "sm-notify", "retry-time",           VALUE,   "-m", NULL },
	{ "sm-notify", "outgoing-port",        VALUE,   "-p", NULL },
	{ "sm-notify", "outgoing-addr",        VALUE,   "-v", NULL },
	{ "statd",     "state-directory-path", VALUE,   "-P", NULL },
	{ NULL, NULL, VALUE, NULL, NULL },
};

static const struct rule gssd_rules[] = {
	{ "general", "pipefs-directory",      VALUE,    "-p", NULL },
	{ "gssd", "verbosity",                REPEAT,   "-v", NULL },
	{ "gssd", "rpc-verbosity",            REPEAT,   "-r", NULL },
	{ "gssd", "use-memcache",             IF_TRUE,  "-M", NULL },
	{ "gssd", "use-machine-creds",        IF_FALSE, "-n", NULL },
	{ "gssd", "avoid-dns",                IF_FALSE, "-D", NULL },
	{ "gssd", "context-timeout",          VALUE,    "-t", NULL },
	{ "gssd", "rpc-timeout",              VALUE,    "-T", NULL },
	{ "gssd", "keytab-file",              VALUE,    "-k", NULL },
	{ "gssd", "cred-cache-directory",     VALUE,    "-d", NULL },
	{ "gssd", "preferred-realm",          VALUE,    "-R", NULL },
	{ "gssd", "upcall-timeout",           VALUE,    "-U", NULL },
	{ "gssd", "cancel-timed-out-upcalls", IF_TRUE,  "-C", NULL },
	{ "gssd", "set-home",                 IF_FALSE, "-H", NULL },
	{ NULL, NULL, VALUE, NULL, NULL },
};

static const struct rule svcgssd_rules[] = {
	{ "svcgssd", "principal",       VALUE,  "-p", NULL },
	{ "svcgssd", "verbosity",       REPEAT, "-v", NULL },
	{ "svcgssd", "rpc-verbosity",   REPEAT, "-r", NULL },
	{ "svcgssd", "idmap-verbosity", REPEAT, "-i", NULL },
	{ NULL, NULL, VALUE, NULL, NULL },
};

static const struct rule idmapd_rules[] = {
	{ "general", "pipefs-directory", VALUE, "-p", NULL },
	{ NULL, NULL, VALUE, NULL, NULL },
};

static const struct rule nfsdcld_rules[] = {
	{ "general", "pipefs-directory", VALUE, "-p", NULL },
	{ "nfsdcld", "storagedir",       VALUE, "-s", NULL },
	{ "nfsdcld", "debug",            IF_TRUE, "-d", NULL },
	{ NULL, NULL, VALUE, NULL, NULL },
};

static const struct rule no_rules[] = {
	{ NULL, NULL, VALUE, NULL, NULL },
};


/* The value of SECTION.KEY if nfs-ctl, not the daemon, must pass it. */
static const char *ours(const struct settings *s, const char *section,
			const char *key)
{
	const struct setting *e = settings_find(s, section, key);

	if (!e || e->origin < ORIGIN_LEGACY)
		return NULL;
	return e->value;
}


/* "vers4.1" -> "4.1" */
static const char *version_of(const char *key)
{
	return key + strlen("vers");
}

static void add_list(struct strv *out, const char *opt, const char *list)
{
	char *copy = strdup(list), *save = NULL;

	if (!copy)
		return;
	for (char *item = strtok_r(copy, ", \t", &save); item;
	     item = strtok_r(NULL, ", \t", &save)) {
		strv_add(out, opt);
		strv_add(out, item);
	}
	free(copy);
}

static void apply_rule(const struct rule *r, const char *v, struct strv *out)
{
	int b = settings_parse_bool(v);
	long n;

	switch (r->kind) {
	case VALUE:
		strv_add(out, r->opt);
		strv_add(out, v);
		break;
	case IF_TRUE:
	case IF_FALSE:
		if (b == (r->kind == IF_TRUE))
			strv_add(out, r->opt);
		break;
	case TRUE_FALSE:
		if (b >= 0)
			strv_add(out, b ? r->opt : r->opt2);
		break;
	case VERSION:
		if (b >= 0) {
			strv_add(out, b ? r->opt : r->opt2);
			strv_add(out, version_of(r->key));
		}
		break;
	case REPEAT:
		n = strtol(v, NULL, 10);
		for (long i = 0; i < n && i < 10; i++)
			strv_add(out, r->opt);
		break;
	case LIST:
		add_list(out, r->opt, v);
		break;
	case DEBUG_KINDS:
		if (b != 0)
			add_list(out, r->opt, b == 1 ? "all" : v);
		break;
	}
}

/* The init scripts expanded these unquoted: the shell split them at
 * blanks and newlines.  So do we, and no more (no globbing). */
static void add_words(struct strv *out, const char *list)
{
	const char *p = list;

	for (;;) {
		size_t len;

		while (*p && isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		for (len = 0; p[len] && !isspace((unsigned char)p[len]); len++)
			;
		strv_addf(out, "%.*s", (int)len, p);
		p += len;
	}
}

/* rpc.nfsd reads [nfsd] rdma (a boolean, or a port in old files) and
 * rdma-port together, and --rdma[=PORT] replaces both: when either is ours
 * to pass, pass the combined state.  (No option turns RDMA off again.) */
static void add_nfsd_rdma(const struct settings *s, struct strv *out)
{
	const char *rdma = settings_get(s, "nfsd", "rdma");
	const char *port = settings_get(s, "nfsd", "rdma-port");
	int b;

	if (!ours(s, "nfsd", "rdma") && !ours(s, "nfsd", "rdma-port"))
		return;
	if (!rdma)
		return;
	b = settings_parse_bool(rdma);
	if (b == 1)
		strv_addf(out, "--rdma=%s", port ? port : "nfsrdma");
	else if (b < 0)
		strv_addf(out, "--rdma=%s", rdma);
}

/* rpc.nfsd's thread count is positional: it must come after the options. */
static void add_nfsd_threads(const struct settings *s, struct strv *out)
{
	const char *threads = ours(s, "nfsd", "threads");

	if (threads)
		strv_add(out, threads);
}

/* [args] COMPONENT: free-form options.  No daemon reads [args], so they
 * are passed from every source, nfs.conf included (which is where
 * contrib/nfs-ctl-migrate puts them). */
static const char *free_form_args(const struct settings *s,
				  const char *component)
{
	const struct setting *e = settings_find(s, "args", component);

	return e && e->origin != ORIGIN_DEFAULT ? e->value : NULL;
}

static void add_nfsd_tail(const struct settings *s, struct strv *out)
{
	add_nfsd_rdma(s, out);
	add_nfsd_threads(s, out);
}

/* The graph's argv column: a rule table, and what the rules cannot say
 * (combined or positional arguments) as a function run after them. */
static const struct {
	const struct rule *rules;
	void (*tail)(const struct settings *, struct strv *);
} by_column[] = {
	[ARGV_NONE] = { no_rules, NULL },
	[ARGV_NFSD] = { nfsd_rules, add_nfsd_tail },
	[ARGV_MOUNTD] = { mountd_rules, NULL },
	[ARGV_STATD] = { statd_rules, NULL },
	[ARGV_SM_NOTIFY] = { sm_notify_rules, NULL },
	[ARGV_GSSD] = { gssd_rules, NULL },
	[ARGV_SVCGSSD] = { svcgssd_rules, NULL },
	[ARGV_IDMAPD] = { idmapd_rules, NULL },
	[ARGV_NFSDCLD] = { nfsdcld_rules, NULL },
};

_Static_assert(sizeof(by_column) / sizeof(*by_column) == ARGV_NFSDCLD + 1,
	       "one rule table per argv column value of graph.h");

void daemon_args(const struct settings *s, const struct component *c,
		 struct strv *out)
{
	const char *raw = free_form_args(s, c->name);

	if (raw)
		add_words(out, raw);
	for (const struct rule *r = by_column[c->argv].rules; r->section; r++) {
		const char *v = ours(s, r->section, r->key);

		if (v)
			apply_rule(r, v, out);
	}
	if (by_column[c->argv].tail)
		by_column[c->argv].tail(s, out);
}
