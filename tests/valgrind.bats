#!/usr/bin/env bats
# Memcheck over the plan, exec, config, sysv and doctor paths (tests/valgrind.sh).

load helpers

@test "valgrind memcheck: no errors and no leaks in plan, exec, config, sysv and doctor runs" {
	require_root
	command -v valgrind >/dev/null || skip "valgrind is not installed"
	grep -q __asan_init "$NFS_CTL" && skip "nfs-ctl is built with AddressSanitizer"
	run "$TOP_SRCDIR/tests/valgrind.sh"
	echo "$output"
	assert_success
	assert_output --partial ", 0 with errors"
}
