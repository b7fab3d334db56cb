#include "socket_ready.h"
#include "paths.h"
#include "settings.h"
#include "xalloc.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

char *socket_ready_path(const struct ctx *ctx, const struct component *c)
{
	const char *v = settings_get_or(&ctx->settings, c->socket.section, c->socket.key,
					c->socket.dflt);

	/* the abstract namespace has no files: --root cannot move it */
	return *v == '@' ? xstrdup(v) : path_in_root(v);
}

/* One connection attempt with socket type TYPE: 0, or the errno. */
static int try_connect(const struct sockaddr_un *addr, socklen_t len, int type)
{
	int fd = socket(AF_UNIX, type | SOCK_CLOEXEC, 0), err = 0;

	if (fd < 0)
		return errno;
	if (connect(fd, (const struct sockaddr *)addr, len) < 0)
		err = errno;
	close(fd);
	return err;
}

int socket_ready(const struct ctx *ctx, const struct component *c)
{
	char *path = socket_ready_path(ctx, c);
	struct sockaddr_un addr;
	socklen_t len;
	int err;

	memset(&addr, 0, sizeof(addr));
	addr.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(addr.sun_path)) {
		free(path);
		return 0;
	}
	memcpy(addr.sun_path, path, strlen(path));
	len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + strlen(path) +
			  (*path == '@' ? 0 : 1));
	if (*path == '@')
		addr.sun_path[0] = '\0';
	free(path);
	/* fsidd listens on a SOCK_SEQPACKET socket; a stream one would
	 * refuse that type (EPROTOTYPE), so either kind is asked */
	err = try_connect(&addr, len, SOCK_SEQPACKET);
	if (err == EPROTOTYPE)
		err = try_connect(&addr, len, SOCK_STREAM);
	return err == 0;
}
