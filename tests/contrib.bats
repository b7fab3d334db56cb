#!/usr/bin/env bats
# contrib/: the legacy-to-nfs.conf migration (nfs-ctl-migrate) on the
# configuration fixtures of each distribution, and the Debian postinst's
# migration request (the package itself: tests/package_deb.bats).
# The promise: after --write --retire nfs-ctl sees exactly the same values.

load helpers

export NFS_CTL
MIGRATE=$TOP_SRCDIR/contrib/nfs-ctl-migrate

setup() {
	make_config_sandbox
	T=$ROOT
}

teardown() {
	destroy_sandbox
}

effective() { # DISTRO
	"$NFS_CTL" --root "$T" --distro="$1" config | sed -e '/^#/d' -e 's/\t# .*//'
}

@test "Debian: dry run prints nfs.conf with the source of every value, changes nothing" {
	fixture debian
	run "$MIGRATE" --root "$T" --distro debian
	assert_success
	assert_line "[nfsd]"
	assert_line "threads = 8"
	assert_line "# from /etc/default/nfs-kernel-server:4"
	assert_line "[args]"
	assert_line "mountd = --manage-gids"
	[ ! -e "$T/etc/nfs.conf.d" ]
	[ -f "$T/etc/default/nfs-common" ]
}

@test "Debian, Fedora: --write --retire keeps every effective value" {
	for d in debian redhat; do
		rm -rf "$T" && mkdir -p "$T"
		fixture "$d"
		before=$(effective "$d")
		run "$MIGRATE" --root "$T" --distro "$d" --write --retire
		assert_success
		[ -f "$T/etc/nfs.conf.d/50-migrated-from-$d.conf" ]
		run effective "$d"
		assert_output "$before"
		# and the values now come from nfs.conf
		run "$NFS_CTL" --root "$T" --distro="$d" config
		refute_output --partial $'\t# distribution '
	done
	[ -f "$T/etc/sysconfig/nfs.migrated" ]
	[ ! -e "$T/etc/sysconfig/nfs" ]
}

@test "--write refuses to replace an earlier drop-in without --force" {
	fixture debian
	"$MIGRATE" --root "$T" --distro debian --write
	run "$MIGRATE" --root "$T" --distro debian --write
	assert_failure
	assert_output --partial "exists"
	# after a complete migration nfs.conf wins everywhere: nothing left
	# to migrate, and the drop-in stays as it was
	cp "$T/etc/nfs.conf.d/50-migrated-from-debian.conf" "$BATS_TEST_TMPDIR/before"
	run "$MIGRATE" --root "$T" --distro debian --write --force
	assert_failure 3
	assert_output --partial "no distribution settings found"
	cmp "$BATS_TEST_TMPDIR/before" "$T/etc/nfs.conf.d/50-migrated-from-debian.conf"
	# a new legacy value is migrated again with --force
	echo 'RPCSVCGSSDOPTS="-v"' >>"$T/etc/default/nfs-kernel-server"
	run "$MIGRATE" --root "$T" --distro debian --write --force
	assert_success
}

@test "a value nfs.conf cannot hold: reported, and --retire changes nothing" {
	mkdir -p "$T/etc/default"
	printf 'RPCMOUNTDOPTS="--foo \\"quoted\\""\n' >"$T/etc/default/nfs-kernel-server"
	run "$MIGRATE" --root "$T" --distro debian --write --retire
	assert_failure
	[ -f "$T/etc/default/nfs-kernel-server" ]
	[ ! -e "$T/etc/nfs.conf.d/50-migrated-from-debian.conf" ]
}

@test "nothing to migrate: a clear message" {
	run "$MIGRATE" --root "$T" --distro none
	assert_failure
	assert_output --partial "no distribution settings"
}

@test "Debian postinst: migrates only on request" {
	local postinst=$TOP_SRCDIR/contrib/debian/nfs-ctl.postinst.in
	# the script works on the real /etc; check its request logic only
	run grep -c 'NFS_CTL_MIGRATE_DEFAULTS' "$postinst"
	[ "$output" -ge 1 ]
	run sh -n "$postinst"
	assert_success
	grep -q -- '--distro=debian --write --retire' "$postinst"
	grep -q '^#DEBHELPER#$' "$postinst"
}

# ---- service definitions for supervisors and containers (nfs-ctl run) ----

SUPERVISED="runit/nfs-server/run s6/nfs-server/run dinit/nfs-server openrc/nfs-server"

@test "supervisors: each definition runs nfs-ctl run server in the foreground" {
	for f in $SUPERVISED; do
		grep -Eq '(exec nfs-ctl run server|^command = /usr/sbin/nfs-ctl run server)$' \
			"$TOP_SRCDIR/contrib/$f" ||
			grep -q '^command_args="run server"$' "$TOP_SRCDIR/contrib/$f" ||
			fail "$f does not run nfs-ctl run server"
	done
	grep -qx 'supervisor=supervise-daemon' "$TOP_SRCDIR/contrib/openrc/nfs-server"
	grep -qx 'type = process' "$TOP_SRCDIR/contrib/dinit/nfs-server"
	assert_equal "$(cat "$TOP_SRCDIR/contrib/s6/nfs-server/type")" longrun
}

@test "supervisors: their KILL comes after nfs-ctl's own stop bound (25 s)" {
	local c=$TOP_SRCDIR/contrib
	[ "$(cat "$c/s6/nfs-server/timeout-kill")" -gt 25000 ]
	[ "$(cat "$c/s6/nfs-server/timeout-finish")" -gt 25000 ]
	[ "$(sed -n 's/^stop-timeout = //p' "$c/dinit/nfs-server")" -gt 25 ]
	[ "$(sed -n 's|^retry="TERM/\([0-9]*\)/KILL/[0-9]*"$|\1|p' "$c/openrc/nfs-server")" -gt 25 ]
	grep -q 'sv -w 30 down' "$c/runit/README"
}

@test "supervisors and container: scripts are executable, sh -n and shellcheck clean" {
	local f files=(runit/nfs-server/run runit/nfs-server/finish runit/nfs-server/check
		s6/nfs-server/run s6/nfs-server/finish openrc/nfs-server container/build-rootfs.sh)
	for f in "${files[@]}"; do
		[ -x "$TOP_SRCDIR/contrib/$f" ] || fail "$f is not executable"
		sh -n "$TOP_SRCDIR/contrib/$f" || fail "$f: sh -n"
	done
	command -v shellcheck >/dev/null || skip "shellcheck not installed"
	run shellcheck -s sh --severity=style "${files[@]/#/$TOP_SRCDIR/contrib/}"
	assert_success
}

# finish SUPERVISOR ARGS...: its finish script with a recording nfs-ctl on PATH
finish() {
	local dir=$ROOT/bin
	mkdir -p "$dir"
	printf '#!/bin/sh\necho "nfs-ctl $*" >>"%s/called"\n' "$ROOT" >"$dir/nfs-ctl"
	chmod 755 "$dir/nfs-ctl"
	rm -f "$ROOT/called"
	local sv=$1
	shift
	PATH=$dir:$PATH "$TOP_SRCDIR/contrib/$sv/nfs-server/finish" "$@"
}

@test "finish scripts: nfs-ctl stop server only after a KILL of the run" {
	finish runit -1 9
	assert_equal "$(cat "$ROOT/called")" "nfs-ctl stop server"
	for code in 0 1 3; do
		finish runit "$code" 0
		[ ! -e "$ROOT/called" ]
	done
	finish s6 256 9
	assert_equal "$(cat "$ROOT/called")" "nfs-ctl stop server"
	finish s6 1 0
	[ ! -e "$ROOT/called" ]
}

@test "container: build-rootfs.sh wants a directory and the package (debootstrap is not run)" {
	run "$TOP_SRCDIR/contrib/container/build-rootfs.sh"
	assert_failure 2
	assert_output --partial "usage:"
	run "$TOP_SRCDIR/contrib/container/build-rootfs.sh" "$ROOT/tree" "$ROOT/missing.deb"
	assert_failure 2
	[ ! -e "$ROOT/tree" ]
}

@test "supervisors and container: each directory has a README, Makefile.am ships them" {
	for d in runit s6 dinit openrc container; do
		[ -s "$TOP_SRCDIR/contrib/$d/README" ] || fail "contrib/$d/README"
		grep -q "contrib/$d" "$TOP_SRCDIR/Makefile.am" || fail "contrib/$d not in Makefile.am"
	done
}
