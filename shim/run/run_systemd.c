#include "run_systemd.h"
#include "backoff.h"
#include "graph.h"
#include "log.h"
#include "lsb.h"
#include "paths.h"
#include "plan.h"
#include "proc.h"
#include "shared_stop.h"
#include "systemd_bus.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The unit that stands for a target or component. */
static const char *unit_of_scope(const struct scope *what)
{
	return what->target ? target_unit(what->target) : what->one->unit;
}

/* `systemctl ARGS...` with its output on ours (OUTFILE NULL) or into
 * OUTFILE; its exit code, -1 when it is not installed. */
static int systemctl_to(struct ctx *ctx, const char *const *args, const char *outfile)
{
	char *path = find_program("systemctl");
	struct strv argv;
	int status = 0;
	enum run_result r;

	if (!path) {
		log_error("systemd mode, but systemctl is not installed");
		return -1;
	}
	strv_init(&argv);
	strv_add(&argv, path);
	for (; *args; args++)
		strv_add(&argv, *args);
	if (log_verbose_level()) {
		char *cmd = strv_join_display(&argv);
		log_info("%s", cmd);
		free(cmd);
	}
	/* systemctl's own messages are for the caller */
	r = outfile ? proc_run(&argv, outfile, ctx->timeout_ms * 6, &status)
		    : proc_run_inherit(&argv, ctx->timeout_ms * 6, &status);
	strv_free(&argv);
	free(path);
	if (r == RUN_EXITED)
		return status;
	log_error("systemctl did not complete");
	return LSB_ERR_GENERIC;
}

int systemctl(struct ctx *ctx, const char *const *args)
{
	return systemctl_to(ctx, args, NULL);
}

static long long mtime_of(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_mtime : -1;
}

/* The generator decides the targets' optional members at boot and on
 * daemon-reload; when the configuration changed since, systemd would start
 * what the old configuration wanted.  Files that decide: every file a
 * setting came from, the export table, the keytab. */
static int generator_stale(const struct ctx *ctx)
{
	static const char *const also[] = { "/etc/exports", "/etc/krb5.keytab" };
	char *stamp = path_in_root(GENERATOR_STAMP);
	long long made = mtime_of(stamp), newest = -1;

	free(stamp);
	if (made < 0)
		return 0; /* the generator is not installed: nothing to refresh */
	for (size_t i = 0; i < ctx->settings.n; i++)
		if (ctx->settings.v[i].file && mtime_of(ctx->settings.v[i].file) > newest)
			newest = mtime_of(ctx->settings.v[i].file);
	for (size_t i = 0; i < sizeof(also) / sizeof(*also); i++) {
		char *p = path_in_root(also[i]);

		if (mtime_of(p) > newest)
			newest = mtime_of(p);
		free(p);
	}
	return newest >= made;
}

/* Is this process part of one of nfs-ctl's own units (or of the unit
 * systemd-sysv-generator would make of our init scripts)?  Such a unit's
 * job calling systemctl would wait for itself.  Any other caller inside a
 * unit (a test runner, a configuration-management agent) is an
 * administrator like any other.  Newly allocated unit name, or NULL. */
static char *calling_nfs_unit(void)
{
	char *path = path_in_root("/proc/self/cgroup"), *line = NULL, *found = NULL;
	FILE *f = fopen(path, "re");
	size_t cap = 0;

	free(path);
	if (!getenv("INVOCATION_ID") || !f) {
		if (f)
			fclose(f);
		return NULL;
	}
	while (!found && getline(&line, &cap, f) > 0) {
		char *unit = strrchr(line, '/');

		if (!unit)
			continue;
		unit[strcspn(unit, "\n")] = '\0';
		unit++;
		if (graph_find_unit(unit) || strcmp(unit, "nfs.service") == 0 ||
		    strcmp(unit, "nfs-server.service") == 0)
			found = xstrdup(unit);
	}
	free(line);
	fclose(f);
	return found;
}

/* The two-pronged stop (shared_stop.c): after the target stopped, the
 * daemons the client side shares go too unless an NFS mount or the other
 * target still needs them. */
static void release_shared(struct ctx *ctx, unsigned target)
{
	const char *active[] = { "is-active", "--quiet",
				 target_unit(shared_other_target(target)), NULL };
	int other_active = systemctl(ctx, active) == 0;

	for (unsigned i = 0; i < graph_size; i++) {
		const struct component *c = &graph[i];
		struct reason why;

		if (!graph_shared(c))
			continue;
		if (shared_keep(c, target, other_active, &why)) {
			log_info("%s: kept running: %s", c->name, why.text);
			reason_free(&why);
		} else {
			const char *stop[] = { "stop", c->unit, NULL };
			systemctl(ctx, stop);
		}
	}
}

/* The targets of C that are active now, as T_* bits. */
static unsigned active_targets_of(struct ctx *ctx, const struct component *c)
{
	unsigned active = 0;

	for (unsigned i = 0; i < graph_targets_size; i++) {
		const char *args[] = { "is-active", "--quiet", graph_targets[i].unit, NULL };

		if ((c->targets & graph_targets[i].target) && systemctl(ctx, args) == 0)
			active |= graph_targets[i].target;
	}
	return active;
}

/* `systemctl show --property=PROP --value UNIT` into BUF (its first line,
 * without the newline).  0, or -1 when systemctl could not answer. */
int systemctl_show(struct ctx *ctx, const char *unit, const char *prop, char *buf, size_t len)
{
	char tmp[] = "/tmp/nfs-ctl-show.XXXXXX";
	char *property = xasprintf("--property=%s", prop);
	const char *args[] = { "show", property, "--value", unit, NULL };
	int fd, status = 1;
	FILE *f = NULL;

	buf[0] = '\0';
	if ((fd = mkstemp(tmp)) >= 0) {
		status = systemctl_to(ctx, args, tmp);
		if (status == 0 && (f = fdopen(fd, "r")) != NULL && fgets(buf, (int)len, f))
			buf[strcspn(buf, "\n")] = '\0';
		f ? fclose(f) : close(fd);
		unlink(tmp);
	}
	free(property);
	return status == 0 ? 0 : -1;
}

struct pending {
	struct ctx *ctx;
	const char *unit;
};

/* Has the unit no job queued or running any more?  (systemctl shows a
 * job's number; nothing once there is none.) */
static int no_job(const void *arg)
{
	const struct pending *p = arg;
	char job[32];

	/* systemctl that cannot answer: is-active decides */
	return systemctl_show(p->ctx, p->unit, "Job", job, sizeof(job)) != 0 || job[0] == '\0';
}

/* A component's restart propagates through Requires= to the units that
 * need it (nfsd needs mountd), and systemctl waits only for the job it
 * asked for: the server it took down may still be coming back when the
 * restart returns, and whoever acts next (doctor, a client's mount) finds
 * it down.  So wait until each target that was active before has no job
 * left, then ask whether it is active.  Joining the target's job with a
 * `systemctl start` of our own would make a new transaction, and one that
 * meets the stop barrier's start still queued is refused as an ordering
 * cycle (units.c: the barriers); waiting enqueues nothing. */
static int wait_targets_back(struct ctx *ctx, unsigned targets)
{
	int rc = 0;

	for (unsigned i = 0; i < graph_targets_size; i++) {
		const char *unit = graph_targets[i].unit;
		const char *active[] = { "is-active", "--quiet", unit, NULL };
		struct pending p = { ctx, unit };

		if (!(targets & graph_targets[i].target))
			continue;
		if (backoff_wait_until_max(no_job, &p, ctx->timeout_ms * 6, 200) != 0) {
			log_error("%s is still starting after the restart", unit);
			rc = LSB_ERR_GENERIC;
		} else if (systemctl(ctx, active) != 0) {
			log_error("%s did not come back after the restart", unit);
			rc = LSB_ERR_GENERIC;
		}
	}
	return rc;
}

/* The unit whose reload stands for reloading WHAT (graph: reload), or
 * NULL when nothing in WHAT can reload. */
static const char *reload_unit(struct ctx *ctx, const struct scope *what)
{
	struct plan p;
	const char *unit = NULL;

	if (plan_build(ctx, PLAN_RELOAD, what, &p) == 0 && p.n > 0) {
		unit = p.steps[0].c->unit;
		if (p.n > 1)
			log_warn("reload %s: only %s is reloaded", what->name, unit);
	}
	plan_free(&p);
	return unit;
}

int systemd_action(struct ctx *ctx, enum action action, const struct scope *what)
{
	const char *unit = unit_of_scope(what);
	enum action verb = action;
	unsigned back = 0; /* targets to wait for after a component's restart */
	char *caller;
	int rc;

	/* A unit's own job that calls back into systemctl waits for itself. */
	if (action_has(action, ACTF_CHANGES) && (caller = calling_nfs_unit()) != NULL) {
		log_error("%s %s: called from inside %s; nfs-ctl's units run "
			  "`nfs-ctl exec COMPONENT`, never an action", action_name(action),
			  what->name, caller);
		free(caller);
		return LSB_ERR_GENERIC;
	}
	/* targets cannot be reloaded; reloading the server is re-exporting */
	if (action == ACT_RELOAD || action == ACT_FORCE_RELOAD) {
		const char *reloads = reload_unit(ctx, what);

		if (!reloads) {
			if (action == ACT_RELOAD) {
				log_error("reload: %s has nothing to reload; use restart", what->name);
				return LSB_ERR_UNIMPLEMENTED;
			}
			verb = ACT_TRY_RESTART;
		} else {
			verb = ACT_RELOAD;
			unit = reloads;
		}
	}
	if (action_has(verb, ACTF_STARTS) && generator_stale(ctx)) {
		const char *reload[] = { "daemon-reload", NULL };

		log_info("configuration changed since systemd last ran nfs-ctl-generator: daemon-reload");
		systemctl(ctx, reload);
	}
	if (what->one && (verb == ACT_RESTART || verb == ACT_TRY_RESTART))
		back = active_targets_of(ctx, what->one);
	{
		const char *args[] = { action_name(verb), unit, NULL };
		const char *status_args[] = { "status", "--no-pager", "--lines=0", unit, NULL };

		rc = systemctl(ctx, action == ACT_STATUS ? status_args : args);
	}
	if (rc == 0 && back)
		rc = wait_targets_back(ctx, back);
	if (rc == 0 && action == ACT_STOP && target_find(what->target)->services)
		release_shared(ctx, what->target);
	return rc < 0 ? LSB_ERR_NOT_INSTALLED : rc;
}

static int unit_failed(struct ctx *ctx, const struct component *c)
{
	const char *args[] = { "is-failed", "--quiet", c->unit, NULL };

	return systemctl(ctx, args) == 0;
}

/* One request to systemd; the daemons' units carry IgnoreOnIsolate=yes,
 * so no second call is needed to survive `systemctl isolate`.  In a storm
 * of mounts (200 at boot, issue 33) the bus itself may fail a request:
 * then systemctl asks again, and when that fails too while the unit has
 * not failed, a start already queued (ours or another caller's) may still
 * bring the daemon up, so the registration decides. */
int systemd_start_one(struct ctx *ctx, const struct component *c, const char *who)
{
	const char *args[] = { "start", c->unit, NULL };
	int rc = systemd_bus_start_unit(c->unit, ctx->timeout_ms * 6);

	if (rc == SYSTEMD_BUS_DONE)
		return LSB_OK;
	if (rc == SYSTEMD_BUS_REFUSED)
		return LSB_ERR_GENERIC;
	if (rc == SYSTEMD_BUS_LOST)
		log_notice("%s: the request over systemd's bus failed; asking again through "
			   "systemctl", who);
	rc = systemctl(ctx, args);
	if (rc == 0)
		return LSB_OK;
	if (unit_failed(ctx, c)) {
		log_error("%s: systemctl start %s failed (exit %d), and the unit failed (see "
			  "`systemctl status %s`)", who, c->unit, rc, c->unit);
		return LSB_ERR_GENERIC;
	}
	log_warn("%s: systemctl start %s failed (exit %d), but the unit did not fail: waiting "
		 "for %s's registration (program %lu), which a start already queued may bring",
		 who, c->unit, rc, c->name, c->rpcprog);
	return LSB_OK;
}
