#!/usr/bin/env bats
# Issue 18: nfsdcld is ready only once it watches rpc_pipefs/nfsd, where nfsd
# creates its client tracking pipe when it starts and waits about half a
# second for a reader before it falls back to the old upcall for good.
# nfsdcld forks before it opens its database and sets that watch, so its
# parent's exit says nothing: every start and restart must wait for the
# watch before rpc.nfsd runs, in both inits.

load helpers

setup() {
	require_root
	sandbox_setup
}

teardown() {
	sandbox_teardown
}

@test "sysv start server: rpc.nfsd runs only once nfsdcld watches rpc_pipefs/nfsd" {
	fault nfsdcld "watch-late 700"
	run ctl start server
	assert_success
	assert_before "nfsdcld" "nfsdcld:watching"
	assert_before "nfsdcld:watching" "rpc.nfsd"
}

@test "sysv restart server: nfsd never comes back before nfsdcld watches again" {
	ctl start server
	fault nfsdcld "watch-late 700"
	clear_calls
	run ctl restart server
	assert_success
	# the restart stopped and started both, and waited for the new watch
	assert_before "nfsdcld:stopped" "nfsdcld:watching"
	# the start of nfsd (not its stop, "rpc.nfsd 0") comes after the watch
	started=$(calls | awk '$0 == "rpc.nfsd" { print NR }')
	[ "$(order_of nfsdcld:watching)" -lt "$started" ]
	run calls_of rpc.nfsd
	assert_output "$(printf '%s\n' "rpc.nfsd 0" "rpc.nfsd")"
}

@test "sysv: an nfsdcld that never watches fails the start before rpc.nfsd, and is stopped" {
	fault nfsdcld "no-watch"
	run ctl --timeout=1 start server
	assert_failure 1
	assert_output --partial "nfsdcld: pid"
	assert_output --partial "did not watch $ROOT/var/lib/nfs/rpc_pipefs/nfsd within 1000 ms"
	[ "$(order_of rpc.nfsd)" -eq 0 ]
	[ "$(count_procs nfsdcld)" -eq 0 ]
}

@test "the watched directory follows [general] pipefs-directory" {
	mkdir -p "$ROOT/etc" "$ROOT/run/rpc_pipefs"
	printf '[general]\npipefs-directory = /run/rpc_pipefs\n' >"$ROOT/etc/nfs.conf"
	fault nfsdcld "watch-late 300"
	run ctl start server
	assert_success
	assert_before "nfsdcld:watching" "rpc.nfsd"
	[ -d "$ROOT/run/rpc_pipefs/nfsd" ]
}

@test "systemd: nfsdcld.service's start job ends only once it watches (its ExecStart= waits)" {
	run "$NFS_CTL" units --output "$BATS_TEST_TMPDIR"
	assert_success
	run sed -n '/^\[Service\]/,$p' "$BATS_TEST_TMPDIR/nfsdcld.service.in"
	assert_output "$(printf '%s\n' '[Service]' 'Type=forking' 'ExecStart=@NFS_CTL@ exec nfsdcld')"
	# and nfsd's unit is ordered after it, so every (re)start of nfsd waits
	grep -q '^After=.*nfsdcld.service' "$BATS_TEST_TMPDIR/nfsd.service.in"
	# only fsidd, a foreground daemon, has a second command for its socket
	run grep -l 'exec --ready' "$BATS_TEST_TMPDIR"/*.in
	assert_output "$BATS_TEST_TMPDIR/fsidd.service.in"
}

@test "exec nfsdcld (Type=forking): returns only once the daemon it started watches, which stays" {
	fault nfsdcld "watch-late 700"
	run "$NFS_CTL" --root "$ROOT" --init=systemd exec nfsdcld
	assert_success
	# the watch came before the return, and the daemon runs on, once
	assert_before "nfsdcld" "nfsdcld:watching"
	[ "$(count_procs nfsdcld)" -eq 1 ]
}

@test "exec nfsdcld: a daemon that never watches fails the start and is stopped" {
	fault nfsdcld "no-watch"
	run "$NFS_CTL" --root "$ROOT" --init=systemd --timeout=1 exec nfsdcld
	assert_failure 1
	assert_output --partial "nfsdcld: no process of it watches $ROOT/var/lib/nfs/rpc_pipefs/nfsd within 1000 ms"
	[ "$(count_procs nfsdcld)" -eq 0 ]
}

@test "exec nfsdcld: a start that fails, or leaves no daemon, is a failed start" {
	fault nfsdcld "fail 3 cannot open the database"
	run "$NFS_CTL" --root "$ROOT" --init=systemd exec nfsdcld
	assert_failure 1
	assert_output --partial "cannot open the database"
	assert_output --regexp "nfsdcld: /.*/nfsdcld exited with status 3"
	[ "$(count_procs nfsdcld)" -eq 0 ]
	fault nfsdcld "no-daemon"
	run "$NFS_CTL" --root "$ROOT" --init=systemd exec nfsdcld
	assert_failure 1
	assert_output --regexp "nfsdcld: /.*/nfsdcld left no daemon running"
}

# Under systemd the rpc_pipefs mount unit is placed where nfs.conf said when
# the generator ran (boot, daemon-reload); Debian's nfs.conf says
# /run/rpc_pipefs.  An administrator who then writes an nfs.conf of their
# own (no pipefs-directory: the default place) and restarts the server gets
# daemons that read the new place.  Issue 30: that start mounts rpc_pipefs
# where the daemons will look, so nfsdcld watches the real pipe directory.
units_mounted_pipefs_at() {
	mkdir -p "$ROOT$1/nfsd"
	echo "40 1 0:40 / $ROOT$1 rw,relatime - rpc_pipefs sunrpc rw" >>"$ROOT/proc/self/mountinfo"
	echo "41 1 0:41 / $ROOT/proc/fs/nfsd rw,relatime - nfsd nfsd rw" >>"$ROOT/proc/self/mountinfo"
}

@test "systemd: nfs.conf moved rpc_pipefs since the mount unit was made: exec nfsdcld mounts it at this start's place first" {
	units_mounted_pipefs_at /run/rpc_pipefs
	: >"$ROOT/etc/nfs.conf"
	run ctl_systemd exec nfsdcld
	assert_success
	assert_output "nfs-ctl: nfsdcld: rpc_pipefs is not mounted on $ROOT/var/lib/nfs/rpc_pipefs, where this start needs it: mounting it there (under systemd, \`systemctl daemon-reload\` moves its mount unit)"
	run calls
	assert_output "$(printf '%s\n' "mount -t rpc_pipefs -- rpc_pipefs $ROOT/var/lib/nfs/rpc_pipefs" nfsdcld)"
	# it succeeded only once the daemon watched $ROOT/var/lib/nfs/rpc_pipefs/nfsd
	[ "$(count_procs nfsdcld)" -eq 1 ]
}

@test "systemd: rpc_pipefs mounted where nfs.conf says: exec nfsdcld mounts nothing and says nothing" {
	units_mounted_pipefs_at /run/rpc_pipefs
	printf '[general]\npipefs-directory = /run/rpc_pipefs\n' >"$ROOT/etc/nfs.conf"
	run ctl_systemd exec nfsdcld
	assert_success
	assert_output ""
	run calls
	assert_output nfsdcld
}

@test "systemd: rpc_pipefs cannot be mounted at this start's place: exec nfsdcld fails, nfsdcld is not started" {
	units_mounted_pipefs_at /run/rpc_pipefs
	: >"$ROOT/etc/nfs.conf"
	fault mount "fail 32 mount: permission denied"
	run ctl_systemd exec nfsdcld
	assert_failure 1
	assert_line "mount: permission denied"
	assert_line "nfs-ctl: pipefs: $ROOT/usr/bin/mount failed with exit code 32"
	assert_line "nfs-ctl: cannot mount rpc_pipefs on $ROOT/var/lib/nfs/rpc_pipefs"
	[ "$(order_of nfsdcld)" -eq 0 ]
	[ "$(count_procs nfsdcld)" -eq 0 ]
}

@test "exec --ready nfsdcld: returns once \$MAINPID watches, fails after the timeout when it never does" {
	fault nfsdcld "watch-late 500"
	run ctl start nfsdcld
	assert_success
	pid=$(stub_pids nfsdcld)
	MAINPID=$pid run "$NFS_CTL" --root "$ROOT" --init=systemd exec --ready nfsdcld
	assert_success
	# a process that watches nothing (this shell's sleep)
	sleep 30 &
	MAINPID=$! run "$NFS_CTL" --root "$ROOT" --init=systemd --timeout=1 exec --ready nfsdcld
	kill $!
	assert_failure 1
	assert_output --partial "nfsdcld: no process of it watches $ROOT/var/lib/nfs/rpc_pipefs/nfsd within 1000 ms"
}

@test "exec --ready of a component without that readiness is a usage error" {
	run "$NFS_CTL" --root "$ROOT" exec --ready mountd
	assert_failure 2
	assert_output --partial "mountd has no readiness to wait for"
}
