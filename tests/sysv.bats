#!/usr/bin/env bats
# sysvinit mode: nfs-ctl runs the (stub) daemons itself in a sandbox tree.

load helpers

setup() {
	require_root
	sandbox_setup
}

teardown() {
	sandbox_teardown
}

@test "start server: exact calls in lock-recovery order" {
	run ctl start server
	assert_success
	assert_equal "$(calls)" "${START_SERVER_CALLS//@ROOT@/$ROOT}"
	assert_before "rpc.statd --no-notify" "rpc.nfsd"
	assert_before "rpc.mountd" "rpc.nfsd"
	assert_before "exportfs -r" "rpc.nfsd"
	assert_before "rpc.nfsd" "sm-notify"
}

@test "start server: sm-notify runs only once nfsd has threads" {
	ctl start server
	run calls_of sm-notify
	assert_output "sm-notify [threads=8]"
}

@test "start server: daemons run, registered, pids recorded" {
	ctl start server
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(count_procs rpc.mountd)" 1
	registered 100024
	registered 100005
	registered 100003
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads")" 8
	# the pid recorded is the daemon's (the stub's child), not its parent's
	read -r pid _ <"$ROOT/run/nfs-ctl/mountd.pid"
	assert_equal "$pid" "$(stub_pids rpc.mountd)"
	[ -e "$ROOT/run/nfs-ctl/server.active" ]
}

@test "a second start starts nothing and exits 0" {
	ctl start server
	clear_calls
	run ctl start server
	assert_success
	assert_equal "$(calls)" ""
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(count_procs rpc.mountd)" 1
}

@test "status: 0 running, 3 stopped" {
	run ctl status server
	assert_equal "$status" 3
	ctl start server
	run ctl status server
	assert_equal "$status" 0
	assert_line --regexp '^statd +running \(pid [0-9]+; shared with the NFS client\)$'
	assert_line --regexp '^mountd +running \(pid [0-9]+\)$'
	assert_line --regexp '^nfsd +running \(8 threads\)$'
	ctl stop server
	run ctl status server
	assert_equal "$status" 3
}

@test "status: 1 when a daemon died and left its pid file" {
	ctl start server
	kill -KILL "$(cat "$ROOT/run/rpc.statd.pid")"
	wait_gone "$(cat "$ROOT/run/rpc.statd.pid")"
	run ctl status server
	assert_equal "$status" 1
	assert_line --regexp '^statd +dead, stale pid file$'
	run ctl status statd
	assert_equal "$status" 1
}

@test "status: not 0 while nfsd has no threads or a daemon is missing" {
	ctl start server
	echo 0 >"$ROOT/proc/fs/nfsd/threads"
	run ctl status server
	assert_equal "$status" 3
	echo 8 >"$ROOT/proc/fs/nfsd/threads"
	run ctl status server
	assert_equal "$status" 0
	kill -TERM "$(stub_pids rpc.mountd)"
	wait_gone "$(cat "$ROOT/run/nfs-ctl/mountd.pid" | cut -d' ' -f1)"
	run ctl status server
	assert [ "$status" -ne 0 ]
}

@test "stop server: reverse order, rpc.nfsd 0, exportfs -au then -f, nothing left" {
	ctl start server
	clear_calls
	run ctl stop server
	assert_success
	assert_equal "$(calls)" "$STOP_SERVER_CALLS"
	assert_equal "$(daemons_left)" 0
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads")" 0
	! registered 100024
	! registered 100005
	[ ! -e "$ROOT/run/nfs-ctl/server.active" ]
	[ ! -e "$ROOT/run/rpc.statd.pid" ]
}

@test "stop of a stopped server exits 0 and signals nobody" {
	run ctl stop server
	assert_success
	refute_output --partial "error"
	run calls
	refute_output --partial ":stopped"
}

@test "restart server keeps statd (same pid) and does not notify peers again" {
	ctl start server
	statd=$(cat "$ROOT/run/rpc.statd.pid")
	mountd=$(stub_pids rpc.mountd)
	clear_calls
	run ctl restart server
	assert_success
	assert_equal "$(cat "$ROOT/run/rpc.statd.pid")" "$statd"
	assert_equal "$(stub_pids rpc.statd)" "$statd"
	refute [ "$(stub_pids rpc.mountd)" = "$mountd" ]
	assert_equal "$(count_procs rpc.mountd)" 1
	# statd and sm-notify are not touched (no lockd thread in the
	# sandbox's /proc, so no lock was lost: renotify.bats has the rest);
	# idmapd, which NFSv4 clients share, neither
	assert_equal "$(calls)" "rpc.nfsd 0
exportfs -au
exportfs -f
nfsdcld:stopped TERM
rpc.mountd:stopped TERM
rpc.mountd
nfsdcld
exportfs -r
rpc.nfsd"
	run ctl status server
	assert_success
}

@test "try-restart of a stopped server exits 0 and starts nothing" {
	run ctl try-restart server
	assert_success
	assert_equal "$(calls)" ""
	assert_equal "$(daemons_left)" 0
}

@test "try-restart of a running server restarts it" {
	ctl start server
	mountd=$(stub_pids rpc.mountd)
	run ctl try-restart server
	assert_success
	refute [ "$(stub_pids rpc.mountd)" = "$mountd" ]
	assert_equal "$(count_procs rpc.mountd)" 1
}

@test "reload server runs exportfs -r only; reload of a stopped server is 7" {
	run ctl reload server
	assert_equal "$status" 7
	ctl start server
	clear_calls
	run ctl reload server
	assert_success
	assert_equal "$(calls)" "exportfs -r"
	clear_calls
	run ctl force-reload server
	assert_success
	assert_equal "$(calls)" "exportfs -r"
}

@test "a bad exports line does not take the server down: started, reported with file:line, reload too" {
	fault exportfs 'fail 1 exportfs: /etc/exports:2: unknown keyword "rx"'
	run ctl start server
	assert_success
	assert_output --partial '/etc/exports:2: unknown keyword "rx"'
	assert_output --partial "exports: failed; continuing without it"
	assert_before "exportfs -r" "rpc.nfsd"
	[ "$(cat "$ROOT/proc/fs/nfsd/threads")" -gt 0 ]
	assert_equal "$(count_procs rpc.mountd)" 1
	run ctl status server
	assert_success
	run ctl reload server
	assert_success
	assert_output --partial '/etc/exports:2'
}

@test "reload of a target with nothing to reload exits 3" {
	run ctl reload client
	assert_equal "$status" 3
}

@test "unknown action exits 2; unknown target exits 2, for status 4" {
	run ctl frobnicate server
	assert_equal "$status" 2
	run ctl start no-such-target
	assert_equal "$status" 2
	run ctl status no-such-target
	assert_equal "$status" 4
	run ctl start
	assert_equal "$status" 2
	assert_equal "$(calls)" ""
}

@test "start and stop of one component" {
	run ctl start mountd
	assert_success
	assert_equal "$(calls | grep -v '^mount ')" "rpc.mountd"
	assert_equal "$(count_procs rpc.mountd)" 1
	run ctl stop mountd
	assert_success
	assert_equal "$(count_procs rpc.mountd)" 0
}

@test "start client: sm-notify, no statd" {
	run ctl start client
	assert_success
	assert_equal "$(calls)" "sm-notify [threads=0]"
	assert_equal "$(count_procs rpc.statd)" 0
	[ -e "$ROOT/run/nfs-ctl/client.active" ]
}

@test "start client with NEED_IDMAPD=yes starts rpc.idmapd; stop client spares it while the server runs" {
	mkdir -p "$ROOT/etc/default"
	echo NEED_IDMAPD=yes >"$ROOT/etc/default/nfs-common"
	run ctl --distro=debian start client
	assert_success
	assert_equal "$(count_procs rpc.idmapd)" 1
	run ctl --distro=debian start server
	assert_success
	assert_equal "$(count_procs rpc.idmapd)" 1
	run ctl -v --distro=debian stop client
	assert_success
	assert_output --partial "idmapd: kept running: the server target is active"
	assert_equal "$(count_procs rpc.idmapd)" 1
	run ctl --distro=debian stop server
	assert_success
	assert_equal "$(count_procs rpc.idmapd)" 0
}

@test "status client: 0 after start client, 3 after stop client (no daemon to look at)" {
	run ctl status client
	assert_equal "$status" 3
	ctl start client
	run ctl status client
	assert_equal "$status" 0
	ctl stop client
	run ctl status client
	assert_equal "$status" 3
}

@test "init script: /etc/init.d/nfs-server start runs nfs-ctl start server" {
	script="$TOP_SRCDIR/initscripts/nfs-server.in"
	sed "s|@NFS_CTL@|$NFS_CTL|g" "$script" >"$BATS_TEST_TMPDIR/nfs-server"
	chmod +x "$BATS_TEST_TMPDIR/nfs-server"
	NFS_CTL_ROOT=$ROOT run "$BATS_TEST_TMPDIR/nfs-server" start
	assert_success
	assert_equal "$(count_procs rpc.mountd)" 1
	NFS_CTL_ROOT=$ROOT run "$BATS_TEST_TMPDIR/nfs-server" status
	assert_success
}
