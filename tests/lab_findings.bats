#!/usr/bin/env bats
# Regressions the lab (tests/vm) found on a real Debian 12, staged in the
# sandbox so that they are caught by `make check` too.

load helpers

setup() {
	require_root
	sandbox_setup
}

teardown() {
	sandbox_teardown
}

@test "lab: the configured pipefs directory is created before it is mounted (/run is empty at boot)" {
	printf '[general]\npipefs-directory=/run/rpc_pipefs\n' >"$ROOT/etc/nfs.conf"
	rm -rf "$ROOT/run/rpc_pipefs"
	run ctl start server
	assert_success
	[ -d "$ROOT/run/rpc_pipefs" ]
	run grep -c " $ROOT/run/rpc_pipefs .* - rpc_pipefs " "$ROOT/proc/self/mountinfo"
	assert_output 1
}

@test "lab: an NFSv4-only server does not wait for rpc.mountd to register (it does not)" {
	fault rpc.mountd no-register
	run ctl --timeout=2 --set nfsd.vers3=n start server
	assert_success
	assert_equal "$(count_procs rpc.mountd)" 1
	assert_equal "$(count_procs rpc.statd)" 0
}

@test "lab: with NFSv3 served, a mountd that never registers is still an error" {
	fault rpc.mountd no-register
	run ctl --timeout=2 start server
	assert_failure 1
	assert_output --partial "did not register RPC program 100005"
}

@test "lab: the client's start leaves sm-notify to the server when nfs-server is enabled at boot" {
	mkdir -p "$ROOT/etc/rc2.d"
	ln -s ../init.d/nfs-server "$ROOT/etc/rc2.d/S01nfs-server"
	run ctl start client
	assert_success
	assert_equal "$(calls_of sm-notify)" ""
	run ctl start server
	assert_success
	assert_before "rpc.nfsd" "sm-notify"
}

@test "the client's start leaves sm-notify to the server when a supervisor starts it at boot (runit, OpenRC, dinit), even with the script disabled" {
	local mark
	mkdir -p "$ROOT/etc/rc2.d"
	ln -s ../init.d/nfs-server "$ROOT/etc/rc2.d/K01nfs-server" # update-rc.d disable
	for mark in /etc/service/nfs-server /etc/runlevels/default/nfs-server \
		/etc/runlevels/boot/nfs-server /etc/dinit.d/boot.d/nfs-server; do
		rm -rf "$ROOT/etc/service" "$ROOT/etc/runlevels" "$ROOT/etc/dinit.d" \
			"$ROOT/run/nfs-ctl/sm-notify.done"
		clear_calls
		mkdir -p "$ROOT$(dirname "$mark")"
		ln -s /nowhere "$ROOT$mark"
		run ctl start client
		assert_success
		assert_equal "$mark: $(calls_of sm-notify)" "$mark: "
		run ctl plan start client
		assert_output --partial "left to the server's start, once nfsd serves"
		run ctl stop client
	done
	# only the K link and no supervisor's mark: the client notifies
	rm -rf "$ROOT/etc/dinit.d" "$ROOT/run/nfs-ctl/sm-notify.done"
	clear_calls
	run ctl start client
	assert_success
	assert_equal "$(calls_of sm-notify | wc -l)" 1
}

@test "lab: without an enabled server, or for an NFSv4-only server, the client notifies itself" {
	run ctl start client
	assert_success
	assert_equal "$(calls_of sm-notify | wc -l)" 1
	clear_calls
	rm -f "$ROOT/run/nfs-ctl/sm-notify.done" # a new boot
	mkdir -p "$ROOT/etc/rc2.d"
	ln -s ../init.d/nfs-server "$ROOT/etc/rc2.d/S01nfs-server"
	run ctl --set nfsd.vers3=n start client
	assert_success
	assert_equal "$(calls_of sm-notify | wc -l)" 1
}
