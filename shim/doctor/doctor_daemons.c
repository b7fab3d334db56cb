/* The doctor's daemon checks: for each daemon a checked plan names, is it
 * running when wanted and not when skipped, with today's argv, once; do its
 * pid files and its rpcbind registration still belong to a process? */
#include "doctor.h"
#include "initsys.h"
#include "mounts.h"
#include "paths.h"
#include "pidrec.h"
#include "proc.h"
#include "readiness.h"
#include "rpcbind_query.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INSTANCES 16

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* "pid 12" or "pids 12, 34" */
static char *pid_list(const pid_t *pids, size_t n)
{
	char *out = xstrdup(n > 1 ? "pids" : "pid");

	for (size_t i = 0; i < n; i++) {
		char *next = xasprintf("%s%s %d", out, i ? "," : "", (int)pids[i]);

		free(out);
		out = next;
	}
	return out;
}

static void check_wanted(struct doctor *d, const struct component *c, const pid_t *pids,
			 size_t n)
{
	char *one;

	if (n == 0) {
		doctor_add(d, LEVEL_FAIL, c->name, "running", xstrdup("running"),
			   xstrdup("not running"), NULL, xasprintf("nfs-ctl start %s", c->name));
		return;
	}
	one = pid_list(pids, 1);
	doctor_add(d, LEVEL_OK, c->name, "running", xstrdup("running"),
		   xasprintf("running (%s)", one), NULL, NULL);
	free(one);
}

static void check_skipped(struct doctor *d, const struct component *c, const pid_t *pids,
			  size_t n, const struct client_needs *needs)
{
	/* a skipped daemon that the NFS client side uses may run for a
	 * mount (statd for an NFSv3 mount on an NFSv4-only server) */
	const char *mount = client_need(needs, c->client_use);
	const struct reason *why = &d->skip_why[graph_index(c)];
	char *origin = reason_origin(why);
	char *expected = xasprintf("not running (skipped: %s)", why->text);
	char *pids_text;

	if (n == 0) {
		doctor_add(d, LEVEL_OK, c->name, "running", expected, xstrdup("not running"),
			   origin, NULL);
		return;
	}
	pids_text = pid_list(pids, n);
	if (mount)
		doctor_add(d, LEVEL_OK, c->name, "running", expected,
			   xasprintf("running (%s) for the NFS mount on %s", pids_text, mount),
			   origin, NULL);
	else
		doctor_add(d, LEVEL_WARN, c->name, "running", expected,
			   xasprintf("running (%s)", pids_text), origin,
			   xasprintf("nfs-ctl stop %s", c->name));
	free(pids_text);
}

/* Words after the program: the program's own path may differ (a daemon
 * started by hand as `rpc.statd`), its name may not. */
static int same_argv(const struct strv *a, const struct strv *b)
{
	if (a->n != b->n || a->n == 0 || strcmp(base_name(a->v[0]), base_name(b->v[0])))
		return 0;
	for (size_t i = 1; i < a->n; i++)
		if (strcmp(a->v[i], b->v[i]) != 0)
			return 0;
	return 1;
}

/* The configuration changed since the daemon started: it still runs with
 * the old options until restarted. */
static void check_argv(struct doctor *d, const struct component *c, pid_t pid)
{
	const struct strv *want = &d->argv[graph_index(c)];
	struct strv seen;
	char *a, *b;

	strv_init(&seen);
	if (proc_cmdline(pid, &seen) < 0) {
		doctor_add(d, LEVEL_INFO, c->name, "argv", strv_join_display(want),
			   xasprintf("unknown: cannot read /proc/%d/cmdline", (int)pid), NULL, NULL);
		strv_free(&seen);
		return;
	}
	a = strv_join_display(want);
	b = strv_join_display(&seen);
	if (same_argv(want, &seen)) {
		doctor_add(d, LEVEL_OK, c->name, "argv", a, b, NULL, NULL);
	} else {
		doctor_add(d, LEVEL_WARN, c->name, "argv", a,
			   xasprintf("%s (configuration changed since it started: restart needed)", b),
			   NULL, xasprintf("nfs-ctl restart %s", c->name));
		free(b);
	}
	strv_free(&seen);
}

/* More than one daemon of a kind: the one our records name stays. */
static void check_instances(struct doctor *d, const struct component *c, const pid_t *pids,
			    size_t n, pid_t recorded)
{
	pid_t extra = pids[0] == recorded && n > 1 ? pids[1] : pids[0];
	char *list = pid_list(pids, n);

	doctor_add(d, LEVEL_FAIL, c->name, "instances", xstrdup("one instance"),
		   xasprintf("%zu instances (%s)", n, list), NULL,
		   xasprintf("kill %d", (int)extra));
	free(list);
}

/* A pid file (ours or the daemon's) that names a process which is gone. */
static pid_t check_pidfile(struct doctor *d, const struct component *c, const char *path,
			   int check_start, const char *exe)
{
	pid_t pid = 0;
	enum pid_state st = pidrec_file_state(path, exe, check_start, &pid);

	if (st != PID_STALE)
		return st == PID_RUNNING ? pid : 0;
	doctor_add(d, LEVEL_WARN, c->name, "pidfile",
		   xasprintf("%s absent or naming a running %s", path, base_name(exe)),
		   xasprintf("it names pid %d, which is gone or another program", (int)pid), NULL,
		   xasprintf("rm %s", path));
	return 0;
}

static char *versions_text(const unsigned long *vers, int n)
{
	char *out = xstrdup("");

	for (int i = 0; i < n; i++) {
		char *next = xasprintf("%s%s%lu", out, i ? " " : "", vers[i]);

		free(out);
		out = next;
	}
	return out;
}

/* rpcbind's record of the daemon's program against the process: a
 * registration left by a daemon that died sends clients to a dead port;
 * a daemon that runs unregistered cannot be found by them. */
static void check_registration(struct doctor *d, const struct component *c, size_t running)
{
	unsigned long vers[8];
	int n = rpcbind_versions(c->rpcprog, vers, 8);
	int wanted = d->wanted[graph_index(c)];
	char *list;

	if (n < 0)
		return; /* rpcbind unreachable: doctor_config.c says so */
	if (n == 0) {
		if (running && wanted && expects_registration(d->ctx, c))
			doctor_add(d, LEVEL_FAIL, c->name, "registration",
				   xasprintf("program %lu registered with rpcbind", c->rpcprog),
				   xstrdup("running, not registered"), NULL,
				   xasprintf("nfs-ctl restart %s", c->name));
		return;
	}
	list = versions_text(vers, n);
	if (running)
		doctor_add(d, LEVEL_OK, c->name, "registration",
			   xasprintf("program %lu registered with rpcbind", c->rpcprog),
			   xasprintf("registered (versions %s)", list), NULL, NULL);
	else
		doctor_add(d, LEVEL_WARN, c->name, "registration",
			   xasprintf("no registration of program %lu without a running %s",
				     c->rpcprog, c->name),
			   xasprintf("registered (versions %s), no process", list), NULL,
			   wanted ? xasprintf("nfs-ctl start %s", c->name)
				  : xasprintf("for v in %s; do rpcinfo -d %lu $v; done", list,
					      c->rpcprog));
	free(list);
}

/* Under systemd nfs-ctl keeps no pid records: the instance that stays is
 * the one in the component's unit's control group (cgroup v2 line
 * "0::/system.slice/UNIT"); another is somebody else's. */
static int in_unit_cgroup(const struct component *c, pid_t pid)
{
	char *rel = xasprintf("/proc/%d/cgroup", (int)pid), *path = path_in_root(rel);
	FILE *f = fopen(path, "re");
	char line[512];
	int yes = 0;

	free(path);
	free(rel);
	if (!f)
		return 0;
	while (!yes && fgets(line, sizeof(line), f)) {
		char *slash;

		line[strcspn(line, "\n")] = '\0';
		slash = strrchr(line, '/');
		yes = slash && strcmp(slash + 1, c->unit) == 0;
	}
	fclose(f);
	return yes;
}

static pid_t unit_instance(const struct doctor *d, const struct component *c,
			   const pid_t *pids, size_t n)
{
	if (initsys_mode(d->ctx) != INIT_SYSTEMD || !c->unit)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (in_unit_cgroup(c, pids[i]))
			return pids[i];
	return 0;
}

static void check_daemon(struct doctor *d, const struct component *c,
			 const struct client_needs *needs)
{
	int k = graph_index(c);
	const char *exe = d->argv[k].v[0];
	pid_t pids[MAX_INSTANCES], recorded = 0;
	size_t n;
	char *ours;

	if (d->missing[k]) {
		if (d->wanted[k])
			doctor_add(d, LEVEL_FAIL, c->name, "installed", xstrdup("installed"),
				   xasprintf("%s not found in the daemon path", exe), NULL, NULL);
		return;
	}
	n = proc_find_roots(exe, pids, MAX_INSTANCES);
	/* our record first, then the daemon's own pid file: whichever names
	 * a live daemon is the instance that stays */
	ours = pidrec_path(c);
	recorded = check_pidfile(d, c, ours, 1, exe);
	free(ours);
	if (c->pidfile) {
		char *theirs = path_in_root(c->pidfile);
		pid_t p = check_pidfile(d, c, theirs, 0, exe);

		recorded = recorded ? recorded : p;
		free(theirs);
	}
	if (!recorded)
		recorded = unit_instance(d, c, pids, n);
	if (d->wanted[k])
		check_wanted(d, c, pids, n);
	else
		check_skipped(d, c, pids, n, needs);
	if (n > 1)
		check_instances(d, c, pids, n, recorded);
	if (n > 0) {
		check_argv(d, c, n > 1 && recorded ? recorded : pids[0]);
		doctor_check_config_age(d, c, n > 1 && recorded ? recorded : pids[0]);
	}
	if (c->rpcprog)
		check_registration(d, c, n);
}

void doctor_check_daemons(struct doctor *d)
{
	struct client_needs needs;

	mounts_client_needs(&needs);
	for (unsigned k = 0; k < graph_size; k++)
		if (graph[k].kind == KIND_DAEMON && d->in_plan[k])
			check_daemon(d, &graph[k], &needs);
}
