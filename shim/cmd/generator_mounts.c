/* The generator's part about file systems, as upstream's nfs-server
 * generator does it: the server must start after the file systems it
 * exports are mounted (RequiresMountsFor=), and before NFS mounts of itself
 * from fstab, so that at shutdown those loop-back mounts go first. */
#include "generator_mounts.h"
#include "fstab.h"
#include "local_host.h"
#include "log.h"
#include "mounts.h"
#include "outfile.h"
#include "paths.h"
#include "strv.h"
#include "xalloc.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Does an exports option list (the text between parentheses, or after
 * "-") hold the `mountpoint` (alias `mp`) option?  Such an export is
 * served only once its file system is mounted, whenever that is: no
 * mount is required for it. */
static int has_mountpoint_option(const char *opts, size_t len)
{
	static const char *const names[] = { "mountpoint", "mp" };
	const char *end = opts + len;

	while (opts < end) {
		size_t w = strcspn(opts, ",)");

		if (opts + w > end)
			w = (size_t)(end - opts);
		for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
			size_t n = strlen(names[i]);

			if (w >= n && strncmp(opts, names[i], n) == 0 && (w == n || opts[n] == '='))
				return 1;
		}
		opts += w + 1;
	}
	return 0;
}

/* Any `mountpoint` option in the rest of an exports line, after the path:
 * "-opts" (defaults for the line) or "client(opts)". */
static int line_has_mountpoint_option(const char *rest)
{
	for (const char *p = rest; *p; p++) {
		if (*p == '(') {
			size_t len = strcspn(p + 1, ")");

			if (has_mountpoint_option(p + 1, len))
				return 1;
			p += len;
		} else if (*p == '-' && (p == rest || p[-1] == ' ' || p[-1] == '\t')) {
			size_t len = strcspn(p + 1, " \t\n");

			if (has_mountpoint_option(p + 1, len))
				return 1;
			p += len;
		}
	}
	return 0;
}

/* The first word of an exports line: a path, possibly "quoted". */
static void add_export_path(struct strv *paths, const char *line)
{
	const char *p = line + strspn(line, " \t");
	size_t len;

	if (*p == '"') {
		len = strcspn(++p, "\"");
	} else {
		len = strcspn(p, " \t\n");
	}
	if (len && *p == '/' && !line_has_mountpoint_option(p + len + (p[len] == '"'))) {
		char *path = xstrndup(p, len);

		strv_add(paths, path); /* repeats go at the end (strv_dedup) */
		free(path);
	}
}

/* Reads one logical exports line: a backslash before the newline goes on
 * to the next line.  Returns its length, or -1 at the end. */
static ssize_t read_logical_line(FILE *f, char **line, size_t *cap)
{
	char *part = NULL;
	size_t part_cap = 0;
	ssize_t len = getline(line, cap, f), n;

	while (len >= 2 && (*line)[len - 1] == '\n' && (*line)[len - 2] == '\\' &&
	       (n = getline(&part, &part_cap, f)) > 0) {
		(*line)[len - 2] = ' ';
		(*line)[len - 1] = '\0';
		*line = xrealloc(*line, (size_t)(len + n + 1));
		*cap = (size_t)(len + n + 1);
		memcpy(*line + len - 1, part, (size_t)n + 1);
		len += n - 1;
	}
	free(part);
	return len;
}

static void read_exports_file(struct strv *paths, const char *file)
{
	FILE *f = fopen(file, "re");
	char *line = NULL;
	size_t cap = 0;

	if (!f)
		return;
	while (read_logical_line(f, &line, &cap) > 0)
		if (line[strspn(line, " \t")] != '#')
			add_export_path(paths, line);
	free(line);
	fclose(f);
}

void exported_paths(struct strv *paths)
{
	char *main_file = path_in_root("/etc/exports");
	char *pattern = path_in_root("/etc/exports.d/*.exports");
	glob_t g;

	read_exports_file(paths, main_file);
	if (glob(pattern, 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++)
			read_exports_file(paths, g.gl_pathv[i]);
		globfree(&g);
	}
	/* a path exported to several clients is one mount requirement */
	strv_dedup(paths);
	free(main_file);
	free(pattern);
}

/* Is DIR PATH itself or one of its parents? */
static int path_is_under(const char *path, const char *dir)
{
	size_t len = strlen(dir);

	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (len == 1 && dir[0] == '/')
		return 1;
	return strncmp(path, dir, len) == 0 && (path[len] == '\0' || path[len] == '/');
}

/* The longest fstab mount point that PATH lies under (the last of equal
 * ones, as mount order would leave it). */
struct entry_query {
	const char *path;
	char *dir;
	size_t len, best;
	int found, noauto;
};

static int visit_entry_for(const struct fstab_entry *e, void *arg)
{
	struct entry_query *q = arg;
	size_t n = strlen(e->dir);

	if (e->dir[0] != '/' || !path_is_under(q->path, e->dir) || n < q->best)
		return 0;
	q->best = n;
	q->found = 1;
	q->noauto = mounts_option(e->opts, "noauto");
	snprintf(q->dir, q->len, "%s", e->dir);
	return 0;
}

int fstab_entry_for(const char *path, char *dir, size_t len, int *noauto)
{
	struct entry_query q = { path, dir, len, 0, 0, 0 };
	char *fstab;

	fstab_each(visit_entry_for, &q, &fstab);
	free(fstab);
	*noauto = q.noauto;
	return q.found;
}

/* Is PATH on a file system that fstab mounts only on request (`noauto`)?
 * Requiring its mount would make systemd mount a removable disk at boot,
 * and fail the server when it is absent; such an export is served when
 * somebody mounts it. */
static int on_noauto_mount(const char *path)
{
	char dir[4096];
	int noauto;

	return fstab_entry_for(path, dir, sizeof(dir), &noauto) && noauto;
}

/* systemd's path escaping (systemd-escape --path): "/srv/my nfs" becomes
 * "srv-my\x20nfs". */
char *systemd_escape_path(const char *path)
{
	char *out = xmalloc(strlen(path) * 4 + 2), *o = out;

	while (*path == '/')
		path++;
	if (!*path)
		return strcpy(out, "-");
	for (const char *p = path; *p; p++) {
		unsigned char ch = (unsigned char)*p;

		if (ch == '/') {
			while (p[1] == '/')
				p++;
			if (p[1])
				*o++ = '-';
		} else if (isalnum(ch) || ch == ':' || ch == '_' || (ch == '.' && p != path)) {
			*o++ = (char)ch;
		} else {
			o += sprintf(o, "\\x%02x", ch);
		}
	}
	*o = '\0';
	return out;
}

/* The servers already judged, by their fstab spelling.  A table of
 * hundreds of mounts names a few servers, and the judgement (/etc/hosts,
 * the interface list) is the dearest step of a line: in the lab, 500
 * entries of one server cost 0.23 s more than one entry before this. */
struct host_memo {
	struct strv local, remote;
};

static int is_local_host_once(struct host_memo *m, const char *host)
{
	if (strv_contains(&m->local, host))
		return 1;
	if (strv_contains(&m->remote, host))
		return 0;
	if (local_host(host)) {
		strv_add(&m->local, host);
		return 1;
	}
	strv_add(&m->remote, host);
	return 0;
}

/* fstab lines "SERVER:/path MOUNTPOINT nfs|nfs4 ..." of this very host */
struct loopback_query {
	struct host_memo memo;
	struct strv *units;
};

static int visit_loopback(const struct fstab_entry *e, void *arg)
{
	struct loopback_query *q = arg;
	const char *colon = strrchr(e->spec, ':');
	char *host, *esc;

	if ((strcmp(e->type, "nfs") && strcmp(e->type, "nfs4")) || !colon)
		return 0;
	host = xstrndup(e->spec, (size_t)(colon - e->spec));
	if (is_local_host_once(&q->memo, host)) {
		esc = systemd_escape_path(e->dir);
		strv_addf(q->units, "%s.mount", esc);
		free(esc);
	}
	free(host);
	return 0;
}

static void loopback_mounts(struct strv *units)
{
	struct loopback_query q;
	char *fstab;

	strv_init(&q.memo.local);
	strv_init(&q.memo.remote);
	q.units = units;
	fstab_each(visit_loopback, &q, &fstab);
	free(fstab);
	strv_free(&q.memo.local);
	strv_free(&q.memo.remote);
}

static void write_ordering(FILE *f, const struct strv *paths, const struct strv *units)
{
	fputs("# Generated by nfs-ctl-generator from /etc/exports and /etc/fstab\n[Unit]\n", f);
	/* systemd unquotes the words of this setting */
	for (size_t i = 0; i < paths->n; i++)
		fprintf(f, strpbrk(paths->v[i], " \t\\\"'") ? "RequiresMountsFor=\"%s\"\n"
							    : "RequiresMountsFor=%s\n", paths->v[i]);
	for (size_t i = 0; i < units->n; i++)
		fprintf(f, "Before=%s\n", units->v[i]);
}

static int write_ordering_dropin(const char *dir, const char *unit, const struct strv *paths,
				 const struct strv *units)
{
	char *dropdir = xasprintf("%s/%s.d", dir, unit);
	char *file = xasprintf("%s/nfs-ctl-mounts.conf", dropdir);
	FILE *f = NULL;
	int rc = 0;

	if ((mkdir(dropdir, 0755) < 0 && errno != EEXIST) || !(f = fopen(file, "we"))) {
		log_error("generator: %s: %s", file, strerror(errno));
		rc = -1;
	} else {
		write_ordering(f, paths, units);
		rc = outfile_finish("generator", file, f);
	}
	free(dropdir);
	free(file);
	return rc;
}

int generate_mount_ordering(const char *dir, const char *const *export_units)
{
	struct strv all, paths, units;
	int rc = 0;

	strv_init(&all);
	strv_init(&paths);
	strv_init(&units);
	exported_paths(&all);
	for (size_t i = 0; i < all.n; i++)
		if (!on_noauto_mount(all.v[i]))
			strv_add(&paths, all.v[i]);
	loopback_mounts(&units);
	for (; *export_units && (paths.n || units.n); export_units++)
		rc |= write_ordering_dropin(dir, *export_units, &paths, &units);
	strv_free(&all);
	strv_free(&paths);
	strv_free(&units);
	return rc;
}

/* Is WHERE already the mount point of another file system?  Mounting
 * rpc_pipefs over it would hide it (an administrator's choice, or a
 * mistake in [general] pipefs-directory): refused. */
static int taken_by_other_mount(const char *where)
{
	char *in_root = path_in_root(where), fstype[64];
	int taken = mounts_type_at(in_root, fstype, sizeof(fstype)) && strcmp(fstype, "rpc_pipefs") != 0;

	if (taken)
		log_error("generator: %s is already a mount point of %s: no rpc_pipefs mount is generated "
			  "there (check [general] pipefs-directory)", where, fstype);
	free(in_root);
	return taken;
}

int generate_pipefs_mount(const char *dir, const char *target_unit_name, const char *where)
{
	char *esc, *unit, *dropdir, *dropin, *text, *req;
	int rc;

	if (taken_by_other_mount(where))
		return 0;
	esc = systemd_escape_path(where);
	unit = xasprintf("%s/%s.mount", dir, esc);
	dropdir = xasprintf("%s/%s.d", dir, target_unit_name);
	dropin = xasprintf("%s/nfs-ctl-mount.conf", dropdir);
	/* after tmpfiles, which may create the directory (Debian: /run) */
	text = xasprintf("# Generated by nfs-ctl-generator for [general] pipefs-directory\n"
			 "[Unit]\nDescription=RPC pipe file system\nDefaultDependencies=no\n"
			 "After=systemd-tmpfiles-setup.service\n"
			 "Conflicts=umount.target\nBefore=umount.target\n\n"
			 "[Mount]\nWhat=sunrpc\nWhere=%s\nType=rpc_pipefs\n", where);
	req = xasprintf("# Generated by nfs-ctl-generator\n[Unit]\nRequires=%s.mount\nAfter=%s.mount\n",
			esc, esc);
	rc = outfile_write("generator", unit, text);
	if (mkdir(dropdir, 0755) < 0 && errno != EEXIST) {
		log_error("generator: %s: %s", dropdir, strerror(errno));
		rc = -1;
	} else {
		rc |= outfile_write("generator", dropin, req);
	}
	free(esc);
	free(unit);
	free(dropdir);
	free(dropin);
	free(text);
	free(req);
	return rc;
}
