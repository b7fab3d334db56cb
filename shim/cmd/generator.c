/* The systemd generator (`nfs-ctl generator DIR [EARLY LATE]`, installed as
 * a symlink in systemd's system-generators directory).  At boot and on
 * daemon-reload it adds to each target the optional members this
 * machine's configuration wants (policy.c), so that systemd starts the
 * same daemons nfs-ctl would start under sysvinit. */
#include "commands.h"
#include "state_dir.h"
#include "generator_mounts.h"
#include "graph.h"
#include "log.h"
#include "lsb.h"
#include "outfile.h"
#include "plan.h"
#include "pidrec.h"
#include "policy.h"
#include "run_systemd.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_EXPORT_UNITS 4

#ifndef UNITDIR
#define UNITDIR "/lib/systemd/system"
#endif

static int want(const char *dir, const char *target_unit_name, const char *unit)
{
	char *wants = xasprintf("%s/%s.wants", dir, target_unit_name);
	char *link = xasprintf("%s/%s", wants, unit);
	char *dest = xasprintf("%s/%s", UNITDIR, unit);
	int rc = 0;

	if (mkdir(wants, 0755) < 0 && errno != EEXIST)
		rc = -1;
	else if (symlink(dest, link) < 0 && errno != EEXIST)
		rc = -1;
	if (rc)
		log_error("generator: %s: %s", link, strerror(errno));
	free(wants);
	free(link);
	free(dest);
	return rc;
}

/* UNIT starts only while PATH exists: a drop-in, so the check is made at
 * each start, not at boot */
static int start_condition(const char *dir, const char *unit, const char *path)
{
	char *d = xasprintf("%s/%s.d", dir, unit);
	char *conf = xasprintf("%s/nfs-ctl-start-condition.conf", d);
	char *text = xasprintf("# nfs-ctl generator: decided at each start, as upstream's unit\n"
			       "[Unit]\nConditionPathExists=%s\n", path);
	int rc;

	if (mkdir(d, 0755) < 0 && errno != EEXIST) {
		log_error("generator: %s: %s", d, strerror(errno));
		rc = -1;
	} else {
		rc = outfile_write("generator", conf, text);
	}
	free(d);
	free(conf);
	free(text);
	return rc;
}

static int generate_target(struct ctx *ctx, const char *dir, unsigned target)
{
	int rc = 0;

	for (unsigned i = 0; i < graph_size; i++) {
		const struct component *c = &graph[i];
		struct reason why = { 0 };
		char *cond, *text;

		if (!(c->targets & target) || !graph_gated(c))
			continue;
		cond = policy_start_condition(ctx, target, c);
		if (cond) {
			/* without its condition the member would start
			 * unconditionally: no want then */
			if (start_condition(dir, c->unit, cond) == 0)
				rc |= want(dir, target_unit(target), c->unit);
			else
				rc = -1;
			free(cond);
		} else if (policy_wants(ctx, target, c, &why)) {
			rc |= want(dir, target_unit(target), c->unit);
		} else {
			text = reason_sentence(&why);
			log_debug("generator: %s without %s: %s", target_name(target), c->name, text);
			free(text);
		}
		reason_free(&why);
	}
	return rc;
}

/* Lets `nfs-ctl start` under systemd see that configuration changed after
 * this run (run_systemd.c). */
static void touch_stamp(void)
{
	char *dir = state_dir();
	char *stamp = state_file("generator", ".stamp");

	/* a stamp that cannot be written only costs a later start its hint
	 * (outfile_write says why) */
	if (stamp)
		outfile_write("generator", stamp, "");
	free(dir);
	free(stamp);
}

/* Both the unit that runs `exportfs -r` and the one that starts nfsd must
 * wait for the exported file systems, or the first exports the directory
 * under the mount point. */
static int generate_export_ordering(const char *dir)
{
	const char *units[MAX_EXPORT_UNITS + 1] = { NULL };
	size_t n = 0;

	for (unsigned i = 0; i < graph_size && n < MAX_EXPORT_UNITS; i++)
		if (graph[i].export_mounts)
			units[n++] = graph[i].unit;
	return generate_mount_ordering(dir, units);
}

int cmd_generator(struct ctx *ctx, int argc, char **argv)
{
	int rc;

	if (argc != 1 && argc != 3) {
		log_error("usage: nfs-ctl generator NORMAL-DIR [EARLY-DIR LATE-DIR]");
		return LSB_ERR_ARGS;
	}
	touch_stamp();
	/* a generator must never fail the boot over configuration: what it
	 * cannot read it leaves out, and says so */
	rc = generate_target(ctx, argv[0], T_SERVER) | generate_target(ctx, argv[0], T_CLIENT) |
	     generate_export_ordering(argv[0]);
	for (unsigned i = 0; i < graph_size; i++)
		if (graph[i].conf_path)
			rc |= generate_pipefs_mount(argv[0], graph[i].unit, pipefs_dir(ctx));
	return rc ? LSB_ERR_GENERIC : LSB_OK;
}
