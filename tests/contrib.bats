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
