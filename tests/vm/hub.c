/* The failover lab's Ethernet hub: qemu's dgram links are point to point, so
 * three VMs share one segment through this process.
 *
 *   hub PORT MEMBER_PORT...
 *
 * Listens on 127.0.0.1:PORT (UDP) and sends every datagram that comes from
 * 127.0.0.1:MEMBER_PORT to every other member port, unchanged: each datagram
 * is one Ethernet frame of a VM's "-netdev dgram" link whose remote is the
 * hub. Datagrams from any other address are dropped, so nothing but the
 * lab's own qemu processes on the loopback address takes part. Runs until
 * SIGTERM; built on the host by run-failover.sh. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_MEMBERS 8

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

static int parse_port(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < 1 || v > 65535) {
		fprintf(stderr, "hub: %s: not a port number\n", s);
		exit(64);
	}
	return (int)v;
}

static struct sockaddr_in loopback(int port)
{
	struct sockaddr_in a;

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

/* index of the member that sent from, or -1 for a stranger */
static int member_of(const struct sockaddr_in *from, const int *ports, int n)
{
	int i;

	if (from->sin_addr.s_addr != htonl(INADDR_LOOPBACK))
		return -1;
	for (i = 0; i < n; i++)
		if (ntohs(from->sin_port) == ports[i])
			return i;
	return -1;
}

static void forward(int fd, const char *buf, ssize_t len, int sender,
		    const int *ports, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct sockaddr_in to = loopback(ports[i]);

		if (i == sender)
			continue;
		/* a member not started yet refuses: the frame is lost, as
		 * on a cable nobody listens to */
		sendto(fd, buf, (size_t)len, 0, (struct sockaddr *)&to, sizeof(to));
	}
}

int main(int argc, char **argv)
{
	int ports[MAX_MEMBERS], n = argc - 2, fd, i;
	struct sockaddr_in me;
	struct sigaction sa;
	char buf[65536];

	if (argc < 4 || n > MAX_MEMBERS) {
		fprintf(stderr, "usage: hub PORT MEMBER_PORT MEMBER_PORT... (at most %d)\n", MAX_MEMBERS);
		return 64;
	}
	me = loopback(parse_port(argv[1]));
	for (i = 0; i < n; i++)
		ports[i] = parse_port(argv[i + 2]);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&me, sizeof(me)) < 0) {
		perror("hub: 127.0.0.1");
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_term;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	while (!stop) {
		struct sockaddr_in from;
		socklen_t fl = sizeof(from);
		ssize_t len = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from, &fl);
		int sender;

		if (len < 0) {
			/* EINTR, or a refusal reported for an earlier send */
			if (errno == EINTR || errno == ECONNREFUSED)
				continue;
			perror("hub: recvfrom");
			return 1;
		}
		sender = member_of(&from, ports, n);
		if (sender >= 0)
			forward(fd, buf, len, sender, ports, n);
	}
	return 0;
}
