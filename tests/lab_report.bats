#!/usr/bin/env bats
# The lab's report (tests/vm/report.sh) from made-up boot results: what
# counts as passed, failed or skipped, per release and init, the cross-init
# comparison within one release, and the closing line tests/run reads.

load helpers

setup() {
	OUT=$BATS_TEST_TMPDIR/out
	export LAB_RELEASES="bookworm trixie" LAB_INITS="systemd sysv" LAB_SCENARIOS="s1 s9"
	for r in bookworm trixie; do
		for i in systemd sysv; do
			result "$r" "$i" s1-server "PASS server start command exits 0"
			result "$r" "$i" s9-ocf "PASS ocf-tester passes"
			mkdir -p "$OUT/$r/$i/out/s1-server/state"
			for f in daemons rpcinfo threads versions exports; do
				echo "same $f" >"$OUT/$r/$i/out/s1-server/state/$f"
			done
		done
	done
}

# result RELEASE INIT SCENARIO LINE...: the checks file of one scenario.
result() {
	local d=$OUT/$1/$2/out/$3
	mkdir -p "$d"
	shift 3
	printf '%s\n' "$@" >"$d/checks"
}

report() { run "$TOP_SRCDIR/tests/vm/report.sh" "$OUT"; }

@test "lab report: everything passed: one verdict per scenario and boot plus one comparison per release" {
	report
	assert_success
	# 2 scenarios x 4 boots + s1's comparison in each release
	assert_line "lab: 10 passed, 0 failed"
	assert_line "| bookworm | sysv | 2 | 0 | 0 |"
	assert_line "| trixie | systemd | 2 | 0 | 0 |"
	assert_line "| s1-server | PASS (1 checks) | PASS (1 checks) | same |"
}

@test "lab report: a failed check fails its boot's scenario, is listed, and the exit status" {
	result trixie sysv s9-ocf "PASS ocf-tester passes" "FAIL monitor after stop is 7"
	report
	assert_failure
	assert_line "lab: 9 passed, 1 failed"
	assert_line "| trixie | sysv | 1 | 1 | 0 |"
	assert_line "- s9-ocf: FAIL monitor after stop is 7"
}

@test "lab report: a skipped scenario counts neither way and is not compared" {
	result trixie sysv s1-server "SKIP init=systemd only (this boot: sysv)"
	report
	assert_success
	assert_line "lab: 8 passed, 0 failed"
	assert_line "| trixie | sysv | 1 | 0 | 1 |"
	assert_line "| s1-server | PASS (1 checks) | skip | - |"
}

@test "lab report: the inits of one release must end in the same state; releases are not compared" {
	echo "other threads" >"$OUT/trixie/systemd/out/s1-server/state/threads"
	echo "other threads" >"$OUT/trixie/sysv/out/s1-server/state/threads"
	echo "8" >"$OUT/bookworm/sysv/out/s1-server/state/versions"
	report
	assert_failure
	assert_line "lab: 9 passed, 1 failed"
	assert_line "### bookworm, s1-server: state/versions differs (systemd vs sysv)"
	refute_output --partial "trixie, s1-server: state/threads differs"
}

@test "lab report: a boot without results fails every scenario and its comparisons" {
	rm -rf "$OUT/bookworm/systemd"
	report
	assert_failure
	assert_line "lab: 7 passed, 3 failed"
	assert_line "| s9-ocf | MISSING | PASS (1 checks) | - |"
}

@test "lab report: the multi-host verdicts count when run-lab.sh ran them" {
	mkdir -p "$OUT/cluster"
	echo "3 1" >"$OUT/cluster/counts"
	printf '# multi-host\n\n| x |\n\ncluster: 3 passed, 1 failed\n' >"$OUT/cluster/report.md"
	report
	assert_failure
	assert_line "lab: 13 passed, 1 failed"
	assert_line "## Several hosts"
}

@test "lab report: a scenario with a '# lab-explicit:' header is left out of all, and counted when named" {
	grep -q '^# lab-explicit:' "$TOP_SRCDIR/tests/vm/guest/scenarios/s13-concurrency.sh"
	LAB_SCENARIOS=all report
	refute_output --partial "s13-concurrency"
	assert_output --partial "| s1-server |"
	for r in bookworm trixie; do
		for i in systemd sysv; do
			result "$r" "$i" s13-concurrency "PASS 200 concurrent NFSv3 mounts"
		done
	done
	LAB_SCENARIOS="s1 s13" report
	assert_success
	assert_line "| s13-concurrency | PASS (1 checks) | PASS (1 checks) | - |"
	assert_line "lab: 10 passed, 0 failed"
}

# One mechanism keeps the long scenarios out of "all" (CI's lab and
# check-vm-cluster's default): the header the runner's selected() reads.
@test "lab-explicit: exactly s13, c5 and c6 carry the header; the runner leaves them out of all and runs them when named" {
	run grep -l '^# lab-explicit:' "$TOP_SRCDIR"/tests/vm/guest/scenarios/*.sh "$TOP_SRCDIR"/tests/vm/guest/cluster/*.sh
	assert_output "$TOP_SRCDIR/tests/vm/guest/scenarios/s13-concurrency.sh
$TOP_SRCDIR/tests/vm/guest/cluster/c5-soak.sh
$TOP_SRCDIR/tests/vm/guest/cluster/c6-chaos.sh"
	local f
	f=$(sed -n '/^selected() {$/,/^}$/p' "$TOP_SRCDIR/tests/vm/guest/lab-runner")
	[ -n "$f" ]
	sel() { SCENARIOS=$1 sh -c "$f"'
		selected "$(basename "$0" .sh)" "$0" && echo runs || echo left-out' "$2"; }
	for s in cluster/c5-soak cluster/c6-chaos scenarios/s13-concurrency; do
		run sel all "$TOP_SRCDIR/tests/vm/guest/$s.sh"
		assert_output left-out
		run sel "${s#*/}" "$TOP_SRCDIR/tests/vm/guest/$s.sh"
		assert_output runs
		run sel "c1,${s#*/}" "$TOP_SRCDIR/tests/vm/guest/$s.sh"
		assert_output runs
	done
	run sel all "$TOP_SRCDIR/tests/vm/guest/cluster/c1-server-crash.sh"
	assert_output runs
	run sel c5 "$TOP_SRCDIR/tests/vm/guest/cluster/c1-server-crash.sh"
	assert_output left-out
	# CI (tests/vm/run -> run-lab.sh) names c1 only; the make targets name theirs
	run grep -c 'LAB_CLUSTER_SCENARIOS="${LAB_CLUSTER_SCENARIOS:-c1}"' "$TOP_SRCDIR/tests/vm/run-lab.sh"
	assert_output 1
	run sed -n '/^check-vm-soak:/,/^#/p;/^check-vm-chaos:/,/^#/p;/^check-vm-concurrency:/,/^#/p' "$TOP_SRCDIR/Makefile.am"
	assert_line --partial "LAB_CLUSTER_SCENARIOS=c5 "
	assert_line --partial "LAB_CLUSTER_SCENARIOS=c6 "
	assert_line --partial 'LAB_SCENARIOS=$${LAB_SCENARIOS:-s13}'
}
