#!/bin/sh
# Build the Debian package from a release tarball the way a packager of
# RELEASE would, with that release's debhelper, and lint it with that
# release's lintian:
#   deb-on-release.sh TARBALL [RELEASE]      (RELEASE: default the newest of
#                                             releases.txt)
# A copy of the lab's cached root tree of RELEASE (build-rootfs.sh) gets the
# build dependencies of contrib/debian/control and lintian from the host's
# mirror; the tarball is unpacked there and built with
# contrib/debian/build-deb.  Prints the .deb's file list and lintian's
# verdict; exit 1 on any lintian error or warning (informational tags are
# printed, not judged: docs/packaging.md explains each).
# Environment: LAB_CACHE (as in run-lab.sh), LAB_OUT (default
# tests/vm/out): the .deb, build log and lintian output land in
# LAB_OUT/deb-RELEASE/.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
release=${2:-$(sed 's/#.*//' "$here/releases.txt" | xargs -n1 | tail -n 1)}
cache=${LAB_CACHE:-$here/.cache}
out=${LAB_OUT:-$here/out}/deb-$release
[ "$(id -u)" = 0 ] || { echo "deb-on-release: must run as root (chroot)" >&2; exit 1; }
rootfs=$("$here/build-rootfs.sh" "$release" "$cache")
work=$(mktemp -d "${TMPDIR:-/tmp}/deb-on-release.XXXXXX")
root=$work/root
cleanup() {
	umount "$root/proc" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT INT TERM
cp -a "$rootfs/root" "$root"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
mount -t proc proc "$root/proc"
deps=$(sed -n 's/^Build-Depends:[[:space:]]*//p' "$here/../../contrib/debian/control" |
	tr ',' '\n' | sed 's/[[:space:]]*(.*//; s/^[[:space:]]*//; s/debhelper-compat/debhelper/' | xargs)
echo "deb-on-release: $release: installing $deps build-essential fakeroot lintian" >&2
# shellcheck disable=SC2086 # one word per package
chroot "$root" sh -c "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
	--no-install-recommends $deps build-essential fakeroot xz-utils lintian" >"$work/apt.log" 2>&1 || {
	tail -n 30 "$work/apt.log" >&2
	exit 1
}
mkdir -p "$root/build" "$out"
cp "$tarball" "$root/build/"
name=$(basename "$tarball" .tar.xz)
chroot "$root" sh -c "cd /build && tar -xJf '$name.tar.xz' && sh '$name/contrib/debian/build-deb' '$name' out" >&2
cp "$root"/build/out/*.deb "$root/build/out/build.log" "$out/"
chroot "$root" dpkg -c /build/out/"$(cd "$root/build/out" && ls nfs-ctl_*.deb)" >"$out/contents"
rc=0
chroot "$root" sh -c "lintian --allow-root -I --pedantic /build/out/*.changes" >"$out/lintian" 2>&1 || rc=$?
# shellcheck disable=SC2016 # a dpkg-query format, not shell
echo "deb-on-release: $release, lintian $(chroot "$root" dpkg-query -W -f '${Version}' lintian):"
cat "$out/lintian"
if grep -q '^[EW]: ' "$out/lintian" || [ "$rc" -gt 1 ]; then
	echo "deb-on-release: lintian found errors or warnings" >&2
	exit 1
fi
echo "deb-on-release: no errors, no warnings ($out)"
