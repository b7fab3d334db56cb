#!/bin/sh
# Build (or reuse) the cached Debian root filesystem of one release, shared by
# both inits. One tree holds systemd AND sysvinit-core: the kernel command line
# picks PID 1 (init=/lib/systemd/systemd or /sbin/init), so one debootstrap
# serves both.
# Usage: build-rootfs.sh RELEASE CACHE_DIR   -> prints the path of the ready tree
#   RELEASE: a Debian code name the host's mirror serves (bookworm, trixie,
#            forky)
# The tree is keyed by the release, guest-packages.txt and this script, so a
# change to any of them rebuilds it; nothing nfs-ctl-specific goes in here.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
release=$1
cache=$2
key=$({ echo "$release"; cat "$here/guest-packages.txt" "$here/build-rootfs.sh"; } |
	sha256sum | cut -c1-16)
dest=$cache/rootfs-$release-$key
mkdir -p "$cache"
# One builder at a time (the benchmark shares this cache); the others wait
# and then find the tree done.
exec 9>"$cache/.lock-$release"
flock 9
if [ -f "$dest/done" ]; then
	echo "$dest"
	exit 0
fi
mirror=$("$here/mirror.sh")
rm -rf "$dest.tmp"
mkdir -p "$dest.tmp"
root=$dest.tmp/root
log=$dest.tmp/build.log
echo "build-rootfs: debootstrap $release into $root (log $log)" >&2

cleanup() {
	for m in dev/pts dev proc sys; do
		umount "$root/$m" 2>/dev/null || true
	done
}
trap cleanup EXIT INT TERM

# A release newer than the host's debootstrap (forky on a Debian 12 host) has
# no script of its own; testing is bootstrapped like unstable.
script=
[ -e "/usr/share/debootstrap/scripts/$release" ] || script=/usr/share/debootstrap/scripts/sid
# shellcheck disable=SC2086 # no script argument when it is empty
debootstrap --variant=minbase "$release" "$root" "$mirror" $script >"$log" 2>&1 || {
	tail -n 30 "$log" >&2
	exit 1
}

# Nothing installed in the chroot may start a daemon on the host.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
# The host's apt may point at a snapshot whose Release files have expired.
echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99lab"
# initramfs: only what the lab's virtual machine needs to find its root, and
# its network card (lab-init configures the link before any init runs).
mkdir -p "$root/etc/initramfs-tools/conf.d"
echo 'MODULES=list' >"$root/etc/initramfs-tools/conf.d/lab.conf"
printf '%s\n' virtio_pci virtio_blk virtio_net ext4 crc32c_generic >>"$root/etc/initramfs-tools/modules"

mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
# shellcheck disable=SC2046 # one package name per line, word splitting wanted
chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C \
	apt-get install -y --no-install-recommends \
	$(grep -v '^#' "$here/guest-packages.txt") >>"$log" 2>&1 || {
	tail -n 30 "$log" >&2
	exit 1
}
chroot "$root" apt-get clean >>"$log" 2>&1
cleanup
trap - EXIT INT TERM

# Smaller tree, faster mkfs.ext4 -d: drop documentation and apt lists.
rm -rf "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/locale/* \
	"$root"/var/lib/apt/lists/*_* "$root"/var/cache/apt/*.bin
rm -f "$root/usr/sbin/policy-rc.d"

# The kernel and initramfs are booted directly by qemu (-kernel/-initrd).
cp "$root"/boot/vmlinuz-* "$dest.tmp/vmlinuz"
cp "$root"/boot/initrd.img-* "$dest.tmp/initrd.img"
chroot "$root" dpkg-query -W >"$dest.tmp/packages.lst"
touch "$dest.tmp/done"
rm -rf "$dest"
mv "$dest.tmp" "$dest"
echo "$dest"
