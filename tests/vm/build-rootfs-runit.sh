#!/bin/sh
# The runit lab's root tree (issue 31): the cached tree of build-rootfs.sh
# plus Debian's runit and runit-init, as a separate cache entry. runit-init
# conflicts with sysvinit-core (both own /sbin/init's role), so this tree
# boots runit or systemd (the systemd package stays; the client of the
# multi-host lab boots it), never sysvinit.
# Usage: build-rootfs-runit.sh RELEASE CACHE_DIR   -> prints the path of the tree
# Keyed by the base tree's path and this script.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
release=$1
cache=$2
# sysvinit-core- : apt removes it only when told (runit-init conflicts),
# and, since the tree marks it protected (the init it booted with), only with
# --allow-remove-essential; runit-init takes its place as the init.
packages="runit runit-init sysvinit-core-"
base=$("$here/build-rootfs.sh" "$release" "$cache")
key=$({ echo "$base"; cat "$here/build-rootfs-runit.sh"; } | sha256sum | cut -c1-16)
dest=$cache/rootfs-$release-runit-$key
exec 9>"$cache/.lock-$release-runit"
flock 9
if [ -f "$dest/done" ]; then
	echo "$dest"
	exit 0
fi
rm -rf "$dest.tmp"
mkdir -p "$dest.tmp"
root=$dest.tmp/root
log=$dest.tmp/build.log
echo "build-rootfs-runit: $base + $packages into $root (log $log)" >&2
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
# shellcheck disable=SC2086 # a list of package names
{ chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C apt-get update &&
	chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C \
		apt-get install -y --no-install-recommends --allow-remove-essential $packages; } >>"$log" 2>&1 || {
	tail -n 30 "$log" >&2
	exit 1
}
chroot "$root" apt-get clean >>"$log" 2>&1
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
