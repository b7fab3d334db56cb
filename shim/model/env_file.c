#include "env_file.h"
#include "daemon_args.h"
#include "log.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Names as in nfs-utils' units and Debian's/Fedora's nfs-utils_env.sh;
 * RPCSVCGSSDARGS duplicates SVCGSSDARGS, as Debian writes both. */
static const struct { const char *name, *component; } vars[] = {
	{ "RPCNFSDARGS", "nfsd" },
	{ "RPCMOUNTDARGS", "mountd" },
	{ "STATDARGS", "statd" },
	{ "SMNOTIFYARGS", "sm-notify" },
	{ "RPCIDMAPDARGS", "idmapd" },
	{ "GSSDARGS", "gssd" },
	{ "SVCGSSDARGS", "svcgssd" },
	{ "RPCSVCGSSDARGS", "svcgssd" },
	{ "BLKMAPDARGS", "blkmapd" },
};

struct text {
	char *v;
	size_t n, cap;
};

static void text_add(struct text *t, const char *s, size_t len)
{
	if (t->n + len + 1 > t->cap) {
		t->cap = (t->n + len + 1) * 2;
		t->v = xrealloc(t->v, t->cap);
	}
	memcpy(t->v + t->n, s, len);
	t->n += len;
	t->v[t->n] = '\0';
}

static void text_str(struct text *t, const char *s)
{
	text_add(t, s, strlen(s));
}

/* systemd's EnvironmentFile= and sh agree on double quotes: a backslash
 * escapes exactly " \ ` $ there, and nothing is expanded. */
static void add_quoted(struct text *t, const char *v)
{
	text_str(t, "\"");
	for (; *v; v++) {
		if (strchr("\"\\`$", *v))
			text_str(t, "\\");
		text_add(t, v, 1);
	}
	text_str(t, "\"");
}

/* `$NAME` in ExecStart= splits at white space: a word must have none. */
static int word_survives_splitting(const char *w)
{
	if (!*w)
		return 0;
	for (; *w; w++)
		if ((unsigned char)*w < 0x20 || *w == ' ' || *w == 0x7f)
			return 0;
	return 1;
}

/* The words of COMPONENT's argv joined by spaces; 0 if one of them would
 * not survive `$NAME` splitting (logged). */
static int joined_args(const struct settings *s, const char *name,
		       const char *component, struct text *words)
{
	struct strv sv;
	int ok = 1;

	strv_init(&sv);
	daemon_args(s, graph_find(component), &sv);
	text_str(words, "");
	for (size_t i = 0; i < sv.n; i++) {
		if (!word_survives_splitting(sv.v[i])) {
			log_error("env: %s: argument '%s' cannot be passed through $%s (white space or control character)",
				  component, sv.v[i], name);
			ok = 0;
		}
		if (i)
			text_str(words, " ");
		text_str(words, sv.v[i]);
	}
	strv_free(&sv);
	return ok;
}

static void add_assignment(struct text *t, const char *name, const char *value)
{
	text_str(t, name);
	text_str(t, "=");
	add_quoted(t, value);
	text_str(t, "\n");
}

char *env_file_format(const struct settings *s)
{
	struct text t = { NULL, 0, 0 };
	const char *pipefs = settings_get(s, "general", "pipefs-directory");
	const struct setting *proxy = settings_find(s, "gssd", "use-gss-proxy");
	int ok = 1;

	text_str(&t, "# Written by nfs-ctl env from the NFS configuration; do not edit.\n");
	for (size_t i = 0; i < sizeof(vars) / sizeof(*vars); i++) {
		struct text words = { NULL, 0, 0 };

		ok &= joined_args(s, vars[i].name, vars[i].component, &words);
		add_assignment(&t, vars[i].name, words.v);
		free(words.v);
	}
	if (pipefs && word_survives_splitting(pipefs))
		add_assignment(&t, "PIPEFS_MOUNTPOINT", pipefs);
	if (proxy && proxy->origin >= ORIGIN_LEGACY &&
	    word_survives_splitting(proxy->value))
		add_assignment(&t, "GSS_USE_PROXY", proxy->value);
	if (!ok) {
		free(t.v);
		return NULL;
	}
	return t.v;
}

/* mkdir -p: /run/sysconfig does not exist on a fresh boot. */
static int mkdir_parents(const char *dir)
{
	char *copy = xstrdup(dir);
	int r = 0;

	for (char *p = copy + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(copy, 0755) < 0 && errno != EEXIST)
			r = -1;
		*p = '/';
	}
	if (mkdir(copy, 0755) < 0 && errno != EEXIST)
		r = -1;
	free(copy);
	return r;
}

static unsigned long long random_suffix(void)
{
	unsigned long long r;

	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r))
		r = ((unsigned long long)getpid() << 32) ^ (unsigned long long)time(NULL) ^
		    (unsigned long long)clock();
	return r;
}

/* A fresh file of our own next to PATH; never an existing one, never
 * through a symlink. */
static int create_temp(const char *dir, const char *base, char **tmp)
{
	for (int attempt = 0; attempt < 100; attempt++) {
		int fd;

		*tmp = xasprintf("%s/.%s.%016llx", dir, base, random_suffix());
		fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			  0644);
		if (fd >= 0)
			return fd;
		free(*tmp);
		*tmp = NULL;
		if (errno != EEXIST)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

static int write_all(int fd, const char *s, size_t len)
{
	while (len) {
		ssize_t w = write(fd, s, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		s += w;
		len -= (size_t)w;
	}
	return 0;
}

int env_file_write(const char *path, const char *content)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash && slash != path ? xstrndup(path, (size_t)(slash - path))
					   : xstrdup(slash ? "/" : ".");
	const char *base = slash ? slash + 1 : path;
	char *tmp = NULL;
	int fd, r = -1;

	if (mkdir_parents(dir) < 0)
		log_warn("env: cannot create %s: %s", dir, strerror(errno));
	fd = create_temp(dir, base, &tmp);
	if (fd < 0) {
		log_error("env: cannot create a temporary file in %s: %s", dir,
			  strerror(errno));
		free(dir);
		return -1;
	}
	/* the umask must not decide who may read the daemons' arguments */
	if (fchmod(fd, 0644) < 0 || write_all(fd, content, strlen(content)) < 0 ||
	    fsync(fd) < 0)
		log_error("env: cannot write %s: %s", tmp, strerror(errno));
	else if (close(fd) < 0 || (fd = -1, rename(tmp, path) < 0))
		log_error("env: cannot rename %s to %s: %s", tmp, path,
			  strerror(errno));
	else
		r = 0;
	if (fd >= 0)
		close(fd);
	if (r < 0)
		unlink(tmp);
	free(tmp);
	free(dir);
	return r;
}
