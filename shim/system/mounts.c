#include "mounts.h"
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mounts_unescape(char *s)
{
	char *out = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*out++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*out++ = *s;
		}
	}
	*out = '\0';
}

struct mount_entry {
	char *mountpoint;
	char *fstype;
	char *options; /* mount options, then super options */
};

/* Splits one mountinfo line in place; 0 on success. */
static int parse_line(char *line, struct mount_entry *e, char *opts, size_t optlen)
{
	char *field[6] = { 0 };
	char *sep, *save = NULL, *tok;
	int i = 0;

	sep = strstr(line, " - ");
	if (!sep)
		return -1;
	*sep = '\0';
	for (tok = strtok_r(line, " ", &save); tok && i < 6; tok = strtok_r(NULL, " ", &save))
		field[i++] = tok;
	if (i < 6)
		return -1;
	e->mountpoint = field[4];
	mounts_unescape(e->mountpoint);
	save = NULL;
	e->fstype = strtok_r(sep + 3, " ", &save);
	strtok_r(NULL, " ", &save); /* source */
	tok = strtok_r(NULL, " \n", &save);
	if (!e->fstype)
		return -1;
	snprintf(opts, optlen, "%s,%s", field[5], tok ? tok : "");
	e->options = opts;
	return 0;
}

typedef int (*mount_visit)(const struct mount_entry *e, void *arg);

static void for_each_mount(mount_visit visit, void *arg)
{
	char *path = path_in_root("/proc/self/mountinfo");
	FILE *f = fopen(path, "re");
	char *line = NULL, opts[4096];
	size_t cap = 0;

	free(path);
	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		struct mount_entry e;

		if (parse_line(line, &e, opts, sizeof(opts)) == 0 && visit(&e, arg))
			break;
	}
	free(line);
	fclose(f);
}

struct has_query {
	const char *fstype, *mountpoint;
	int found;
};

/* Does a mount at TOP hide what is mounted at PATH: the same place, or a
 * directory above it? */
static int hides(const char *top, const char *path)
{
	size_t n = strlen(top);

	if (strcmp(top, "/") == 0)
		return 1;
	return strncmp(top, path, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* Mounts are listed in the order they were made: one is seen at its place
 * only if nothing was mounted later on that place or above it.  A container
 * whose runtime copied the host's mount table and put a fresh tmpfs on /run
 * still lists the host's /run/rpc_pipefs, under that tmpfs. */
static int visit_has(const struct mount_entry *e, void *arg)
{
	struct has_query *q = arg;

	if (strcmp(e->fstype, q->fstype) == 0 && strcmp(e->mountpoint, q->mountpoint) == 0)
		q->found = 1;
	else if (q->found && hides(e->mountpoint, q->mountpoint))
		q->found = 0;
	return 0;
}

struct type_query {
	const char *mountpoint;
	char fstype[64];
};

static int visit_type(const struct mount_entry *e, void *arg)
{
	struct type_query *q = arg;

	/* the last mount at a place is the one that is seen there */
	if (strcmp(e->mountpoint, q->mountpoint) == 0)
		snprintf(q->fstype, sizeof(q->fstype), "%s", e->fstype);
	return 0;
}

int mounts_type_at(const char *mountpoint, char *fstype, size_t len)
{
	struct type_query q = { mountpoint, "" };

	for_each_mount(visit_type, &q);
	snprintf(fstype, len, "%s", q.fstype);
	return q.fstype[0] != '\0';
}

int mounts_has(const char *fstype, const char *mountpoint)
{
	struct has_query q = { fstype, mountpoint, 0 };

	for_each_mount(visit_has, &q);
	return q.found;
}

int mounts_option(const char *opts, const char *name)
{
	size_t len = strlen(name);
	const char *p = opts;

	while (p && *p) {
		if (strncmp(p, name, len) == 0 && (p[len] == ',' || p[len] == '\0' || p[len] == '='))
			return 1;
		p = strchr(p, ',');
		if (p)
			p++;
	}
	return 0;
}

static const char *option_value(const char *opts, const char *name)
{
	size_t len = strlen(name);
	const char *p = opts;

	while (p && *p) {
		if (strncmp(p, name, len) == 0 && p[len] == '=')
			return p + len + 1;
		p = strchr(p, ',');
		if (p)
			p++;
	}
	return NULL;
}

/* The first mount that needs USE names it. */
static void note_use(struct client_needs *n, enum client_use use, const char *mountpoint)
{
	if (!n->mount[use][0])
		snprintf(n->mount[use], sizeof(n->mount[use]), "%s", mountpoint);
}

static int visit_client(const struct mount_entry *e, void *arg)
{
	struct client_needs *n = arg;
	const char *vers, *sec;

	if (strcmp(e->fstype, "nfs") != 0 && strcmp(e->fstype, "nfs4") != 0)
		return 0;
	vers = option_value(e->options, "vers");
	if (strcmp(e->fstype, "nfs") == 0 && !(vers && vers[0] == '4') &&
	    !mounts_option(e->options, "nolock"))
		note_use(n, CLIENT_USE_LOCKING, e->mountpoint);
	if (strcmp(e->fstype, "nfs4") == 0 || (vers && vers[0] == '4'))
		note_use(n, CLIENT_USE_IDMAP, e->mountpoint);
	sec = option_value(e->options, "sec");
	if (sec && strncmp(sec, "krb5", 4) == 0)
		note_use(n, CLIENT_USE_KERBEROS, e->mountpoint);
	return 0;
}

void mounts_client_needs(struct client_needs *out)
{
	memset(out, 0, sizeof(*out));
	for_each_mount(visit_client, out);
}

const char *client_need(const struct client_needs *n, enum client_use use)
{
	return use != CLIENT_USE_NONE && use < CLIENT_USE_COUNT && n->mount[use][0]
		       ? n->mount[use] : NULL;
}
