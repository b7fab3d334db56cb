#include "shared_stop.h"
#include "mounts.h"

#include <string.h>

unsigned shared_other_target(unsigned target)
{
	return target == T_CLIENT ? T_SERVER : T_CLIENT;
}

int shared_keep(const struct component *c, unsigned target, int other_active,
		struct reason *why)
{
	struct client_needs needs;

	memset(why, 0, sizeof(*why));
	mounts_client_needs(&needs);
	if (c->client_use == CLIENT_USE_LOCKING && needs.statd)
		reason_at(why, NULL, 0, "the NFSv2/v3 mount on %s uses locking", needs.statd_mount);
	else if (c->client_use == CLIENT_USE_KERBEROS && needs.gssd)
		reason_at(why, NULL, 0, "the Kerberos mount on %s needs it", needs.gssd_mount);
	else if (c->client_use == CLIENT_USE_IDMAP && needs.idmapd)
		reason_at(why, NULL, 0, "the NFSv4 mount on %s maps ids", needs.idmapd_mount);
	else if (other_active)
		reason_at(why, NULL, 0, "the %s target is active",
			  target_name(shared_other_target(target)));
	return why->text != NULL;
}
