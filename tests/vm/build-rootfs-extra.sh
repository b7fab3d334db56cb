#!/bin/sh
# A lab's own root tree: the cached tree of build-rootfs.sh plus the
# packages one lab needs, as a separate cache entry, so that the default
# tree (CI's) stays without them.
# Usage: build-rootfs-extra.sh RELEASE CACHE_DIR NAME PACKAGES_FILE [APT_OPTION...]
#   -> prints the path of the tree (CACHE_DIR/rootfs-RELEASE-NAME-KEY)
# PACKAGES_FILE: one package a line, '#' starts a comment; "NAME-" removes
# a package, as apt-get install reads it.  A line "# disable: UNIT..."
# names services the lab starts itself, never at boot: they are disabled
# under both inits.  Keyed by the base tree's path, PACKAGES_FILE, the apt
# options and this script.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
release=$1
cache=$2
name=$3
list=$4
shift 4
base=$("$here/build-rootfs.sh" "$release" "$cache")
key=$({ echo "$base $*"; cat "$list" "$here/build-rootfs-extra.sh"; } | sha256sum | cut -c1-16)
dest=$cache/rootfs-$release-$name-$key
exec 9>"$cache/.lock-$release-$name"
flock 9
if [ -f "$dest/done" ]; then
	echo "$dest"
	exit 0
fi
rm -rf "$dest.tmp"
mkdir -p "$dest.tmp"
root=$dest.tmp/root
log=$dest.tmp/build.log
packages=$(grep -v '^#' "$list" | tr '\n' ' ')
echo "build-rootfs-extra: $base + $packages into $root (log $log)" >&2
cp -a "$base/root" "$root"
cleanup() {
	for m in dev/pts dev proc sys; do
		umount "$root/$m" 2>/dev/null || true
	done
}
trap cleanup EXIT INT TERM
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
# shellcheck disable=SC2086 # lists of words
{ chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C apt-get update &&
	chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C \
		apt-get install -y --no-install-recommends "$@" $packages; } >>"$log" 2>&1 || {
	tail -n 30 "$log" >&2
	exit 1
}
chroot "$root" apt-get clean >>"$log" 2>&1
# shellcheck disable=SC2013 # unit names, one word each
for u in $(sed -n 's/^# disable://p' "$list"); do
	chroot "$root" systemctl disable "$u.service" >>"$log" 2>&1 || true
	chroot "$root" update-rc.d "$u" disable >>"$log" 2>&1 || true
done
cleanup
trap - EXIT INT TERM
rm -rf "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/locale/* \
	"$root"/var/lib/apt/lists/*_* "$root"/var/cache/apt/*.bin
rm -f "$root/usr/sbin/policy-rc.d"
cp "$base/vmlinuz" "$base/initrd.img" "$dest.tmp/"
chroot "$root" dpkg-query -W >"$dest.tmp/packages.lst"
touch "$dest.tmp/done"
rm -rf "$dest"
mv "$dest.tmp" "$dest"
echo "$dest"
