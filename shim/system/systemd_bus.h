/* One request to systemd over D-Bus, without a systemctl process. */
#ifndef NFSCTL_SYSTEMD_BUS_H
#define NFSCTL_SYSTEMD_BUS_H

/* What a start request over the bus came to. */
enum {
	SYSTEMD_BUS_NONE = -1,  /* systemd's bus cannot be used here (built
				 * without libsystemd, not root, relocated
				 * --root, no bus): nothing was asked */
	SYSTEMD_BUS_DONE = 0,   /* the job finished with "done" */
	SYSTEMD_BUS_REFUSED = 1, /* systemd answered no, or the job finished
				  * otherwise (said) */
	SYSTEMD_BUS_LOST = 2,   /* the connection failed, or the job did not
				 * finish in time (said): whether the start
				 * was queued, or will finish, is unknown */
};

/* Starts UNIT (job mode "replace") and waits at most TIMEOUT_MS for its
 * job to finish, as `systemctl start UNIT` does; one of the above. */
int systemd_bus_start_unit(const char *unit, int timeout_ms);

#endif
