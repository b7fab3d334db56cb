/* `nfs-ctl doctor`: what runs, compared with what the plan says should run.
 * Read-only: it starts, stops and signals nothing, and writes no file.
 * What the checks compare with (struct doctor, filled by doctor.c) and
 * the checks; each adds findings (doctor_findings.h), which
 * doctor_report.c prints (text or JSON). */
#ifndef NFSCTL_DOCTOR_H
#define NFSCTL_DOCTOR_H

#include "ctx.h"
#include "doctor_findings.h"
#include "graph.h"
#include "reason.h"
#include "strv.h"

#include <stddef.h>
#include <sys/types.h>

/* What the checks compare with: the start plans of the checked targets,
 * merged.  A component wanted by one target is wanted. */
struct doctor {
	struct ctx *ctx;
	unsigned targets[5];     /* checked targets (enum target), 0-terminated */
	unsigned target_bits;
	int in_plan[MAX_COMPONENTS];     /* some checked plan names it */
	int wanted[MAX_COMPONENTS];      /* ... and starts it */
	struct reason skip_why[MAX_COMPONENTS]; /* why no checked plan starts it
						 * (text set when skipped) */
	struct strv argv[MAX_COMPONENTS]; /* its start command today */
	int missing[MAX_COMPONENTS];     /* its program is not installed */
	struct findings found;
};

/* A check's finding, added to D's list (findings_add()). */
static inline void doctor_add(struct doctor *d, enum doctor_level level, const char *component,
			      const char *check, char *expected, char *seen, char *origin,
			      char *fix)
{
	findings_add(&d->found, level, component, check, expected, seen, origin, fix);
}

/* doctor_daemons.c: wanted and skipped daemons, their argv, duplicate
 * instances, pid files and rpcbind registrations whose process is gone. */
void doctor_check_daemons(struct doctor *d);
/* doctor_config_age.c: a file setting keys of C's own nfs.conf section
 * changed after PID (C's running instance) started. */
void doctor_check_config_age(struct doctor *d, const struct component *c, pid_t pid);
/* doctor_nfsd.c: nfsd threads and versions, grace period, statd's peers. */
void doctor_check_nfsd(struct doctor *d);
/* doctor_tracking.c: an upcall pipe in rpc_pipefs that the kernel gave up
 * on (nfsd's NFSv4 client tracking without nfsdcld). */
void doctor_check_tracking(struct doctor *d);
/* doctor_exports.c: exported paths whose file system is not mounted. */
void doctor_check_exports(struct doctor *d);
/* doctor_units.c: under systemd, units of the plan failed or masked, and
 * units enabled that the plan skips. */
void doctor_check_units(struct doctor *d);
/* doctor_notify.c: this boot's reboot notice sent before nfsd served. */
void doctor_check_notify(struct doctor *d);
/* doctor_config.c: legacy file against nfs.conf, malformed files,
 * rpcbind. */
void doctor_check_config(struct doctor *d);

#endif
