#!/usr/bin/env bats
# contrib/rpm/nfs-ctl.spec: rpmbuild (Debian's rpm package) builds the
# binary RPM from this tree's release tarball; its files and scriptlets.
# Not installed or booted on Fedora or openSUSE (contrib/README, "RPM").

bats_load_library bats-support
bats_load_library bats-assert

: "${TOP_SRCDIR:=$(cd "$(dirname "$BATS_TEST_FILENAME")/.." && pwd)}"
: "${TOP_BUILDDIR:=$TOP_SRCDIR}"

setup_file() {
	command -v rpmbuild >/dev/null || skip "rpmbuild is not installed (rpm)"
	local version src=$BATS_FILE_TMPDIR/src
	version=$(sed -n 's/^VERSION = //p' "$TOP_BUILDDIR/Makefile")
	mkdir -p "$src"
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -s -C "$TOP_BUILDDIR" distdir distdir="$src/nfs-ctl-$version" >/dev/null
	tar -C "$src" -cJf "$src/nfs-ctl-$version.tar.xz" "nfs-ctl-$version"
	# --nodeps: Debian's rpm database is empty; the BuildRequires are met by dpkg
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL rpmbuild -bb --nodeps \
		--define "_topdir $BATS_FILE_TMPDIR/top" --define "_sourcedir $src" \
		"$TOP_SRCDIR/contrib/rpm/nfs-ctl.spec" >"$BATS_FILE_TMPDIR/rpmbuild.log" 2>&1
	RPM=$(ls "$BATS_FILE_TMPDIR"/top/RPMS/*/nfs-ctl-"$version"-*.rpm)
	export RPM
}

@test "rpm: nfs-ctl, start-statd, every unit in /usr/lib/systemd/system, no init scripts" {
	run rpm -qpl "$RPM"
	assert_success
	assert_line /usr/sbin/nfs-ctl
	assert_line /usr/sbin/start-statd
	local u
	for u in "$TOP_SRCDIR"/systemd/*.in; do
		u=${u##*/}
		assert_line "/usr/lib/systemd/system/${u%.in}"
	done
	refute_line --partial /init.d/
}

@test "rpm: scriptlets preset, disable and restart the targets by name" {
	run rpm -qp --scripts "$RPM"
	assert_success
	assert_output --partial "nfs-server.target nfs-client.target"
	refute_output --partial "preset  >"
}
