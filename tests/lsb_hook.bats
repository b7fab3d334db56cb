#!/usr/bin/env bats
# The init-functions hook (initscripts/50-nfs-ctl.in, configure
# --with-lsb-hookdir): Debian's own nfs-kernel-server and nfs-common
# scripts hand their action to nfs-ctl; every other init script that
# sources init-functions is left exactly as it was.

load helpers

setup() {
	T=$(mktemp -d "${BATS_TMPDIR:-/tmp}/lsb-hook.XXXXXX")
	mkdir -p "$T/init.d" "$T/rc2.d" "$T/init-functions.d"
	# a recording nfs-ctl in place of the installed one
	printf '#!/bin/sh\necho "nfs-ctl $*" >>"%s/calls"\nexit 7\n' "$T" >"$T/nfs-ctl"
	chmod +x "$T/nfs-ctl"
	sed "s#/[^ \"]*sbin/nfs-ctl#$T/nfs-ctl#g" "$TOP_BUILDDIR/initscripts/50-nfs-ctl" \
		>"$T/init-functions.d/50-nfs-ctl"
	printf 'for f in %s/init-functions.d/*; do . "$f"; done\n' "$T" >"$T/init-functions"
	# Debian's scripts as far as the hook can tell: read their defaults,
	# source init-functions, then do their own work
	for s in nfs-kernel-server nfs-common rpcbind; do
		printf '#!/bin/bash\nRPCNFSDCOUNT=8\n. %s/init-functions\necho "%s body: $1"\n' "$T" "$s" >"$T/init.d/$s"
		chmod +x "$T/init.d/$s"
	done
	ln -s ../init.d/nfs-kernel-server "$T/rc2.d/S03nfs-kernel-server"
}

teardown() {
	rm -rf "$T"
}

@test "the hook names the installed nfs-ctl (configure's sbindir), nothing else" {
	run grep -o '/[^ "]*nfs-ctl\b' "$TOP_BUILDDIR/initscripts/50-nfs-ctl"
	for l in "${lines[@]}"; do
		[[ $l == */sbin/nfs-ctl || $l == */init-functions.d/* ]] || fail "unexpected path $l"
	done
}

@test "/etc/init.d/nfs-kernel-server ACTION runs nfs-ctl ACTION server, with nfs-ctl's exit status" {
	for a in start stop restart try-restart reload force-reload status; do
		run "$T/init.d/nfs-kernel-server" "$a"
		assert_failure 7
		refute_output --partial "body"
	done
	assert_equal "$(cat "$T/calls")" "$(printf 'nfs-ctl %s server\n' start stop restart try-restart reload force-reload status)"
}

@test "rc's link S03nfs-kernel-server start runs nfs-ctl start server" {
	run "$T/rc2.d/S03nfs-kernel-server" start
	assert_failure 7
	assert_equal "$(cat "$T/calls")" "nfs-ctl start server"
}

@test "/etc/init.d/nfs-common ACTION runs nfs-ctl ACTION client" {
	run "$T/init.d/nfs-common" status
	assert_failure 7
	assert_equal "$(cat "$T/calls")" "nfs-ctl status client"
}

@test "no action: nfs-ctl gets an empty one (and prints its usage), the script's body does not run" {
	run "$T/init.d/nfs-kernel-server"
	refute_output --partial "body"
	assert_equal "$(cat "$T/calls")" "nfs-ctl  server"
}

@test "any other script: the hook does nothing, runs nothing and leaves no variable" {
	run "$T/init.d/rpcbind" start
	assert_success
	assert_output "rpcbind body: start"
	[ ! -e "$T/calls" ]
	before=$(bash -c 'set -o posix; set' | grep -v '^\(BASH_\|_=\|SHLVL\|PPID\)')
	after=$(bash -c 'set -o posix; . "$1"; set' sh "$T/init-functions.d/50-nfs-ctl" | grep -v '^\(BASH_\|_=\|SHLVL\|PPID\)')
	assert_equal "$after" "$before"
}

@test "nfs-ctl removed (hook left behind): Debian's script does its own work" {
	rm "$T/nfs-ctl"
	run "$T/init.d/nfs-kernel-server" reload
	assert_success
	assert_output "nfs-kernel-server body: reload"
}

@test "the client's start leaves sm-notify to the server when Debian's nfs-kernel-server is enabled at boot" {
	require_root
	sandbox_setup
	mkdir -p "$ROOT/etc/rc2.d"
	ln -s ../init.d/nfs-kernel-server "$ROOT/etc/rc2.d/S03nfs-kernel-server"
	run ctl start client
	assert_success
	assert_equal "$(calls_of sm-notify)" ""
	run ctl start server
	assert_success
	assert_before "rpc.nfsd" "sm-notify"
	sandbox_teardown
}

@test "make install with --with-lsb-hookdir installs the hook and not nfs-ctl's own scripts; without it, the reverse" {
	b=$T/build
	for mode in hook plain; do
		mkdir -p "$b.$mode"
		args=(--prefix=/usr --sysconfdir=/etc --with-initscriptdir=/etc/init.d
			--with-systemdsystemunitdir=/usr/lib/systemd/system
			--with-systemdgeneratordir=/usr/lib/systemd/system-generators)
		[ $mode = hook ] && args+=(--with-lsb-hookdir=/usr/lib/lsb/init-functions.d)
		(cd "$b.$mode" && "$TOP_SRCDIR/configure" "${args[@]}" >/dev/null &&
			make -s initscripts/nfs initscripts/nfs-server initscripts/50-nfs-ctl >/dev/null &&
			make -s DESTDIR="$b.$mode/dest" install-initscriptSCRIPTS install-lsbhookDATA >/dev/null) ||
			fail "configure/install ($mode)"
		(cd "$b.$mode/dest" && find . -type f | sort) >"$T/files.$mode"
	done
	assert_equal "$(cat "$T/files.hook")" "./usr/lib/lsb/init-functions.d/50-nfs-ctl"
	assert_equal "$(cat "$T/files.plain")" "$(printf '%s\n' ./etc/init.d/nfs ./etc/init.d/nfs-server)"
	run bash -n "$b.hook/dest/usr/lib/lsb/init-functions.d/50-nfs-ctl"
	assert_success
}
