#!/usr/bin/env bats
# The benchmarks that run on the host must keep running: nothing else runs
# them, and one had stopped working unnoticed (bench/growth.sh's statd part,
# after start-statd stopped honouring NFS_CTL_ROOT).  Small sizes, one rep:
# this checks that each part still measures what it says, not how fast.

load helpers

setup() {
	require_root
	OUT=$BATS_TEST_TMPDIR/growth
}

@test "bench/growth.sh: every part runs and checks its result (small sizes, one rep)" {
	BENCH_REPS=1 BENCH_GROWTH_EXPORTS="1 20" BENCH_GROWTH_FSTAB="1 4" BENCH_GROWTH_CALLERS="1 5" \
		run "$TOP_SRCDIR/bench/growth.sh" "$OUT"
	assert_success
	run cut -f1,2 "$OUT/growth.tsv"
	assert_output "$(printf '%s\t%s\n' "benchmark" "size" \
		"plan start server" "exports=1" "sysv start server" "exports=1" "generator" "exports=1" \
		"plan start server" "exports=20" "sysv start server" "exports=20" "generator" "exports=20" \
		"generator" "fstab-nfs=1" "generator" "fstab-nfs=4" \
		"start-statd, concurrent callers" "callers=1" "start-statd, concurrent callers" "callers=5")"
	# every figure is a number of ms
	run awk -F '\t' 'NR > 1 && $3 !~ /^[0-9]+(\.[0-9]+)?$/' "$OUT/growth.tsv"
	assert_output ""
}

@test "bench/growth.sh: an unknown part is refused, naming it" {
	BENCH_GROWTH_ONLY="exports mounts" run "$TOP_SRCDIR/bench/growth.sh" "$OUT"
	assert_failure 2
	assert_output --partial "no part 'mounts'"
}
