#!/bin/sh
# The container lab (issue 31): a server VM whose NFS server is a container
# with `nfs-ctl run server` as PID 1 (guest/container/lab-ctr: own pid,
# mount, UTS and network namespaces, the VM's lab NIC moved in), and a
# client VM holding an NFSv3 and an NFSv4.1 lock through it, on one private
# qemu link as in run-cluster.sh (169.254.10.1 labsrv, 169.254.10.2 labcli).
# Scenario k1 (guest/container/k1-container.sh) stops the container with
# SIGTERM, kills it with SIGKILL and crashes the server VM, then does the
# same to a baseline entrypoint written the way popular NFS server images
# are; nfs-ctl must keep both locks, the baseline loses them.
# One server/client pair per release, one release after the other.
#
# Environment:
#   LAB_RELEASES      the Debian releases (default: every line of releases.txt)
#   LAB_CTR_INIT      the server VM's init (default systemd; sysv: the boot hook
#                     has an init script, but no run under sysv has been made)
#   LAB_DESTDIR, LAB_CACHE, LAB_OUT   as in run-lab.sh
#   LAB_VM_TIMEOUT    per-boot limit in seconds (default here 5400)
# Results: OUT/container/report.md; last line "container: N passed, N failed".
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
releases=${LAB_RELEASES:-$(grep -v '^#' "$here/releases.txt" | tr '\n' ' ')}
init=${LAB_CTR_INIT:-systemd}
cache=${LAB_CACHE:-$here/.cache}
out=${LAB_OUT:-$here/out}/container
export LAB_VM_TIMEOUT="${LAB_VM_TIMEOUT:-5400}"
t0=$(date +%s)
stamp() { echo "container: [$(($(date +%s) - t0)) s] $*" >&2; }

[ "$(id -u)" = 0 ] || { echo "container: must run as root (debootstrap, chroot)" >&2; exit 1; }
mkdir -p "$cache" "$out"
destdir=${LAB_DESTDIR:-}
if [ -z "$destdir" ]; then
	stamp "building nfs-ctl"
	destdir=$("$here/build-nfs-ctl.sh" "$top" "$cache/nfs-ctl")
fi
# Two UDP ports of 127.0.0.1 for the link, different per run.
port=$((20000 + $$ % 20000 * 2))
for rel in $releases; do
	run=$out/$rel
	rm -rf "$run"
	mkdir -p "$run"
	stamp "$rel: root tree"
	rootfs=$("$here/build-rootfs.sh" "$rel" "$cache")
	stamp "$rel: disk image"
	"$here/prepare-image.sh" "$rootfs" "$run/image" "$destdir"
	for f in vmlinuz initrd.img disk.img; do ln -sf "image/$f" "$run/$f"; done
	qemu-img create -q -f qcow2 -b "$run/image/disk.img" -F raw "$run/server.qcow2"
	qemu-img create -q -f qcow2 -b "$run/image/disk.img" -F raw "$run/client.qcow2"
	stamp "$rel: booting server ($init) and client"
	LAB_BOOT_NET=$port:$((port + 1)) LAB_BOOT_DISK=$run/server.qcow2 \
		"$here/boot.sh" "$run" server lab.init="$init" lab.mode=nfs-ctl lab.break=none lab.scenarios=all \
		lab.role=ctr-server lab.host=labsrv lab.ip=169.254.10.1/16 &
	sp=$!
	LAB_BOOT_NET=$((port + 1)):$port LAB_BOOT_DISK=$run/client.qcow2 \
		"$here/boot.sh" "$run" client lab.init=systemd lab.mode=distro lab.break=none lab.scenarios=all \
		lab.role=ctr-client lab.host=labcli lab.ip=169.254.10.2/16 &
	cp=$!
	wait "$sp" || echo "container: $rel: the server left no results" >&2
	wait "$cp" || echo "container: $rel: the client left no results" >&2
	rm -f "$run/server.qcow2" "$run/client.qcow2" "$run/image/disk.img"
	echo "$init" >"$run/init"
	stamp "$rel: done (server $(cat "$run/server/wall-seconds") s, client $(cat "$run/client/wall-seconds") s)"
done
rc=0
LAB_RELEASES="$releases" "$here/report-container.sh" "$out" || rc=$?
stamp "done, exit $rc; report in $out/report.md"
exit "$rc"
