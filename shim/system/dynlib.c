#include "dynlib.h"
#include "log.h"

#include <dlfcn.h>
#include <string.h>

static int fail(struct dynlib *lib, const char *why)
{
	if (!why)
		why = "unknown reason";
	if (lib->fallback)
		log_warn("cannot load %s, needed %s (install %s): %s; %s", lib->soname,
			 lib->purpose, lib->package, why, lib->fallback);
	else
		log_error("cannot load %s, needed %s (install %s): %s", lib->soname,
			  lib->purpose, lib->package, why);
	lib->state = -1;
	return -1;
}

int dynlib_load(struct dynlib *lib)
{
	void *handle;

	if (lib->state)
		return lib->state > 0 ? 0 : -1;
	/* RTLD_LOCAL: its symbols stay out of the global namespace.  Never
	 * closed: the process is short-lived and the pointers stay in use. */
	handle = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
	if (!handle)
		return fail(lib, dlerror());
	for (size_t i = 0; i < lib->nsyms; i++) {
		void *p;

		dlerror();
		p = dlsym(handle, lib->syms[i].name);
		if (!p)
			return fail(lib, dlerror());
		/* POSIX: a function's address fits a void *; copy it into the
		 * typed function pointer without an aliasing cast */
		memcpy(lib->syms[i].slot, &p, sizeof(p));
	}
	lib->state = 1;
	return 0;
}
