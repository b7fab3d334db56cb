#!/bin/sh
# Make the bootable disk image of one lab run from the cached root tree:
#   prepare-image.sh ROOTFS_CACHE_DIR WORK_DIR [NFS_CTL_DESTDIR [EXTRA_DIR]]
# The image holds both modes: Debian's own nfs-utils init files (distro) and
# nfs-ctl's `make install DESTDIR=` output (nfs-ctl). Its files are left in the
# distro state; for each mode, guest/switch-mode's data (the files that differ
# from the other mode) goes into /usr/lib/nfs-ctl-lab/modes, and lab-init
# switches at boot from the kernel command line (lab.mode=).
# Writes WORK_DIR/disk.img, vmlinuz, initrd.img.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=$1
work=$2
destdir=${3:-}
# EXTRA_DIR: more files for the guest, copied to /usr/lib/nfs-ctl-lab/
# (run-package.sh: the .deb files its scenario installs offline)
extra=${4:-}
root=$work/root
lab=$root/usr/lib/nfs-ctl-lab

rm -rf "$root"
mkdir -p "$work"
cp -a --reflink=auto "$cache/root" "$root"
cp "$cache/vmlinuz" "$cache/initrd.img" "$work/"

# --- the machine: fstab, host name, exports, mount points ------------------
echo '/dev/vda / ext4 rw 0 0' >"$root/etc/fstab"
echo nfslab >"$root/etc/hostname"
# The multi-host lab's names (run-cluster.sh): statd and sm-notify use them.
printf '127.0.0.1\tlocalhost nfslab\n169.254.10.1\tlabsrv\n169.254.10.2\tlabcli\n' >"$root/etc/hosts"
: >"$root/etc/exports"
i=0
while [ $i -lt 20 ]; do
	mkdir -p "$root/srv/nfs/e$i"
	echo "/srv/nfs/e$i 127.0.0.1(rw,sync,no_subtree_check,no_root_squash)" >>"$root/etc/exports"
	i=$((i + 1))
done
# The multi-host lab's export, on the private link only.
mkdir -p "$root/srv/nfs/c/ctl"
echo "/srv/nfs/c 169.254.0.0/16(rw,sync,no_subtree_check,no_root_squash)" >>"$root/etc/exports"

# --- the lab's own files, common to both modes -----------------------------
mkdir -p "$lab/modes"
cp -r "$here/guest/scenarios" "$here/guest/cluster" "$here/guest/failover" "$here/guest/package" \
	"$here/guest/container" "$lab/"
[ -z "$extra" ] || cp -r "$extra/." "$lab/"
# The lock helper of the multi-host scenarios, static: any release runs it.
cc -static -O2 -Wall -Wextra -o "$lab/lockhold" "$here/guest/lockhold.c"
# the soak's writer, second owner, verifier and command meter (scenario c5)
cc -static -O2 -Wall -Wextra -o "$lab/soak" "$here/guest/soak.c"
# the Pacemaker agent's check (scenario s9-ocf), from contrib/
install -m 755 "$here/../../contrib/pacemaker/ocf-lab-check.sh" "$lab/"
# lab.init=runit: the runner's service, and contrib's nfs-server service as
# shipped (guest/runit-setup installs them at boot)
cp -r "$here/guest/runit" "$lab/"
cp -r "$here/../../contrib/runit/nfs-server" "$lab/runit/"
for f in lab-init switch-mode lib.sh lab-runner runit-setup; do
	install -m 755 "$here/guest/$f" "$lab/$f"
done
install -m 644 "$here/guest/lab-runner.service" "$here/guest/lab-break-notify.service" \
	"$here/guest/lab-break-cld.service" "$root/etc/systemd/system/"
install -m 755 "$here/guest/lab-runner.init" "$root/etc/init.d/lab-runner"
chroot "$root" systemctl enable lab-runner.service >/dev/null 2>&1
chroot "$root" update-rc.d lab-runner defaults >/dev/null
for b in lab-break-notify lab-break-cld; do
	install -m 755 "$here/guest/$b.init" "$root/etc/init.d/$b"
	chroot "$root" update-rc.d "$b" defaults >/dev/null
	chroot "$root" update-rc.d "$b" disable >/dev/null 2>&1
done
# Instruments: time stamps around rpc.nfsd, nfsdctl (where the release has
# it) and sm-notify (see guest/wrap-*).
for prog in sm-notify rpc.nfsd nfsdctl; do
	[ -e "$root/usr/sbin/$prog" ] || continue
	chroot "$root" dpkg-divert --quiet --rename \
		--divert "/usr/sbin/$prog.distrib" --add "/usr/sbin/$prog"
	install -m 755 "$here/guest/wrap-$prog" "$root/usr/sbin/$prog"
	# An instrument stands for the program it wraps: nfs-ctl reads the
	# nfs-utils release from nfsdctl's file ("nfsdctl: 3.1.1",
	# docs/configuration.md), so the wrapper carries the wrapped text.
	said=$(grep -ao "$prog: [0-9][0-9.]*[0-9]" "$root/usr/sbin/$prog.distrib" | head -n 1)
	[ -z "$said" ] || echo "# the wrapped program reports: $said" >>"$root/usr/sbin/$prog"
done

# --- the two modes -------------------------------------------------------
"$here/make-modes.sh" "$root" "$destdir"

# --- the disk -------------------------------------------------------------
size=$(du -sm "$root" | cut -f1)
rm -f "$work/disk.img"
truncate -s "$((size * 13 / 10 + 300))M" "$work/disk.img"
mkfs.ext4 -q -F -L nfslab -d "$root" "$work/disk.img"
rm -rf "$root"
