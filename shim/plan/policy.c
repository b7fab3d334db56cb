/* Component enablement from configuration.  Each answer carries the
 * FILE:LINE that decided it (struct reason), so that the plan can say why
 * a daemon is (not) started and doctor where. */
#include "policy.h"
#include "fstab.h"
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static void v4_only_reason(const struct ctx *ctx, struct reason *why)
{
	const struct setting *d3;

	version_state(&ctx->settings, "3", &d3);
	reason_of(why, d3, "NFSv2/v3 disabled");
}

/* NFSv4 as the server offers it; when it does not, WHY says where. */
static int v4_served(const struct ctx *ctx, struct reason *why)
{
	const struct setting *d;

	if (version_state(&ctx->settings, "4", &d))
		return 1;
	reason_of(why, d, "NFSv4 disabled");
	return 0;
}

/* nfs-ctl.need-NAME: 1, 0, or -1 when unset; WHY tells where. */
static int need(const struct ctx *ctx, const char *name, struct reason *why)
{
	char key[32];
	const struct setting *e;
	int b;

	snprintf(key, sizeof(key), "need-%s", name);
	e = settings_find(&ctx->settings, "nfs-ctl", key);
	b = bool_of(e);
	if (b >= 0)
		reason_of(why, e, "%s %s", name, b ? "enabled" : "disabled");
	return b;
}

static int wants_statd(const struct ctx *ctx, unsigned target,
		       struct reason *why)
{
	if (need(ctx, "statd", why) == 0)
		return 0;
	if (target_find(target)->serves && policy_v4_only(ctx)) {
		v4_only_reason(ctx, why);
		return 0;
	}
	return 1;
}

/* An NFSv4 mount: its fstab line, else 0. */
static int nfs4_mount_line(const struct fstab_entry *e, void *arg)
{
	(void)arg;
	if (!strcmp(e->type, "nfs4") ||
	    (!strcmp(e->type, "nfs") && (strstr(e->opts, "vers=4") || strstr(e->opts, "nfsvers=4"))))
		return e->line;
	return 0;
}

/* The line of the first NFSv4 mount in fstab (Debian's nfs-common script
 * starts idmapd for an NFSv4 client when NEED_IDMAPD is unset and fstab
 * has one), 0 when there is none; *PATH: fstab's path, to free. */
static int fstab_nfs4_mount(char **path)
{
	return fstab_each(nfs4_mount_line, NULL, path);
}

static int wants_idmapd(const struct ctx *ctx, unsigned target,
			struct reason *why)
{
	int b = need(ctx, "idmapd", why), mount;
	char *fstab;

	if (b >= 0)
		return b;
	if (target_find(target)->mounts) {
		mount = fstab_nfs4_mount(&fstab);
		if (mount)
			reason_at(why, fstab, mount, "NFSv4 mount");
		else
			reason_at(why, NULL, 0, "no NFSv4 mount in /etc/fstab (NEED_IDMAPD unset)");
		free(fstab);
		return mount != 0;
	}
	return !target_find(target)->serves || v4_served(ctx, why);
}

static int is_cltrack(const struct component *c)
{
	return c->gate == GATE_CLTRACK;
}

/* The client tracking daemon, when its program is installed (graph:
 * its row's start): without it nfsd falls back to its older tracking */
static int wants_nfsdcld(const struct ctx *ctx, unsigned target,
			 struct reason *why)
{
	const struct component *c = graph_first(is_cltrack);

	if (!target_find(target)->serves) {
		reason_at(why, NULL, 0, "NFSv4 server only");
		return 0;
	}
	if (!v4_served(ctx, why))
		return 0;
	if (!program_installed(c->start)) {
		reason_at(why, NULL, 0, "%s not installed", c->name);
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
		      struct reason *why)
{
	char *path;
	int b, present;

	if (target == T_SECURE) {
		reason_at(why, NULL, 0, "secure target");
		return 1;
	}
	b = need(ctx, "gssd", why);
	if (b >= 0)
		return b;
	/* the keytab's presence is detected, not set: the text names it; its
	 * path is set by [gssd] keytab-file, then the origin (in parentheses:
	 * "in" would say the keytab is in that file) */
	path = path_in_root(keytab_of(ctx));
	present = access(path, F_OK) == 0;
	reason_of(why, settings_find(&ctx->settings, "gssd", "keytab-file"),
		  present ? "keytab %s present" : "no keytab %s", path);
	why->in_parens = 1;
	free(path);
	return present;
}

static int wants_svcgssd(const struct ctx *ctx, unsigned target,
			 struct reason *why)
{
	const struct setting *proxy;
	int b;

	if (!target_find(target)->serves && target != T_SECURE) {
		reason_at(why, NULL, 0, "server only");
		return 0;
	}
	proxy = settings_find(&ctx->settings, "gssd", "use-gss-proxy");
	if (bool_of(proxy) == 1) {
		reason_of(why, proxy, "gssproxy serves the server side");
		why->in_parens = 1;
		return 0;
	}
	b = need(ctx, "svcgssd", why);
	if (b >= 0)
		return b;
	reason_at(why, NULL, 0, "not enabled");
	return 0;
}

static int wants_blkmapd(const struct ctx *ctx, unsigned target,
			 struct reason *why)
{
	int b;

	if (target == T_BLKMAP) {
		reason_at(why, NULL, 0, "blkmap target");
		return 1;
	}
	b = need(ctx, "blkmapd", why);
	if (b >= 0)
		return b;
	reason_at(why, NULL, 0, "not enabled");
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
			struct reason *why)
{
	struct reason gssd = { 0 }, svcgssd = { 0 };
	int gss = wants_gssd(ctx, target, &gssd) | wants_svcgssd(ctx, target, &svcgssd);

	if (!gss) {
		/* two places decided: both stay in the text, none is the place */
		char *a = reason_sentence(&gssd), *b = reason_sentence(&svcgssd);

		reason_at(why, NULL, 0, "no GSS daemon (%s; %s)", a, b);
		free(a);
		free(b);
	} else if (in_container()) {
		reason_at(why, NULL, 0, "in a container: no kernel modules to load");
		gss = 0;
	} else {
		reason_at(why, NULL, 0, "a GSS daemon is wanted");
	}
	reason_free(&gssd);
	reason_free(&svcgssd);
	return gss;
}

/* One rule per gate of the graph (graph.h); the names in them are the
 * configuration's keys (nfs-ctl.need-NAME, [gssd]...), not component
 * lookups. */
static int (*const rules[])(const struct ctx *, unsigned, struct reason *) = {
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
	struct reason why = { 0 };
	int set = target == T_SECURE || need(ctx, "gssd", &why) >= 0;

	reason_free(&why);
	return set ? NULL : keytab_of(ctx);
}

static int svcgssd_wanted(const struct ctx *ctx, unsigned target)
{
	struct reason why = { 0 };
	int yes = wants_svcgssd(ctx, target, &why);

	reason_free(&why);
	return yes;
}

char *policy_start_condition(const struct ctx *ctx, unsigned target,
			     const struct component *c)
{
	const char *keytab = NULL;

	if (c->gate == GATE_GSS_CLIENT)
		keytab = keytab_decides(ctx, target);
	/* the module: when gssd is its only reason */
	if (c->gate == GATE_RPCGSS && !svcgssd_wanted(ctx, target) && !in_container())
		keytab = keytab_decides(ctx, target);
	return keytab ? strdup(keytab) : NULL;
}

int policy_wants(const struct ctx *ctx, unsigned target,
		 const struct component *c, struct reason *why)
{
	struct reason unasked = { 0 };
	int yes;

	if (why)
		memset(why, 0, sizeof(*why));
	yes = c->gate == GATE_NONE || rules[c->gate](ctx, target, why ? why : &unasked);
	reason_free(&unasked);
	return yes;
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
