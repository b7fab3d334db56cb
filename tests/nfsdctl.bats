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
	assert_output --partial "# nfsdctl installed; rpc.nfsd if it fails (kernels before 6.15"
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

