#!/usr/bin/env bats
# docs/DESIGN.md is the contract between the parts: its file table must
# name every source file of shim/, and only those.

bats_load_library bats-support
bats_load_library bats-assert

: "${TOP_SRCDIR:=$(cd "$(dirname "$BATS_TEST_FILENAME")/.." && pwd)}"

# The .c files the "Source layout" table names, sorted, one a line.
table_files() {
	sed -n '/^## Source layout/,/^## /p' "$TOP_SRCDIR/docs/DESIGN.md" |
		grep '^| `' | cut -d'|' -f2 | grep -o '[a-z_0-9]*\.c' | LC_ALL=C sort
}

@test "DESIGN.md's file table names exactly the files in shim/*.c" {
	local table files
	table=$(table_files)
	files=$(cd "$TOP_SRCDIR/shim" && ls ./*.c | sed 's|^\./||' | LC_ALL=C sort)
	[ "$(wc -l <<<"$files")" -ge 60 ]
	run diff <(echo "$table") <(echo "$files")
	echo "< in the table only, > in shim/ only"
	assert_success
}

@test "DESIGN.md's table names each file once" {
	run bash -c "$(declare -f table_files); TOP_SRCDIR='$TOP_SRCDIR' table_files | uniq -d"
	assert_success
	assert_output ""
}
