#!/usr/bin/env bats
# Messages (shim/log.c): the LSB-style progress line that Debian
# administrators expect on a terminal, and silence on stdout elsewhere.
# A terminal is given with script(1) from util-linux.

load helpers
bats_require_minimum_version 1.5.0

setup() {
	require_root
	command -v script >/dev/null || skip "script(1) not installed (package bsdutils)"
	sandbox_setup
}

teardown() {
	sandbox_teardown
}

# on_tty ARGS...: nfs-ctl against the sandbox with stdout and stderr on a pty
on_tty() {
	local cmd="$NFS_CTL --root $ROOT --init=sysv $*"
	script -qfec "$cmd" /dev/null | tr -d '\r'
	return "${PIPESTATUS[0]}"
}

@test "start on a terminal: one progress line naming what started, in order" {
	run on_tty start server
	assert_success
	assert_output "Starting NFS server: statd mountd idmapd nfsdcld exports nfsd sm-notify."
}

@test "stop on a terminal: the reverse order, and only what was running" {
	ctl start server
	run on_tty stop server
	assert_success
	assert_output "Stopping NFS server: nfsd exports nfsdcld idmapd mountd statd."
}

@test "second start: already running" {
	ctl start server
	run on_tty start server
	assert_output "Starting NFS server: already running."
}

@test "restart: a stopping line, then a starting line" {
	ctl start server
	run on_tty restart server
	assert_success
	assert_line --index 0 --regexp '^Stopping NFS server: nfsd exports .*\.$'
	assert_line --index 1 --regexp '^Starting NFS server: .*nfsd\.$'
}

@test "a failed start ends the line with failed!, the error on its own line" {
	fault rpc.mountd "fail 1 mountd: cannot bind"
	run on_tty start server
	assert_failure
	assert_line --index 0 --regexp '^Starting NFS server: statd$'
	assert_line --regexp '^nfs-ctl: mountd: '
	assert_line --regexp '^Starting NFS server: failed!$'
}

@test "not on a terminal: nothing on stdout" {
	run --separate-stderr ctl start server
	assert_success
	assert_output ""
	run --separate-stderr ctl stop server
	assert_output ""
}

@test "-v: every step on stderr instead of a progress line" {
	run on_tty -v start server
	assert_success
	refute_output --partial "Starting NFS server"
	assert_line --regexp '^nfs-ctl: start statd: .*rpc\.statd --no-notify$'
}

@test "start-statd prints nothing, even on a terminal (mount.nfs runs it)" {
	run on_tty start-statd
	assert_success
	assert_output ""
}

# with_syslog COMMAND...: runs COMMAND in a mount namespace whose /dev/log
# is a datagram socket read into $BATS_TEST_TMPDIR/syslog
with_syslog() {
	local sock=$BATS_TEST_TMPDIR/devlog pid i
	python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
with open(sys.argv[2], "ab", buffering=0) as f:
    while True:
        f.write(s.recv(65536) + b"\n")
' "$sock" "$BATS_TEST_TMPDIR/syslog" &
	pid=$!
	# python3 may take seconds to start on a loaded machine
	for ((i = 0; i < 100; i++)); do [ -S "$sock" ] && break; sleep 0.1; done
	: >"$BATS_TEST_TMPDIR/syslog"
	unshare -m sh -c 'mount -t tmpfs tmpfs /dev && : >/dev/log && : >/dev/null &&
		mount --bind "$0" /dev/log && exec "$@"' "$sock" "$@"
	local rc=$?
	sleep 0.2
	kill "$pid"
	return "$rc"
}

@test "errors reach syslog as nfs-ctl (daemon facility); not under --root; once inside a unit" {
	command -v python3 >/dev/null && unshare -m true 2>/dev/null ||
		skip "needs python3 and unshare -m for a private /dev/log"
	# syslog(3) under either init (journald reads /dev/log under systemd)
	run with_syslog "$NFS_CTL" start no-such-target
	assert_failure 2
	run cat "$BATS_TEST_TMPDIR/syslog"
	assert_output --regexp "^<27>.* nfs-ctl\\[[0-9]+\\]: unknown target or component 'no-such-target'"
	# a --root tree is not this machine
	run with_syslog "$NFS_CTL" --root "$ROOT" start no-such-target
	run cat "$BATS_TEST_TMPDIR/syslog"
	assert_output ""
	# inside a unit stderr is the journal already (JOURNAL_STREAM names it)
	local err=$BATS_TEST_TMPDIR/stderr
	: >"$err"
	JOURNAL_STREAM=$(stat -c '%d:%i' "$err") run with_syslog sh -c '"$0" start no-such-target 2>>"$1"' "$NFS_CTL" "$err"
	run cat "$BATS_TEST_TMPDIR/syslog"
	assert_output ""
	grep -q "no-such-target" "$err"
}
