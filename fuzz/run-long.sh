#!/bin/sh
# Long fuzzing (make fuzz-long; not in CI, which runs run-smoke.sh): each
# target for FUZZ_RUNS executions (default 10 million), one process at a
# time at the lowest priority, starting from its corpus in fuzz/corpus/.
# One line a target: executions, coverage (libFuzzer's final cov: and ft:),
# seconds, and whether it crashed; the log and any reproducer stay in
# FUZZ_OUT (default a new directory under $TMPDIR, named at the end).
#   fuzz/run-long.sh [TARGET...]     (default: every target)
# FUZZ_RUNS=N, FUZZ_MAX_SECONDS=S (a bound per target, default none),
# FUZZ_MAX_LEN=BYTES (default 4096, room for every kind of line of these
# files: inputs grown toward the 256 KiB the smoke run allows make every
# execution slower),
# FUZZ_NEW_CORPUS=DIR (inputs found are written there, e.g. to minimize
# into fuzz/corpus/ with -merge=1).
# FUZZ_ROOT_DIR=DIR: where genmounts, nfsconfload and plan make their
# private root (default /dev/shm when it is a tmpfs, else $TMPDIR or /tmp;
# fuzz/fuzz_root.c).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${FUZZ_RUNS:-10000000}
out=${FUZZ_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/nfs-ctl-fuzz-long.XXXXXX")}
targets=${*:-nfsconf nfsconfload shellvars genmounts plan cmdline}

mkdir -p "$out"
# shellcheck disable=SC2086 # a word list
"$top/fuzz/build.sh" "$out" $targets

status=0
for target in $targets; do
	corpus=$out/corpus_$target
	mkdir -p "$corpus"
	cp "$top/fuzz/corpus/$target"/* "$corpus/"
	log=$out/$target.log
	start=$(date +%s)
	# stdout and stderr closed for the target (-close_fd_mask=3): the
	# parsers' and nfs-ctl's messages would cost more than the parsing;
	# libFuzzer's and the sanitizers' reports still reach the log
	rc=0
	ASAN_OPTIONS=detect_leaks=1 nice -n 19 "$out/fuzz_$target" \
		-runs="$runs" ${FUZZ_MAX_SECONDS:+-max_total_time=$FUZZ_MAX_SECONDS} \
		-artifact_prefix="$out/$target-" -max_len="${FUZZ_MAX_LEN:-4096}" -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 -close_fd_mask=3 \
		"$corpus" ${FUZZ_NEW_CORPUS:+"$FUZZ_NEW_CORPUS"} >"$log" 2>&1 || rc=$?
	secs=$(($(date +%s) - start))
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	# the last status line ("#N DONE cov: C ft: F ..." or the last pulse)
	cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -n 's/.* cov: \([0-9]*\) ft: \([0-9]*\).*/cov \1 ft \2/p')
	if [ "$rc" -eq 0 ]; then
		result="no crash"
	else
		result="CRASH (exit $rc; reproducers: $(echo "$out/$target-"*))"
		status=1
	fi
	echo "fuzz-long: $target: ${execs:-?} executions, ${cov:-cov ?}, ${secs} s, $result"
done
echo "fuzz-long: logs in $out"
exit $status
