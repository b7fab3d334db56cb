#!/usr/bin/env bats
# [nfsd] scope: nfsd's start command runs under that host name, in a UTS
# namespace of its own (graph: host_name), under both inits and with either
# program (nfsdctl, rpc.nfsd).  The kernel takes the NFSv4 server scope from
# the host name of the process that starts nfsd; Debian 12's rpc.nfsd has no
# option for it, and without one scope on every node a cluster failover
# loses every NFSv4 lock (docs/lab.md, "Failover").

load helpers

setup() {
	require_root
	sandbox_setup
	OUR_UTS=$(readlink /proc/self/ns/uts)
	OUR_HOST=$(uname -n)
}

teardown() {
	sandbox_teardown
}

# the line KEY of what program NAME reported it inherited
state_of() {
	sed -n "s/^$2 //p" "$ROOT/var/log/stub-state.$1"
}

@test "scope: rpc.nfsd starts under host name SCOPE in a namespace of its own (sysv); nothing else does" {
	printf '[nfsd]\nscope = labnfs\n' >"$ROOT/etc/nfs.conf"
	fault rpc.nfsd report-state
	fault rpc.mountd report-state
	run ctl plan start server
	assert_success
	assert_output --partial "# under host name labnfs ([nfsd] scope), in a UTS namespace"
	run ctl start server
	assert_success
	assert_equal "$(state_of rpc.nfsd hostname)" labnfs
	[ "$(state_of rpc.nfsd uts)" != "$OUR_UTS" ]
	assert_equal "$(state_of rpc.mountd hostname)" "$OUR_HOST"
	assert_equal "$(state_of rpc.mountd uts)" "$OUR_UTS"
	# the system's own name is untouched
	assert_equal "$(uname -n)" "$OUR_HOST"
	# the stop command needs no scope: it runs in ours
	ctl stop server
	assert_equal "$(state_of rpc.nfsd hostname)" "$OUR_HOST"
	assert_equal "$(state_of rpc.nfsd uts)" "$OUR_UTS"
}

@test "scope: under systemd (nfs-ctl exec nfsd) nfsdctl runs under it, and rpc.nfsd when nfsdctl fails" {
	install -m 755 "$STUB_BIN/stubd" "$ROOT/usr/sbin/nfsdctl"
	printf '[nfsd]\nscope = labnfs\n' >"$ROOT/etc/nfs.conf"
	fault nfsdctl report-state
	run ctl_systemd exec nfsd
	assert_success
	assert_equal "$(state_of nfsdctl hostname)" labnfs
	[ "$(state_of nfsdctl uts)" != "$OUR_UTS" ]
	echo 0 >"$ROOT/proc/fs/nfsd/threads"
	fault nfsdctl "fail 1 nfsdctl: lockd configuration failure"
	fault rpc.nfsd report-state
	run ctl_systemd exec nfsd
	assert_success
	assert_output --partial "nfs-ctl: nfsd: nfsdctl autostart failed (exit 1); started with rpc.nfsd instead"
	assert_equal "$(state_of rpc.nfsd hostname)" labnfs
	assert_equal "$(uname -n)" "$OUR_HOST"
}

@test "scope: the sysv runner's fallback to rpc.nfsd runs under it too" {
	install -m 755 "$STUB_BIN/stubd" "$ROOT/usr/sbin/nfsdctl"
	printf '[nfsd]\nscope = labnfs\n' >"$ROOT/etc/nfs.conf"
	fault nfsdctl "fail 1 nfsdctl: lockd configuration failure"
	fault rpc.nfsd report-state
	run ctl start server
	assert_success
	assert_output --partial "nfs-ctl: nfsd: nfsdctl autostart failed (exit 1); started with rpc.nfsd instead"
	assert_equal "$(state_of rpc.nfsd hostname)" labnfs
}

@test "scope: unset or empty: nfsd starts in our namespace, and the plan says nothing" {
	fault rpc.nfsd report-state
	for conf in '' '[nfsd]\nscope =\n'; do
		printf "$conf" >"$ROOT/etc/nfs.conf"
		run ctl plan start server
		refute_output --partial "host name"
		run ctl start server
		assert_success
		assert_equal "$(state_of rpc.nfsd uts)" "$OUR_UTS"
		ctl stop server
	done
}

@test "scope: longer than a host name may be: exit 6 naming file:line, nothing started" {
	printf '[nfsd]\nscope = %s\n' "$(printf 'a%.0s' {1..65})" >"$ROOT/etc/nfs.conf"
	run ctl start server
	assert_equal "$status" 6
	assert_output --partial "$ROOT/etc/nfs.conf:2: scope: '$(printf 'a%.0s' {1..65})' is longer than a host name may be (64 bytes); ignored"
	assert_equal "$(calls)" ""
	# 64 bytes is a host name
	printf '[nfsd]\nscope = %s\n' "$(printf 'a%.0s' {1..64})" >"$ROOT/etc/nfs.conf"
	run ctl config --check
	assert_success
}

@test "scope: no right to a UTS namespace: nfsd's start fails naming the reason, mountd is left as it was" {
	printf '[nfsd]\nscope = labnfs\n' >"$ROOT/etc/nfs.conf"
	ctl start mountd
	mountd=$(stub_pids rpc.mountd)
	clear_calls
	run setpriv --bounding-set -sys_admin -- "$NFS_CTL" --root "$ROOT" --init=sysv start server
	assert_equal "$status" 1
	assert_output --partial "nfsd: $ROOT/usr/sbin/rpc.nfsd failed with exit code 126: cannot run $ROOT/usr/sbin/rpc.nfsd under host name labnfs: Operation not permitted"
	assert_equal "$(stub_pids rpc.mountd)" "$mountd"
	# rpc.nfsd never ran: nfsd has no threads
	assert_equal "$(calls_of rpc.nfsd)" ""
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads" 2>/dev/null || echo 0)" 0
	run setpriv --bounding-set -sys_admin -- "$NFS_CTL" --root "$ROOT" --init=systemd exec nfsd
	assert_equal "$status" 1
	assert_output --partial "nfsd: cannot run $ROOT/usr/sbin/rpc.nfsd under host name labnfs ([nfsd] scope): Operation not permitted"
	assert_equal "$(calls_of rpc.nfsd)" ""
}
