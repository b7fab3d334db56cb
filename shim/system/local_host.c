/* Is an fstab NFS server this machine, without the network (local_host.h). */
#include "local_host.h"
#include "paths.h"
#include "xalloc.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

static int is_loopback(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET)
		return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
	if (sa->sa_family == AF_INET6)
		return IN6_IS_ADDR_LOOPBACK(&((const struct sockaddr_in6 *)sa)->sin6_addr);
	return 0;
}

static int same_address(const struct sockaddr *a, const struct sockaddr *b)
{
	if (!a || !b || a->sa_family != b->sa_family)
		return 0;
	if (a->sa_family == AF_INET)
		return ((const struct sockaddr_in *)a)->sin_addr.s_addr ==
		       ((const struct sockaddr_in *)b)->sin_addr.s_addr;
	if (a->sa_family == AF_INET6)
		return memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr,
			      &((const struct sockaddr_in6 *)b)->sin6_addr, sizeof(struct in6_addr)) == 0;
	return 0;
}

/* ADDR, a numeric address: 1 loop-back or a local interface's, 0 another
 * machine's, -1 not an address. */
static int local_address(const char *addr)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST, .ai_socktype = SOCK_STREAM };
	struct addrinfo *res = NULL;
	struct ifaddrs *ifs = NULL;
	int local = 0;

	if (getaddrinfo(addr, NULL, &hints, &res) != 0)
		return -1;
	if (is_loopback(res->ai_addr))
		local = 1;
	else if (getifaddrs(&ifs) == 0)
		for (const struct ifaddrs *i = ifs; i && !local; i = i->ifa_next)
			local = same_address(res->ai_addr, i->ifa_addr);
	freeaddrinfo(res);
	if (ifs)
		freeifaddrs(ifs);
	return local;
}

/* NAME in /etc/hosts: 1 when a line naming it has a local address, 0 when
 * lines name it with other machines' addresses only, -1 when none does. */
static int hosts_file(const char *name)
{
	char *path = path_in_root("/etc/hosts"), *line = NULL;
	FILE *f = fopen(path, "re");
	size_t cap = 0;
	int verdict = -1;

	free(path);
	while (f && verdict != 1 && getline(&line, &cap, f) > 0) {
		char *save = NULL, *addr, *w;

		line[strcspn(line, "#")] = '\0';
		addr = strtok_r(line, " \t\r\n", &save);
		while (addr && (w = strtok_r(NULL, " \t\r\n", &save)))
			if (strcasecmp(w, name) == 0) {
				int local = local_address(addr);

				if (local >= 0)
					verdict = local;
				break;
			}
	}
	free(line);
	if (f)
		fclose(f);
	return verdict;
}

int local_host(const char *spec)
{
	char name[256] = "", *host = xstrdup(spec);
	size_t len = strlen(host);
	int local;

	if (host[0] == '[' && len > 1 && host[len - 1] == ']') {
		memmove(host, host + 1, len - 2);
		host[len - 2] = '\0';
	}
	gethostname(name, sizeof(name) - 1);
	if (!strcasecmp(host, "localhost") || !strcasecmp(host, name))
		local = 1;
	else if ((local = local_address(host)) < 0 && (local = hosts_file(host)) < 0)
		local = 1; /* unknown without the network: ordered, as upstream */
	free(host);
	return local;
}
