#include "shared_stop.h"
#include "mounts.h"

#include <string.h>

unsigned shared_other_target(unsigned target)
{
	return target_find(target)->shared_with;
}

/* Why a mount keeps a daemon of each client use running. */
static const char *const mount_keeps[CLIENT_USE_COUNT] = {
	[CLIENT_USE_LOCKING] = "the NFSv2/v3 mount on %s uses locking",
	[CLIENT_USE_KERBEROS] = "the Kerberos mount on %s needs it",
	[CLIENT_USE_IDMAP] = "the NFSv4 mount on %s maps ids",
};

int shared_keep(const struct component *c, unsigned target, int other_active,
		struct reason *why)
{
	struct client_needs needs;
	const char *mount;

	memset(why, 0, sizeof(*why));
	mounts_client_needs(&needs);
	mount = client_need(&needs, c->client_use);
	if (mount)
		reason_at(why, NULL, 0, mount_keeps[c->client_use], mount);
	else if (other_active)
		reason_at(why, NULL, 0, "the %s target is active",
			  target_name(shared_other_target(target)));
	return why->text != NULL;
}
