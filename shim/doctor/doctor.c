/* `nfs-ctl doctor [--format=text|json] [TARGET]`: which targets to check,
 * the merged plan the checks compare with, and the exit code.  The checks
 * live in doctor_*.c, the findings they add in doctor_findings.c. */
#include "commands.h"
#include "doctor.h"
#include "initsys.h"
#include "log.h"
#include "lsb.h"
#include "plan.h"
#include "run_systemd.h"
#include "run_sysv.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Was TARGET started (and not stopped since)?  A target nobody started is
 * not checked unless named: a client-only machine is not a broken server. */
static int target_started(struct ctx *ctx, unsigned target)
{
	if (initsys_mode(ctx) == INIT_SYSTEMD) {
		const char *args[] = { "is-active", "--quiet", target_unit(target), NULL };

		return systemctl(ctx, args) == 0;
	}
	return target_active(target_name(target));
}

/* When UNIT last went down (inactive or failed), in microseconds since
 * boot; 0 when it never did or systemd could not say. */
static unsigned long long down_since(struct ctx *ctx, const char *unit)
{
	char buf[64];

	if (systemctl_show(ctx, unit, "InactiveEnterTimestampMonotonic", buf, sizeof(buf)) < 0)
		return 0;
	return strtoull(buf, NULL, 10);
}

/* Not started, but a start of TARGET was asked and did not end with the
 * target up: under sysvinit the mark a start leaves from its first step
 * until a stop succeeds; under systemd a member's unit that failed after
 * the target last went down (a target has no failed state of its own: a
 * start job that failed leaves it inactive; a member that failed before
 * the target was stopped on purpose is no start asked).  What was seen,
 * newly allocated, or NULL. */
static char *start_failed(struct ctx *ctx, unsigned target)
{
	struct scope what = scope_of_target(target);
	unsigned long long target_down;
	struct plan p;
	char *seen = NULL;

	if (initsys_mode(ctx) != INIT_SYSTEMD)
		return target_asked(target_name(target))
			       ? xstrdup("not active: its last start failed or was cut short")
			       : NULL;
	if (plan_build(ctx, PLAN_START, &what, &p) < 0)
		return NULL;
	target_down = down_since(ctx, target_unit(target));
	for (size_t i = 0; i < p.n && !seen; i++) {
		const struct step *s = &p.steps[i];
		const char *args[] = { "is-failed", "--quiet", s->c->unit, NULL };

		if (s->verb != V_SKIP && s->c->unit && systemctl(ctx, args) == 0 &&
		    down_since(ctx, s->c->unit) > target_down)
			seen = xasprintf("%s not active, %s failed after it went down: its "
					 "start failed or was cut short",
					 target_unit(target), s->c->unit);
	}
	plan_free(&p);
	return seen;
}

/* Merges TARGET's start plan into D. */
static int merge_plan(struct doctor *d, unsigned target)
{
	struct scope what = scope_of_target(target);
	struct plan p;

	if (plan_build(d->ctx, PLAN_START, &what, &p) < 0)
		return -1;
	for (size_t i = 0; i < p.n; i++) {
		const struct step *s = &p.steps[i];
		int k = graph_index(s->c);

		d->in_plan[k] = 1;
		if (s->verb != V_SKIP) {
			d->wanted[k] = 1;
			reason_free(&d->skip_why[k]);
		} else if (!d->wanted[k] && !d->skip_why[k].text) {
			/* the first plan's reason; the plan's own goes with it */
			reason_copy(&d->skip_why[k], &s->why);
		}
	}
	plan_free(&p);
	return 0;
}

/* The start command of every component as configuration builds it today,
 * skipped ones included (a skipped daemon may still run). */
static void planned_argv(struct doctor *d)
{
	for (unsigned k = 0; k < graph_size; k++) {
		strv_init(&d->argv[k]);
		if (graph[k].kind != KIND_EXTERNAL)
			plan_start_argv(d->ctx, &graph[k], &d->argv[k], &d->missing[k]);
	}
}

static void doctor_free(struct doctor *d)
{
	findings_free(&d->found);
	for (unsigned k = 0; k < graph_size; k++) {
		reason_free(&d->skip_why[k]);
		strv_free(&d->argv[k]);
	}
}

/* Targets to check: the one named, else the service targets (server and
 * client) when started, or when a start of them was asked and failed (a
 * FAIL whose fix starts it); the enablement targets, secure and blkmap,
 * only when named. */
static int choose_targets(struct doctor *d, unsigned named)
{
	int n = 0;

	if (named) {
		d->targets[n++] = named;
		return 0;
	}
	for (unsigned i = 0; i < graph_targets_size; i++) {
		const struct target_row *t = &graph_targets[i];
		const char *name = t->name;
		char *failed;

		if (!t->services)
			continue;
		if (target_started(d->ctx, t->target)) {
			d->targets[n++] = t->target;
		} else if ((failed = start_failed(d->ctx, t->target))) {
			/* asked for and down: its members are checked too */
			d->targets[n++] = t->target;
			doctor_add(d, LEVEL_FAIL, name, "target", xstrdup("started (a start was asked)"),
				   failed, NULL, xasprintf("nfs-ctl start %s", name));
		} else {
			doctor_add(d, LEVEL_INFO, name, "target", xstrdup("started"),
				   xstrdup("not started: its members were not checked"), NULL,
				   xasprintf("nfs-ctl start %s", name));
		}
	}
	return 0;
}

/* The command line: the format, and the target named (0: none), parsed
 * here once into its bit. */
static int parse_args(int argc, char **argv, const char **format, unsigned *target)
{
	const char *word = NULL;

	*format = "text";
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "--format=", 9) == 0)
			*format = argv[i] + 9;
		else if (!word && argv[i][0] != '-')
			word = argv[i];
		else
			return -1;
	}
	if (strcmp(*format, "text") && strcmp(*format, "json"))
		return -1;
	*target = word ? target_from_name(word) : 0;
	if (word && !*target) {
		log_error("doctor: unknown target '%s' (targets: %s)", word, target_names());
		return -1;
	}
	return 0;
}

int cmd_doctor(struct ctx *ctx, int argc, char **argv)
{
	struct doctor d = { .ctx = ctx };
	const char *format;
	unsigned named;
	int fail = 0;

	if (parse_args(argc, argv, &format, &named) < 0) {
		log_error("usage: nfs-ctl doctor [--format=text|json] [TARGET]");
		return LSB_ERR_ARGS;
	}
	choose_targets(&d, named);
	for (int i = 0; d.targets[i]; i++) {
		if (merge_plan(&d, d.targets[i]) < 0) {
			doctor_free(&d);
			return LSB_ERR_GENERIC;
		}
		d.target_bits |= d.targets[i];
	}
	planned_argv(&d);
	doctor_check_config(&d);
	if (d.targets[0]) {
		doctor_check_daemons(&d);
		doctor_check_nfsd(&d);
		doctor_check_tracking(&d);
		doctor_check_exports(&d);
		doctor_check_units(&d);
		doctor_check_notify(&d);
	}
	if (!strcmp(format, "json"))
		doctor_print_json(&d.found);
	else
		doctor_print_text(&d.found);
	fail = findings_failed(&d.found);
	doctor_free(&d);
	return fail ? 1 : 0;
}
