#!/bin/sh
# The failover lab's root tree: the cached tree of build-rootfs.sh plus
# Debian's cluster stack (ha-packages.txt), as a separate cache entry, so the
# default tree (CI's) stays without it.
# Usage: build-rootfs-ha.sh RELEASE CACHE_DIR   -> prints the path of the tree
# Keyed by the base tree's path, ha-packages.txt and this script.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
release=$1
cache=$2
base=$("$here/build-rootfs.sh" "$release" "$cache")
key=$({ echo "$base"; cat "$here/ha-packages.txt" "$here/build-rootfs-ha.sh"; } |
	sha256sum | cut -c1-16)
dest=$cache/rootfs-$release-ha-$key
exec 9>"$cache/.lock-$release-ha"
flock 9
if [ -f "$dest/done" ]; then
	echo "$dest"
	exit 0
fi
rm -rf "$dest.tmp"
mkdir -p "$dest.tmp"
root=$dest.tmp/root
log=$dest.tmp/build.log
echo "build-rootfs-ha: $base + cluster stack into $root (log $log)" >&2
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
# shellcheck disable=SC2046 # one package name per line, word splitting wanted
{ chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C apt-get update &&
	chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C \
		apt-get install -y --no-install-recommends \
		$(grep -v '^#' "$here/ha-packages.txt"); } >>"$log" 2>&1 || {
	tail -n 30 "$log" >&2
	exit 1
}
chroot "$root" apt-get clean >>"$log" 2>&1
# The lab starts the cluster itself (guest/failover/), never at boot: a node
# that a scenario crashed must not rejoin before the scenario says so.
for u in corosync pacemaker; do
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
