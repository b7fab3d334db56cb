#!/bin/sh
# Boot the lab image once and collect what the in-VM runner left:
#   boot.sh WORK_DIR NAME LAB_KERNEL_ARGS...
# e.g. boot.sh tests/vm/out systemd lab.init=systemd lab.mode=nfs-ctl
# Software emulation (TCG): /dev/kvm is not usable on the lab's machines.
# The disk is opened with snapshot=on, so several boots can share one image.
# No network device: NFS runs over the guest's loopback only.
# Console -> NAME/console.log, runner progress -> NAME/progress.log,
# results (a tar on the raw second disk) -> NAME/out/.
set -eu
work=$1
name=$2
shift 2
dir=$work/$name
rm -rf "$dir"
mkdir -p "$dir"
truncate -s 64M "$dir/results.img"
start=$(date +%s)
rc=0
timeout "${LAB_VM_TIMEOUT:-900}" qemu-system-x86_64 \
	-accel tcg -m "${LAB_VM_MEM:-1536}" -smp 1 \
	-nic none -display none -vga none -no-reboot \
	-kernel "$work/vmlinuz" -initrd "$work/initrd.img" \
	-append "root=/dev/vda rw console=ttyS0 panic=-1 init=/usr/lib/nfs-ctl-lab/lab-init $*" \
	-drive "file=$work/disk.img,format=raw,if=virtio,snapshot=on" \
	-drive "file=$dir/results.img,format=raw,if=virtio" \
	-serial "file:$dir/console.log" -serial "file:$dir/progress.log" \
	</dev/null >"$dir/qemu.log" 2>&1 || rc=$?
echo "$(($(date +%s) - start))" >"$dir/wall-seconds"
echo "$rc" >"$dir/qemu-exit"
if ! tar -xf "$dir/results.img" -C "$dir" 2>"$dir/untar.log" || [ ! -d "$dir/out" ]; then
	echo "boot.sh: $name left no results (qemu exit $rc); see $dir/console.log" >&2
	exit 1
fi
rm -f "$dir/results.img"
