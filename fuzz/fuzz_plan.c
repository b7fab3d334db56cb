/* libFuzzer target: the start plans of the server and the client for an
 * arbitrary configuration, checked against what must hold whatever the
 * configuration says:
 *   - statd starts before nfsd (lock recovery needs statd first);
 *   - sm-notify runs after nfsd (peers told to reclaim before nfsd serves
 *     would find no server);
 *   - the stop plan stops nfsd before statd (the start's order reversed);
 *   - every skipped component says why, and when a setting decided it
 *     (the component starts without that configuration), where: the
 *     setting's file:line, or the text names the file.
 * A violation calls abort(), which libFuzzer reports as a crash.
 *
 * The input is not nfs.conf text but a list of records, each a real
 * (section, key) of nfs.conf and a value picked from those that mean
 * something to the policy, so that the fuzzer spends its time on
 * decisions rather than on the parser (fuzz_nfsconf has that).  The first
 * byte sets what is detected rather than configured (installed programs,
 * container, keytab, the server's boot script); after a byte 0xff the rest
 * is /etc/fstab (an NFSv4 mount there wants idmapd for the client).
 * Everything is written under a private --root and loaded by config_load(),
 * as `nfs-ctl plan` does. */
#include "conf_diag.h"
#include "fuzz_root.h"
#include "config.h"
#include "ctx.h"
#include "graph.h"
#include "nfsutils.h"
#include "paths.h"
#include "plan.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Keys that a policy rule or the argv builder reads, and a few others,
 * all as conf_nfsconf_keys.c knows them. */
static const char *const keys[][2] = {
	{ "nfs-ctl", "need-statd" }, { "nfs-ctl", "need-idmapd" },
	{ "nfs-ctl", "need-gssd" }, { "nfs-ctl", "need-svcgssd" },
	{ "nfs-ctl", "need-blkmapd" }, { "nfs-ctl", "nfsd-priority" },
	{ "nfsd", "vers2" }, { "nfsd", "vers3" }, { "nfsd", "vers4" },
	{ "nfsd", "vers4.0" }, { "nfsd", "vers4.1" }, { "nfsd", "vers4.2" },
	{ "nfsd", "threads" }, { "nfsd", "udp" }, { "nfsd", "tcp" },
	{ "nfsd", "scope" }, { "gssd", "use-gss-proxy" },
	{ "gssd", "keytab-file" }, { "statd", "no-notify" },
	{ "statd", "port" }, { "mountd", "manage-gids" },
	{ "general", "pipefs-directory" }, { "sm-notify", "force" },
	{ "args", "nfsd" }, { "args", "mountd" }, { "args", "statd" },
	{ "args", "sm-notify" }, { "args", "idmapd" }, { "args", "gssd" },
	{ "args", "svcgssd" }, { "args", "blkmapd" },
};

static const char *const values[] = {
	"y", "n", "yes", "no", "true", "false", "1", "0", "on", "off", "",
	"maybe", "8", "-5", "19", "/etc/krb5.keytab", "/etc/other.keytab",
	"/var/lib/nfs/rpc_pipefs", "relative/dir", "-N 2 -N 3", "-N 3",
	"-V 4", "--no-nfs-version 3", "-N 4", "8 -N 2 -N 3", "-p 2049",
	"--port 32765", "-d", "$name", "a \"quoted\" value",
};

#define N(a) (sizeof(a) / sizeof(*(a)))

static int made;


/* an executable file stands for an installed program */
static void install(const char *words, int yes)
{
	char rel[256], path[PATH_MAX];

	snprintf(rel, sizeof(rel), "/usr/sbin/%.*s", (int)strcspn(words, " "), words);
	fuzz_root_path(path, sizeof(path), rel);
	if (yes) {
		fuzz_root_put(rel, "", 0);
		chmod(path, 0755);
	} else {
		fuzz_root_remove(rel);
	}
}

static void toggle(const char *rel, int yes)
{
	if (yes)
		fuzz_root_put(rel, "", 0);
	else
		fuzz_root_remove(rel);
}

static void make_root(void)
{
	static const char *const dirs[] = {
		"/etc", "/etc/nfs.conf.d", "/etc/rc2.d", "/usr", "/usr/sbin",
		"/run", "/run/systemd",
	};
	fuzz_root_make("plan", dirs, N(dirs));
	conf_diag_set_quiet(1);
	/* nfsutils.c reads nfsdctl's release once a process: here, from an
	 * empty file (a program that reports none), the same in every run
	 * whatever the first input */
	install("nfsdctl", 1);
	(void)nfsutils_release_text();
}

/* The detected, not configured: bit 0 the optional programs (graph:
 * if_installed, start_alt, nfsdcld) installed, bit 1 in a container,
 * bit 2 a keytab, bit 3 the server's boot script enabled. */
static void set_machine(unsigned flags)
{
	static unsigned last = ~0u;
	const struct component *cld = graph_find("nfsdcld");
	char rel[256];

	/* files are slow to write: only what changed */
	if (flags == last)
		return;
	last = flags;

	for (unsigned i = 0; i < graph_size; i++) {
		const struct component *c = &graph[i];

		if (c->kind == KIND_MOUNT || !c->start)
			continue;
		install(c->start, !c->if_installed || (flags & 1));
		if (c->start_alt)
			install(c->start_alt, flags & 1);
	}
	if (cld)
		install(cld->start, flags & 1);
	toggle("/run/systemd/container", flags & 2);
	toggle("/etc/krb5.keytab", flags & 4);
	snprintf(rel, sizeof(rel), "/etc/rc2.d/S01%s", target_scripts(T_SERVER)[0]);
	toggle(rel, flags & 8);
}

static int position(const struct plan *p, const char *name)
{
	const struct component *c = graph_find(name);

	for (size_t i = 0; c && i < p->n; i++)
		if (p->steps[i].c == c && p->steps[i].verb != V_SKIP)
			return (int)i;
	return -1;
}


static void fail(const char *target, const char *what, const char *name)
{
	fprintf(stderr, "fuzz_plan: start %s: %s: %s\n", target, what, name);
	abort();
}

static void build(struct ctx *ctx, unsigned target, struct plan *p)
{
	struct scope scope = scope_of_target(target);

	if (plan_build(ctx, PLAN_START, &scope, p) != 0)
		fail(scope.name, "plan_build failed", "");
}

static void load(struct ctx *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->distro = "none";
	settings_init(&ctx->settings);
	(void)config_load(ctx);
	config_check(&ctx->settings);
}

/* CONF and FSTAB are the configuration's files, for a reason that names
 * its place in its text (two settings decided: "no GSS daemon (...)"). */
static void check(const char *name, const struct plan *p, const unsigned char *bare,
		  const char *conf, const char *fstab)
{
	int statd = position(p, "statd"), nfsd = position(p, "nfsd");
	int notify = position(p, "sm-notify");

	if (statd >= 0 && nfsd >= 0 && statd > nfsd)
		fail(name, "statd after nfsd", "");
	if (notify >= 0 && nfsd >= 0 && notify < nfsd)
		fail(name, "sm-notify before nfsd", "");
	for (size_t i = 0; i < p->n; i++) {
		const struct step *s = &p->steps[i];
		const char *text = s->why.text;

		if (s->verb != V_SKIP)
			continue;
		if (!text || !*text)
			fail(name, "skipped without a reason", s->c->name);
		/* wanted without the configuration: a setting decided */
		if (!bare[graph_index(s->c)])
			continue;
		if (!s->why.file && !strstr(text, conf) && !strstr(text, fstab))
			fail(name, "skipped by configuration without its origin", s->c->name);
	}
}

/* Which components TARGET's start plan starts without configuration, on
 * the machine FLAGS describes: once for each, a plan costs. */
static const unsigned char *started_bare(unsigned flags, size_t t, unsigned target)
{
	static unsigned char known[16][2], started[16][2][MAX_COMPONENTS];
	struct ctx ctx;
	struct plan p;

	if (!known[flags][t]) {
		fuzz_root_put("/etc/nfs.conf", "", 0);
		fuzz_root_put("/etc/fstab", "", 0);
		load(&ctx);
		build(&ctx, target, &p);
		for (size_t i = 0; i < p.n; i++)
			if (p.steps[i].verb != V_SKIP)
				started[flags][t][graph_index(p.steps[i].c)] = 1;
		plan_free(&p);
		settings_free(&ctx.settings);
		known[flags][t] = 1;
	}
	return started[flags][t];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned targets[] = { T_SERVER, T_CLIENT };
	unsigned flags;
	char conf[PATH_MAX], fstab[PATH_MAX], *text = NULL;
	const uint8_t *end = data + size, *cut;
	size_t len = 0;
	FILE *f;

	if (size == 0)
		return 0;
	if (!made++)
		make_root();
	flags = data[0] & 15;
	set_machine(flags);
	cut = memchr(data + 1, 0xff, size - 1);
	if (!cut)
		cut = end;
	/* records of three bytes: key, value, and how the line is written
	 * (bit 0: a blank line first, so that line numbers move; bit 1: the
	 * value quoted) */
	f = open_memstream(&text, &len);
	if (!f)
		abort();
	for (const uint8_t *r = data + 1; r + 3 <= cut; r += 3) {
		const char *const *k = keys[r[0] % N(keys)];
		const char *v = values[r[1] % N(values)];

		fprintf(f, "%s[%s]\n%s = %s%s%s\n", (r[2] & 1) ? "\n" : "", k[0], k[1],
			(r[2] & 2) ? "\"" : "", v, (r[2] & 2) ? "\"" : "");
	}
	if (fclose(f) != 0)
		abort();
	fuzz_root_path(conf, sizeof(conf), "/etc/nfs.conf");
	fuzz_root_path(fstab, sizeof(fstab), "/etc/fstab");
	for (size_t t = 0; t < N(targets); t++)
		(void)started_bare(flags, t, targets[t]);
	fuzz_root_put("/etc/nfs.conf", text, len);
	fuzz_root_put("/etc/fstab", cut < end ? (const char *)cut + 1 : "",
	    cut < end ? (size_t)(end - cut - 1) : 0);
	for (size_t t = 0; t < N(targets); t++) {
		/* the same machine without configuration */
		const unsigned char *bare = started_bare(flags, t, targets[t]);
		struct scope scope = scope_of_target(targets[t]);
		struct ctx ctx;
		struct plan p;

		load(&ctx);
		build(&ctx, targets[t], &p);
		check(scope.name, &p, bare, conf, fstab);
		plan_free(&p);
		/* the stop plan is the start's order reversed: nfsd goes
		 * before the statd it needed */
		if (plan_build(&ctx, PLAN_STOP, &scope, &p) != 0)
			fail(scope.name, "stop: plan_build failed", "");
		if (position(&p, "nfsd") >= 0 && position(&p, "statd") >= 0 &&
		    position(&p, "nfsd") > position(&p, "statd"))
			fail(scope.name, "stop: statd before nfsd", "");
		plan_free(&p);
		settings_free(&ctx.settings);
	}
	free(text);
	return 0;
}
