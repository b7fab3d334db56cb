#!/usr/bin/env bats
# Command-line conventions: --version names the build options that change
# behaviour; `status` without a target means every target, in both modes.

load helpers
bats_require_minimum_version 1.5.0

setup() {
	make_sandbox
	start_rpcbind
}

teardown() {
	sandbox_teardown
}

@test "--version: version, libsystemd as configured, daemon path" {
	local libsystemd=no version
	grep -q '^#define HAVE_LIBSYSTEMD 1' "$TOP_BUILDDIR/build-config.h" && libsystemd=yes
	version=$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"$/\1/p' "$TOP_BUILDDIR/build-config.h")
	run "$NFS_CTL" --version
	assert_success
	assert_equal "${lines[0]}" "nfs-ctl $version"
	assert_equal "${lines[1]}" "libsystemd: $libsystemd"
	assert_equal "${lines[2]}" "daemon path: $(sed -n 's/^#define DAEMON_PATH "\(.*\)"$/\1/p' "$TOP_BUILDDIR/build-config.h")"
	assert_equal "${#lines[@]}" 3
}

@test "status without a target: every target in turn (sysv), 3 while nothing runs" {
	run ctl status
	assert_failure 3
	assert_line "== server"
	assert_line "== client"
	assert_line "== secure"
	assert_line "== blkmap"
	assert_line "mountd    not running"
}

@test "status without a target: 0 once the server runs, 1 when a daemon died" {
	require_root
	ctl start server
	run ctl status
	assert_success
	assert_line --regexp '^mountd    running \(pid [0-9]+\)$'
	assert_equal "$(grep -c '^== ' <<<"$output")" 4
	kill -KILL "$(cut -d' ' -f1 "$ROOT/run/nfs-ctl/mountd.pid")"
	wait_gone "$(cut -d' ' -f1 "$ROOT/run/nfs-ctl/mountd.pid")"
	run ctl status
	assert_failure 1
	assert_line "mountd    dead, stale pid file"
}

@test "status without a target under systemd: systemctl status of each target unit" {
	run ctl_systemd status
	assert_success
	run calls_of systemctl
	assert_output "systemctl status --no-pager --lines=0 nfs-server.target
systemctl status --no-pager --lines=0 nfs-client.target
systemctl status --no-pager --lines=0 nfs-secure.target
systemctl status --no-pager --lines=0 nfs-blkmap.target"
}

@test "status with two targets is still a usage error" {
	run ctl status server client
	assert_failure 2
	assert_output --partial "usage: nfs-ctl status TARGET|COMPONENT"
}

@test "NFS_CTL_ROOT and --root together: --root wins, the first is not leaked (ASan build)" {
	run --separate-stderr env NFS_CTL_ROOT=/nonexistent "$NFS_CTL" --root "$ROOT" --distro=none config --get nfsd.threads
	assert_success
	assert_output 8
	[ -z "$stderr" ]
}

# Each failure said once: a malformed --set is one line and exit 2, also in
# the AddressSanitizer build, whose leak report at exit would follow it
# when the loaded configuration were not freed on this path.
@test "--set without SECTION.KEY=VALUE: one message, exit 2, nothing after it" {
	run -2 ctl --set bogus config
	assert_output "nfs-ctl: --set bogus: expected SECTION.KEY=VALUE"
	run -2 ctl --set a.b config --get a.b
	assert_output "nfs-ctl: --set a.b: expected SECTION.KEY=VALUE"
}
