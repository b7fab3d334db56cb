#!/usr/bin/env bats
# The component graph's own checks: graph --list, graph --check, and that
# every mistake in the table is reported (tests/stub/graph-bad.c).

load helpers

@test "graph --list: the component names, one a line, in table order" {
	run "$NFS_CTL" graph --list
	assert_success
	assert_output "rpcbind
nfsd-fs
pipefs
statd
fsidd
mountd
idmapd
nfsdcld
rpcgss
gssd
svcgssd
blkmapd
exports
nfsd
sm-notify"
}

@test "graph --check: the shipped table has no problem" {
	run "$NFS_CTL" graph --check
	assert_success
	assert_output ""
}

@test "graph_check reports each mistake of a broken table, by name" {
	run "$STUB_BIN/graph-bad"
	assert_failure
	assert_line "nfs-ctl: graph: typo: unknown component 'bsae'"
	assert_line "nfs-ctl: graph: dup: 'typo' listed twice"
	assert_line "nfs-ctl: graph: dup: 'base' in both needs and after (needs already orders)"
	assert_line "nfs-ctl: graph: egg: in a cycle of needs/after edges"
	assert_line "nfs-ctl: graph: hen: in a cycle of needs/after edges"
	assert_line "nfs-ctl: graph: odd: shared with the client side, but not a daemon"
	assert_line "nfs-ctl: graph: odd: waits for its RPC program, but has none"
	assert_line "nfs-ctl: graph: lost: gated, but a member of no target"
	assert_line "nfs-ctl: graph: base: two rows of that name"
	assert_line "nfs-ctl: graph: sock: waits for its socket, but has none"
	assert_line "nfs-ctl: graph: sock: in the foreground, but not a daemon"
	assert_line "nfs-ctl: graph: sock: optional by installation, but runs no program"
	assert_line "nfs-ctl: graph: needy: needs sock, which may not be installed (use after)"
	assert_line "nfs-ctl: graph: peers: peer lists need a directory with its default, two names, and a repeat notice (again_arg) that reads them"
	assert_line "nfs-ctl: graph: alive: live_during names no daemon with an RPC program (its registration tells that it died)"
	[ "$status" -eq 15 ]
}

@test "graph --list=targets: the target names; --list=units: every component's unit, then every target's" {
	run "$NFS_CTL" graph --list=targets
	assert_success
	assert_output $'server\nclient\nsecure\nblkmap'
	run "$NFS_CTL" graph --list=components
	assert_success
	assert_output "$("$NFS_CTL" graph --list)"
	run "$NFS_CTL" graph --list=units
	assert_success
	assert_line --index 0 rpcbind.socket
	assert_line --index 3 rpc-statd.service
	assert_line --index 14 rpc-statd-notify.service
	assert_line --index 15 nfs-server.target
	assert_line --index 18 nfs-blkmap.target
	[ "${#lines[@]}" -eq 19 ]
}

@test "graph --list and --check refuse other arguments" {
	run "$NFS_CTL" graph --lsit
	assert_failure 2
	assert_output --partial "usage: nfs-ctl graph [--list[=components|targets|units] | --check]"
	run "$NFS_CTL" graph --list=daemons
	assert_failure 2
	assert_output "nfs-ctl: graph --list=daemons: expected components, targets or units"
}
