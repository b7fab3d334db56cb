/* `nfs-ctl status` without a target: every target's status, one after
 * the other, in either init mode.  The exit code sums them up the way an
 * administrator reads them: 0 when some target runs and no pid file is
 * stale, 1 when one is stale (a daemon died), 3 when nothing runs.  A
 * machine is not "partly down" because it is no pNFS client. */
#include "commands.h"
#include "graph.h"
#include "initsys.h"
#include "lsb.h"
#include "run_systemd.h"
#include "sysv_actions.h"

#include <stdio.h>

int status_every_target(struct ctx *ctx)
{
	int running = 0, stale = 0;

	for (unsigned i = 0; i < graph_targets_size; i++) {
		struct scope what = scope_of_target(graph_targets[i].target);
		int rc;

		printf("%s== %s\n", i ? "\n" : "", what.name);
		fflush(stdout);
		rc = initsys_mode(ctx) == INIT_SYSTEMD ? systemd_action(ctx, ACT_STATUS, &what)
						       : sysv_status(ctx, &what, 0);
		running += rc == LSB_STATUS_RUNNING;
		stale += rc == LSB_STATUS_DEAD_PIDFILE;
	}
	if (stale)
		return LSB_STATUS_DEAD_PIDFILE;
	return running ? LSB_STATUS_RUNNING : LSB_STATUS_NOT_RUNNING;
}
