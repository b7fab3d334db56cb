/* The installed nfs-utils' release and its defaults (nfsutils.h).
 *
 * How the release is known: rpc.nfsd prints no version (its -V is
 * --nfs-version), and no file nfs-utils installs names its release; the
 * one program that reports it is nfsdctl (`nfsdctl --version` prints
 * "nfsdctl: 2.8.3" since 2.8.3; 2.8.1 and 2.8.2 print nothing).  The
 * graph's row whose start_alt program does this says so
 * (alt_reports_release).  The text is read from the program file rather
 * than by running it: plan, doctor and config run nothing, and a --root
 * tree may be another machine's (another architecture, other
 * libraries).  The literal "nfsdctl: " VERSION is one string in the
 * program (utils/nfsdctl/nfsdctl.c), so it is found as it is printed. */
#include "nfsutils.h"
#include "graph.h"
#include "paths.h"
#include "xalloc.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A release as one number: 2.8.3 is 20803. */
#define NFSUTILS_RELEASE(major, minor, patch) ((major) * 10000 + (minor) * 100 + (patch))

/* Defaults that changed, and the release that changed them (commits of
 * nfs-utils' git). */
static const struct change {
	const char *section, *key, *before, *since;
	unsigned release;
} changes[] = {
	/* eb5abb5c "nfsd: dump default number of threads to 16": rpc.nfsd
	 * follows nfsdctl, which has started 16 since it came (2.8.1) */
	{ "nfsd", "threads", "8", "16", NFSUTILS_RELEASE(2, 8, 2) },
	/* bb3f98c8 and 27b9d85d "disable v4.0 by default" (rpc.nfsd and
	 * nfsdctl alike) */
	{ "nfsd", "vers4.0", "y", "n", NFSUTILS_RELEASE(2, 9, 1) },
};

/* The program is installed but reports no release: 2.8.1 or 2.8.2.  Taken
 * for 2.8.2: nfsdctl, which nfs-ctl then starts nfsd with, starts 16
 * threads in both, and nothing else above differs. */
#define UNREPORTED NFSUTILS_RELEASE(2, 8, 2)
/* A program file larger than this is not nfsdctl. */
#define MAX_PROGRAM_SIZE (64L << 20)

static int probed;
static unsigned release;
static char *release_text;

static int reports_release(const struct component *c)
{
	return c->alt_reports_release && c->start_alt;
}

/* The whole file PATH, NULL when unreadable; *LEN its size. */
static char *read_program(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *buf = NULL;
	size_t have = 0;
	ssize_t n;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && st.st_size > 0 && st.st_size <= MAX_PROGRAM_SIZE) {
		buf = xmalloc((size_t)st.st_size);
		while (have < (size_t)st.st_size &&
		       (n = read(fd, buf + have, (size_t)st.st_size - have)) > 0)
			have += (size_t)n;
	}
	close(fd);
	*len = have;
	return buf;
}

/* "PROGRAM: X.Y.Z" in the program file (the first such text with a digit
 * after the colon); 0 when there is none. */
static unsigned release_in(const char *path, const char *program)
{
	size_t len = 0, nlen;
	char *buf = read_program(path, &len), *needle = xasprintf("%s: ", program);
	/* an empty or unreadable file gives no buffer: NULL + 0 is undefined */
	const char *p = buf, *end = buf ? buf + len : NULL;
	unsigned major, minor, patch = 0, found = 0;

	nlen = strlen(needle);
	while (buf && !found && (p = memmem(p, (size_t)(end - p), needle, nlen)) != NULL) {
		char text[32] = "";
		size_t rest = (size_t)(end - p) - nlen;

		memcpy(text, p + nlen, rest < sizeof(text) - 1 ? rest : sizeof(text) - 1);
		if (sscanf(text, "%u.%u.%u", &major, &minor, &patch) >= 2 && major < 100 &&
		    minor < 100 && patch < 100)
			found = NFSUTILS_RELEASE(major, minor, patch);
		p += nlen;
	}
	free(needle);
	free(buf);
	return found;
}

static void probe(void)
{
	const struct component *c = graph_first(reports_release);
	char *program = c ? xstrndup(c->start_alt, strcspn(c->start_alt, " ")) : NULL;
	char *path = program ? find_program(program) : NULL;

	probed = 1;
	if (!program) {
		release_text = xstrdup("unknown (no component reports it)");
	} else if (!path) {
		release_text = xasprintf("before 2.8.1, or built without %s (not installed)", program);
	} else if ((release = release_in(path, program)) != 0) {
		release_text = xasprintf("%u.%u.%u (%s)", release / 10000, release / 100 % 100,
					 release % 100, path);
	} else {
		release = UNREPORTED;
		release_text = xasprintf("2.8.1 or 2.8.2 (%s reports no release)", path);
	}
	free(path);
	free(program);
}

/* The installed release; 0 when no program reports one: a release
 * before 2.8.1, or one built without nfsdctl. */
static unsigned installed_release(void)
{
	if (!probed)
		probe();
	return release;
}

const char *nfsutils_release_text(void)
{
	if (!probed)
		probe();
	return release_text;
}

void nfsutils_defaults(struct settings *s)
{
	unsigned have = installed_release();

	for (size_t i = 0; i < sizeof(changes) / sizeof(*changes); i++) {
		const struct change *d = &changes[i];

		settings_set(s, d->section, d->key, have >= d->release ? d->since : d->before,
			     NULL, 0, ORIGIN_DEFAULT);
	}
}
