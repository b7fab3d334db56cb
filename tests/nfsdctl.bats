#!/usr/bin/env bats
# nfs-utils >= 2.8.1 (Debian 13) starts nfsd with `nfsdctl autostart`; on
# kernels before 6.15 it fails ("lockd configuration failure") and upstream's
# unit falls back to rpc.nfsd.  nfs-ctl does the same, at start and at stop,
# under both inits, and the plan says which path and why.

load helpers

setup() {
	sandbox_setup
	install -m 755 "$STUB_BIN/stubd" "$ROOT/usr/sbin/nfsdctl"
}

teardown() {
	sandbox_teardown
}

@test "nfsdctl: the plan shows nfsdctl autostart, the rpc.nfsd fallback and why" {
	run ctl plan start server
	assert_success
	assert_line --regexp '^ *[0-9]+  run    nfsd       .*/usr/sbin/nfsdctl autostart$'
	assert_line --regexp '^    or                .*/usr/sbin/rpc.nfsd  \(if it fails\)$'
	assert_output --partial "# nfsdctl installed; rpc.nfsd if it fails (as on kernels before 6.15: \"lockd configuration failure\"; and with nfs-utils 3.1.1 on Linux 7.2: \"Invalid argument\")"
	run ctl plan stop server
	assert_line --regexp 'nfsdctl threads 0$'
	assert_line --regexp '/usr/sbin/rpc.nfsd 0  \(if it fails\)$'
}

@test "nfsdctl: options from a legacy file need rpc.nfsd, and the plan says so" {
	mkdir -p "$ROOT/etc/default"
	echo 'RPCNFSDCOUNT=4' >"$ROOT/etc/default/nfs-kernel-server"
	run ctl --distro=debian plan start server
	assert_line --regexp 'run    nfsd       .*/usr/sbin/rpc.nfsd 4$'
	assert_output --partial "# nfsdctl installed, but options from a legacy file need rpc.nfsd"
}

@test "sysvinit: nfsdctl autostart serves; no rpc.nfsd" {
	run ctl start server
	assert_success
	assert_equal "$(calls_of nfsdctl)" "nfsdctl autostart"
	assert_equal "$(calls_of rpc.nfsd)" ""
	assert_before "nfsdctl autostart" "sm-notify"
	run ctl stop server
	assert_success
	assert_equal "$(calls_of nfsdctl | tail -n 1)" "nfsdctl threads 0"
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads")" 0
}

# What a fallback that worked prints, in either mode: nfsdctl's own words
# once, then one line (information, not a warning: Debian 13's kernel
# always refuses nfsdctl).
fell_back() { # STARTED|STOPPED MESSAGE
	local cmd=autostart how=started alt=rpc.nfsd
	[ "$1" = started ] || cmd="threads 0" how=stopped alt="rpc.nfsd 0"
	printf '%s\n' "$2" "nfs-ctl: nfsd: nfsdctl $cmd failed (exit 1); $how with $alt instead"
}

@test "sysvinit: nfsdctl autostart fails (old kernel): rpc.nfsd serves, at start and at stop" {
	fault nfsdctl "fail 1 nfsdctl: lockd configuration failure"
	run ctl start server
	assert_success
	assert_output "$(fell_back started "nfsdctl: lockd configuration failure")"
	assert_before "nfsdctl autostart" "rpc.nfsd"
	assert_before "rpc.nfsd" "sm-notify"
	[ "$(cat "$ROOT/proc/fs/nfsd/threads")" -gt 0 ]
	run ctl stop server
	assert_success
	assert_output "$(fell_back stopped "nfsdctl: lockd configuration failure")"
	assert_before "nfsdctl threads 0" "rpc.nfsd 0"
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads")" 0
}

@test "systemd units: nfs-ctl exec nfsd falls back to rpc.nfsd when nfsdctl fails, --stop too" {
	fault nfsdctl "fail 1 nfsdctl: lockd configuration failure"
	run "$NFS_CTL" --root "$ROOT" exec nfsd
	assert_success
	assert_output "$(fell_back started "nfsdctl: lockd configuration failure")"
	assert_equal "$(calls)" "nfsdctl autostart
rpc.nfsd"
	clear_calls
	run "$NFS_CTL" --root "$ROOT" exec --stop nfsd
	assert_success
	assert_output "$(fell_back stopped "nfsdctl: lockd configuration failure")"
	assert_equal "$(calls)" "nfsdctl threads 0
rpc.nfsd 0"
	# and without the fault, nfsdctl alone
	rm "$ROOT/etc/stub/nfsdctl"
	clear_calls
	run "$NFS_CTL" --root "$ROOT" exec nfsd
	assert_success
	assert_equal "$(calls)" "nfsdctl autostart"
}

@test "nfs-utils 3.1: the stop of a server already down succeeds on nfsdctl's EIO (no listener), no rpc.nfsd 0, both inits" {
	sandbox_nfsutils 3.1 rpcbind
	# Linux answers a thread count written while nfsd has no listener
	# with EIO; the rpc.nfsd of nfs-utils before 2.9.2 fails the same way
	fault nfsdctl no-listener
	fault rpc.nfsd no-listener
	echo 0 >"$ROOT/proc/fs/nfsd/threads"
	run ctl stop server
	assert_success
	assert_output --partial "nfsd: $ROOT/usr/sbin/nfsdctl failed; nfsd is not running (the kernel reports 0 threads)"
	refute_output --partial "rpc.nfsd"
	assert_equal "$(calls_of nfsdctl)" "nfsdctl threads 0"
	assert_equal "$(calls_of rpc.nfsd)" ""
	clear_calls
	run "$NFS_CTL" --root "$ROOT" exec --stop nfsd
	assert_success
	assert_equal "$(calls)" "nfsdctl threads 0"
}

@test "nfs-utils 3.1: a server that runs is stopped by nfsdctl threads 0 alone, despite the no-listener fault" {
	sandbox_nfsutils 3.1 rpcbind
	fault nfsdctl no-listener
	run ctl start server
	assert_success
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads")" 16
	clear_calls
	run ctl stop server
	assert_success
	refute_output --partial "failed"
	assert_equal "$(calls_of nfsdctl)" "nfsdctl threads 0"
	assert_equal "$(calls_of rpc.nfsd)" ""
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads")" 0
}

# The decision and its words are semantics.c's, for both modes: the same
# scenario through the sysv runner and through the units' `exec` must
# print the same lines (Debian testing's nfsdctl 3.1.1 on Linux 7.2 fails
# with "Invalid argument").
@test "both modes: nfsdctl fails, rpc.nfsd serves: start server and exec nfsd, stop server and exec --stop nfsd print the same lines" {
	fault nfsdctl "fail 1 nfsdctl: Error: Invalid argument"
	run ctl start server
	assert_success
	sysv_start=$output
	run ctl stop server
	assert_success
	sysv_stop=$output
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads")" 0
	clear_calls
	run ctl_systemd exec nfsd
	assert_success
	assert_equal "$output" "$sysv_start"
	run ctl_systemd exec --stop nfsd
	assert_success
	assert_equal "$output" "$sysv_stop"
	assert_equal "$(calls)" "nfsdctl autostart
rpc.nfsd
nfsdctl threads 0
rpc.nfsd 0"
	assert_equal "$sysv_start" "$(fell_back started "nfsdctl: Error: Invalid argument")"
	assert_equal "$sysv_stop" "$(fell_back stopped "nfsdctl: Error: Invalid argument")"
}

@test "both modes: nfsdctl and rpc.nfsd fail at start: each program's words once, one error, exit 1" {
	fault nfsdctl "fail 1 nfsdctl: lockd configuration failure"
	fault rpc.nfsd "fail 2 rpc.nfsd: unable to set any sockets for nfsd"
	both="nfsdctl: lockd configuration failure
rpc.nfsd: unable to set any sockets for nfsd
nfs-ctl: nfsd: nfsdctl autostart failed (exit 1), and rpc.nfsd failed too (exit 2)"
	run ctl start server
	assert_failure 1
	assert_output "$both
nfs-ctl: start server failed at nfsd; started in this run: statd mountd idmapd nfsdcld exports; not run: sm-notify"
	run ctl_systemd exec nfsd
	assert_failure 1
	assert_output "$both"
	assert_equal "$(calls_of sm-notify)" ""
}

@test "both modes: nfsdctl threads 0 and rpc.nfsd 0 fail under a live nfsd: one error each, exit 1; sysv keeps what nfsd needs" {
	ctl start server
	fault nfsdctl "fail-stop 1 nfsdctl: Error: Invalid argument"
	fault rpc.nfsd "fail-stop 1 rpc.nfsd: unable to stop the server"
	both="nfsdctl: Error: Invalid argument
rpc.nfsd: unable to stop the server
nfs-ctl: nfsd: nfsdctl threads 0 failed (exit 1), and rpc.nfsd 0 failed too (exit 1)"
	run ctl_systemd exec --stop nfsd
	assert_failure 1
	assert_output "$both"
	run ctl stop server
	assert_failure 1
	assert_line --index 0 "nfsdctl: Error: Invalid argument"
	assert_line --index 2 "nfs-ctl: nfsd: nfsdctl threads 0 failed (exit 1), and rpc.nfsd 0 failed too (exit 1)"
	assert_line --index 3 "nfs-ctl: nfsd: $ROOT/usr/sbin/rpc.nfsd failed and nfsd still runs: what it comes after is left running"
	[ "$(cat "$ROOT/proc/fs/nfsd/threads")" -gt 0 ]
}
