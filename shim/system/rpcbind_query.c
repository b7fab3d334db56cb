#include "rpcbind_query.h"
#include "dynlib.h"
#include "paths.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <rpc/rpc.h>
#include <rpc/rpcb_prot.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#define RPCBIND_SOCKET "/run/rpcbind.sock"

/* libtirpc, loaded on first use (dynlib.h says why).  clnt_call,
 * clnt_control, clnt_freeres and clnt_destroy are macros through the
 * CLIENT's own operation table and need no entry here. */
static struct {
	CLIENT *(*clnt_create)(const char *, const rpcprog_t, const rpcvers_t, const char *);
	CLIENT *(*clnt_vc_create)(const int, const struct netbuf *, const rpcprog_t,
				  const rpcvers_t, u_int, u_int);
	CLIENT *(*clnt_dg_create)(const int, const struct netbuf *, const rpcprog_t,
				  const rpcvers_t, const u_int, const u_int);
	xdrproc_t xdr_void;         /* handed to clnt_call, called by libtirpc */
	xdrproc_t xdr_rpcblist_ptr;
} tirpc;

static const struct dynlib_sym tirpc_syms[] = {
	{ "clnt_create", &tirpc.clnt_create },
	{ "clnt_vc_create", &tirpc.clnt_vc_create },
	{ "clnt_dg_create", &tirpc.clnt_dg_create },
	{ "xdr_void", &tirpc.xdr_void },
	{ "xdr_rpcblist_ptr", &tirpc.xdr_rpcblist_ptr },
};

static struct dynlib libtirpc = {
	.soname = "libtirpc.so.3",
	.package = "libtirpc3",
	.purpose = "to ask rpcbind which RPC programs are registered",
	.syms = tirpc_syms,
	.nsyms = sizeof(tirpc_syms) / sizeof(*tirpc_syms),
};

/* rpcbind listens on a local socket (rpcbind.socket under systemd, rpcbind
 * itself otherwise); it is a path, so --root relocates it too. */
static CLIENT *connect_local(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	struct netbuf nb;
	char *path = path_in_root(RPCBIND_SOCKET);
	CLIENT *clnt = NULL;
	int fd;

	if (strlen(path) >= sizeof(sun.sun_path)) {
		free(path);
		return NULL;
	}
	strcpy(sun.sun_path, path);
	free(path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return NULL;
	if (connect(fd, (struct sockaddr *)&sun, sizeof(sun)) < 0) {
		close(fd);
		return NULL;
	}
	nb.buf = &sun;
	nb.len = nb.maxlen = sizeof(sun);
	clnt = tirpc.clnt_vc_create(fd, &nb, RPCBPROG, RPCBVERS, 0, 0);
	if (!clnt) {
		close(fd);
		return NULL;
	}
	clnt_control(clnt, CLSET_FD_CLOSE, NULL);
	return clnt;
}

/* An rpcbind started without its local socket still serves loopback;
 * only on the real root, never from a relocated sandbox. */
static CLIENT *connect_any(void)
{
	CLIENT *clnt = connect_local();

	if (!clnt && !*paths_root())
		clnt = tirpc.clnt_create("127.0.0.1", RPCBPROG, RPCBVERS, "tcp");
	return clnt;
}

/* Every registration rpcbind holds, in *LIST: the client that holds the
 * answer (dump_free() releases both), or NULL when rpcbind cannot be
 * asked (no libtirpc, no rpcbind, no answer). */
static CLIENT *dump(rpcblist_ptr *list)
{
	struct timeval tv = { 2, 0 };
	CLIENT *clnt;

	*list = NULL;
	if (dynlib_load(&libtirpc) < 0)
		return NULL;
	clnt = connect_any();
	if (clnt && clnt_call(clnt, RPCBPROC_DUMP, tirpc.xdr_void, NULL, tirpc.xdr_rpcblist_ptr,
			      (char *)list, tv) != RPC_SUCCESS) {
		clnt_destroy(clnt);
		clnt = NULL;
	}
	return clnt;
}

static void dump_free(CLIENT *clnt, rpcblist_ptr *list)
{
	clnt_freeres(clnt, tirpc.xdr_rpcblist_ptr, (char *)list);
	clnt_destroy(clnt);
}

static int seen(const unsigned long *vers, int n, unsigned long v)
{
	for (int i = 0; i < n; i++)
		if (vers[i] == v)
			return 1;
	return 0;
}

int rpcbind_versions(unsigned long prog, unsigned long *vers, int max)
{
	rpcblist_ptr list, p;
	CLIENT *clnt = dump(&list);
	int n = 0;

	if (!clnt)
		return -1;
	/* one entry per version and transport: count each version once */
	for (p = list; p && n < max; p = p->rpcb_next)
		if (p->rpcb_map.r_prog == prog && !seen(vers, n, p->rpcb_map.r_vers))
			vers[n++] = p->rpcb_map.r_vers;
	dump_free(clnt, &list);
	return n;
}

int rpcbind_registered(unsigned long prog)
{
	unsigned long vers[1];
	int n = rpcbind_versions(prog, vers, 1);

	return n < 0 ? -1 : n > 0;
}

/* A registered universal address ("h1.h2.h3.h4.p1.p2", or an IPv6
 * literal then ".p1.p2") as a socket address; the wildcard address, which
 * a daemon listening everywhere registers, becomes loopback.  0, or -1
 * for a transport other than tcp, udp, tcp6 and udp6. */
static int uaddr_sockaddr(const char *netid, const char *uaddr, struct sockaddr_storage *ss,
			  socklen_t *len)
{
	char host[INET6_ADDRSTRLEN + 8];
	const char *lo = strrchr(uaddr, '.'), *hi = NULL;
	unsigned port;

	for (const char *p = uaddr; lo && p < lo; p++)
		if (*p == '.')
			hi = p;
	if (!hi || (size_t)(hi - uaddr) >= sizeof(host))
		return -1;
	port = (unsigned)atoi(hi + 1) * 256 + (unsigned)atoi(lo + 1);
	memcpy(host, uaddr, (size_t)(hi - uaddr));
	host[hi - uaddr] = '\0';
	memset(ss, 0, sizeof(*ss));
	if (!strcmp(netid, "tcp") || !strcmp(netid, "udp")) {
		struct sockaddr_in *in = (struct sockaddr_in *)ss;

		in->sin_family = AF_INET;
		in->sin_port = htons((uint16_t)port);
		if (inet_pton(AF_INET, host, &in->sin_addr) != 1)
			return -1;
		if (in->sin_addr.s_addr == htonl(INADDR_ANY))
			in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		*len = sizeof(*in);
		return 0;
	}
	if (!strcmp(netid, "tcp6") || !strcmp(netid, "udp6")) {
		struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)ss;

		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)port);
		if (inet_pton(AF_INET6, host, &in6->sin6_addr) != 1)
			return -1;
		if (IN6_IS_ADDR_UNSPECIFIED(&in6->sin6_addr))
			in6->sin6_addr = in6addr_loopback;
		*len = sizeof(*in6);
		return 0;
	}
	return -1;
}

/* One NULL call (procedure 0) to PROG VERS at that address, within a
 * second: 1 answered, 0 not. */
static int null_call(const char *netid, unsigned long prog, unsigned long vers,
		     const char *uaddr)
{
	struct sockaddr_storage ss;
	struct timeval tv = { 1, 0 };
	struct netbuf nb;
	socklen_t len;
	int stream = netid[0] == 't', fd, ok;
	CLIENT *clnt;

	if (uaddr_sockaddr(netid, uaddr, &ss, &len) < 0)
		return 0;
	fd = socket(ss.ss_family, (stream ? SOCK_STREAM : SOCK_DGRAM) | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return 0;
	/* bounds a connect that gets no answer as well */
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if (stream && connect(fd, (struct sockaddr *)&ss, len) < 0) {
		close(fd);
		return 0;
	}
	nb.buf = &ss;
	nb.len = nb.maxlen = len;
	clnt = stream ? tirpc.clnt_vc_create(fd, &nb, prog, vers, 0, 0)
		      : tirpc.clnt_dg_create(fd, &nb, prog, vers, 0, 0);
	if (!clnt) {
		close(fd);
		return 0;
	}
	clnt_control(clnt, CLSET_FD_CLOSE, NULL);
	ok = clnt_call(clnt, NULLPROC, tirpc.xdr_void, NULL, tirpc.xdr_void, NULL, tv) ==
	     RPC_SUCCESS;
	clnt_destroy(clnt);
	return ok;
}

int rpcbind_answers(unsigned long prog)
{
	rpcblist_ptr list, p;
	CLIENT *clnt = dump(&list);
	int ok = 0, tries = 0;

	if (!clnt)
		return -1;
	/* each registered transport until one answers (a few at most) */
	for (p = list; p && !ok && tries < 8; p = p->rpcb_next)
		if (p->rpcb_map.r_prog == prog && p->rpcb_map.r_netid && p->rpcb_map.r_addr) {
			tries++;
			ok = null_call(p->rpcb_map.r_netid, prog, p->rpcb_map.r_vers,
				       p->rpcb_map.r_addr);
		}
	dump_free(clnt, &list);
	return ok;
}
