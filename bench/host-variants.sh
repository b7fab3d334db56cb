#!/bin/sh
# What bounds `nfs-ctl exec`, and the same figures for an older build, in
# the same run as host.sh:
#   - the stub linked against libtirpc and libsystemd without calling
#     them: the cost of the dynamic loader mapping them alone (nfs-ctl
#     linked both until they were loaded on first use, shim/dynlib.h);
#   - nfs-ctl built from the git revision BENCH_BEFORE (default: none),
#     exec'd alternately with the current build.
#   host-variants.sh OUT_DIR R_TREE WORK_DIR   (called by host.sh, BENCH_VARIANTS=1)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
out=$1
R=$2
work=$3
n=${BENCH_N:-1000}
nfsctl=${NFS_CTL:-$top/nfs-ctl}
cc=${CC:-gcc}
before=${BENCH_BEFORE:-}

$cc -O2 -o "$work/stub-tirpc" "$work/stub.c" -Wl,--no-as-needed -ltirpc
$cc -O2 -o "$work/stub-tirpc-systemd" "$work/stub.c" -Wl,--no-as-needed -ltirpc -lsystemd

set --
if [ -n "$before" ]; then
	src=$work/src-before
	rm -rf "$src"
	mkdir -p "$src"
	git -C "$top" archive "$before" | tar -xf - -C "$src"
	(
		cd "$src"
		autoreconf -fi >/dev/null 2>&1
		./configure >/dev/null
		make -j2 nfs-ctl >/dev/null
	) >"$out/variant-build.log" 2>&1 || { echo "host-variants: build of $before failed, see $out/variant-build.log" >&2; exit 1; }
	set -- nfs-ctl-before-exec-mountd -- "$src/nfs-ctl" --root "$R" exec mountd --
fi

mountd=$("$nfsctl" --root "$R" -v exec mountd 2>&1 | sed -n 's/^nfs-ctl: exec //p' | head -n 1)
# shellcheck disable=SC2086
"$work/spawn-time" "$n" 50 \
	direct-stub -- $mountd -- \
	stub+libtirpc -- "$work/stub-tirpc" -- \
	stub+libtirpc+libsystemd -- "$work/stub-tirpc-systemd" -- \
	"$@" \
	nfs-ctl-exec-mountd -- "$nfsctl" --root "$R" exec mountd \
	>"$out/variants-walltime.txt"
{
	echo "command total_Ir ld.so_dl_start_Ir"
	for v in stub-tirpc stub-tirpc-systemd; do
		valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$v.out" "$work/$v" >/dev/null 2>&1
		callgrind_annotate --inclusive=yes "$out/callgrind.$v.out" 2>/dev/null |
			awk -v v="$v" '/PROGRAM TOTALS/ { t = $1 } /:_dl_start / && !d { d = $1 } END { gsub(",", "", t); gsub(",", "", d); print v, t, d }'
	done
	if [ -n "$before" ]; then
		valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.before.out" \
			"$src/nfs-ctl" --root "$work/R-noexec" exec mountd >/dev/null 2>&1 || true
		callgrind_annotate --inclusive=yes "$out/callgrind.before.out" 2>/dev/null |
			awk -v v="nfs-ctl-before-exec-mountd($before)" '/PROGRAM TOTALS/ { t = $1 } /:_dl_start / && !d { d = $1 } END { gsub(",", "", t); gsub(",", "", d); print v, t, d }'
		echo "nfs-ctl-before links: $(ldd "$src/nfs-ctl" | awk '/=>/ { printf "%s ", $1 }')"
	fi
	echo "nfs-ctl links: $(ldd "$nfsctl" | awk '/=>/ { printf "%s ", $1 }')"
} >"$out/variants-instructions.txt"
cat "$out/variants-walltime.txt" "$out/variants-instructions.txt"
