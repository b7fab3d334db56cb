/* What one invocation of nfs-ctl knows: options and loaded settings. */
#ifndef NFSCTL_CTX_H
#define NFSCTL_CTX_H

#include "settings.h"

enum init_mode { INIT_AUTO = 0, INIT_SYSV, INIT_SYSTEMD };

struct ctx {
	enum init_mode init;
	int verbose;
	int timeout_ms;           /* bound on every wait for one step */
	const char *distro;       /* NULL = detect; "debian", "redhat", "suse", "none" */
	struct settings settings;
};

#endif
