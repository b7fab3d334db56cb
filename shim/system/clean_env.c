/* The one clean environment (clean_env.h).  Nothing of the caller's: PATH
 * is the fixed search path daemons that run helpers expect. */
#include "clean_env.h"

#include <stddef.h>

char *const clean_env[] = {
	"PATH=/usr/sbin:/usr/bin:/sbin:/bin",
	NULL,
};
