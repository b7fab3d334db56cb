#include "run_systemd.h"
#include "graph.h"
#include "log.h"
#include "lsb.h"
#include "mounts.h"
#include "paths.h"
#include "proc.h"

#include <stdlib.h>
#include <string.h>

const char *unit_for(const char *what)
{
	unsigned t = target_from_name(what);
	const struct component *c;

	if (t)
		return target_unit(t);
	c = graph_find(what);
	return c ? c->unit : NULL;
}

int systemctl(struct ctx *ctx, const char *const *args)
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
	/* systemctl's own messages are for the caller: no output file */
	r = proc_run_inherit(&argv, ctx->timeout_ms * 6, &status);
	strv_free(&argv);
	free(path);
	if (r == RUN_EXITED)
		return status;
	log_error("systemctl did not complete");
	return LSB_ERR_GENERIC;
}

/* The two-pronged stop: after the server target stopped, statd and gssd
 * go too unless an NFS mount or the client target still needs them. */
static void release_shared(struct ctx *ctx, const char *what)
{
	struct client_needs needs;
	const char *other = strcmp(what, "server") == 0 ? "nfs-client.target" : "nfs-server.target";
	const char *active[] = { "is-active", "--quiet", other, NULL };
	const struct component *statd = graph_find("statd"), *gssd = graph_find("gssd");

	if (systemctl(ctx, active) == 0) {
		log_info("statd and gssd kept: %s is active", other);
		return;
	}
	mounts_client_needs(&needs);
	if (needs.statd) {
		log_info("statd kept: the NFSv2/v3 mount on %s uses locking", needs.statd_mount);
	} else {
		const char *stop[] = { "stop", statd->unit, NULL };
		systemctl(ctx, stop);
	}
	if (needs.gssd) {
		log_info("gssd kept: the Kerberos mount on %s needs it", needs.gssd_mount);
	} else {
		const char *stop[] = { "stop", gssd->unit, NULL };
		systemctl(ctx, stop);
	}
}

int systemd_action(struct ctx *ctx, const char *action, const char *what)
{
	const char *unit = unit_for(what);
	const char *verb = action;
	unsigned t = target_from_name(what);
	int rc;

	if (!unit) {
		log_error("unknown target or component '%s'", what);
		return LSB_ERR_ARGS;
	}
	/* A unit's own job that calls back into systemctl waits for itself. */
	if (getenv("INVOCATION_ID") && strcmp(action, "status") != 0) {
		log_error("%s %s: called from inside a systemd unit; units run "
			  "`nfs-ctl exec COMPONENT`, never an action", action, what);
		return LSB_ERR_GENERIC;
	}
	/* targets cannot be reloaded; reloading the server is re-exporting */
	if (!strcmp(action, "reload") || !strcmp(action, "force-reload")) {
		if (t != T_SERVER && strcmp(what, "exports") != 0) {
			if (!strcmp(action, "reload")) {
				log_error("reload: %s has nothing to reload; use restart", what);
				return LSB_ERR_UNIMPLEMENTED;
			}
			verb = "try-restart";
		} else {
			verb = "reload";
			unit = graph_find("exports")->unit;
		}
	}
	{
		const char *args[] = { verb, unit, NULL };
		const char *status_args[] = { "status", "--no-pager", "--lines=0", unit, NULL };

		rc = systemctl(ctx, strcmp(action, "status") ? args : status_args);
	}
	if (rc == 0 && !strcmp(action, "stop") && (t == T_SERVER || t == T_CLIENT))
		release_shared(ctx, what);
	return rc < 0 ? LSB_ERR_NOT_INSTALLED : rc;
}
