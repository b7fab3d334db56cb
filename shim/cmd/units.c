/* systemd units, generated from the component graph so that the order
 * systemd follows is the graph's and nobody writes it again by hand.
 * `nfs-ctl units --output DIR` writes them (the committed systemd/ *.in files are
 * its output; a test checks they are current). */
#include "commands.h"
#include "graph.h"
#include "paths.h"
#include "log.h"
#include "lsb.h"
#include "outfile.h"
#include "readiness.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NFS_CTL_PLACEHOLDER "@NFS_CTL@"

/* Which components of a list a line names */
enum pick { PICK_ALL, PICK_OURS, PICK_EXTERNAL };

static int picked(const struct component *c, enum pick pick)
{
	return pick == PICK_ALL || (pick == PICK_EXTERNAL) == (c->kind == KIND_EXTERNAL);
}

/* Writes "Key=unit unit ..." for the components named in LIST that PICK
 * selects (when any; graph_check() has made sure each name is a
 * component). */
static void list_line_of(FILE *f, const char *key, const char *const *list, enum pick pick)
{
	int n = 0;

	for (const char *const *w = list; *w; w++) {
		const struct component *c = graph_find(*w);

		if (!picked(c, pick))
			continue;
		if (n++)
			fprintf(f, " %s", c->unit);
		else
			fprintf(f, "%s=%s", key, c->unit);
	}
	if (n)
		fputc('\n', f);
}

static void list_line(FILE *f, const char *key, const char *const *list)
{
	list_line_of(f, key, list, PICK_ALL);
}

/* After= the units of LIST, then the units ordered like them
 * (also_after_unit: rpcbind.service behind rpcbind.socket) */
static void after_lines(FILE *f, const char *const *list)
{
	list_line(f, "After", list);
	for (const char *const *w = list; *w; w++)
		if (graph_find(*w)->also_after_unit)
			fprintf(f, "After=%s\n", graph_find(*w)->also_after_unit);
}

/* The init scripts' names as native units.  Under systemd,
 * systemd-sysv-generator turns every init script that has no native unit
 * of the same name into a unit of its own, which would run `nfs-ctl start
 * ...` inside a start job (refused).  So the name of each target's own
 * script (graph: the first of its scripts) is a native unit, SCRIPT.service,
 * that stands for the target, and whose one command logs the plan; it never
 * starts anything itself.  (This is also the unit nfs-utils users know:
 * `systemctl stop nfs-server`.) */
#define SCRIPT_UNIT "%s.service"

/* Debian's name of the server unit (`systemctl status nfs-kernel-server`,
 * `service nfs-kernel-server reload` under systemd): make install links it
 * to nfs-server.service (Makefile.am, UNIT_ALIASES), one unit, two names. */

/* `systemctl restart nfs-utils` (what a package upgrade runs) restarts
 * every NFS daemon that runs: each is PartOf= it, the server's directly or
 * through nfs-server.service, so the server restarts as a whole, in the
 * graph's order.  A service, not a target, so that the short name works;
 * it is never stopped, and its one command only checks the configuration
 * the restarted daemons are about to read. */
static const char RESTART_GROUP[] = "nfs-utils.service";

/* Stop means stopped (issue 16).  systemctl waits only for the job it
 * enqueued, and at stop systemd runs the ordering backwards: a target
 * ordered after its members at start (so that `systemctl start` returns
 * when nfsd serves) is stopped *before* them, and `systemctl stop` returns
 * while nfsd still serves.  One unit cannot be last at start and last at
 * stop, so the server target is ordered by two barrier units instead of
 * by its members:
 *  - the start barrier runs once every member that can fail the start
 *    started (it is After= them; awaited_by_start)
 *    and the target is After= it; it exits and is inactive afterwards, so
 *    it has no job at stop and puts no order on it;
 *  - the stop barrier is Before= every member that stops with the target
 *    and After= the target and its script unit, so at stop it waits for
 *    the members and the target waits for it.  It must not take part in a
 *    start of the target (its order would be a cycle there), so nothing
 *    pulls it in: the start barrier starts it when it succeeded (OnSuccess=),
 *    a transaction of its own, and it stops only when the target stops
 *    (StopPropagatedFrom=; a restart leaves it alone).  Its start has no
 *    command and waits only for the target and nfs-server.service, which
 *    are active at once too, so it is pending for no longer than the
 *    manager takes to run those jobs.  A new start of the target requested
 *    in that moment meets the cycle and is refused: the moment the start
 *    barrier succeeds, which is when nfsd serves.  nfs-ctl's own restart
 *    of a component therefore waits for the target without a job of its
 *    own (run_systemd.c: wait_targets_back); an administrator's second
 *    `systemctl start` in that moment gets systemd's refusal and can be
 *    repeated (docs/compatibility.md). */
static const char START_BARRIER[] = "nfs-server-start-barrier.service";
static const char STOP_BARRIER[] = "nfs-server-stop-barrier.service";

/* a member of the barrier target (the server) alone: not of the target
 * it shares daemons with, not shared */
static int server_only(const struct component *c)
{
	const struct target_row *b = target_barriered();

	return b && (c->targets & b->target) && !(c->targets & b->shared_with) &&
	       !graph_shared(c);
}

/* the units that stop when the server target stops (they are PartOf= it);
 * a component that may run again after a restart (graph: again_after) is
 * one of them, so that a restart of the server runs it again, and at stop
 * the barrier waits for it too (it has no stop command: at once) */
static int stops_with_server(const struct component *c)
{
	return c->kind != KIND_MOUNT && (server_only(c) || c->again_after);
}

/* the daemons a restart of nfs-utils.service restarts directly (the
 * server's others through nfs-server.service) */
static int in_restart_group(const struct component *c)
{
	return c->kind == KIND_DAEMON && !stops_with_server(c);
}

static void write_header(FILE *f)
{
	fputs("# Generated by `nfs-ctl units` from nfs-ctl's component graph.\n"
	      "# Change the graph (shim/model/graph.c), not this file; local changes belong\n"
	      "# in a drop-in (systemctl edit).\n", f);
}

/* Optional by installation: skipped, not failed, when its program is in
 * none of the directories nfs-ctl looks in (nfs-server.target Requires= it,
 * and a skipped unit fails no Requires=).  systemd checks the file itself:
 * an ExecCondition= command put a process of ours in front of mountd on
 * every start of the server (bench/results/RESULTS-history.md, issue 14). */
static void installed_conditions(FILE *f, const struct component *c)
{
	const char *dir = program_dirs();
	size_t prog = strcspn(c->start, " ");

	while (*dir) {
		size_t len = strcspn(dir, ":");

		fprintf(f, "ConditionFileIsExecutable=|%.*s/%.*s\n", (int)len, dir, (int)prog,
			c->start);
		dir += len;
		if (*dir == ':')
			dir++;
	}
}

static void write_unit_section(FILE *f, const struct component *c)
{
	fprintf(f, "[Unit]\nDescription=%s\nDocumentation=man:nfs-ctl(8)\n", c->what);
	if (c->conf_path) {
		/* nfs.conf may move it (Debian: /run/rpc_pipefs): the
		 * generator adds the mount unit for the configured place */
		fputs("DefaultDependencies=no\n", f);
		return;
	}
	if (c->kind == KIND_MOUNT) {
		/* mounted early, before the services that read it */
		fputs("DefaultDependencies=no\nConflicts=umount.target\nBefore=umount.target\n", f);
		return;
	}
	/* somebody else's services are wanted, never required: an
	 * NFSv4-only server runs with rpcbind masked, as nfs.systemd(7)
	 * tells such sites to do */
	list_line_of(f, "Requires", c->needs, PICK_OURS);
	list_line_of(f, "Wants", c->needs, PICK_EXTERNAL);
	after_lines(f, c->needs);
	after_lines(f, c->after);
	list_line(f, "Wants", c->wants);
	/* names and addresses must resolve before daemons bind and talk */
	fputs("After=network.target nss-lookup.target\n", f);
	if (c->network_online)
		fputs("Wants=network-online.target\nAfter=network-online.target\n", f);
	if (c->kernel_module)
		fputs("ConditionVirtualization=!container\n", f);
	if (c->if_installed)
		installed_conditions(f, c);
	/* again_after: restarted with the server, `exec` then runs it again
	 * when the server's restart lost what it told peers */
	if (stops_with_server(c))
		fputs("PartOf=nfs-server.target\n", f);
	if (in_restart_group(c))
		fprintf(f, "PartOf=%s\n", RESTART_GROUP);
	/* mount.nfs starts statd on demand; `isolate` must not take it away */
	if (graph_shared(c))
		fputs("IgnoreOnIsolate=yes\n", f);
}

/* systemd's "-" prefix: the command's exit status fails nothing */
static const char *failure_ok(const struct component *c)
{
	return c->best_effort || c->exit_ignored ? "-" : "";
}

static void reload_line(FILE *f, const struct component *c)
{
	if (c->reload)
		fprintf(f, "ExecReload=%s%s exec --reload %s\n", failure_ok(c),
			NFS_CTL_PLACEHOLDER, c->name);
}

static void write_service_section(FILE *f, const struct component *c)
{
	if (c->conf_path)
		return;
	if (c->kind == KIND_MOUNT) {
		char fstype[32], where[256];

		if (sscanf(c->start, "%31s %255s", fstype, where) == 2)
			fprintf(f, "\n[Mount]\nWhat=%s\nWhere=%s\nType=%s\n",
				strcmp(fstype, "rpc_pipefs") == 0 ? "sunrpc" : fstype, where, fstype);
		return;
	}
	fputs("\n[Service]\n", f);
	if (c->kind == KIND_DAEMON) {
		/* `nfs-ctl exec` becomes the daemon: a foreground one is the
		 * main process once the exec succeeded */
		fprintf(f, "Type=%s\nExecStart=%s exec %s\n", c->foreground ? "exec" : "forking",
			NFS_CTL_PLACEHOLDER, c->name);
		/* the start job ends only once it is ready (nfsd is After= it):
		 * a second command waits, unless `exec` itself does */
		if ((c->ready == READY_SOCKET || c->ready == READY_PIPE_WATCHED) &&
		    !readiness_waited_by_exec(c))
			fprintf(f, "ExecStartPost=%s exec --ready %s\n", NFS_CTL_PLACEHOLDER, c->name);
		if (c->pidfile)
			fprintf(f, "PIDFile=%s\n", c->pidfile);
		return;
	}
	fputs("Type=oneshot\nRemainAfterExit=yes\n", f);
	/* telling peers of a reboot is best effort, as it always was; a bad
	 * exports line must not keep the good ones from being served */
	fprintf(f, "ExecStart=%s%s exec %s\n", failure_ok(c), NFS_CTL_PLACEHOLDER, c->name);
	if (c->stop)
		fprintf(f, "ExecStop=%s exec --stop %s\n", NFS_CTL_PLACEHOLDER, c->name);
	reload_line(f, c);
}

/* Members a target always brings; gated ones are added per configuration
 * by the generator (generator.c). */
static void write_target(FILE *f, const struct target_row *t)
{
	write_header(f);
	fprintf(f, "[Unit]\nDescription=NFS %s%s\nDocumentation=man:nfs-ctl(8)\n", t->name,
		t->services ? " services" : " enablement");
	/* ordered by its barriers, never after its members (see above);
	 * without default dependencies, the ones that still apply by hand */
	if (t->barriers)
		fputs("DefaultDependencies=no\nConflicts=shutdown.target\nBefore=shutdown.target\n", f);
	for (unsigned i = 0; i < graph_size; i++) {
		const struct component *c = &graph[i];
		int gated = graph_gated(c) && t->services;

		if ((c->targets & t->target) && !gated)
			fprintf(f, "%s=%s\n", t->requires_members ? "Requires" : "Wants", c->unit);
	}
	if (t->barriers)
		fprintf(f, "Requires=%s\nAfter=%s\n"
			/* the script's name: stopping or restarting it does the
			 * same to the target; it is active while the target is */
			"Wants=" SCRIPT_UNIT "\nPartOf=" SCRIPT_UNIT "\n",
			START_BARRIER, START_BARRIER, t->scripts[0], t->scripts[0]);
	if (t->mounts) {
		fputs("Wants=remote-fs-pre.target\nBefore=remote-fs-pre.target\n", f);
		/* Kerberos mounts at boot need the GSS daemons (or gssproxy) */
		for (unsigned i = 0; i < graph_size; i++)
			if (graph[i].before_client_mounts) {
				fprintf(f, "After=%s\n", graph[i].unit);
				if (graph[i].also_after_unit)
					fprintf(f, "After=%s\n", graph[i].also_after_unit);
			}
	}
	fputs("\n[Install]\nWantedBy=multi-user.target\n", f);
	if (t->remote_fs)
		fputs("WantedBy=remote-fs.target\n", f);
}

/* "Key=" then the units of the components that KEEP selects */
static void units_line(FILE *f, const char *key, int (*keep)(const struct component *))
{
	const char *sep = "";

	fprintf(f, "%s=", key);
	for (unsigned i = 0; i < graph_size; i++)
		if (graph[i].kind != KIND_EXTERNAL && keep(&graph[i])) {
			fprintf(f, "%s%s", sep, graph[i].unit);
			sep = " ";
		}
	fputc('\n', f);
}

static int in_server(const struct component *c)
{
	return (c->targets & target_barriered()->target) != 0;
}

/* What the start job waits for: every member whose outcome can fail the
 * start.  A best-effort one (sm-notify) fails nothing, so waiting for it
 * would only make the start longer: it still runs in the same transaction,
 * in its own order (after nfsd), and retries on its own; nfs-utils' units
 * do not wait for it either (issue 32). */
static int awaited_by_start(const struct component *c)
{
	return in_server(c) && !c->best_effort;
}

/* A member the start does not wait for, and that no awaited member must
 * follow (sm-notify; not the GSS module, which the GSS daemons need), runs
 * after the start barrier rather than beside it: on one emulated CPU its
 * process took the CPU from the barrier's, and the start returned 300-400
 * ms later on Debian 13 and testing (bench/RESULTS.md, run 8).  It still
 * runs after nfsd, in the same transaction. */
static int after_start_barrier(const struct component *c)
{
	if (!in_server(c) || awaited_by_start(c))
		return 0;
	for (unsigned i = 0; i < graph_size; i++)
		if (awaited_by_start(&graph[i]) && graph_before(&graph[i], c))
			return 0;
	return 1;
}

static void fill_start_barrier(FILE *f, const void *arg)
{
	(void)arg;
	write_header(f);
	fputs("[Unit]\nDescription=NFS server start barrier: the server target is reached "
	      "once every member that can fail it started\nDocumentation=man:nfs-ctl(8)\n", f);
	units_line(f, "After", awaited_by_start);
	units_line(f, "Before", after_start_barrier);
	fprintf(f, "OnSuccess=%s\n", STOP_BARRIER);
	/* no RemainAfterExit: inactive once done, so it has no job at stop.
	 * Its order is its work: the command only has to exist, and it is on
	 * the path of every start (an `nfs-ctl plan` cost ~80 ms there). */
	fputs("\n[Service]\nType=oneshot\nExecStart=/bin/true\n", f);
}

static void fill_stop_barrier(FILE *f, const void *arg)
{
	const struct target_row *t = arg;

	write_header(f);
	fputs("[Unit]\nDescription=NFS server stop barrier: stopping the server returns "
	      "once every member stopped\nDocumentation=man:nfs-ctl(8)\n", f);
	fprintf(f, "After=%s " SCRIPT_UNIT "\n", t->unit, t->scripts[0]);
	units_line(f, "Before", stops_with_server);
	fprintf(f, "StopPropagatedFrom=%s\n", t->unit);
	/* stopped alone, the next stop of the server would not wait */
	fputs("RefuseManualStop=yes\n", f);
	/* a unit without ExecStart= needs an ExecStop=; its order is its work */
	fputs("\n[Service]\nType=oneshot\nRemainAfterExit=yes\nExecStop=/bin/true\n", f);
}

/* nfs.service, nfs-server.service: stand for their targets (see
 * SCRIPT_UNIT).  The server target is PartOf= its script unit (above), so
 * that a restart of nfs-server.service restarts the server too. */
static void write_script_unit(FILE *f, const struct target_row *t)
{
	const char *tunit = t->unit, *tname = t->name;

	write_header(f);
	fprintf(f, "# This is the name of the init script \"%s\": under systemd this unit\n"
		"# runs instead of the script, and stands for %s.\n", t->scripts[0], tunit);
	fprintf(f, "[Unit]\nDescription=NFS %s services (init script name)\n"
		"Documentation=man:nfs-ctl(8)\n", tname);
	fprintf(f, "Requires=%s\nAfter=%s\n", tunit, tunit);
	/* the barrier target is PartOf= this unit (write_target): its stop
	 * reaches the target that way */
	if (!t->barriers)
		fprintf(f, "PropagatesStopTo=%s\n", tunit);
	else
		/* a restart of nfs-utils restarts the whole server (above) */
		fprintf(f, "PartOf=%s\n", RESTART_GROUP);
	fputs("\n[Service]\nType=oneshot\nRemainAfterExit=yes\n", f);
	/* The server's is active at once: the stop barrier's start waits for
	 * it, and while that start is pending a restart of the server would
	 * find an ordering cycle (see the barriers above).  Its stop logs the
	 * stop's plan, once (the barriers run /bin/true). */
	if (t->barriers)
		fprintf(f, "ExecStop=%s plan stop %s\n", NFS_CTL_PLACEHOLDER, tname);
	else
		fprintf(f, "ExecStart=%s plan start %s\n", NFS_CTL_PLACEHOLDER, tname);
	/* `systemctl reload nfs-server` re-reads what the target's members
	 * re-read (the export table), as upstream's ExecReload does; the
	 * target itself cannot be reloaded (systemd reloads no target) */
	for (unsigned i = 0; i < graph_size; i++)
		if (graph[i].targets & t->target)
			reload_line(f, &graph[i]);
	fputs("\n[Install]\n", f);
	/* `systemctl enable nfs-server` (upstream's, Debian's postinst) */
	if (t->script_enabled)
		fputs("WantedBy=multi-user.target\n", f);
	fprintf(f, "Also=%s\n", tunit);
}

static void fill_restart_group(FILE *f, const void *arg)
{
	(void)arg;
	write_header(f);
	fputs("# `systemctl restart nfs-utils` restarts every NFS daemon that runs (each\n"
	      "# is PartOf= this unit, the server's through nfs-server.service): what a\n"
	      "# package upgrade runs.  Never stopped, never enabled.\n", f);
	fputs("[Unit]\nDescription=NFS daemons' restart group\nDocumentation=man:nfs-ctl(8)\n", f);
	/* systemctl waits only for the job it enqueued.  Ordered after every
	 * member, the group's own start (the second half of its restart)
	 * waits for theirs, so `systemctl restart nfs-utils` returns once the
	 * daemons are back, not while they are still stopping */
	units_line(f, "After", in_restart_group);
	fprintf(f, "After=" SCRIPT_UNIT "\n", target_barriered()->scripts[0]);
	fprintf(f, "\n[Service]\nType=oneshot\nRemainAfterExit=yes\nExecStart=%s config --check\n",
		NFS_CTL_PLACEHOLDER);
}

static int write_file(const char *dir, const char *unit, void (*fill)(FILE *, const void *),
		      const void *arg)
{
	char *path = xasprintf("%s/%s.in", dir, unit);
	FILE *f = fopen(path, "we");
	int rc;

	if (!f) {
		log_error("%s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	fill(f, arg);
	rc = outfile_finish("units", path, f);
	free(path);
	return rc;
}

static void fill_component(FILE *f, const void *arg)
{
	const struct component *c = arg;

	write_header(f);
	write_unit_section(f, c);
	write_service_section(f, c);
}

static void fill_target(FILE *f, const void *arg)
{
	write_target(f, arg);
}

static void fill_script_unit(FILE *f, const void *arg)
{
	write_script_unit(f, arg);
}

static int write_script_unit_file(const char *dir, const struct target_row *t)
{
	char *unit = xasprintf(SCRIPT_UNIT, t->scripts[0]);
	int rc = write_file(dir, unit, fill_script_unit, t);

	free(unit);
	return rc;
}

int cmd_units(struct ctx *ctx, int argc, char **argv)
{
	const char *dir = NULL;
	int rc = 0;

	(void)ctx;
	if (graph_check() != 0)
		return LSB_ERR_GENERIC;
	if (argc == 2 && strcmp(argv[0], "--output") == 0)
		dir = argv[1];
	if (!dir) {
		log_error("usage: nfs-ctl units --output DIR");
		return LSB_ERR_ARGS;
	}
	for (unsigned i = 0; i < graph_size; i++)
		if (graph[i].kind != KIND_EXTERNAL)
			rc |= write_file(dir, graph[i].unit, fill_component, &graph[i]);
	for (unsigned i = 0; i < graph_targets_size; i++) {
		const struct target_row *t = &graph_targets[i];

		rc |= write_file(dir, t->unit, fill_target, t);
		if (t->scripts[0])
			rc |= write_script_unit_file(dir, t);
	}
	rc |= write_file(dir, START_BARRIER, fill_start_barrier, NULL);
	rc |= write_file(dir, STOP_BARRIER, fill_stop_barrier, target_barriered());
	rc |= write_file(dir, RESTART_GROUP, fill_restart_group, NULL);
	return rc ? LSB_ERR_GENERIC : LSB_OK;
}
