#!/bin/sh
# The package scenario (issue 15): the nfs-ctl .deb installed over Debian's
# own NFS stack, nfs-utils reinstalled under it, then removed and purged, on
# each release under each init, with reboots in between
# (guest/package/p1-switch.sh says what is checked in which boot).
# Not part of run-lab.sh (CI time): `make check-vm-package`.
#
# Each boot uses a persistent qcow2 overlay of the release's image and a
# qemu without -no-reboot (as the multi-host server does), so the guest's
# reboots keep its disk; the run ends with the guest's poweroff. The guest has
# no network: the image carries the nfs-ctl .deb and the .deb files of the
# nfs-common and nfs-kernel-server it has installed (fetch-debs.sh).
#
# Environment:
#   LAB_RELEASES, LAB_INITS, LAB_JOBS, LAB_CACHE, LAB_OUT   as in run-lab.sh
#   LAB_DEB=FILE        install this .deb instead of building one from the
#                       source tree (built once, on the host: the package is
#                       arch-dependent on libc only and installs on both)
# Results: OUT/package/report.md; last line "package: N passed, N failed".
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
releases=${LAB_RELEASES:-$(sed "s/#.*//" "$here/releases.txt" | xargs)}
inits=${LAB_INITS:-systemd sysv}
jobs=${LAB_JOBS:-$(nproc)}
[ "$jobs" -le 2 ] || jobs=2
cache=${LAB_CACHE:-$here/.cache}
out=${LAB_OUT:-$here/out}/package
export LAB_VM_TIMEOUT="${LAB_VM_TIMEOUT:-3600}"
t0=$(date +%s)
stamp() { echo "package: [$(($(date +%s) - t0)) s] $*" >&2; }

[ "$(id -u)" = 0 ] || { echo "package: must run as root (debootstrap, chroot)" >&2; exit 1; }
mkdir -p "$cache" "$out"
deb=${LAB_DEB:-}
if [ -z "$deb" ]; then
	stamp "building the nfs-ctl package"
	work=$out/deb
	rm -rf "$work"
	mkdir -p "$work/src"
	(cd "$top" && git ls-files -z -co --exclude-standard | tar --null -T - -cf -) |
		tar -xf - -C "$work/src"
	(cd "$work/src" && autoreconf -fi && ./configure && make distdir distdir="$work/tree" &&
		contrib/debian/build-deb "$work/tree" "$work") \
		>"$work/build.log" 2>&1 || {
		tail -n 40 "$work/build.log" >&2
		echo "package: build failed, full log in $work/build.log" >&2
		exit 1
	}
	deb=$(ls "$work"/nfs-ctl_*.deb)
fi
for r in $releases; do
	stamp "$r: root tree"
	rootfs=$("$here/build-rootfs.sh" "$r" "$cache")
	extra=$out/$r/extra
	rm -rf "$extra"
	mkdir -p "$extra/pkg/nfs-utils"
	cp "$deb" "$extra/pkg/"
	stamp "$r: nfs-common and nfs-kernel-server .deb files"
	"$here/fetch-debs.sh" "$r" "$rootfs" "$extra/pkg/nfs-utils" nfs-common nfs-kernel-server >/dev/null
	stamp "$r: disk image"
	"$here/prepare-image.sh" "$rootfs" "$out/$r" "" "$extra"
	cp "$rootfs/packages.lst" "$out/$r/"
done
stamp "booting: releases $releases, inits $inits, $jobs at a time"
for r in $releases; do
	for i in $inits; do echo "$r $i"; done
done | xargs -P "$jobs" -L 1 sh -c '
	boot=$0 out=$1 r=$2 i=$3
	disk=$out/$r/$i.qcow2
	rm -f "$disk"
	qemu-img create -q -f qcow2 -b "$out/$r/disk.img" -F raw "$disk"
	LAB_BOOT_DISK=$disk "$boot" "$out/$r" "$i" "lab.init=$i" lab.mode=distro lab.break=none \
		lab.scenarios=all lab.role=package ||
		echo "package: boot $r/$i left no results" >&2
	rm -f "$disk"
	echo "package: $r/$i done after $(cat "$out/$r/$i/wall-seconds" 2>/dev/null) s" >&2
	exit 0' "$here/boot.sh" "$out" || true
rc=0
LAB_RELEASES="$releases" LAB_INITS="$inits" "$here/report-package.sh" "$out" || rc=$?
stamp "done, exit $rc; report in $out/report.md"
exit "$rc"
