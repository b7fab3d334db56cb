/* The doctor's lock-recovery check: did this boot's reboot notice
 * (sm-notify) go out only once nfsd served?  Peers told earlier reclaim
 * their locks from a server that is not listening, and lose them.
 *
 * What the system records: nfs-ctl notes nfsd's thread count in its
 * once-per-boot mark when it runs sm-notify, under sysvinit (the runner)
 * and systemd (`exec`) alike (once_mark.h); sm-notify leaves its own pid
 * file (graph: boot_mark).  When only the latter exists (sm-notify run by
 * hand or by another package's unit), the order is "unknown" rather than
 * guessed. */
#include "doctor.h"
#include "kmsg.h"
#include "kthread.h"
#include "state_dir.h"
#include "paths.h"
#include "once_mark.h"
#include "pidrec.h"
#include "readiness.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The notice again, now that nfsd serves: its start command, forced
 * (-f: sm-notify otherwise sends once per boot). */
static char *forced_again(const struct doctor *d, const struct component *c)
{
	char *cmd = strv_join_display(&d->argv[graph_index(c)]);
	char *fix = xasprintf("%s -f", cmd);

	free(cmd);
	return fix;
}

static void check_notify(struct doctor *d, const struct component *c)
{
	const char *expected = "sent once nfsd served";
	int threads = once_mark_threads(c);

	if (threads > 0)
		doctor_add(d, LEVEL_OK, c->name, "notify-order", xstrdup(expected),
			   xasprintf("sent while nfsd served (%d threads)", threads), NULL, NULL);
	else if (threads == 0)
		doctor_add(d, LEVEL_WARN, c->name, "notify-order", xstrdup(expected),
			   xstrdup("sent before nfsd served: peers may have lost their locks"),
			   NULL, forced_again(d, c));
	else if (once_mark_component_ran(c))
		doctor_add(d, LEVEL_INFO, c->name, "notify-order", xstrdup(expected),
			   xstrdup("unknown: sent this boot, not through nfs-ctl (its unit's "
				   "journal may tell: journalctl -b -u rpc-statd-notify.service)"),
			   NULL, NULL);
	else
		doctor_add(d, nfsd_threads() > 0 ? LEVEL_WARN : LEVEL_INFO, c->name, "notify-order",
			   xstrdup(expected), xstrdup("not sent this boot"), NULL,
			   xasprintf("nfs-ctl start %s", c->name));
}

/* After the boot's notice: did a restart since replace the kernel thread
 * that holds what the peers were told (lockd, graph: again_after) without
 * a notice after it?  nfs-ctl's restarts send one; `rpc.nfsd 0` and a
 * start by hand do not, and the NFSv3 clients' locks are then gone
 * without their knowing. */
static void check_again(struct doctor *d, const struct component *c)
{
	unsigned long long started = 0, told = 0;

	if (!once_mark_exists(c) || !once_mark_stale(c, &started, &told))
		return;
	doctor_add(d, LEVEL_WARN, c->name, "notify-again",
		   xasprintf("a notice after %s last started", c->again_after),
		   xasprintf("%s started after the last notice (%llu > %llu ticks since boot): "
			     "its clients' locks were dropped and nobody told them",
			     c->again_after, started, told),
		   NULL, forced_again(d, c));
}

/* After the notice: did the kernel thread it speaks for (lockd) fail to
 * monitor a peer since it started?  lockd monitors a client through statd
 * before it grants that client a lock or its reclaim; with statd gone
 * (killed during a restart: the chaos lab's fault 8) the kernel logs
 * "lockd: cannot monitor HOST" and refuses.  A refused reclaim is final:
 * Linux's client drops that lock and tells no application, and no later
 * notice brings it back, so no command here repairs it: the check says
 * whose locks are gone.  Unknown (nothing said) when the kernel log
 * cannot be read. */
static void check_monitor_refused(struct doctor *d, const struct component *c)
{
	unsigned long long started = kthread_started(c->again_after), first = 0;
	long hz = sysconf(_SC_CLK_TCK);
	char *prefix = xasprintf("%s: cannot monitor ", c->again_after), *hosts;
	struct strv who;

	strv_init(&who);
	if (started && hz > 0 &&
	    kmsg_find_since(prefix, started * (1000000ULL / (unsigned long long)hz), &who,
			    &first) > 0) {
		hosts = strv_join_display(&who);
		doctor_add(d, LEVEL_WARN, c->name, "monitor-refused",
			   xasprintf("every peer %s was asked to monitor since it started, "
				     "monitored", c->again_after),
			   xasprintf("%s could not monitor %s since it started (the kernel's "
				     "\"%sHOST\", first %.1f s after boot): statd did not "
				     "answer, so those peers' NFSv3 locks (a reclaim after a "
				     "notice, or a new lock) were refused; a refused reclaim is "
				     "not tried again, and the applications on %s that held "
				     "them were not told: they must take their locks again",
				     c->again_after, hosts, prefix, (double)first / 1e6, hosts),
			   NULL, NULL);
		free(hosts);
	}
	strv_free(&who);
	free(prefix);
}

void doctor_check_notify(struct doctor *d)
{
	/* the server's notice: a client-only machine has no nfsd to wait for */
	if (!(d->target_bits & target_serving()->target))
		return;
	for (unsigned k = 0; k < graph_size; k++)
		if (graph[k].once_per_boot && d->wanted[k]) {
			check_notify(d, &graph[k]);
			check_again(d, &graph[k]);
			if (graph[k].again_after)
				check_monitor_refused(d, &graph[k]);
		}
}
