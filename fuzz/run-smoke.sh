#!/bin/sh
# Fuzz smoke test: builds each libFuzzer target with clang under
# ASan/UBSan and runs it for FUZZ_SECONDS (default 20) on its seed corpus.
# Exits non-zero on a crash, a leak, undefined behaviour or a timeout.
#   fuzz/run-smoke.sh [BUILDDIR]   (BUILDDIR is accepted and not needed)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
secs=${FUZZ_SECONDS:-20}
cc=${CLANG:-clang}

if ! command -v "$cc" >/dev/null 2>&1; then
	echo "fuzz: $cc not found (Debian: apt-get install clang libclang-rt-14-dev)" >&2
	exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# inputs that crash are kept (and named in the failure message)
artifacts=${FUZZ_ARTIFACTS:-$(mktemp -d "${TMPDIR:-/tmp}/nfs-ctl-fuzz.XXXXXX")}
mkdir -p "$artifacts"

# The configuration readers as nfs-ctl links them: Makefile.am's
# libnfsctl_conf.a, built here by clang with the fuzzers' instrumentation
# (no source is named in this script).  Messages: fuzz/log_stub.c stands
# in for shim/log.c, which the library leaves to its user.
flags="-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
[ -x "$top/configure" ] || (cd "$top" && autoreconf -fi)
mkdir -p "$work/build"
if ! (cd "$work/build" && "$top/configure" CC="$cc" CFLAGS="$flags -fsanitize=fuzzer-no-link" \
	>configure.out 2>&1 && make -s libnfsctl_conf.a >make.out 2>&1); then
	echo "fuzz: building libnfsctl_conf.a failed (a source tree configured in place? make distclean)" >&2
	tail -40 "$work/build/configure.out" "$work/build/make.out" >&2 2>/dev/null
	exit 1
fi
inc="-I$work/build"
for d in "$top"/shim/*/; do inc="$inc -I$d"; done

status=0
for target in ${FUZZ_TARGETS:-nfsconf shellvars genmounts}; do
	# shellcheck disable=SC2086 # word lists
	"$cc" $flags -fsanitize=fuzzer -D_GNU_SOURCE $inc \
		-o "$work/fuzz_$target" "$top/fuzz/fuzz_$target.c" \
		"$top/fuzz/log_stub.c" "$work/build/libnfsctl_conf.a"
	mkdir -p "$work/corpus_$target"
	cp "$top/fuzz/corpus/$target"/* "$work/corpus_$target/"
	echo "fuzz: $target for ${secs}s"
	if ASAN_OPTIONS=detect_leaks=1 "$work/fuzz_$target" \
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
