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

# paths.c includes the configure header; its defaults do without one (and
# without libsystemd: fuzz/log_stub.c replaces shim/log.c)
mkdir -p "$work/inc" && : > "$work/inc/build-config.h"
inc="-I$top/shim -I$work/inc"

common="settings.c xalloc.c strv.c paths.c conf_diag.c conf_file.c daemon_args.c graph.c"
# the parser(s) each target needs besides $common
sources_of() {
	case $1 in
	nfsconf) echo conf_nfsconf.c conf_nfsconf_keys.c conf_nfsconf_load.c ;;
	shellvars) echo conf_shellvars.c conf_legacy.c conf_legacy_debian.c \
		conf_legacy_redhat.c conf_legacy_suse.c ;;
	genmounts) echo generator_mounts.c mounts.c outfile.c ;;
	esac
}

status=0
for target in ${FUZZ_TARGETS:-nfsconf shellvars genmounts}; do
	srcs=""
	for f in $common $(sources_of "$target"); do
		srcs="$srcs $top/shim/$f"
	done
	# shellcheck disable=SC2086 # word lists
	"$cc" -g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -fno-omit-frame-pointer -D_GNU_SOURCE $inc \
		-o "$work/fuzz_$target" "$top/fuzz/fuzz_$target.c" \
		"$top/fuzz/log_stub.c" $srcs
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
