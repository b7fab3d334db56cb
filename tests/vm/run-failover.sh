#!/bin/sh
# The failover lab (issue 11, scenario 5): two server nodes and a client on
# one private segment, a disk shared by the two servers, Corosync/Pacemaker
# running the NFS server in a group (guest/failover/). One round per resource
# agent (LAB_FAILOVER_AGENTS, default "nfs-ctl nfsserver"), each with three
# fresh VMs: the active node is crashed, the survivor takes over.
#
# The segment: every VM has one qemu "dgram" link whose remote end is
# hub.c's port on 127.0.0.1; the hub repeats each frame to the other VMs'
# ports. No tap, no bridge, no user-mode network; guests use 169.254.20.0/16:
#   labha1 169.254.20.1, labha2 169.254.20.2, labcli 169.254.20.3,
#   labnfs 169.254.20.10 (the floating address)
# The servers boot a root tree with Debian's cluster stack
# (build-rootfs-ha.sh); the client boots the default tree (plain Debian
# nfs-common, distro mode). The servers run nfs-ctl (round nfs-ctl, agent
# ocf:nfs-ctl:nfs-ctl) or Debian's own units (round nfsserver, agent
# ocf:heartbeat:nfsserver), under the init of LAB_FAILOVER_INIT; the
# client is plain Debian under systemd.
#
# Environment:
#   LAB_FAILOVER_RELEASE  Debian release of the three VMs (default bookworm)
#   LAB_FAILOVER_AGENTS   rounds, in order (default "nfs-ctl nfsserver")
#   LAB_FAILOVER_INIT     the server nodes' init: systemd (default) or sysv
#                         (Corosync and Pacemaker then run from their init
#                         scripts)
#   LAB_BREAK             nfsd-before-fs: the group starts the NFS server
#                         before the shared disk (deliberately wrong)
#   LAB_FAILOVER_REPEAT   how many times the rounds run, alternating (default
#                         1); the report adds the median of each time
#   LAB_LOCK              a lock file held (flock) around each round's boots,
#                         to share one machine with other labs (default none)
#   LAB_DESTDIR, LAB_CACHE, LAB_OUT, LAB_VM_TIMEOUT, LAB_VM_MEM  as run-lab.sh
# Results: OUT/failover/report.md; last line "failover: N passed, N failed".
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
release=${LAB_FAILOVER_RELEASE:-bookworm}
agents=${LAB_FAILOVER_AGENTS:-nfs-ctl nfsserver}
init=${LAB_FAILOVER_INIT:-systemd}
case $init in systemd | sysv) ;; *) echo "failover: LAB_FAILOVER_INIT=$init: expected systemd or sysv" >&2; exit 2 ;; esac
repeat=${LAB_FAILOVER_REPEAT:-1}
case $repeat in '' | *[!0-9]* | 0) echo "failover: LAB_FAILOVER_REPEAT=$repeat: expected a count from 1" >&2; exit 2 ;; esac
# the runs: the agents in turn, REPEAT times (alternating, so that a slow
# stretch of the host falls on both); run directories AGENT, AGENT.2, ...
runs=
i=1
while [ "$i" -le "$repeat" ]; do
	for a in $agents; do
		if [ "$i" = 1 ]; then runs="$runs $a"; else runs="$runs $a.$i"; fi
	done
	i=$((i + 1))
done
cache=${LAB_CACHE:-$here/.cache}
out=${LAB_OUT:-$here/out}/failover
export LAB_VM_TIMEOUT="${LAB_VM_TIMEOUT:-2400}"
t0=$(date +%s)
stamp() { echo "failover: [$(($(date +%s) - t0)) s] $*" >&2; }

[ "$(id -u)" = 0 ] || { echo "failover: must run as root (debootstrap, chroot)" >&2; exit 1; }
mkdir -p "$cache" "$out"
cc -O2 -Wall -Wextra -Werror -o "$out/hub" "$here/hub.c"
destdir=${LAB_DESTDIR:-}
case " $agents " in *" nfs-ctl "*)
	if [ -z "$destdir" ]; then
		stamp "building nfs-ctl"
		destdir=$("$here/build-nfs-ctl.sh" "$top" "$cache/nfs-ctl")
	fi ;;
esac
stamp "$release: root trees (default, and with the cluster stack)"
rootfs=$("$here/build-rootfs.sh" "$release" "$cache")
harootfs=$("$here/build-rootfs-ha.sh" "$release" "$cache")
stamp "$release: disk images"
"$here/prepare-image.sh" "$rootfs" "$out/image-client" "$destdir"
"$here/prepare-image.sh" "$harootfs" "$out/image-server" "$destdir"

# Four UDP ports of 127.0.0.1 per run: the hub's, then one per VM.
hub=$((20000 + $$ % 10000 * 4))
# boot_vm RUN IMAGE NAME PORT SHARED ARGS...: one VM in the background
boot_vm() {
	work=$1/$3-vm
	mkdir -p "$work"
	for f in vmlinuz initrd.img disk.img; do ln -sf "$2/$f" "$work/$f"; done
	qemu-img create -q -f qcow2 -b "$2/disk.img" -F raw "$work/overlay.qcow2"
	vm=$3
	port=$4
	shared=$5
	shift 5
	LAB_BOOT_NET=$port:$hub LAB_BOOT_DISK=$work/overlay.qcow2 LAB_BOOT_SHARED=$shared \
		"$here/boot.sh" "$work" "$vm" "$@" lab.host="$vm" lab.break="${LAB_BREAK:-none}" lab.scenarios=all &
}
# shared_disk FILE: the export (with the markers' ctl/) and the NFS state
shared_disk() {
	tree=$(mktemp -d)
	mkdir -p "$tree/export/ctl" "$tree/state"
	rm -f "$1"
	truncate -s 256M "$1"
	mkfs.ext4 -q -F -L labshared -d "$tree" "$1"
	rm -rf "$tree"
}

round() {
	run=$out/$1
	a=${1%.*}
	rm -rf "$run"
	mkdir -p "$run"
	case $a in
	nfs-ctl) mode=nfs-ctl ;;
	*) mode=distro ;;
	esac
	shared_disk "$run/shared.img"
	"$out/hub" "$hub" $((hub + 1)) $((hub + 2)) $((hub + 3)) 2>"$run/hub.log" &
	hubpid=$!
	stamp "round $a: booting labha1, labha2 (mode $mode, $init), labcli"
	boot_vm "$run" "$out/image-server" labha1 $((hub + 1)) "$run/shared.img" \
		lab.init="$init" lab.mode="$mode" lab.role=ha-server lab.ip=169.254.20.1/16 lab.agent="$a"
	p1=$!
	boot_vm "$run" "$out/image-server" labha2 $((hub + 2)) "$run/shared.img" \
		lab.init="$init" lab.mode="$mode" lab.role=ha-server lab.ip=169.254.20.2/16 lab.agent="$a"
	p2=$!
	boot_vm "$run" "$out/image-client" labcli $((hub + 3)) "" \
		lab.init=systemd lab.mode=distro lab.role=ha-client lab.ip=169.254.20.3/16 lab.agent="$a"
	p3=$!
	for p in $p1 $p2 $p3; do
		wait "$p" || echo "failover: round $a: a VM left no results" >&2
	done
	kill "$hubpid"
	wait "$hubpid" 2>/dev/null || true
	rm -f "$run"/*-vm/overlay.qcow2
	stamp "round $a: done"
}

for r in $runs; do
	if [ -n "${LAB_LOCK:-}" ]; then
		exec 8>"$LAB_LOCK"
		flock 8
		round "$r"
		flock -u 8
	else
		round "$r"
	fi
done
rc=0
LAB_FAILOVER_AGENTS="$runs" LAB_FAILOVER_INIT="$init" "$here/report-failover.sh" "$out" || rc=$?
stamp "done, exit $rc; report in $out/report.md"
exit "$rc"
