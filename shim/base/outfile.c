/* Checked whole-file writes (outfile.h). */
#include "outfile.h"
#include "log.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

int outfile_finish(const char *who, const char *path, FILE *f)
{
	int failed = ferror(f);
	int err = errno;

	/* fclose frees F even when it fails: never call it twice */
	if (fclose(f) != 0) {
		failed = 1;
		err = errno;
	}
	if (!failed)
		return 0;
	log_error("%s: %s: %s", who, path, strerror(err ? err : EIO));
	unlink(path);
	return -1;
}

int outfile_write(const char *who, const char *path, const char *text)
{
	FILE *f = fopen(path, "we");

	if (!f) {
		log_error("%s: %s: %s", who, path, strerror(errno));
		return -1;
	}
	fputs(text, f);
	return outfile_finish(who, path, f);
}
