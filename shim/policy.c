/* Component enablement from configuration.  Each answer carries the
 * FILE:LINE that decided it, so that the plan can say why a daemon is
 * (not) started. */
#include "policy.h"
#include "paths.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *whyf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static const char *whyf(const char *fmt, ...)
{
	static char ring[8][256];
	static unsigned next;
	char *buf = ring[next++ % 8];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(ring[0]), fmt, ap);
	va_end(ap);
	return buf;
}

/* "FILE:LINE", "--set" or "built-in default" */
static const char *where(const struct setting *e)
{
	if (e->file && e->line > 0)
		return whyf("%s:%d", e->file, e->line);
	if (e->file)
		return e->file;
	return e->origin == ORIGIN_CMDLINE ? "--set" : "built-in default";
}

/* E's value as a boolean (settings_parse_bool); -1 when unset or not a
 * boolean. */
static int bool_of(const struct setting *e)
{
	return e ? settings_parse_bool(e->value) : -1;
}

/* The last -N/-V (or long form) about VERS in a free-form rpc.nfsd option
 * string: 1 enabled, 0 disabled, -1 not mentioned. */
static int version_in_args(const char *args, const char *vers)
{
	char *copy = strdup(args ? args : ""), *save = NULL, *w;
	int state = -1, pending = -1;

	if (!copy)
		return -1;
	for (w = strtok_r(copy, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		const char *v = NULL;
		int on = -1;

		if (pending >= 0) {
			v = w;
			on = pending;
			pending = -1;
		} else if (!strcmp(w, "-N") || !strcmp(w, "--no-nfs-version")) {
			pending = 0;
		} else if (!strcmp(w, "-V") || !strcmp(w, "--nfs-version")) {
			pending = 1;
		} else if (!strncmp(w, "-N", 2) || !strncmp(w, "-V", 2)) {
			v = w + 2;
			on = w[1] == 'V';
		} else if (!strncmp(w, "--no-nfs-version=", 17)) {
			v = w + 17;
			on = 0;
		} else if (!strncmp(w, "--nfs-version=", 14)) {
			v = w + 14;
			on = 1;
		}
		if (v && !strcmp(v, vers))
			state = on;
	}
	free(copy);
	return state;
}

/* Effective state of version VERS and the setting that decided it. */
static int version_state(const struct settings *s, const char *vers,
			 const struct setting **decided)
{
	char key[16];
	const struct setting *e, *raw = settings_find(s, "args", "nfsd");
	int b, in_args;

	snprintf(key, sizeof(key), "vers%s", vers);
	e = settings_find(s, "nfsd", key);
	*decided = e;
	b = bool_of(e);
	/* argv order: free-form [args] (passed from any source), then
	 * legacy/--set values; the daemon reads nfs.conf underneath */
	if (e && e->origin >= ORIGIN_LEGACY && b >= 0)
		return b;
	in_args = raw ? version_in_args(raw->value, vers) : -1;
	if (in_args >= 0) {
		*decided = raw;
		return in_args;
	}
	if (b >= 0)
		return b;
	*decided = NULL;
	return strcmp(vers, "2") != 0;   /* rpc.nfsd: v2 off, v3/v4 on */
}

int policy_nfs_version_enabled(const struct ctx *ctx, const char *vers)
{
	const struct setting *decided;

	return version_state(&ctx->settings, vers, &decided);
}

int policy_nfs_version_decided(const struct ctx *ctx, const char *vers,
			       const struct setting **decided)
{
	return version_state(&ctx->settings, vers, decided);
}

int policy_v4_only(const struct ctx *ctx)
{
	return !policy_nfs_version_enabled(ctx, "2") &&
	       !policy_nfs_version_enabled(ctx, "3");
}

static const char *v4_only_reason(const struct ctx *ctx)
{
	const struct setting *d2, *d3;

	version_state(&ctx->settings, "2", &d2);
	version_state(&ctx->settings, "3", &d3);
	if (d3)
		return whyf("NFSv2/v3 disabled in %s", where(d3));
	return "NFSv2/v3 disabled";
}

/* nfs-ctl.need-NAME: 1, 0, or -1 when unset; *why tells where. */
static int need(const struct ctx *ctx, const char *name, const char **why)
{
	char key[32];
	const struct setting *e;
	int b;

	snprintf(key, sizeof(key), "need-%s", name);
	e = settings_find(&ctx->settings, "nfs-ctl", key);
	b = bool_of(e);
	if (b >= 0)
		*why = whyf("%s %s in %s", name, b ? "enabled" : "disabled",
			    where(e));
	return b;
}

static int wants_statd(const struct ctx *ctx, unsigned target,
		       const char **why)
{
	if (need(ctx, "statd", why) == 0)
		return 0;
	if (target == T_SERVER && policy_v4_only(ctx)) {
		*why = v4_only_reason(ctx);
		return 0;
	}
	return 1;
}

/* The first NFSv4 mount in fstab, as "FILE:LINE" (Debian's nfs-common
 * script starts idmapd for an NFSv4 client when NEED_IDMAPD is unset and
 * fstab has one); NULL when there is none. */
static const char *fstab_nfs4_mount(void)
{
	char *path = path_in_root("/etc/fstab"), *line = NULL;
	FILE *f = fopen(path, "re");
	const char *found = NULL;
	size_t cap = 0;
	int n = 0;

	while (f && !found && getline(&line, &cap, f) > 0) {
		char spec[1024], dir[1024], type[32], opts[1024] = "";

		n++;
		if (sscanf(line, " %1023s %1023s %31s %1023s", spec, dir, type, opts) < 3 || spec[0] == '#')
			continue;
		if (!strcmp(type, "nfs4") ||
		    (!strcmp(type, "nfs") && (strstr(opts, "vers=4") || strstr(opts, "nfsvers=4"))))
			found = whyf("%s:%d", path, n);
	}
	free(line);
	if (f)
		fclose(f);
	free(path);
	return found;
}

static int wants_idmapd(const struct ctx *ctx, unsigned target,
			const char **why)
{
	int b = need(ctx, "idmapd", why);
	const struct setting *d;
	const char *mount;

	if (b >= 0)
		return b;
	if (target == T_CLIENT) {
		mount = fstab_nfs4_mount();
		*why = mount ? whyf("NFSv4 mount in %s", mount)
			     : "no NFSv4 mount in /etc/fstab (NEED_IDMAPD unset)";
		return mount != NULL;
	}
	if (target == T_SERVER &&
	    !version_state(&ctx->settings, "4", &d)) {
		*why = d ? whyf("NFSv4 disabled in %s", where(d)) : "NFSv4 disabled";
		return 0;
	}
	return 1;
}

static int is_cltrack(const struct component *c)
{
	return c->gate == GATE_CLTRACK;
}

/* The client tracking daemon, when its program is installed (graph:
 * its row's start): without it nfsd falls back to its older tracking */
static int wants_nfsdcld(const struct ctx *ctx, unsigned target,
			 const char **why)
{
	const struct component *c = graph_first(is_cltrack);
	const struct setting *d;

	if (target != T_SERVER) {
		*why = "NFSv4 server only";
		return 0;
	}
	if (!version_state(&ctx->settings, "4", &d)) {
		*why = d ? whyf("NFSv4 disabled in %s", where(d)) : "NFSv4 disabled";
		return 0;
	}
	if (!program_installed(c->start)) {
		*why = whyf("%s not installed", c->name);
		return 0;
	}
	return 1;
}

static const char *keytab_of(const struct ctx *ctx)
{
	const char *keytab = settings_get(&ctx->settings, "gssd", "keytab-file");

	return keytab ? keytab : "/etc/krb5.keytab";
}

static int wants_gssd(const struct ctx *ctx, unsigned target,
		      const char **why)
{
	char *path;
	int b, present;

	if (target == T_SECURE) {
		*why = "secure target";
		return 1;
	}
	b = need(ctx, "gssd", why);
	if (b >= 0)
		return b;
	path = path_in_root(keytab_of(ctx));
	present = access(path, F_OK) == 0;
	*why = whyf(present ? "keytab %s present" : "no keytab %s", path);
	free(path);
	return present;
}

static int wants_svcgssd(const struct ctx *ctx, unsigned target,
			 const char **why)
{
	const struct setting *proxy;
	int b;

	if (target != T_SERVER && target != T_SECURE) {
		*why = "server only";
		return 0;
	}
	proxy = settings_find(&ctx->settings, "gssd", "use-gss-proxy");
	if (bool_of(proxy) == 1) {
		*why = whyf("gssproxy serves the server side (%s)", where(proxy));
		return 0;
	}
	b = need(ctx, "svcgssd", why);
	if (b >= 0)
		return b;
	*why = "not enabled";
	return 0;
}

static int wants_blkmapd(const struct ctx *ctx, unsigned target,
			 const char **why)
{
	int b;

	if (target == T_BLKMAP) {
		*why = "blkmap target";
		return 1;
	}
	b = need(ctx, "blkmapd", why);
	if (b >= 0)
		return b;
	*why = "not enabled";
	return 0;
}

static int in_container(void)
{
	/* systemd writes it, and so do container managers that mimic it */
	char *path = path_in_root("/run/systemd/container");
	int yes = access(path, F_OK) == 0;

	free(path);
	return yes;
}

/* auth_rpcgss, for the GSS daemons: wanted with either of them (upstream's
 * auth-rpcgss-module.service: when a keytab exists) */
static int wants_rpcgss(const struct ctx *ctx, unsigned target,
			const char **why)
{
	const char *why_gssd = "", *why_svcgssd = "";
	int gss = wants_gssd(ctx, target, &why_gssd) | wants_svcgssd(ctx, target, &why_svcgssd);

	if (!gss) {
		*why = whyf("no GSS daemon (%s; %s)", why_gssd, why_svcgssd);
		return 0;
	}
	if (in_container()) {
		*why = "in a container: no kernel modules to load";
		return 0;
	}
	*why = "a GSS daemon is wanted";
	return 1;
}

/* One rule per gate of the graph (graph.h); the names in them are the
 * configuration's keys (nfs-ctl.need-NAME, [gssd]...), not component
 * lookups. */
static int (*const rules[])(const struct ctx *, unsigned, const char **) = {
	[GATE_LOCKING] = wants_statd,
	[GATE_IDMAP] = wants_idmapd,
	[GATE_CLTRACK] = wants_nfsdcld,
	[GATE_GSS_CLIENT] = wants_gssd,
	[GATE_GSS_SERVER] = wants_svcgssd,
	[GATE_BLKMAP] = wants_blkmapd,
	[GATE_RPCGSS] = wants_rpcgss,
};

/* The keytab when it alone decides whether gssd runs for TARGET */
static const char *keytab_decides(const struct ctx *ctx, unsigned target)
{
	const char *why;

	if (target == T_SECURE || need(ctx, "gssd", &why) >= 0)
		return NULL;
	return keytab_of(ctx);
}

char *policy_start_condition(const struct ctx *ctx, unsigned target,
			     const struct component *c)
{
	const char *keytab = NULL, *why;

	if (c->gate == GATE_GSS_CLIENT)
		keytab = keytab_decides(ctx, target);
	/* the module: when gssd is its only reason */
	if (c->gate == GATE_RPCGSS && !wants_svcgssd(ctx, target, &why) && !in_container())
		keytab = keytab_decides(ctx, target);
	return keytab ? strdup(keytab) : NULL;
}

int policy_wants(const struct ctx *ctx, unsigned target,
		 const struct component *c, const char **why)
{
	*why = "";
	if (c->gate == GATE_NONE)
		return 1;
	return rules[c->gate](ctx, target, why);
}
_Static_assert(sizeof(rules) / sizeof(*rules) == GATE_RPCGSS + 1,
	       "one rule per gate of graph.h");

static int nice_increment(const struct ctx *ctx, const struct component *c)
{
	long n;

	if (!c->nice_key)
		return 0;
	n = settings_get_long(&ctx->settings, "nfs-ctl", c->nice_key, 0);
	return n < -20 || n > 19 ? 0 : (int)n;
}

void policy_setup(const struct ctx *ctx, const struct component *c, struct proc_setup *out)
{
	const char *name = NULL;

	if (c->host_name.key)
		name = settings_get(&ctx->settings, c->host_name.section, c->host_name.key);
	out->nice = nice_increment(ctx, c);
	out->host_name = name && *name ? name : NULL;
}
