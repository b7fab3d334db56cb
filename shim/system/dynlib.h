/* Libraries that only some commands need, loaded when first needed.
 *
 * `nfs-ctl exec DAEMON` runs at every unit start and must cost next to
 * nothing before the daemon's execve; linking libtirpc and libsystemd made
 * the dynamic loader map them and their fourteen dependencies first, for
 * nothing (exec asks neither rpcbind nor systemd's bus).  So they are not
 * linked: the commands that ask rpcbind (sysvinit start/status,
 * start-statd) or systemd's bus (start-statd) load them by soname on first
 * use.  Packagers must declare them by hand (see docs/packaging.md): the
 * shared-library dependency scanners no longer see them. */
#ifndef NFSCTL_DYNLIB_H
#define NFSCTL_DYNLIB_H

#include <stddef.h>

struct dynlib_sym {
	const char *name;
	void *slot;         /* a function pointer variable: where the address goes */
};

struct dynlib {
	const char *soname;     /* "libtirpc.so.3": the ABI we were built for */
	const char *package;    /* what to install, for the error message */
	const char *purpose;    /* "to ask rpcbind", for the error message */
	const char *fallback;   /* NULL: failing is an error; else a warning
				 * saying what is done instead */
	const struct dynlib_sym *syms;
	size_t nsyms;
	int state;              /* 0 not tried, 1 loaded, -1 failed (said once) */
};

/* Loads LIB and resolves all its symbols, once per process.  0 when every
 * symbol is there; -1 otherwise, with one error (a warning when there is a
 * fallback) naming the soname, what it is needed for, the package and the
 * loader's reason (later calls fail
 * without repeating it: callers poll). */
int dynlib_load(struct dynlib *lib);

#endif
