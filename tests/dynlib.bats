#!/usr/bin/env bats
# libtirpc and libsystemd are loaded on first use (shim/dynlib.h): never by
# `nfs-ctl exec` (every unit start), always by the commands that ask
# rpcbind, and with an error naming the soname and the package when the
# library is missing.

load helpers

setup() {
	require_root
	sandbox_setup
}

# An AddressSanitizer build links libtirpc (configure.ac says why): what is
# loaded when is the product build's property, tested there.
require_product_build() {
	! grep -q __asan_init "$NFS_CTL" ||
		skip "AddressSanitizer build: links libtirpc (see configure.ac); tested in the normal build"
}

teardown() {
	sandbox_teardown
}

# libraries the dynamic loader opened for nfs-ctl ARGS (the daemon nfs-ctl
# execs gets a clean environment, so LD_DEBUG stops at the exec)
loaded_by() {
	LD_DEBUG=files "$NFS_CTL" --root "$ROOT" "$@" 2>&1 >/dev/null |
		sed -n 's/^ *[0-9]*:[[:space:]]*file=\([^ ]*\) .*/\1/p' | sort -u
}

# the file the loader would map for SONAME
library_file() {
	local f
	f=$(ldconfig -p | awk -v s="$1" '$1 == s { print $NF; exit }')
	[ -n "$f" ] && readlink -f "$f"
}

# ARGS with LIBRARY's file replaced by an empty one, in a private mount
# namespace: the package is "not installed" for this command only
without_library() {
	local lib=$1 file
	shift
	file=$(library_file "$lib")
	[ -n "$file" ] || { echo "$lib not found by ldconfig" >&2; return 99; }
	: >"$BATS_TEST_TMPDIR/empty"
	unshare -m sh -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' sh \
		"$BATS_TEST_TMPDIR/empty" "$file" "$@"
}

@test "exec: the daemon replaces nfs-ctl without libtirpc or libsystemd loaded" {
	require_product_build
	run loaded_by --init=systemd exec mountd
	assert_success
	refute_output --partial libtirpc
	refute_output --partial libsystemd
	assert_equal "$(calls)" "rpc.mountd"
}

@test "sysv start: libtirpc is loaded, once, to ask rpcbind" {
	run loaded_by --init=sysv start statd
	assert_success
	assert_line "libtirpc.so.3"
	registered 100024
}

@test "libtirpc missing: sysv start fails naming libtirpc.so.3 and its package; nothing started" {
	require_product_build
	unshare -m true 2>/dev/null || skip "needs unshare -m"
	run without_library libtirpc.so.3 "$NFS_CTL" --root "$ROOT" --init=sysv start server
	assert_failure
	assert_line --index 0 --regexp "^nfs-ctl: cannot load libtirpc\.so\.3, needed to ask rpcbind .*\(install libtirpc3\): .+"
	# said once, not once per poll
	assert_equal "$(grep -c 'cannot load' <<<"$output")" 1
	assert_equal "$(calls)" ""
}

@test "libtirpc missing: exec does not notice" {
	require_product_build
	unshare -m true 2>/dev/null || skip "needs unshare -m"
	run without_library libtirpc.so.3 "$NFS_CTL" --root "$ROOT" --init=systemd exec mountd
	assert_success
	assert_equal "$(calls)" "rpc.mountd"
}
