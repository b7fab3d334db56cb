#!/bin/sh
# The lab, end to end: build or reuse the Debian 12 root tree, build nfs-ctl,
# make the disk image, boot it under systemd and under sysvinit at the same
# time, and report. Exit status non-zero on any failed check or difference.
#
# Environment:
#   LAB_MODE=nfs-ctl|distro   what the images run (default nfs-ctl; distro =
#                             Debian's own nfs-utils scripts and units)
#   LAB_BREAK=notify-early    install a deliberately wrong sm-notify order in
#                             the guests (scenario 3 must then fail)
#   LAB_INITS="systemd sysv"  which boots to run
#   LAB_DESTDIR=DIR           use this `make install DESTDIR=` tree instead of
#                             building nfs-ctl from the source tree
#   LAB_CACHE, LAB_OUT        default tests/vm/.cache and tests/vm/out
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
mode=${LAB_MODE:-nfs-ctl}
brk=${LAB_BREAK:-none}
inits=${LAB_INITS:-systemd sysv}
cache=${LAB_CACHE:-$here/.cache}
out=${LAB_OUT:-$here/out}
export LAB_MODE="$mode" LAB_BREAK="$brk"
t0=$(date +%s)
stamp() { echo "lab: [$(($(date +%s) - t0)) s] $*" >&2; }

[ "$(id -u)" = 0 ] || { echo "lab: must run as root (debootstrap, chroot)" >&2; exit 1; }
mkdir -p "$cache" "$out"
stamp "root tree"
rootfs=$("$here/build-rootfs.sh" "$cache")
destdir=${LAB_DESTDIR:-}
if [ -z "$destdir" ] && [ "$mode" = nfs-ctl ]; then
	stamp "building nfs-ctl"
	destdir=$("$here/build-nfs-ctl.sh" "$top" "$cache/nfs-ctl")
fi
stamp "disk image"
"$here/prepare-image.sh" "$rootfs" "$out" "$destdir"
stamp "booting: $inits (mode $mode, break $brk)"
pids=
for i in $inits; do
	"$here/boot.sh" "$out" "$i" "lab.init=$i" "lab.mode=$mode" "lab.break=$brk" &
	pids="$pids $!"
done
for p in $pids; do wait "$p" || true; done
stamp "report"
rc=0
# shellcheck disable=SC2086 # init names have no blanks
"$here/report.sh" "$out" $inits || rc=$?
stamp "done, exit $rc; report in $out/report.md"
exit "$rc"
