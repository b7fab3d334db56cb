/* A component table with one of each mistake graph_check() must catch,
 * linked with the real graph_check.c and graph_query.c in place of
 * shim/graph.c.  Prints nothing itself; exits with the problem count. */
#include "graph.h"

const struct component graph[] = {
	{ .name = "base", .kind = KIND_MOUNT, .unit = "base.mount", .start = "x /x" },
	/* misspelt name: the edge would vanish */
	{ .name = "typo", .kind = KIND_DAEMON, .unit = "typo.service", .start = "typo",
	  .needs = { "bsae" } },
	/* in needs and after; listed twice */
	{ .name = "dup", .kind = KIND_DAEMON, .unit = "dup.service", .start = "dup",
	  .needs = { "base" }, .after = { "base", "typo", "typo" } },
	/* a cycle of two */
	{ .name = "egg", .kind = KIND_DAEMON, .unit = "egg.service", .start = "egg",
	  .needs = { "hen" } },
	{ .name = "hen", .kind = KIND_DAEMON, .unit = "hen.service", .start = "hen",
	  .after = { "egg" } },
	/* shared with the client side, but a one-shot; waits for no program */
	{ .name = "odd", .kind = KIND_ONESHOT, .unit = "odd.service", .start = "odd",
	  .client_use = CLIENT_USE_LOCKING, .ready = READY_RPC_REGISTERED },
	/* gated, but in no target */
	{ .name = "lost", .kind = KIND_DAEMON, .unit = "lost.service", .start = "lost",
	  .gate = GATE_IDMAP },
	/* in the foreground and optional by installation, but a mount; waits
	 * for a socket it does not name */
	{ .name = "sock", .kind = KIND_MOUNT, .unit = "sock.mount", .start = "x /s",
	  .foreground = 1, .if_installed = "absent", .ready = READY_SOCKET },
	/* needs what may not be installed */
	{ .name = "needy", .kind = KIND_DAEMON, .unit = "needy.service", .start = "needy",
	  .needs = { "sock" } },
	/* peer lists without a repeat run that reads them, one a path */
	{ .name = "peers", .kind = KIND_ONESHOT, .unit = "peers.service", .start = "peers",
	  .keep_peers = { { "x", "dir", "/x" }, "sm", "a/b" } },
	/* must be live while it runs: a mount, whose death nothing tells */
	{ .name = "alive", .kind = KIND_ONESHOT, .unit = "alive.service", .start = "alive",
	  .live_during = "base" },
	/* a second row of one name */
	{ .name = "base", .kind = KIND_MOUNT, .unit = "base2.mount", .start = "x /y" },
};
const unsigned graph_size = sizeof(graph) / sizeof(graph[0]);
const struct target_row graph_targets[] = {
	{ .name = "server", .target = T_SERVER, .unit = "s.target", .noun = "S" },
};
const unsigned graph_targets_size = 1;

int main(void)
{
	return graph_check();
}
