/* StartUnit over systemd's own socket, and the wait for the job's
 * JobRemoved signal: what `systemctl start UNIT` does, minus starting
 * systemctl (which, on a slow machine, costs more than the request).
 * As root, systemctl itself talks to systemd over /run/systemd/private,
 * where systemd sends its signals to every client unasked; elsewhere the
 * system bus and Subscribe() are used.
 * libsystemd is loaded here, on first use (dynlib.h says why); without it
 * the caller falls back to systemctl. */
#include "build-config.h"
#include "systemd_bus.h"
#include "dynlib.h"
#include "log.h"
#include "paths.h"

#ifdef HAVE_LIBSYSTEMD
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <systemd/sd-bus.h>
#include <time.h>
#include <unistd.h>

#define SD_DEST "org.freedesktop.systemd1"
#define SD_PATH "/org/freedesktop/systemd1"
#define SD_MANAGER "org.freedesktop.systemd1.Manager"

/* the sd-bus calls below, each through this table */
static struct {
	int (*bus_new)(sd_bus **);
	int (*bus_set_address)(sd_bus *, const char *);
	int (*bus_start)(sd_bus *);
	sd_bus *(*bus_unref)(sd_bus *);
	int (*bus_open_system)(sd_bus **);
	int (*bus_match_signal)(sd_bus *, sd_bus_slot **, const char *, const char *,
				const char *, const char *, sd_bus_message_handler_t, void *);
	int (*bus_call_method)(sd_bus *, const char *, const char *, const char *,
			       const char *, sd_bus_error *, sd_bus_message **, const char *, ...);
	int (*message_read)(sd_bus_message *, const char *, ...);
	int (*bus_process)(sd_bus *, sd_bus_message **);
	int (*bus_wait)(sd_bus *, uint64_t);
	void (*error_free)(sd_bus_error *);
	sd_bus_message *(*message_unref)(sd_bus_message *);
	sd_bus_slot *(*slot_unref)(sd_bus_slot *);
	sd_bus *(*bus_flush_close_unref)(sd_bus *);
} sd;

static const struct dynlib_sym sd_syms[] = {
	{ "sd_bus_new", &sd.bus_new },
	{ "sd_bus_set_address", &sd.bus_set_address },
	{ "sd_bus_start", &sd.bus_start },
	{ "sd_bus_unref", &sd.bus_unref },
	{ "sd_bus_open_system", &sd.bus_open_system },
	{ "sd_bus_match_signal", &sd.bus_match_signal },
	{ "sd_bus_call_method", &sd.bus_call_method },
	{ "sd_bus_message_read", &sd.message_read },
	{ "sd_bus_process", &sd.bus_process },
	{ "sd_bus_wait", &sd.bus_wait },
	{ "sd_bus_error_free", &sd.error_free },
	{ "sd_bus_message_unref", &sd.message_unref },
	{ "sd_bus_slot_unref", &sd.slot_unref },
	{ "sd_bus_flush_close_unref", &sd.bus_flush_close_unref },
};

static struct dynlib libsystemd = {
	.soname = "libsystemd.so.0",
	.package = "libsystemd0",
	.purpose = "to ask systemd over its bus",
	.fallback = "using systemctl instead",
	.syms = sd_syms,
	.nsyms = sizeof(sd_syms) / sizeof(*sd_syms),
};

struct job_wait {
	char path[256];     /* the job to wait for, once known */
	char result[32];
	int done;
};

static int on_job_removed(sd_bus_message *m, void *userdata, sd_bus_error *error)
{
	struct job_wait *w = userdata;
	const char *path, *unit, *result;
	uint32_t id;

	(void)error;
	if (sd.message_read(m, "uoss", &id, &path, &unit, &result) < 0)
		return 0;
	if (w->path[0] && strcmp(path, w->path) == 0) {
		snprintf(w->result, sizeof(w->result), "%s", result);
		w->done = 1;
	}
	return 0;
}

static uint64_t now_usec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* root: systemd's private socket, no bus daemon in between */
static int connect_private(sd_bus **bus)
{
	int r = sd.bus_new(bus);

	if (r < 0)
		return r;
	r = sd.bus_set_address(*bus, "unix:path=/run/systemd/private");
	if (r >= 0)
		r = sd.bus_start(*bus);
	if (r < 0)
		*bus = sd.bus_unref(*bus);
	return r;
}

int systemd_bus_start_unit(const char *unit, int timeout_ms)
{
	sd_bus *bus = NULL;
	sd_bus_slot *slot = NULL;
	sd_bus_message *reply = NULL;
	sd_bus_error error = SD_BUS_ERROR_NULL;
	struct job_wait w = { "", "", 0 };
	uint64_t deadline = now_usec() + (uint64_t)timeout_ms * 1000u;
	const char *job;
	int direct, r, rc = SYSTEMD_BUS_LOST;

	/* a relocated tree has its own (stub) systemctl, never the real bus */
	if (*paths_root() || geteuid() != 0 || dynlib_load(&libsystemd) < 0)
		return SYSTEMD_BUS_NONE;
	direct = connect_private(&bus) >= 0;
	if (!direct && sd.bus_open_system(&bus) < 0)
		return SYSTEMD_BUS_NONE;
	r = sd.bus_match_signal(bus, &slot, direct ? NULL : SD_DEST, SD_PATH, SD_MANAGER,
				"JobRemoved", on_job_removed, &w);
	if (r >= 0 && !direct)
		r = sd.bus_call_method(bus, SD_DEST, SD_PATH, SD_MANAGER, "Subscribe", &error,
				       NULL, "");
	if (r < 0) {
		rc = SYSTEMD_BUS_NONE; /* the bus is not usable: let systemctl try */
		goto out;
	}
	r = sd.bus_call_method(bus, SD_DEST, SD_PATH, SD_MANAGER, "StartUnit", &error, &reply,
			       "ss", unit, "replace");
	if (r < 0 && error.name) { /* systemd's own answer */
		log_error("start %s: %s", unit, error.message ? error.message : error.name);
		rc = SYSTEMD_BUS_REFUSED;
		goto out;
	}
	if (r < 0) { /* the connection's (ENOTCONN in a storm of mounts) */
		log_warn("start %s: %s", unit, strerror(-r));
		goto out;
	}
	if (sd.message_read(reply, "o", &job) < 0 ||
	    snprintf(w.path, sizeof(w.path), "%s", job) >= (int)sizeof(w.path)) {
		log_warn("start %s: unexpected answer from systemd", unit);
		goto out;
	}
	while (!w.done) {
		uint64_t now = now_usec();

		r = sd.bus_process(bus, NULL);
		if (r < 0) {
			log_warn("start %s: lost the connection to systemd: %s", unit, strerror(-r));
			goto out;
		}
		if (r > 0)
			continue;
		if (now >= deadline) {
			log_warn("start %s: the job did not finish within %d ms", unit, timeout_ms);
			goto out;
		}
		r = sd.bus_wait(bus, deadline - now);
		if (r < 0 && r != -EINTR) {
			log_warn("start %s: %s", unit, strerror(-r));
			goto out;
		}
	}
	rc = strcmp(w.result, "done") == 0 ? SYSTEMD_BUS_DONE : SYSTEMD_BUS_REFUSED;
	if (rc != SYSTEMD_BUS_DONE)
		log_error("start %s: job %s (see `systemctl status %s` and `journalctl -xeu %s`)",
			  unit, w.result, unit, unit);
out:
	sd.error_free(&error);
	sd.message_unref(reply);
	sd.slot_unref(slot);
	sd.bus_flush_close_unref(bus);
	return rc;
}

#else

int systemd_bus_start_unit(const char *unit, int timeout_ms)
{
	(void)unit;
	(void)timeout_ms;
	return SYSTEMD_BUS_NONE;
}

#endif
