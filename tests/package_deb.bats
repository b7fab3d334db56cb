#!/usr/bin/env bats
# The Debian package (contrib/debian): built with dpkg-buildpackage from
# this tree's `make distdir`, then its file list, its divert list against
# `make install` and against nfs-common/nfs-kernel-server of Debian 12 and
# 13 (tests/fixtures/pkg), its maintainer scripts, lintian, and (when
# NFS_CTL_PKG_ROOTFS names a Debian root tree with nfs-common and
# nfs-kernel-server installed, e.g. the lab's) install and removal in a
# chroot of a copy of that tree.

bats_load_library bats-support
bats_load_library bats-assert

: "${TOP_SRCDIR:=$(cd "$(dirname "$BATS_TEST_FILENAME")/.." && pwd)}"
: "${TOP_BUILDDIR:=$TOP_SRCDIR}"
FIXTURES=$TOP_SRCDIR/tests/fixtures/pkg

setup_file() {
	command -v dpkg-buildpackage >/dev/null || skip "dpkg-buildpackage is not installed (dpkg-dev)"
	local version out=$BATS_FILE_TMPDIR/out
	version=$(sed -n 's/^VERSION = //p' "$TOP_BUILDDIR/Makefile")
	# a clean make environment: not the jobserver of the `make check` above us
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -s -C "$TOP_BUILDDIR" distdir distdir="$BATS_FILE_TMPDIR/nfs-ctl-$version" >/dev/null
	# nocheck: the package's own `make check` would run this file again
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL DEB_BUILD_OPTIONS=nocheck \
		"$TOP_SRCDIR/contrib/debian/build-deb" "$BATS_FILE_TMPDIR/nfs-ctl-$version" "$out" >/dev/null
	DEB=$(ls "$out"/nfs-ctl_"$version"-*_*.deb)
	mkdir -p "$BATS_FILE_TMPDIR/data" "$BATS_FILE_TMPDIR/control"
	dpkg-deb -x "$DEB" "$BATS_FILE_TMPDIR/data"
	dpkg-deb -e "$DEB" "$BATS_FILE_TMPDIR/control"
	export DEB
}

setup() {
	DATA=$BATS_FILE_TMPDIR/data
	CONTROL=$BATS_FILE_TMPDIR/control
	DIVERTS=$DATA/usr/share/nfs-ctl/diverts
}

# the unit directory in the package: /lib (Debian 12) or /usr/lib (13)
unitdir() {
	if [ -d "$DATA/usr/lib/systemd/system" ]; then echo usr/lib/systemd/system; else echo lib/systemd/system; fi
}

@test "deb: nfs-ctl, start-statd, every unit, the init-functions hook; no init script of its own" {
	[ -x "$DATA/usr/sbin/nfs-ctl" ]
	[ "$(readlink "$DATA/usr/sbin/start-statd")" = nfs-ctl ]
	local u s
	for u in "$TOP_SRCDIR"/systemd/*.in; do
		u=${u##*/}
		[ -f "$DATA/$(unitdir)/${u%.in}" ] || fail "unit ${u%.in} is not in the package"
	done
	# Debian 12: /lib/lsb; Debian 13's dh_movetousr: /usr/lib/lsb
	[ -f "$DATA/lib/lsb/init-functions.d/50-nfs-ctl" ] ||
		[ -f "$DATA/usr/lib/lsb/init-functions.d/50-nfs-ctl" ]
	[ ! -e "$DATA/etc/init.d" ]
	[ ! -e "$DATA/usr/lib/nfs-ctl/init.d" ]
	run cat "$CONTROL/conffiles"
	assert_output "/etc/default/nfs-ctl"
	run dpkg-deb -f "$DEB" Depends Pre-Depends
	assert_output --partial "nfs-common"
	assert_output --partial "init-system-helpers"
	# loaded with dlopen, invisible to dpkg-shlibdeps (docs/packaging.md)
	assert_output --partial "libtirpc3"
	assert_output --partial "libsystemd0"
}

@test "divert list: exactly what make install writes (unit dir, start-statd; no init script), both spellings on merged /usr" {
	local stage=$BATS_TEST_TMPDIR/stage f
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$TOP_BUILDDIR" install DESTDIR="$stage" >/dev/null
	[ -n "$(find "$stage" -name start-statd)" ] || fail "make install wrote no start-statd"
	# found by place, not by configured name (distcheck configures other prefixes)
	{
		find "$stage" -path '*/systemd/system/*' \( -type f -o -type l \) | while read -r f; do
			echo "/lib/systemd/system/${f##*/}"
			echo "/usr/lib/systemd/system/${f##*/}"
		done
		# no init script: the package is built --with-lsb-hookdir
		echo /sbin/start-statd
		echo /usr/sbin/start-statd
		taken_generators | while read -r f; do
			echo "/lib/systemd/system-generators/$f"
			echo "/usr/lib/systemd/system-generators/$f"
		done
	} | LC_ALL=C sort >"$BATS_TEST_TMPDIR/expected"
	run diff -u "$BATS_TEST_TMPDIR/expected" "$DIVERTS"
	assert_success
	# the preinst diverts that same list (it runs before the package's files exist)
	sed -n '/^diverted_paths()/,/^NFS_CTL_DIVERTS$/p' "$CONTROL/preinst" | sed '1,2d;$d' >"$BATS_TEST_TMPDIR/preinst-list"
	run diff -u "$DIVERTS" "$BATS_TEST_TMPDIR/preinst-list"
	assert_success
}

# nfs-utils' generators whose units the package takes over (data of the package)
taken_generators() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$TOP_SRCDIR/contrib/debian/taken-generators"
}

# shared FIXTURE: the fixture's paths whose name the package also installs
shared() {
	local path name
	sed -e '/^#/d' "$FIXTURES/$1" | while read -r path; do
		name=${path##*/}
		case $path in
		*/systemd/system/*) [ -e "$DATA/$(unitdir)/$name" ] || [ -L "$DATA/$(unitdir)/$name" ] ;;
		*/system-generators/*) false ;; # by name they are not the package's (below)
		/etc/init.d/*) false ;; # Debian's scripts stay theirs (the hook)
		*) [ -e "$DATA$path" ] || [ -L "$DATA$path" ] ;;
		esac && echo "$path"
	done
}

@test "divert list: every path nfs-ctl shares with nfs-common/nfs-kernel-server of Debian 12, 13 and 14" {
	local release path
	for release in debian12 debian13 debian14; do
		shared "$release.paths" >"$BATS_TEST_TMPDIR/$release"
		while read -r path; do
			grep -qxF "$path" "$DIVERTS" || fail "$release: $path is shared but not diverted"
		done <"$BATS_TEST_TMPDIR/$release"
	done
	# issue 15 measured 13 on Debian 12: 12 units and start-statd
	[ "$(grep -c systemd/system/ "$BATS_TEST_TMPDIR/debian12")" -ge 12 ]
	grep -qx /usr/sbin/start-statd "$BATS_TEST_TMPDIR/debian12"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/debian13")" -ge 12 ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/debian14")" -ge 12 ]
}

@test "divert list: nfs-utils' generators that write nfs-ctl's units are diverted; nfsroot-generator is not" {
	local release path
	for release in debian12 debian13 debian14; do
		grep '/system-generators/' "$FIXTURES/$release.paths" >"$BATS_TEST_TMPDIR/gen"
		[ -s "$BATS_TEST_TMPDIR/gen" ] || fail "$release: the fixture lists no generator"
		while read -r path; do
			case ${path##*/} in
			rpc-pipefs-generator | nfs-server-generator)
				grep -qxF "$path" "$DIVERTS" || fail "$release: $path is not diverted" ;;
			*) ! grep -qxF "$path" "$DIVERTS" || fail "$release: $path is diverted" ;;
			esac
		done <"$BATS_TEST_TMPDIR/gen"
	done
	grep -qx /usr/lib/systemd/system-generators/nfsroot-generator "$FIXTURES/debian14.paths"
}

@test "maintainer scripts: complete, sh -n and shellcheck clean, --rename diversions by nfs-ctl" {
	local s
	for s in preinst postinst prerm postrm; do
		[ -x "$CONTROL/$s" ] || fail "no $s"
		run sh -n "$CONTROL/$s"
		assert_success
		run grep -E '#DEBHELPER#|#NFS_CTL_COMMON#|@DIVERTS@' "$CONTROL/$s"
		assert_failure
		if command -v shellcheck >/dev/null; then
			run shellcheck -s sh "$CONTROL/$s"
			assert_success
		fi
	done
	grep -q 'dpkg-divert --quiet --package nfs-ctl --divert "$path.distrib" --rename --add' "$CONTROL/preinst"
	grep -q 'dpkg-divert --quiet --package nfs-ctl --rename --remove' "$CONTROL/postrm"
	# migration is offered, never run without the request
	grep -q 'migration_requested' "$CONTROL/postinst"
}

# fn SCRIPT NAME: the definition of shell function NAME in a built maintainer script
fn() { sed -n "/^$2() {\$/,/^}\$/p" "$CONTROL/$1"; }

# stop_debian_server_with INIT RPC_NFSD_EXIT: run preinst's stop_debian_server
# (Debian's server was running) with stub commands that log their calls
stop_debian_server_with() {
	local bin=$BATS_TEST_TMPDIR/bin c
	mkdir -p "$bin"
	for c in invoke-rc.d deb-systemd-invoke rpc.nfsd; do
		printf '#!/bin/sh\necho "%s $*" >>"%s/calls"\n' "$c" "$BATS_TEST_TMPDIR" >"$bin/$c"
		chmod +x "$bin/$c"
	done
	echo "exit $2" >>"$bin/rpc.nfsd"
	local sd=true
	[ "$1" = systemd ] || sd=false
	: >"$BATS_TEST_TMPDIR/calls"
	run env PATH="$bin:$PATH" sh -ec "$(fn preinst stop_debian_server)
remembered() { [ \"\$1\" = running:server ]; }
services_allowed() { true; }
systemd_running() { $sd; }
stop_debian_server"
}

@test "preinst, sysvinit: Debian's script stops the server, then rpc.nfsd 0 waits for nfsd's threads (lab: the script returns before they end)" {
	stop_debian_server_with sysv 0
	assert_success
	assert_output ""
	run cat "$BATS_TEST_TMPDIR/calls"
	assert_output "invoke-rc.d nfs-kernel-server stop
rpc.nfsd 0"
}

@test "preinst, sysvinit: a failing rpc.nfsd 0 is reported and does not fail the installation" {
	stop_debian_server_with sysv 1
	assert_success
	assert_output "nfs-ctl: rpc.nfsd 0 failed; nfsd may still serve"
}

@test "preinst, systemd: Debian's nfs-server.service is stopped (its ExecStop= is rpc.nfsd 0), nothing else" {
	stop_debian_server_with systemd 0
	assert_success
	run cat "$BATS_TEST_TMPDIR/calls"
	assert_output "deb-systemd-invoke stop nfs-server.service"
}

@test "lintian: no errors, no warnings (each override is explained in docs/packaging.md)" {
	command -v lintian >/dev/null || skip "lintian is not installed"
	run lintian --allow-root "$DEB"
	assert_success
	assert_output ""
}

# in_root CMD...: run in the chroot
in_root() { chroot "$R" "$@"; }

@test "chroot: install diverts, switches enabling; remove gives everything back; purge leaves no state" {
	[ -n "${NFS_CTL_PKG_ROOTFS:-}" ] || skip "NFS_CTL_PKG_ROOTFS names no Debian root tree (e.g. the lab's rootfs-*/root)"
	[ "$(id -u)" = 0 ] || skip "chroot needs root"
	R=$BATS_TEST_TMPDIR/root
	cp -a "$NFS_CTL_PKG_ROOTFS" "$R"
	in_root dpkg -s nfs-common nfs-kernel-server >/dev/null
	local before_rc before_wants server_unit
	# /lib/systemd/system/... on Debian 12, /usr/lib/systemd/system/... on 13
	server_unit=$(in_root dpkg-query -L nfs-kernel-server | grep '/systemd/system/nfs-server.service$')
	before_rc=$(cd "$R/etc" && ls rc?.d | LC_ALL=C sort)
	before_wants=$(cd "$R/etc/systemd/system" && ls -l ./*.wants | sed 's/.* \([^ ]* -> .*\)/\1/' | LC_ALL=C sort)
	cp "$DEB" "$R/tmp/nfs-ctl.deb"
	# The lab's tree has its documentation deleted behind dpkg's back; a
	# directory the package shares with nfs-common that is missing makes
	# dpkg rewrite nfs-common's file list, and that rewrite drops the
	# diverted paths too (contrib/README).  A consistent system has them.
	(cd "$BATS_FILE_TMPDIR/data" && find . -mindepth 1 -type d) | while read -r d; do
		[ -e "$R/$d" ] || [ -L "$R/$d" ] || mkdir -p "$R/$d"
	done

	run in_root dpkg -i /tmp/nfs-ctl.deb
	assert_success
	run in_root dpkg-divert --list
	[ "$(grep -c 'by nfs-ctl$' <<<"$output")" = "$(wc -l <"$DIVERTS")" ]
	[ "$(readlink "$R/usr/sbin/start-statd")" = nfs-ctl ]
	[ -f "$R/usr/sbin/start-statd.distrib" ]
	cmp "$R$server_unit" "$DATA/$(unitdir)/nfs-server.service"
	[ -f "$R/lib/lsb/init-functions.d/50-nfs-ctl" ]
	[ ! -e "$R/etc/init.d/nfs-server" ]
	# nfs-utils' generator of rpc_pipefs.target is moved aside: it must not run
	[ ! -e "$R/usr/lib/systemd/system-generators/rpc-pipefs-generator" ]
	[ -x "$R/usr/lib/systemd/system-generators/rpc-pipefs-generator.distrib" ]
	# while installed, dpkg knows both: nfs-ctl's file and the diverted one
	run in_root dpkg-query -S /usr/sbin/start-statd
	assert_line "nfs-ctl, nfs-common: /usr/sbin/start-statd"

	run in_root dpkg -r nfs-ctl
	assert_success
	run in_root dpkg-divert --list
	refute_output --partial "nfs-ctl"
	[ ! -e "$R/usr/sbin/start-statd.distrib" ]
	[ ! -L "$R/usr/sbin/start-statd" ]
	[ -x "$R/usr/lib/systemd/system-generators/rpc-pipefs-generator" ]
	[ ! -e "$R/usr/lib/systemd/system-generators/rpc-pipefs-generator.distrib" ]
	[ ! -e "$R/lib/lsb/init-functions.d/50-nfs-ctl" ]
	run in_root dpkg --verify nfs-common nfs-kernel-server
	refute_output --regexp '^..5'
	[ "$(cd "$R/etc" && ls rc?.d | LC_ALL=C sort)" = "$before_rc" ]
	[ "$(cd "$R/etc/systemd/system" && ls -l ./*.wants | sed 's/.* \([^ ]* -> .*\)/\1/' | LC_ALL=C sort)" = "$before_wants" ]
	run in_root dpkg-query -S "$server_unit" /usr/sbin/start-statd
	assert_output "nfs-kernel-server: $server_unit
nfs-common: /usr/sbin/start-statd"

	run in_root dpkg -P nfs-ctl
	assert_success
	[ ! -e "$R/var/lib/nfs-ctl" ]
}
