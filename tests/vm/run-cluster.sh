#!/bin/sh
# The multi-host lab (issue 11): a server VM and a client VM on one private
# qemu link (UDP between two ports of 127.0.0.1; guests 169.254.10.1 labsrv
# and 169.254.10.2 labcli), running the scenarios of guest/cluster/.
# The server boots nfs-ctl (or, with "distro" in LAB_CLUSTER_MODES, Debian's own scripts and
# units) under each init of LAB_CLUSTER_INITS, on a persistent qcow2 overlay
# of the image, so that its /var/lib/nfs survives the crash a scenario causes.
# The client is plain Debian (distro mode, systemd), also on a persistent
# overlay: scenario c2 crashes it, and its statd's monitor list must survive.
# One server/client pair at a time: each VM is one emulated CPU.
#
# Environment:
#   LAB_CLUSTER_RELEASE       the Debian release of both VMs (default bookworm)
#   LAB_CLUSTER_INITS         the server's inits (default "systemd sysv");
#                             "runit" (issue 31): runit-init as PID 1, the NFS
#                             server contrib/runit's service, on a tree from
#                             build-rootfs-runit.sh (no sysvinit: not with sysv)
#   LAB_CLUSTER_MODES         the server's stacks (default "nfs-ctl"; add
#                             "distro" for Debian's baseline in the same run)
#   LAB_CLUSTER_SCENARIOS     which scenarios of guest/cluster/ run, as
#                             LAB_SCENARIOS does for run-lab.sh (c1,c3 or
#                             full names; default all, which leaves out the
#                             scenarios with a "# lab-explicit:" header: c5
#                             and c6)
#   SOAK_CYCLES, SOAK_SEED    scenario c5, the soak (make check-vm-soak): its
#                             cycles (default 300) and the seed of their
#                             order (default: from the clock; recorded in
#                             the report, give it again to replay)
#   CHAOS_FAULTS              scenario c6 (chaos): faults per server init
#                             (default 100)
#   CHAOS_SECONDS             c6: no new fault after this many seconds of
#                             its run (default 0: no bound)
#   LAB_BREAK                 as in run-lab.sh (notify-early: the server runs
#                             sm-notify before nfsd; cld-late: nfsdcld after
#                             nfsd; scenario c1 must fail with either;
#                             sysv-server, with runit: Debian's stage 2 also
#                             runs nfs-kernel-server's script, and c1's check
#                             that runit's service serves must fail;
#                             no-finish, with runit: the service without
#                             ./finish, c1's check that it ran must fail;
#                             sysv-disabled, with runit: that script
#                             disabled, not blocked: a variant that must
#                             pass, since nfs-ctl reads runit's mark)
#   LAB_DESTDIR, LAB_CACHE, LAB_OUT   as in run-lab.sh
#   LAB_IMAGE_DIR             use this run-lab.sh image directory (disk.img,
#                             vmlinuz, initrd.img) instead of making one
# Results: OUT/cluster/report.md; last line "cluster: N passed, N failed".
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
release=${LAB_CLUSTER_RELEASE:-bookworm}
inits=${LAB_CLUSTER_INITS:-systemd sysv}
modes=${LAB_CLUSTER_MODES:-nfs-ctl}
brk=${LAB_BREAK:-none}
scen=${LAB_CLUSTER_SCENARIOS:-all}
cache=${LAB_CACHE:-$here/.cache}
out=${LAB_OUT:-$here/out}/cluster
# c5, the soak: its cycles and seed go to both VMs (lab.soak=); unless
# LAB_VM_TIMEOUT says otherwise, each VM gets 3600 s plus 30 s a cycle
# (measured on 2026-12-07 on a loaded host: about 9 s a cycle under
# sysvinit, 30 under systemd; docs/lab.md, "Soak"), and the server stops
# cycling 1500 s before that limit, so that its results are saved and the
# check "ran the N cycles asked" says how far it got.
soakarg=
for w in $(echo "$scen" | tr ',' ' '); do
	case $w in c5 | c5-*)
		cycles=${SOAK_CYCLES:-300}
		seed=${SOAK_SEED:-$(($(date +%s) % 1000000))}
		case $cycles$seed in *[!0-9]*)
			echo "cluster: SOAK_CYCLES and SOAK_SEED are numbers" >&2
			exit 2 ;;
		esac
		LAB_VM_TIMEOUT=${LAB_VM_TIMEOUT:-$((3600 + cycles * 30))}
		budget=$((LAB_VM_TIMEOUT - 1500))
		[ "$budget" -ge 300 ] || budget=300
		soakarg=lab.soak=$cycles,$seed,$budget
		;;
	esac
done
# c6, chaos: hours of faults
case ",$scen," in
*,c6,* | *,c6-*) export LAB_VM_TIMEOUT="${LAB_VM_TIMEOUT:-40000}" ;;
*) export LAB_VM_TIMEOUT="${LAB_VM_TIMEOUT:-3600}" ;;
esac
chaos="lab.chaos-faults=${CHAOS_FAULTS:-100} lab.chaos-seconds=${CHAOS_SECONDS:-0}"
t0=$(date +%s)
stamp() { echo "cluster: [$(($(date +%s) - t0)) s] $*" >&2; }
[ -z "$soakarg" ] || stamp "soak (c5): $soakarg (cycles, seed, seconds of cycling at most); VM limit $LAB_VM_TIMEOUT s"

[ "$(id -u)" = 0 ] || { echo "cluster: must run as root (debootstrap, chroot)" >&2; exit 1; }
mkdir -p "$cache" "$out"
img=${LAB_IMAGE_DIR:-}
if [ -z "$img" ]; then
	destdir=${LAB_DESTDIR:-}
	case " $modes " in *" nfs-ctl "*)
		if [ -z "$destdir" ]; then
			stamp "building nfs-ctl"
			destdir=$("$here/build-nfs-ctl.sh" "$top" "$cache/nfs-ctl")
		fi ;;
	esac
	stamp "$release: root tree"
	case " $inits " in
	*" runit "*" sysv "* | *" sysv "*" runit "*)
		echo "cluster: runit and sysv need different trees; run them apart" >&2
		exit 1 ;;
	*" runit "*) rootfs=$("$here/build-rootfs-runit.sh" "$release" "$cache") ;;
	*) rootfs=$("$here/build-rootfs.sh" "$release" "$cache") ;;
	esac
	stamp "$release: disk image"
	img=$out/image
	"$here/prepare-image.sh" "$rootfs" "$img" "$destdir"
fi
# Two UDP ports of 127.0.0.1 for the link, different per run.
port=$((20000 + $$ % 20000 * 2))
for m in $modes; do
	for i in $inits; do
		run=$out/$m-$i
		rm -rf "$run"
		mkdir -p "$run"
		for f in vmlinuz initrd.img disk.img; do ln -sf "$img/$f" "$run/$f"; done
		qemu-img create -q -f qcow2 -b "$img/disk.img" -F raw "$run/server.qcow2"
		stamp "$m, server $i: booting server and client (break $brk)"
		# shellcheck disable=SC2086 # $chaos is two words
		LAB_BOOT_NET=$port:$((port + 1)) LAB_BOOT_DISK=$run/server.qcow2 \
			"$here/boot.sh" "$run" server lab.init="$i" lab.mode="$m" lab.break="$brk" lab.scenarios="$scen" \
			lab.role=server lab.host=labsrv lab.ip=169.254.10.1/16 $chaos ${soakarg:+"$soakarg"} &
		sp=$!
		qemu-img create -q -f qcow2 -b "$img/disk.img" -F raw "$run/client.qcow2"
		LAB_BOOT_NET=$((port + 1)):$port LAB_BOOT_DISK=$run/client.qcow2 \
			"$here/boot.sh" "$run" client lab.init=systemd lab.mode=distro lab.break=none lab.scenarios="$scen" \
			lab.role=client lab.host=labcli lab.ip=169.254.10.2/16 ${soakarg:+"$soakarg"} &
		cp=$!
		wait "$sp" || echo "cluster: $m/$i: the server left no results" >&2
		wait "$cp" || echo "cluster: $m/$i: the client left no results" >&2
		rm -f "$run/server.qcow2" "$run/client.qcow2"
		stamp "$m, server $i: done (server $(cat "$run/server/wall-seconds") s, client $(cat "$run/client/wall-seconds") s)"
	done
done
rc=0
LAB_CLUSTER_INITS="$inits" LAB_CLUSTER_MODES="$modes" "$here/report-cluster.sh" "$out" || rc=$?
stamp "done, exit $rc; report in $out/report.md"
exit "$rc"
