/* Seconds from the command line or a configuration value (seconds.h). */
#include "seconds.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A plain decimal number from 0.001 to 86400 (a day).  strtod alone takes
 * "nan" (then the cast to int is undefined), "inf", hex and blanks, and
 * 0.0001 would wait 0 ms. */
int seconds_parse_ms(const char *arg, int *ms)
{
	char *end;
	double s;

	if (!*arg || arg[strspn(arg, "0123456789.")] != '\0')
		return -1;
	errno = 0;
	s = strtod(arg, &end);
	if (*end || errno || !isfinite(s) || s < 0.001 || s > 86400)
		return -1;
	*ms = (int)(s * 1000 + 0.5);
	return 0;
}
