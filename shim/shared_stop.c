#include "shared_stop.h"
#include "mounts.h"

#include <stdio.h>

unsigned shared_other_target(unsigned target)
{
	return target == T_CLIENT ? T_SERVER : T_CLIENT;
}

const char *shared_keep_reason(const struct component *c, unsigned target,
			       int other_active)
{
	static char why[400];
	struct client_needs needs;

	mounts_client_needs(&needs);
	if (c->client_use == CLIENT_USE_LOCKING && needs.statd) {
		snprintf(why, sizeof(why), "the NFSv2/v3 mount on %s uses locking", needs.statd_mount);
		return why;
	}
	if (c->client_use == CLIENT_USE_KERBEROS && needs.gssd) {
		snprintf(why, sizeof(why), "the Kerberos mount on %s needs it", needs.gssd_mount);
		return why;
	}
	if (c->client_use == CLIENT_USE_IDMAP && needs.idmapd) {
		snprintf(why, sizeof(why), "the NFSv4 mount on %s maps ids", needs.idmapd_mount);
		return why;
	}
	if (other_active) {
		snprintf(why, sizeof(why), "the %s target is active",
			 target_name(shared_other_target(target)));
		return why;
	}
	return NULL;
}
