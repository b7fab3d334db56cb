#!/usr/bin/env bats
# docs/DESIGN.md is the contract between the parts: its file table must
# name every source file of shim/, and only those.

bats_load_library bats-support
bats_load_library bats-assert

: "${TOP_SRCDIR:=$(cd "$(dirname "$BATS_TEST_FILENAME")/.." && pwd)}"

# grep ARGS over shim's .c files (SHIM_HEADERS=1: and its headers), each
# named shim/NAME whichever layer folder holds it: these checks are about
# files, the folders are the layer tests' business (below).
shim_grep() {
	local files
	files=$(cd "$TOP_SRCDIR" && find shim -name '*.c' ${SHIM_HEADERS:+-o -name '*.h'} | LC_ALL=C sort)
	# shellcheck disable=SC2086 # one word per file
	(cd "$TOP_SRCDIR" && grep "$@" $files) | sed -E 's|^shim/([a-z_]+/)+|shim/|'
}

# A file of shim/ by its name, in whichever folder.
shim_file() {
	find "$TOP_SRCDIR/shim" -name "$1"
}

# The .c files the "Source layout" table names, sorted, one a line.
table_files() {
	sed -n '/^## Source layout/,/^## /p' "$TOP_SRCDIR/docs/DESIGN.md" |
		grep '^| `' | cut -d'|' -f2 | grep -o '[a-z_0-9]*\.c' | LC_ALL=C sort
}

@test "DESIGN.md's file table names exactly the files in shim/*.c" {
	local table files
	table=$(table_files)
	files=$(cd "$TOP_SRCDIR/shim" && find . -name '*.c' | sed 's|.*/||' | LC_ALL=C sort)
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

# The files docs/DESIGN.md lists as holding component names as
# configuration words ("Component names outside graph.c"), sorted.
exception_files() {
	sed -n '/^### Component names outside graph.c/,/^\*\*Name compares/p' \
		"$TOP_SRCDIR/docs/DESIGN.md" |
		grep '^| `' | cut -d'|' -f2 | grep -o '[a-z_0-9]*\.c' | LC_ALL=C sort
}

@test "the issue's name grep finds names outside graph.c only in the files DESIGN.md lists" {
	local found
	found=$(shim_grep -l '"statd"\|"nfsd"\|"sm-notify"\|"mountd"\|"exports"\|"gssd"\|"pipefs"' |
		sed 's|^shim/||' | grep -vx 'graph.c' | LC_ALL=C sort)
	[ -n "$(exception_files)" ]
	run diff <(exception_files) <(echo "$found")
	echo "< listed only, > found only"
	assert_success
}

@test "no behaviour keyed on identity: no code outside graph.c and graph_query.c compares a component's or a target's name" {
	local names
	names=$({ "$NFS_CTL" graph --list && "$NFS_CTL" graph --list=targets; } |
		sed 's/[.-]/\\&/g' | paste -sd'|')
	[[ "$names" == *statd*server* ]]
	run bash -c "$(declare -f shim_grep); TOP_SRCDIR='$TOP_SRCDIR'
		shim_grep -nE '(strn?cmp|strcasecmp|graph_find|target_from_name|strv_contains)\\([^;]*\"($names)\"' |
		grep -v '^shim/graph\\.c:'"
	assert_failure 1
	assert_output ""
}

@test "one nap: only backoff.c sleeps (through clock_nap_ms, defined in clock.c)" {
	run bash -c "$(declare -f shim_grep); TOP_SRCDIR='$TOP_SRCDIR'
		shim_grep -nE '\\b(clock_nap_ms|nanosleep|usleep|sleep|clock_nanosleep)\\(' |
		grep -v '^shim/backoff\\.c:' | grep -v '^shim/clock\\.c:[0-9]*:void clock_nap_ms(int ms)\$' |
		grep -v '^shim/clock\\.c:[0-9]*:.*while (nanosleep(&ts, &ts)'"
	assert_failure 1
	assert_output ""
}

# tests/capture.sh (docs/DESIGN.md, "The behaviour capture") is what
# proves a redesign changed no behaviour: it must keep running, over every
# nfs-utils model, and write no sandbox path or pid into its file.
@test "the behaviour capture runs over every sandbox model and is free of run-to-run words" {
	[ "$(id -u)" -eq 0 ] || skip "needs root (start-statd and the runner start stub daemons)"
	run "$TOP_SRCDIR/tests/capture.sh" "$NFS_CTL" "$STUB_BIN" "$BATS_TEST_TMPDIR/capture.txt"
	assert_success
	run grep -c '^################ nfs-utils [0-9.]*, no configuration$' "$BATS_TEST_TMPDIR/capture.txt"
	assert_output 3
	run grep -E 'nfs-ctl-sandbox\.|pid [0-9]' "$BATS_TEST_TMPDIR/capture.txt"
	assert_failure 1
}

# docs/DESIGN.md, "No behaviour keyed on identity": a value of a
# mechanism that only one row has is a proxy for that row's name when code
# elsewhere compares it.  DESIGN.md names the files where each is compared.
proxy_compares() { # PATTERN ALLOWED-FILE...
	local pattern=$1 f skip=(-e '^shim/graph\.c:')
	shift
	for f in "$@"; do skip+=(-e "^shim/$f:"); done
	shim_grep -nE "((==|!=|case)[[:space:]]*($pattern)\\b|\\b($pattern)[[:space:]]*(==|!=))" |
		grep -v "${skip[@]}"
}

@test "READY_NFSD_THREADS is compared only in readiness.c and graph_query.c's accessor" {
	run proxy_compares READY_NFSD_THREADS readiness.c graph_query.c
	assert_output ""
}

@test "the client uses are compared only in graph_query.c's accessor (elsewhere: arrays indexed by use)" {
	run proxy_compares 'CLIENT_USE_(LOCKING|KERBEROS|IDMAP)' graph_query.c
	assert_output ""
}

# The columns set on exactly one row of graph.c's component table.
one_row_columns() {
	awk '/^const struct component graph\[\]/ { on = 1 } on && /^};/ { on = 0 } on' \
		"$(shim_file graph.c)" |
		awk 'BEGIN { RS = "\\{ \\.name = " }
		NR > 1 {
			delete seen
			s = $0
			while (match(s, /\.[a-z_]+ =/)) {
				f = substr(s, RSTART + 1, RLENGTH - 3)
				if (!(f in seen)) { seen[f] = 1; n[f]++ }
				s = substr(s, RSTART + RLENGTH)
			}
		}
		END { for (f in n) if (n[f] == 1) print f }' | LC_ALL=C sort
}

# The one-row columns DESIGN.md lists with their mechanism.
listed_one_row_columns() {
	sed -n '/^| one-row column | mechanism |$/,/^$/p' "$TOP_SRCDIR/docs/DESIGN.md" |
		grep '^| `' | cut -d'|' -f2 | grep -o '`[a-z_]*`' | tr -d '`' | LC_ALL=C sort
}

@test "every column set on exactly one row is listed in DESIGN.md as a mechanism's parameter" {
	local found listed
	found=$(one_row_columns)
	listed=$(listed_one_row_columns)
	# the awk must see the table: the nfsd row alone has start_alt
	[[ "$found" == *start_alt* ]]
	run comm -23 <(echo "$found") <(echo "$listed")
	echo "one-row columns DESIGN.md does not list:"
	assert_output ""
}

# docs/DESIGN.md, "The target row": code reads a target's columns; the
# target bits are named outside graph.c and graph.h only where it lists.
@test "T_SERVER and T_CLIENT are named outside graph.c and graph.h only in the files DESIGN.md lists" {
	local listed found
	listed=$(sed -n '/^| file | why |$/,/^$/p' "$TOP_SRCDIR/docs/DESIGN.md" | grep '^| `' | cut -d'|' -f2 | grep -o '[a-z_0-9]*\.c' | LC_ALL=C sort)
	found=$(SHIM_HEADERS=1 shim_grep -lE '\bT_(SERVER|CLIENT)\b' |
		sed 's|^shim/||' | grep -vx -e graph.c -e graph.h | LC_ALL=C sort)
	run diff <(echo "$listed") <(echo "$found")
	echo "< listed only, > found only"
	assert_success
}

# docs/DESIGN.md, "Layers": shim/ is split into folders, one per layer,
# lowest first in the table.  The folders are exactly the table's, each
# holds sources and shim/ holds no file outside them; a file includes
# headers of its own layer or lower ones only; and the include graph (a
# module is NAME.c with NAME.h) has no cycle.
layer_folders() {
	sed -n '/^| layer | folder | role |$/,/^$/p' "$TOP_SRCDIR/docs/DESIGN.md" |
		grep '^| [0-9]' | cut -d'|' -f3 | tr -d ' `' | sed 's|^shim/||; s|/$||'
}

# "FROM TO" for each #include "TO" of FROM that is in shim/, both as
# FOLDER/FILE
include_edges() {
	local f h to
	cd "$TOP_SRCDIR/shim" || return 1
	for f in */*.c */*.h; do
		sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f" | while read -r h; do
			to=$(find . -mindepth 2 -name "$h" | sed 's|^\./||')
			[ -z "$to" ] || echo "$f $to"
		done
	done
}

@test "layers: the folders of shim/ are DESIGN.md's layers, each with sources, and no file lies outside them" {
	local d
	[ "$(layer_folders | wc -l)" -ge 5 ]
	for d in $(layer_folders); do
		ls "$TOP_SRCDIR/shim/$d/"*.c >/dev/null
	done
	run find "$TOP_SRCDIR/shim" -maxdepth 1 -type f
	assert_output ""
	run diff <(layer_folders | LC_ALL=C sort) \
		<(find "$TOP_SRCDIR/shim" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | LC_ALL=C sort)
	assert_success
}

@test "layers: no file of shim/ includes a header of a higher layer" {
	local -A rank=()
	local i=0 d from to bad=""
	for d in $(layer_folders); do rank[$d]=$((i++)); done
	while read -r from to; do
		[ "${rank[${to%%/*}]}" -le "${rank[${from%%/*}]}" ] ||
			bad+="$from includes $to"$'\n'
	done < <(include_edges)
	[ "$(include_edges | wc -l)" -gt 100 ]
	echo "$bad"
	[ -z "$bad" ]
}

@test "layers: the include graph of shim/ has no cycle (modules: NAME.c with NAME.h)" {
	run bash -c "$(declare -f include_edges); TOP_SRCDIR='$TOP_SRCDIR' include_edges |
		sed -E 's|[^ /]*/||g; s|\\.[ch]( \|\$)|\\1|g' | awk '\$1 != \$2' | tsort 2>&1 >/dev/null"
	assert_success
	assert_output ""
}
