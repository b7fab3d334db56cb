#!/bin/sh
# Boot the lab image once and collect what the in-VM runner left:
#   boot.sh WORK_DIR NAME LAB_KERNEL_ARGS...
# e.g. boot.sh tests/vm/out systemd lab.init=systemd lab.mode=nfs-ctl
# Software emulation (TCG): /dev/kvm is not usable on the lab's machines.
# The disk is opened with snapshot=on, so several boots can share one image.
# No network device: NFS runs over the guest's loopback only (unless
# LAB_BOOT_NET, below).
# Console -> NAME/console.log, runner progress -> NAME/progress.log,
# results (a tar on the raw second disk) -> NAME/out/.
# Multi-host boots (run-cluster.sh) set, in the environment:
#   LAB_BOOT_NET=LOCAL_PORT:REMOTE_PORT  one virtio NIC on a qemu dgram link
#                between two UDP ports of 127.0.0.1 (nothing else is reached)
#   LAB_BOOT_DISK=FILE  a persistent qcow2 overlay of disk.img instead of
#                snapshot=on, and a guest reboot stays in the same qemu (the
#                disk survives a crash; the boot ends with the guest's poweroff)
#   LAB_BOOT_SHARED=FILE  the failover lab (run-failover.sh): a raw image
#                attached to several VMs at once (share-rw, no image locking,
#                cache=directsync, so that what a node synced before a crash
#                is in the file for the other node)
# LAB_VM_SMP=N gives the guest N emulated CPUs (default 1; the benchmark of
# the parallel sysvinit start uses 2, as many as these machines have).
set -eu
work=$1
name=$2
shift 2
dir=$work/$name
rm -rf "$dir"
mkdir -p "$dir"
truncate -s 64M "$dir/results.img"
net="-nic none"
append=
if [ -n "${LAB_BOOT_NET:-}" ]; then
	lp=${LAB_BOOT_NET%%:*}
	rp=${LAB_BOOT_NET#*:}
	mac=$(printf '52:54:00:4c:%02x:%02x' $((lp / 256 % 256)) $((lp % 256)))
	net="-netdev dgram,id=lab0,local.type=inet,local.host=127.0.0.1,local.port=$lp"
	net="$net,remote.type=inet,remote.host=127.0.0.1,remote.port=$rp"
	net="$net -device virtio-net-pci,netdev=lab0,mac=$mac"
	append="net.ifnames=0"
fi
disk="file=$work/disk.img,format=raw,if=virtio,snapshot=on"
reboot=-no-reboot
if [ -n "${LAB_BOOT_DISK:-}" ]; then
	disk="file=$LAB_BOOT_DISK,format=qcow2,if=virtio"
	reboot=
fi
shared=
if [ -n "${LAB_BOOT_SHARED:-}" ]; then
	shared="-drive file=$LAB_BOOT_SHARED,format=raw,if=none,id=shared,file.locking=off,cache=directsync"
	# a PCI slot after the if=virtio disks: without it the shared disk
	# was probed first and became /dev/vda, the kernel's root= (first run)
	shared="$shared -device virtio-blk-pci,drive=shared,share-rw=on,addr=0x10"
fi
start=$(date +%s)
rc=0
# shellcheck disable=SC2086 # $net, $shared and $reboot are lists of options
timeout "${LAB_VM_TIMEOUT:-1800}" qemu-system-x86_64 \
	-accel tcg -m "${LAB_VM_MEM:-1536}" -smp "${LAB_VM_SMP:-1}" \
	$net -display none -vga none $reboot \
	-kernel "$work/vmlinuz" -initrd "$work/initrd.img" \
	-append "root=/dev/vda rw console=ttyS0 panic=-1 init=/usr/lib/nfs-ctl-lab/lab-init $append $*" \
	-drive "$disk" \
	-drive "file=$dir/results.img,format=raw,if=virtio" $shared \
	-serial "file:$dir/console.log" -serial "file:$dir/progress.log" \
	</dev/null >"$dir/qemu.log" 2>&1 || rc=$?
echo "$(($(date +%s) - start))" >"$dir/wall-seconds"
echo "$rc" >"$dir/qemu-exit"
if ! tar -xf "$dir/results.img" -C "$dir" 2>"$dir/untar.log" || [ ! -d "$dir/out" ]; then
	echo "boot.sh: $name left no results (qemu exit $rc); see $dir/console.log" >&2
	exit 1
fi
rm -f "$dir/results.img"
