/* One request to systemd over D-Bus, without a systemctl process. */
#ifndef NFSCTL_SYSTEMD_BUS_H
#define NFSCTL_SYSTEMD_BUS_H

/* Starts UNIT (job mode "replace") and waits at most TIMEOUT_MS for its
 * job to finish, as `systemctl start UNIT` does.  Returns 0 when the job
 * finished with "done", 1 when it finished otherwise or timed out (error
 * printed), -1 when systemd's bus cannot be used here (built without
 * libsystemd, not root, relocated --root, no bus): the caller falls back to
 * systemctl. */
int systemd_bus_start_unit(const char *unit, int timeout_ms);

#endif
