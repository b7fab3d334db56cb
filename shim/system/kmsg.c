/* Reading the kernel log (kmsg.h).  /dev/kmsg gives one record a read:
 * "PRIORITY,SEQUENCE,MICROSECONDS,FLAGS;TEXT", then continuation lines
 * that begin with a space; at its end a read fails with EAGAIN (opened
 * non-blocking), and with EPIPE when the ring overwrote a record since
 * the last read. */
#include "kmsg.h"
#include "paths.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One record's time and text; 0 when it is not a record. */
static int parse_record(char *line, unsigned long long *usec, const char **text)
{
	unsigned long long pri, seq;
	char *semi = strchr(line, ';');
	int n = 0;

	if (!semi || *line == ' ' || sscanf(line, "%llu,%llu,%llu%n", &pri, &seq, usec, &n) != 3 || n == 0)
		return 0;
	line[strcspn(line, "\n")] = '\0';
	*text = semi + 1;
	return 1;
}

static void take(const char *text, const char *prefix, unsigned long long usec,
		 unsigned long long since_usec, struct strv *what, unsigned long long *first_usec,
		 int *found)
{
	size_t len = strlen(prefix);

	if (usec < since_usec || strncmp(text, prefix, len) != 0)
		return;
	if (*found == 0)
		*first_usec = usec;
	(*found)++;
	if (!strv_contains(what, text + len))
		strv_add(what, text + len);
}

int kmsg_find_since(const char *prefix, unsigned long long since_usec, struct strv *what,
		    unsigned long long *first_usec)
{
	char *path = path_in_root("/dev/kmsg");
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), found = 0;
	/* a record is at most a few kilobytes; the kernel refuses a read
	 * into a buffer too small for the next one */
	char buf[8192];
	FILE *in;

	free(path);
	if (fd < 0 || !(in = fdopen(fd, "re"))) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	setvbuf(in, NULL, _IOFBF, sizeof(buf));
	for (;;) {
		unsigned long long usec;
		const char *text;

		if (!fgets(buf, sizeof(buf), in)) {
			if (ferror(in) && errno == EPIPE) { /* overwritten: go on */
				clearerr(in);
				continue;
			}
			break; /* EAGAIN: the end of the log; or end of file */
		}
		if (parse_record(buf, &usec, &text))
			take(text, prefix, usec, since_usec, what, first_usec, &found);
	}
	fclose(in);
	return found;
}
