#!/bin/sh
# The lab, end to end: for each Debian release, build or reuse its root tree
# and make its disk image (nfs-ctl is built once), then boot every image under
# systemd and under sysvinit, at most LAB_JOBS boots at a time, and report.
# Exit status non-zero on any failed check or cross-init difference.
#
# Environment:
#   LAB_RELEASES="bookworm forky"   which Debian releases (default: all of
#                             releases.txt)
#   LAB_INITS="systemd sysv"  which inits boot each release (default both)
#   LAB_SCENARIOS="s1 s4"     which scenarios run (default all; full file names, or
#                             the part before the first "-": s1 is not s10)
#   LAB_MODE=nfs-ctl|distro   what the images run (default nfs-ctl; distro =
#                             Debian's own nfs-utils scripts and units)
#   LAB_BREAK=notify-early    install a deliberately wrong sm-notify order in
#                             the guests (scenario 3 must then fail)
#   LAB_DESTDIR=DIR           use this `make install DESTDIR=` tree instead of
#                             building nfs-ctl from the source tree
#   LAB_JOBS                  boots at once (default: the number of CPUs, at
#                             most 2; each boot is one emulated CPU)
#   LAB_CLUSTER=yes           add the multi-host scenario c1 (server crash;
#                             run-cluster.sh) after the boots
#   LAB_CACHE, LAB_OUT        default tests/vm/.cache and tests/vm/out
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
mode=${LAB_MODE:-nfs-ctl}
brk=${LAB_BREAK:-none}
releases=${LAB_RELEASES:-$(sed "s/#.*//" "$here/releases.txt" | xargs)}
inits=${LAB_INITS:-systemd sysv}
scenarios=$(echo "${LAB_SCENARIOS:-all}" | tr -s ' ,' ',')
jobs=${LAB_JOBS:-$(nproc)}
[ "$jobs" -le 2 ] || jobs=2
cache=${LAB_CACHE:-$here/.cache}
out=${LAB_OUT:-$here/out}
export LAB_MODE="$mode" LAB_BREAK="$brk" LAB_SCENARIOS="${LAB_SCENARIOS:-all}"
t0=$(date +%s)
stamp() { echo "lab: [$(($(date +%s) - t0)) s] $*" >&2; }

[ "$(id -u)" = 0 ] || { echo "lab: must run as root (debootstrap, chroot)" >&2; exit 1; }
mkdir -p "$cache" "$out"
destdir=${LAB_DESTDIR:-}
if [ -z "$destdir" ] && [ "$mode" = nfs-ctl ]; then
	stamp "building nfs-ctl"
	destdir=$("$here/build-nfs-ctl.sh" "$top" "$cache/nfs-ctl")
fi
for r in $releases; do
	stamp "$r: root tree"
	rootfs=$("$here/build-rootfs.sh" "$r" "$cache")
	stamp "$r: disk image"
	"$here/prepare-image.sh" "$rootfs" "$out/$r" "$destdir"
	cp "$rootfs/packages.lst" "$out/$r/"
done
stamp "booting: releases $releases, inits $inits, $jobs at a time (mode $mode, break $brk, scenarios $scenarios)"
# One line "RELEASE INIT" per boot; xargs keeps $jobs of them running.
for r in $releases; do
	for i in $inits; do echo "$r $i"; done
done | xargs -P "$jobs" -L 1 sh -c '
	boot=$0 out=$1 mode=$2 brk=$3 sc=$4 r=$5 i=$6
	"$boot" "$out/$r" "$i" "lab.init=$i" "lab.mode=$mode" "lab.break=$brk" "lab.scenarios=$sc" ||
		echo "lab: boot $r/$i left no results" >&2
	echo "lab: boot $r/$i done after $(cat "$out/$r/$i/wall-seconds" 2>/dev/null) s" >&2
	exit 0' "$here/boot.sh" "$out" "$mode" "$brk" "$scenarios" || true
# The multi-host scenario c1 (server crash) on the first release's image,
# the server under each init of this run.
cluster=${LAB_CLUSTER:-no}
rm -f "$out/cluster/counts"
if [ "$cluster" = yes ]; then
	set -- $releases
	stamp "multi-host: $1, server under $inits"
	LAB_CLUSTER_RELEASE=$1 LAB_CLUSTER_INITS="$inits" LAB_CLUSTER_MODES="$mode" \
		LAB_CLUSTER_SCENARIOS="${LAB_CLUSTER_SCENARIOS:-c1}" \
		LAB_IMAGE_DIR="$out/$1" LAB_OUT="$out" "$here/run-cluster.sh" >/dev/null || true
fi
stamp "report"
rc=0
LAB_RELEASES="$releases" LAB_INITS="$inits" "$here/report.sh" "$out" || rc=$?
stamp "done, exit $rc; report in $out/report.md"
exit "$rc"
