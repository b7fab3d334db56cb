#!/usr/bin/env bats
# The multi-host lab's lock helper (tests/vm/guest/lockhold.c), on the host:
# what it prints and its exit codes are what the lab's scenario c1 judges.

load helpers

setup() {
	LOCKHOLD=$BATS_TEST_TMPDIR/lockhold
	"${CC:-cc}" -O2 -Wall -Wextra -Werror -o "$LOCKHOLD" "$TOP_SRCDIR/tests/vm/guest/lockhold.c"
	FILE=$BATS_TEST_TMPDIR/locked
}

# hold_in_background: start a holder and wait until it says it holds.
hold_in_background() {
	"$LOCKHOLD" hold "$FILE" >"$BATS_TEST_TMPDIR/holder" 2>&1 &
	HOLDER=$!
	for _ in $(seq 100); do
		grep -q ' held pid=' "$BATS_TEST_TMPDIR/holder" && return 0
		sleep 0.05
	done
	return 1
}

@test "lockhold: getlk on an unlocked file says unlocked, exit 1" {
	run "$LOCKHOLD" getlk "$FILE"
	assert_failure 1
	assert_output --regexp '^[0-9]+\.[0-9]{6} unlocked$'
}

@test "lockhold: a holder's lock is seen by getlk (its pid) and refuses trylock (exit 2)" {
	hold_in_background
	run "$LOCKHOLD" getlk "$FILE"
	assert_success
	assert_output --regexp " locked pid=$HOLDER type=write start=0 len=0\$"
	run "$LOCKHOLD" trylock "$FILE"
	assert_failure 2
	assert_output --partial " refused "
	kill "$HOLDER"
	wait "$HOLDER"
	run grep -c ' released writes=[0-9]* errors=0$' "$BATS_TEST_TMPDIR/holder"
	assert_output 1
	run "$LOCKHOLD" getlk "$FILE"
	assert_failure 1
}

@test "lockhold: trylock on a free file is granted and leaves it unlocked (exit 0)" {
	run "$LOCKHOLD" trylock "$FILE"
	assert_success
	assert_output --partial " granted"
	run "$LOCKHOLD" getlk "$FILE"
	assert_failure 1
}

@test "lockhold: a file that cannot be opened is an error (exit 3), usage errors exit 64" {
	run "$LOCKHOLD" getlk "$BATS_TEST_TMPDIR/no/such/dir/file"
	assert_failure 3
	assert_output --partial "open-error"
	run "$LOCKHOLD" frobnicate "$FILE"
	assert_failure 64
	run "$LOCKHOLD" getlk
	assert_failure 64
}
