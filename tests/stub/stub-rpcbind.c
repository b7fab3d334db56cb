/* A tiny rpcbind for the test sandbox: answers DUMP (versions 2, 3 and 4)
 * on the local socket ROOT/run/rpcbind.sock, listing program 100000 and
 * one entry per registration file the stub daemons keep in
 * ROOT/run/stub-rpcbind/ (file name = program number).
 *
 * Usage: stub-rpcbind ROOT.  It forks; the parent exits once the socket
 * listens, and the daemon's pid is in ROOT/run/stub-rpcbind.pid. */
#include <dirent.h>
#include <fcntl.h>
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
	rpcblist entries[MAX_ENTRIES], *head = NULL;
	unsigned long progs[MAX_ENTRIES];
	size_t n = registered(progs, MAX_ENTRIES);

	for (size_t i = n; i-- > 0;) {
		entries[i].rpcb_map.r_prog = progs[i];
		entries[i].rpcb_map.r_vers = progs[i] == RPCBPROG ? 4 : 1;
		entries[i].rpcb_map.r_netid = netid;
		entries[i].rpcb_map.r_addr = addr;
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
	int fd, nul, out;

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
		if (i != fd)
			close(i);
	svc_run();
	return 1;
}
