#!/usr/bin/env bats
# Issue 5: faults under sysvinit mode.  Each test stages one fault in the
# sandbox (see tests/stub/stubd.c for the fault file) and checks what
# nfs-ctl does, its exit code and what is left running.

load helpers

setup() {
	require_root
	sandbox_setup
}

teardown() {
	sandbox_teardown
}

# ---- missing programs ------------------------------------------------------

@test "fault: rpc.mountd not installed: exit 5, named, nothing started" {
	uninstall_stub rpc.mountd
	run ctl start server
	assert_equal "$status" 5
	assert_output --partial "not installed: rpc.mountd"
	assert_equal "$(calls)" ""
	assert_equal "$(daemons_left)" 0
}

@test "fault: optional rpc.idmapd not installed: skipped with a note, server starts" {
	uninstall_stub rpc.idmapd
	run ctl start server
	assert_success
	assert_output --partial "idmapd: rpc.idmapd is not installed: skipped"
	assert_equal "$(count_procs rpc.mountd)" 1
	run ctl status server
	assert_success
}

@test "fault: sm-notify not installed: the server still starts" {
	uninstall_stub sm-notify
	run ctl start server
	assert_success
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads")" 8
}

# ---- a daemon fails, hangs, ignores TERM ----------------------------------------

@test "fault: rpc.mountd exits 1: exit 1 with its name and stderr; what started is reported; nfsd not run" {
	fault rpc.mountd "fail 1 rpc.mountd: unable to bind to port 20048"
	run ctl start server
	assert_equal "$status" 1
	assert_output --partial "mountd:"
	assert_output --partial "exit code 1: rpc.mountd: unable to bind to port 20048"
	assert_output --partial "start server failed at mountd; started in this run: statd; not run:"
	assert_output --regexp "not run: .*nfsd"
	run calls
	refute_line --partial "rpc.nfsd"
	refute_line --partial "exportfs"
	refute_line --partial "sm-notify"
	[ ! -e "$ROOT/run/nfs-ctl/server.active" ]
	# the failed start is not mistaken for a running server
	run ctl status server
	refute [ "$status" -eq 0 ]
}

@test "fault: rpc.mountd's parent hangs: bounded by --timeout, clear error, its child stopped" {
	fault rpc.mountd hang
	start=$(date +%s%N)
	run ctl --timeout=1 start server
	elapsed_ms=$((($(date +%s%N) - start) / 1000000))
	assert_equal "$status" 1
	assert_output --partial "did not finish within 1000 ms"
	assert_output --partial "left behind by the failed start"
	[ "$elapsed_ms" -lt 5000 ]
	assert_equal "$(count_procs rpc.mountd)" 0
	! registered 100005
	run calls
	refute_line --partial "rpc.nfsd"
}

@test "fault: --timeout is read from NFS_CTL_TIMEOUT too" {
	fault rpc.mountd hang
	NFS_CTL_TIMEOUT=0.8 run ctl start server
	assert_equal "$status" 1
	assert_output --partial "did not finish within 800 ms"
	assert_equal "$(count_procs rpc.mountd)" 0
}

@test "fault: rpc.mountd ignores TERM: killed after the timeout, stop exits 0" {
	fault rpc.mountd ignore-term
	ctl start server
	run ctl --timeout=1 stop server
	assert_success
	assert_output --partial "ignored TERM for 1000 ms and was killed"
	assert_equal "$(daemons_left)" 0
}

@test "fault: a daemon that never registers with rpcbind is stopped, exit 1" {
	fault rpc.mountd no-register
	run ctl --timeout=1 start server
	assert_equal "$status" 1
	assert_output --partial "did not register RPC program 100005"
	assert_equal "$(count_procs rpc.mountd)" 0
}

@test "fault: a daemon whose parent exits 0 but leaves no process: exit 1" {
	fault rpc.mountd no-daemon
	run ctl --timeout=1 start server
	assert_equal "$status" 1
	assert_output --partial "no daemon process is left"
}

@test "fault: a slow registration is waited for, not an error" {
	fault rpc.mountd "slow-register 300"
	run ctl start server
	assert_success
	registered 100005
	assert_before "rpc.mountd" "rpc.nfsd"
}

@test "fault: a daemon with workers of its own (mountd -t N): its pid is the daemon's" {
	fault rpc.mountd "workers 3"
	run ctl start server
	assert_success
	assert_equal "$(count_procs rpc.mountd)" 4
	read -r pid _ <"$ROOT/run/nfs-ctl/mountd.pid"
	# the recorded pid is the one the workers hang from
	for w in $(stub_pids rpc.mountd); do
		[ "$w" = "$pid" ] || assert_equal "$(awk '{print $4}' "/proc/$w/stat")" "$pid"
	done
	run ctl status server
	assert_success
	run ctl stop server
	assert_success
	assert_equal "$(count_procs rpc.mountd)" 0
}

# ---- stale pid files ------------------------------------------------------------

@test "fault: stale statd pid file whose pid runs another program: not signalled" {
	sleep 300 &
	other=$!
	echo "$other" >"$ROOT/run/rpc.statd.pid"
	run ctl status statd
	assert_equal "$status" 1
	run ctl start server
	assert_success
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(cat "$ROOT/run/rpc.statd.pid")" "$(stub_pids rpc.statd)"
	run ctl stop server
	assert_success
	kill -0 "$other"
	kill "$other"
}

@test "fault: our own pid record reused by another program: not signalled" {
	ctl start mountd
	mountd=$(stub_pids rpc.mountd)
	kill -KILL "$mountd"
	wait_gone "$mountd"
	sleep 300 &
	other=$!
	echo "$other 12345" >"$ROOT/run/nfs-ctl/mountd.pid"
	run ctl stop mountd
	assert_success
	kill -0 "$other"
	kill "$other"
}

# ---- the environment ----------------------------------------------------------

@test "fault: rpcbind down and no init script: clear error, exit 1, nothing started" {
	stop_rpcbind
	run ctl --timeout=1 start server
	assert_equal "$status" 1
	assert_output --partial "rpcbind is not running"
	assert_equal "$(calls)" ""
}

@test "fault: rpcbind down: started through its own init script" {
	stop_rpcbind
	install -m 755 "$STUB_BIN/stub-rpcbind" "$ROOT/sbin/rpcbind"
	printf '#!/bin/sh\n[ "$1" = start ] && exec %s %s\n' "$ROOT/sbin/rpcbind" "$ROOT" \
		>"$ROOT/etc/init.d/rpcbind"
	chmod 755 "$ROOT/etc/init.d/rpcbind"
	run ctl start server
	assert_success
	[ -S "$ROOT/run/rpcbind.sock" ]
	registered 100005
}

@test "fault: nfsd file system not mountable (no nfsd in the kernel): exit 5, says so" {
	fault mount "fail 32 mount: unknown filesystem type 'nfsd'"
	run ctl start server
	assert_equal "$status" 5
	assert_output --partial "this kernel has no NFS server support"
	assert_equal "$(daemons_left)" 0
}

@test "fault: a caller that is not root gets exit 4, for every changing action" {
	for action in start stop restart try-restart reload force-reload; do
		run as_nobody "$NFS_CTL" --root "$ROOT" --init=sysv "$action" server
		assert_equal "$status" 4
	done
	assert_equal "$(calls)" ""
	# status needs no privilege
	run as_nobody "$NFS_CTL" --root "$ROOT" --init=sysv status server
	assert_equal "$status" 3
}

# ---- two-pronged stop (sysv) ---------------------------------------------------

@test "stop server keeps statd while an NFSv3 mount uses locking, stops it afterwards" {
	ctl start server
	statd=$(stub_pids rpc.statd)
	add_nfs_mount nfs /mnt/data "rw,vers=3,addr=10.0.0.1"
	run ctl -v stop server
	assert_success
	assert_output --partial "statd: kept running: the NFSv2/v3 mount on /mnt/data uses locking"
	assert_equal "$(stub_pids rpc.statd)" "$statd"
	assert_equal "$(count_procs rpc.mountd)" 0
	: >"$ROOT/proc/self/mountinfo"
	run ctl stop server
	assert_success
	assert_equal "$(count_procs rpc.statd)" 0
}

@test "stop server: an nfs mount with nolock or NFSv4 does not keep statd; NFSv4 keeps idmapd" {
	ctl start server
	add_nfs_mount nfs /mnt/a "rw,vers=3,nolock"
	run ctl stop server
	assert_success
	assert_equal "$(daemons_left)" 0
	ctl start server
	add_nfs_mount nfs4 /mnt/b "rw,vers=4.2"
	run ctl -v stop server
	assert_success
	assert_equal "$(count_procs rpc.statd)" 0
	# NFSv4 mounts map owners to names: idmapd is shared (NEED_IDMAPD)
	assert_equal "$(count_procs rpc.idmapd)" 1
	assert_output --partial "the NFSv4 mount on /mnt/b maps ids"
	: >"$ROOT/proc/self/mountinfo"
	run ctl stop server
	assert_success
	assert_equal "$(daemons_left)" 0
}

@test "stop server keeps gssd for a Kerberos mount" {
	touch "$ROOT/etc/krb5.keytab"
	ctl start server
	assert_equal "$(count_procs rpc.gssd)" 1
	add_nfs_mount nfs4 /mnt/k "rw,vers=4.2,sec=krb5p"
	run ctl stop server
	assert_success
	assert_equal "$(count_procs rpc.gssd)" 1
	assert_equal "$(count_procs rpc.statd)" 0
}

@test "stop server keeps statd and gssd while the client target is active" {
	touch "$ROOT/etc/krb5.keytab"
	ctl start server
	ctl start client
	run ctl stop server
	assert_success
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(count_procs rpc.gssd)" 1
	assert_equal "$(count_procs rpc.mountd)" 0
	run ctl stop client
	assert_success
	assert_equal "$(daemons_left)" 0
}

@test "stop client spares what the server still uses" {
	touch "$ROOT/etc/krb5.keytab"
	ctl start server
	ctl start client
	run ctl stop client
	assert_success
	assert_equal "$(count_procs rpc.gssd)" 1
	assert_equal "$(count_procs rpc.statd)" 1
	run ctl status server
	assert_success
}

# ---- hardening -------------------------------------------------------------------

@test "hardening: the lock file is never opened through a symlink" {
	echo precious >"$BATS_TEST_TMPDIR/target"
	ln -s "$BATS_TEST_TMPDIR/target" "$ROOT/run/nfs-ctl.lock"
	run ctl start server
	assert_equal "$status" 1
	assert_equal "$(cat "$BATS_TEST_TMPDIR/target")" precious
	assert_equal "$(calls)" ""
}

@test "hardening: a state directory that is a symlink or writable by others is refused" {
	mkdir "$BATS_TEST_TMPDIR/elsewhere"
	ln -s "$BATS_TEST_TMPDIR/elsewhere" "$ROOT/run/nfs-ctl"
	run ctl start mountd
	assert_output --partial "not a directory"
	[ -z "$(ls -A "$BATS_TEST_TMPDIR/elsewhere")" ]
	rm "$ROOT/run/nfs-ctl"
	mkdir -m 1777 "$ROOT/run/nfs-ctl"
	chmod 1777 "$ROOT/run/nfs-ctl"
	run ctl start mountd
	assert_output --partial "refusing a state directory that others can write"
	[ ! -e "$ROOT/run/nfs-ctl/mountd.pid" ]
}

@test "hardening: a planted symlink at a temporary pid record is not followed" {
	mkdir -m 755 "$ROOT/run/nfs-ctl"
	echo precious >"$BATS_TEST_TMPDIR/target"
	ln -s "$BATS_TEST_TMPDIR/target" "$ROOT/run/nfs-ctl/mountd.pid.tmp"
	mkdir -p "$ROOT/run/sendsigs.omit.d"
	ln -s "$BATS_TEST_TMPDIR/target" "$ROOT/run/sendsigs.omit.d/rpc.statd.tmp"
	run ctl start server
	assert_success
	assert_equal "$(cat "$BATS_TEST_TMPDIR/target")" precious
	read -r pid _ <"$ROOT/run/nfs-ctl/mountd.pid"
	assert_equal "$pid" "$(stub_pids rpc.mountd)"
	assert_equal "$(cat "$ROOT/run/sendsigs.omit.d/rpc.statd")" "$(stub_pids rpc.statd)"
}

@test "hardening: files in /run are not writable by others" {
	mkdir -p "$ROOT/run/sendsigs.omit.d"
	ctl start server
	run find "$ROOT/run/nfs-ctl" "$ROOT/run/nfs-ctl.lock" "$ROOT/run/sendsigs.omit.d" \
		-perm /022 ! -type l
	assert_output ""
	assert_equal "$(stat -c %a "$ROOT/run/nfs-ctl.lock")" 600
	assert_equal "$(stat -c %a "$ROOT/run/nfs-ctl/mountd.out")" 600
}

@test "hardening: daemons get a clean environment and their argv without a shell" {
	FOO=leak run ctl --set "mountd.port=20048;touch $ROOT/pwned" start mountd
	assert_success
	pid=$(stub_pids rpc.mountd)
	run tr '\0' '\n' <"/proc/$pid/environ"
	assert_output "PATH=/usr/sbin:/usr/bin:/sbin:/bin"
	# one argument, verbatim: no shell ever saw it
	run calls_of rpc.mountd
	assert_output "rpc.mountd -p 20048;touch $ROOT/pwned"
	[ ! -e "$ROOT/pwned" ]
}
