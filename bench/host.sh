#!/bin/sh
# Host-side benchmarks of nfs-ctl (no VM needed):
#   1. wall time of `nfs-ctl exec COMPONENT` up to the exec: a tiny stub
#      "daemon" that exits at once is exec'd (a) directly and (b) through
#      `nfs-ctl --root R exec COMPONENT`, alternately, N times each; the
#      difference of the medians is nfs-ctl's overhead;
#   2. wall time of `nfs-ctl plan start server`;
#   3. instruction counts (valgrind --tool=callgrind, repeatable) of the same
#      commands, split into dynamic loading (ld.so), configuration loading
#      and the rest.  callgrind loses its data when the program execs, so
#      for the count the stub is an executable that the kernel refuses
#      (ENOEXEC): nfs-ctl does all its work, calls execve, which fails, and
#      exits after one error line.
#
#   bench/host.sh [OUTPUT_DIR]            (default bench/out/host)
# Environment: NFS_CTL (default ./nfs-ctl of the build tree), BENCH_N (1000),
#   BENCH_VARIANTS=1 also measures builds without libsystemd and static.
# The configuration tree R is Debian 12's own (/etc/nfs.conf,
# /etc/default/nfs-common, /etc/default/nfs-kernel-server, os-release) taken
# read-only from the lab's cached root tree when it exists, else the test
# fixtures' Debian files.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
out=${1:-$here/out/host}
n=${BENCH_N:-1000}
nfsctl=${NFS_CTL:-$top/nfs-ctl}
work=$here/.work/host
mkdir -p "$out" "$work"
rm -rf "$work/R" "$work/R-noexec"
[ -x "$nfsctl" ] || { echo "host.sh: $nfsctl not built (make first)" >&2; exit 1; }

# --- tools ---------------------------------------------------------------
cc=${CC:-gcc}
$cc -O2 -Wall -o "$work/spawn-time" "$here/spawn-time.c"
printf 'int main(void) { return 0; }\n' >"$work/stub.c"
$cc -O2 -o "$work/stub" "$work/stub.c"

# --- the configuration tree ------------------------------------------------
cache_root=$(ls -d "$top"/tests/vm/.cache/rootfs-*/root 2>/dev/null | head -n 1 || true)
R=$work/R
mkdir -p "$R/etc/default" "$R/etc/nfs.conf.d" "$R/run" "$R/usr/sbin" "$R/sbin" "$R/usr/bin" "$R/proc/self"
if [ -n "$cache_root" ] && [ -f "$cache_root/etc/nfs.conf" ]; then
	src="Debian 12 nfs-common 2.6.2 (lab root tree $cache_root)"
	cp "$cache_root/etc/nfs.conf" "$R/etc/"
	cp "$cache_root/etc/default/nfs-common" "$cache_root/etc/default/nfs-kernel-server" "$R/etc/default/"
	cp "$cache_root/etc/os-release" "$R/etc/" 2>/dev/null ||
		cp "$cache_root/usr/lib/os-release" "$R/etc/os-release"
else
	src="test fixtures (tests/fixtures/config/debian)"
	cp -r "$top/tests/fixtures/config/debian/etc/." "$R/etc/"
	cp /etc/os-release "$R/etc/" 2>/dev/null || true
fi
: >"$R/proc/self/mountinfo"
# every program of the plan, as the stub (Debian: statd and sm-notify in /sbin)
for p in rpc.mountd rpc.idmapd nfsdcld rpc.gssd rpc.svcgssd blkmapd exportfs rpc.nfsd; do
	cp "$work/stub" "$R/usr/sbin/$p"
done
for p in rpc.statd sm-notify; do cp "$work/stub" "$R/sbin/$p"; done
cp "$work/stub" "$R/usr/bin/mount"
# the same tree, with daemons the kernel will not execute (for callgrind)
cp -a "$R" "$work/R-noexec"
for f in "$work"/R-noexec/usr/sbin/* "$work"/R-noexec/sbin/*; do
	printf '\177BAD' >"$f"
done

# argv nfs-ctl builds, so that the direct run gets the very same arguments
argv_of() {
	"$nfsctl" --root "$R" -v exec "$1" 2>&1 | sed -n 's/^nfs-ctl: exec //p' | head -n 1
}
mountd_argv=$(argv_of mountd)
statd_argv=$(argv_of statd)
[ -n "$mountd_argv" ] && [ -n "$statd_argv" ] || { echo "host.sh: nfs-ctl -v exec did not say its argv" >&2; exit 1; }

{
	echo "# host benchmark $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "host: $(uname -srm); $(nproc) cpus; $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
	echo "nfs-ctl: $nfsctl ($(cd "$top" && git rev-parse --short HEAD 2>/dev/null || echo '?'))"
	echo "configuration: $src"
	echo "linked: $(ldd "$nfsctl" | grep -c '=>') shared libraries: $(ldd "$nfsctl" | awk '/=>/ { printf "%s ", $1 }')"
	echo "mountd argv: $mountd_argv"
	echo "statd argv: $statd_argv"
} >"$out/env.txt"

# --- 1 + 2: wall time -------------------------------------------------------
# shellcheck disable=SC2086 # the argv words are single words
"$work/spawn-time" "$n" 50 \
	direct-stub-mountd -- $mountd_argv -- \
	nfs-ctl-exec-mountd -- "$nfsctl" --root "$R" exec mountd -- \
	direct-stub-statd -- $statd_argv -- \
	nfs-ctl-exec-statd -- "$nfsctl" --root "$R" exec statd -- \
	nfs-ctl-plan-start-server -- "$nfsctl" --root "$R" plan start server \
	>"$out/walltime.txt"

# --- 3: instruction counts --------------------------------------------------
# callgrind_split NAME CMD...: total Ir, and inclusive Ir of ld.so's start-up,
# main, config_load, and the command's own function.
callgrind_split() {
	name=$1
	shift
	cg=$out/callgrind.$name.out
	valgrind --tool=callgrind --callgrind-out-file="$cg" "$@" >/dev/null 2>"$out/callgrind.$name.log" || true
	callgrind_annotate --inclusive=yes --threshold=100 "$cg" >"$out/callgrind.$name.txt" 2>/dev/null
	total=$(awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }' "$out/callgrind.$name.txt")
	fn() { # inclusive Ir of the first line whose function name ends with $1
		awk -v f="$1" '{ line = $0; sub(/ *\[.*$/, "", line) }
			line ~ (":" f "$") { v = $1; gsub(",", "", v); print v; exit }' "$out/callgrind.$name.txt"
	}
	printf '%s %s %s %s %s %s %s\n' "$name" "$total" "$(fn _dl_start)" "$(fn main)" \
		"$(fn config_load)" "$(fn "${CG_FN:-cmd_exec}")" "$(fn plan_start_argv)"
}
{
	echo "command total_Ir ld.so_dl_start_Ir main_Ir config_load_Ir command_fn_Ir plan_start_argv_Ir"
	callgrind_split nfs-ctl-exec-mountd "$nfsctl" --root "$work/R-noexec" exec mountd
	callgrind_split nfs-ctl-exec-statd "$nfsctl" --root "$work/R-noexec" exec statd
	CG_FN=cmd_plan callgrind_split nfs-ctl-plan-start-server "$nfsctl" --root "$R" plan start server
	callgrind_split stub-daemon "$work/stub"
} >"$out/instructions.txt"

# --- optional: other builds of the same source --------------------------------
if [ "${BENCH_VARIANTS:-0}" = 1 ]; then
	BENCH_N=${BENCH_VARIANTS_N:-$n} "$here/host-variants.sh" "$out" "$R" "$work"
fi
echo "host.sh: results in $out" >&2
cat "$out/env.txt" "$out/walltime.txt" "$out/instructions.txt"
