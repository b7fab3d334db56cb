/* The /proc/PID/stat line (proc_stat.h). */
#include "proc_stat.h"

#include <stdio.h>
#include <string.h>

int proc_stat_read(const char *path, struct proc_stat *out)
{
	char buf[1024], *open, *close, *rest;
	FILE *f = fopen(path, "re");
	size_t n, len;

	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* the name may hold spaces and ')': the last ')' ends it */
	open = strchr(buf, '(');
	close = strrchr(buf, ')');
	if (!open || !close || close < open)
		return -1;
	len = (size_t)(close - open - 1);
	if (len >= sizeof(out->comm))
		len = sizeof(out->comm) - 1;
	memcpy(out->comm, open + 1, len);
	out->comm[len] = '\0';
	rest = close + 1;
	/* fields 3 and 4: the state and the parent */
	if (sscanf(rest, " %c %d", &out->state, &out->ppid) != 2)
		return -1;
	/* the start time is field 22: 19 spaces after field 3 */
	for (int field = 3; field < 22; field++) {
		rest = strchr(rest + 1, ' ');
		if (!rest)
			return -1;
	}
	return sscanf(rest, " %llu", &out->starttime) == 1 ? 0 : -1;
}
