#include "build-config.h"
#include "paths.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef DAEMON_PATH
#define DAEMON_PATH "/usr/sbin:/sbin:/usr/bin:/bin"
#endif

static const char *root = "";
/* what root points to when it was allocated: NFS_CTL_ROOT, then --root,
 * each replaces the one before */
static char *owned;

void paths_set_root(const char *r)
{
	size_t len;
	char *copy;

	free(owned);
	owned = NULL;
	if (!r || !*r || strcmp(r, "/") == 0) {
		root = "";
		return;
	}
	/* "/tmp/x/" and "/tmp/x" are the same root; a relative one is made
	 * absolute now: the commands run from / (proc_reset_inherited) */
	if (r[0] != '/') {
		char *cwd = getcwd(NULL, 0);

		copy = xasprintf("%s/%s", cwd ? cwd : "", r);
		free(cwd);
	} else {
		copy = xstrdup(r);
	}
	len = strlen(copy);
	while (len > 1 && copy[len - 1] == '/')
		copy[--len] = '\0';
	root = owned = copy;
}

const char *paths_root(void)
{
	return root;
}

char *path_in_root(const char *abs)
{
	return xasprintf("%s%s", root, abs);
}

const char *program_dirs(void)
{
	return DAEMON_PATH;
}

char *find_program(const char *program)
{
	const char *p = DAEMON_PATH;

	if (strchr(program, '/'))
		return access(program, X_OK) == 0 ? xstrdup(program) : NULL;
	while (*p) {
		size_t len = strcspn(p, ":");
		char *cand = xasprintf("%s%.*s/%s", root, (int)len, p, program);

		if (access(cand, X_OK) == 0)
			return cand;
		free(cand);
		p += len;
		if (*p == ':')
			p++;
	}
	return NULL;
}

int mkdir_p(const char *path, mode_t mode)
{
	char *copy = xstrdup(path);
	int rc = 0;

	for (char *p = copy + 1; *p && rc == 0; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(copy, mode) < 0 && errno != EEXIST)
			rc = -1;
		*p = '/';
	}
	if (rc == 0 && mkdir(copy, mode) < 0 && errno != EEXIST)
		rc = -1;
	free(copy);
	return rc;
}

int program_installed(const char *words)
{
	char *prog = xstrndup(words, strcspn(words, " "));
	char *path = find_program(prog);
	int yes = path != NULL;

	free(path);
	free(prog);
	return yes;
}
