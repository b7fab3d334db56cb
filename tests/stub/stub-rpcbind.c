/* A tiny rpcbind for the test sandbox: answers DUMP (versions 2, 3 and 4)
 * on the local socket ROOT/run/rpcbind.sock, listing program 100000 and
 * one entry per registration file the stub daemons keep in
 * ROOT/run/stub-rpcbind/ (file name = program number).  A file that holds
 * a universal address ("127.0.0.1.P1.P2") is listed with that address
 * (netid tcp), else with 0.0.0.0.0.111.
 *
 * It also answers RPC NULL calls to any program on a loopback TCP port,
 * written to ROOT/run/stub-rpcbind.port as a universal address: a
 * registration that names it is one whose daemon answers (start-statd's
 * liveness check).
 *
 * Usage: stub-rpcbind ROOT.  It forks; the parent exits once the socket
 * listens, and the daemon's pid is in ROOT/run/stub-rpcbind.pid. */
#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <rpc/rpc.h>
#include <rpc/pmap_prot.h>
#include <rpc/rpcb_prot.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_ENTRIES 64

static char root[4096];

/* The address each registration file names (empty: the default). */
static void address_of(unsigned long prog, char *addr, size_t len)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/run/stub-rpcbind/%lu", root, prog);
	addr[0] = '\0';
	f = fopen(path, "re");
	if (f) {
		if (!fgets(addr, (int)len, f))
			addr[0] = '\0';
		addr[strcspn(addr, "\n")] = '\0';
		fclose(f);
	}
}

/* Program numbers now registered: 100000 first, then the files. */
static size_t registered(unsigned long *progs, size_t max)
{
	char dir[4200];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	progs[n++] = RPCBPROG;
	snprintf(dir, sizeof(dir), "%s/run/stub-rpcbind", root);
	d = opendir(dir);
	while (d && (e = readdir(d)) && n < max)
		if (e->d_name[0] >= '1' && e->d_name[0] <= '9')
			progs[n++] = strtoul(e->d_name, NULL, 10);
	if (d)
		closedir(d);
	return n;
}

static void dump_v34(SVCXPRT *xprt)
{
	static char netid[] = "tcp", addr[] = "0.0.0.0.0.111", owner[] = "superuser";
	static char named[MAX_ENTRIES][64];
	rpcblist entries[MAX_ENTRIES], *head = NULL;
	unsigned long progs[MAX_ENTRIES];
	size_t n = registered(progs, MAX_ENTRIES);

	for (size_t i = n; i-- > 0;) {
		address_of(progs[i], named[i], sizeof(named[i]));
		entries[i].rpcb_map.r_prog = progs[i];
		entries[i].rpcb_map.r_vers = progs[i] == RPCBPROG ? 4 : 1;
		entries[i].rpcb_map.r_netid = netid;
		entries[i].rpcb_map.r_addr = named[i][0] ? named[i] : addr;
		entries[i].rpcb_map.r_owner = owner;
		entries[i].rpcb_next = head;
		head = &entries[i];
	}
	svc_sendreply(xprt, (xdrproc_t)(void (*)(void))xdr_rpcblist_ptr, (char *)&head);
}

static void dump_v2(SVCXPRT *xprt)
{
	struct pmaplist entries[MAX_ENTRIES], *head = NULL;
	unsigned long progs[MAX_ENTRIES];
	size_t n = registered(progs, MAX_ENTRIES);

	for (size_t i = n; i-- > 0;) {
		entries[i].pml_map.pm_prog = progs[i];
		entries[i].pml_map.pm_vers = progs[i] == RPCBPROG ? 2 : 1;
		entries[i].pml_map.pm_prot = IPPROTO_TCP;
		entries[i].pml_map.pm_port = 111;
		entries[i].pml_next = head;
		head = &entries[i];
	}
	svc_sendreply(xprt, (xdrproc_t)(void (*)(void))xdr_pmaplist, (char *)&head);
}

static void dispatch(struct svc_req *rq, SVCXPRT *xprt)
{
	if (rq->rq_proc == NULLPROC)
		svc_sendreply(xprt, (xdrproc_t)(void (*)(void))xdr_void, NULL);
	else if (rq->rq_proc == RPCBPROC_DUMP && rq->rq_vers >= RPCBVERS)
		dump_v34(xprt);
	else if (rq->rq_proc == PMAPPROC_DUMP && rq->rq_vers == PMAPVERS)
		dump_v2(xprt);
	else
		svcerr_noproc(xprt);
}

/* NULL calls to any program, on a loopback TCP port */
static void answer_null(struct svc_req *rq, SVCXPRT *xprt)
{
	if (rq->rq_proc == NULLPROC)
		svc_sendreply(xprt, (xdrproc_t)(void (*)(void))xdr_void, NULL);
	else
		svcerr_noproc(xprt);
}

/* Listens on 127.0.0.1 (a port the kernel picks), registers the programs
 * the tests use with answer_null, and writes the universal address. */
static int listen_loopback(void)
{
	static const unsigned long progs[] = { 100024, 100005 };
	struct sockaddr_in sin = { .sin_family = AF_INET };
	socklen_t len = sizeof(sin);
	char path[4200];
	SVCXPRT *xprt;
	FILE *f;
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	unsigned port;

	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sin, sizeof(sin)) < 0 || listen(fd, 64) < 0 ||
	    getsockname(fd, (struct sockaddr *)&sin, &len) < 0)
		return -1;
	xprt = svc_vc_create(fd, 0, 0);
	for (size_t i = 0; xprt && i < sizeof(progs) / sizeof(*progs); i++)
		if (!svc_reg(xprt, progs[i], 1, answer_null, NULL))
			return -1;
	port = ntohs(sin.sin_port);
	snprintf(path, sizeof(path), "%s/run/stub-rpcbind.port", root);
	f = fopen(path, "we");
	if (!xprt || !f)
		return -1;
	fprintf(f, "127.0.0.1.%u.%u\n", port / 256, port % 256);
	fclose(f);
	return fd;
}

static int listen_local(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	if (fd < 0 || snprintf(sun.sun_path, sizeof(sun.sun_path), "%s/run/rpcbind.sock",
			       root) >= (int)sizeof(sun.sun_path))
		return -1;
	unlink(sun.sun_path);
	if (bind(fd, (struct sockaddr *)&sun, sizeof(sun)) < 0 || listen(fd, 64) < 0)
		return -1;
	return fd;
}

int main(int argc, char **argv)
{
	char pidfile[4200], pid[32];
	SVCXPRT *xprt;
	pid_t child;
	int fd, tcp, nul, out;

	if (argc != 2 || snprintf(root, sizeof(root), "%s", argv[1]) >= (int)sizeof(root)) {
		fprintf(stderr, "usage: stub-rpcbind ROOT\n");
		return 2;
	}
	fd = listen_local();
	xprt = fd < 0 ? NULL : svc_vc_create(fd, 0, 0);
	if (!xprt) {
		perror("stub-rpcbind: cannot listen");
		return 1;
	}
	/* a NULL netconfig: register with our own dispatcher, not with rpcbind */
	if (!svc_reg(xprt, RPCBPROG, RPCBVERS, dispatch, NULL) ||
	    !svc_reg(xprt, RPCBPROG, RPCBVERS4, dispatch, NULL) ||
	    !svc_reg(xprt, PMAPPROG, PMAPVERS, dispatch, NULL))
		return 1;
	tcp = listen_loopback();
	if (tcp < 0) {
		perror("stub-rpcbind: cannot listen on loopback");
		return 1;
	}
	child = fork();
	if (child > 0) {
		/* the socket listens already; the pid file exists when we exit */
		snprintf(pidfile, sizeof(pidfile), "%s/run/stub-rpcbind.pid", root);
		snprintf(pid, sizeof(pid), "%d\n", (int)child);
		out = open(pidfile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (out < 0 || write(out, pid, strlen(pid)) < 0)
			return 1;
		close(out);
		return 0;
	}
	setsid();
	nul = open("/dev/null", O_RDWR);
	dup2(nul, 0), dup2(nul, 1), dup2(nul, 2);
	/* hold no descriptor of the caller (bats waits for its pipes) */
	for (int i = 3; i < 1024; i++)
		if (i != fd && i != tcp)
			close(i);
	svc_run();
	return 1;
}
