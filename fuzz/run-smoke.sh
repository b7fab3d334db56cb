#!/bin/sh
# Fuzz smoke test: builds each libFuzzer target with clang under
# ASan/UBSan (fuzz/build.sh) and runs it for FUZZ_SECONDS (default 20) on
# its seed corpus, which it replays first: a corpus file that once
# crashed is a regression test.  Exits non-zero on a crash, a leak,
# undefined behaviour or a timeout.
#   fuzz/run-smoke.sh [BUILDDIR]   (BUILDDIR is accepted and not needed)
# Longer runs: fuzz/run-long.sh (make fuzz-long).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
secs=${FUZZ_SECONDS:-20}
targets=${FUZZ_TARGETS:-nfsconf nfsconfload shellvars genmounts cmdline plan}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# inputs that crash are kept (and named in the failure message)
artifacts=${FUZZ_ARTIFACTS:-$(mktemp -d "${TMPDIR:-/tmp}/nfs-ctl-fuzz.XXXXXX")}
mkdir -p "$artifacts"

# shellcheck disable=SC2086 # a word list
"$top/fuzz/build.sh" "$work" $targets

status=0
for target in $targets; do
	mkdir -p "$work/corpus_$target"
	cp "$top/fuzz/corpus/$target"/* "$work/corpus_$target/"
	echo "fuzz: $target for ${secs}s"
	if ASAN_OPTIONS=detect_leaks=1 nice -n 19 "$work/fuzz_$target" \
		-artifact_prefix="$artifacts/$target-" \
		-max_total_time="$secs" -max_len=262144 -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 \
		"$work/corpus_$target" >"$work/$target.log" 2>&1; then
		grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' \
			"$work/$target.log" | sed "s/^/fuzz: $target /"
	else
		echo "fuzz: $target FAILED; reproducer(s) in $artifacts" >&2
		tail -60 "$work/$target.log" >&2
		status=1
	fi
done
[ "$status" -ne 0 ] || rmdir "$artifacts" 2>/dev/null || true
exit $status
