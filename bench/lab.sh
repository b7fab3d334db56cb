#!/bin/sh
# The in-VM benchmarks, one lab run: both inits booted at the same time (as
# the lab does), each measuring Debian's own nfs-utils scripts/units against
# nfs-ctl alternately in the same boot.
#
#   bench/lab.sh [OUT_DIR]         (default bench/out/lab)
#
# The lab (tests/vm/) is used as a library and never modified: its cached
# root tree (build-rootfs.sh), its nfs-ctl build (build-nfs-ctl.sh) and its
# boot script (boot.sh) are called as they are; its image script is run from
# a copy in bench/.work/lab whose guest/scenarios/ are replaced by
# bench/guest/ (the lab-runner then runs the benchmarks instead of the test
# scenarios).  Environment:
#   BENCH_RELEASE   the Debian release booted (default bookworm; one of
#                   tests/vm/releases.txt); its root tree comes from the
#                   lab's cache (LAB_CACHE, default tests/vm/.cache)
#   BENCH_INITS     "systemd sysv" (default)
#   BENCH_DESTDIR   a `make install DESTDIR=` tree instead of building nfs-ctl
#   BENCH_ROOTFS    a ready root tree directory (tests/vm/.cache/rootfs-KEY)
#   BENCH_SUITES    which in-boot benchmarks run (default "server statd
#                   mounts exec"; "growth" is bench-growth.sh, on request
#                   only; empty: none, only the boot rounds)
#   BENCH_BOOTS     rounds of boot -> serving under systemd, each one boot
#                   of Debian's stack and one of nfs-ctl's, side by side (0)
#   BENCH_SERVER_MODES "distro nfs-ctl" (default); under systemd it may
#                   add nfs-ctl-direct: the exec hops' cost (bench-lib.sh)
#   BENCH_REPS (7), BENCH_BLOCKS (3), BENCH_STATD_ROUNDS (3),
#   BENCH_MOUNT_ROUNDS (2), BENCH_EXEC_N (40), BENCH_GROWTH_REPS (3),
#   BENCH_GROWTH_PARTS ("exports fstab statd"): see bench/guest/bench-*.sh
#   LAB_VM_TIMEOUT  seconds per boot (default here 2400)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
lab=$top/tests/vm
out=${1:-$here/out/lab}
work=$here/.work/lab
inits=${BENCH_INITS:-systemd sysv}
t0=$(date +%s)
stamp() { echo "bench/lab: [$(($(date +%s) - t0)) s] $*" >&2; }
[ "$(id -u)" = 0 ] || { echo "bench/lab: must run as root" >&2; exit 1; }

mkdir -p "$work" "$out"
stamp "root tree (lab cache)"
# BENCH_ROOTFS: a ready rootfs-KEY directory of the lab's cache, e.g. when
# the lab's key changed for a reason that does not matter here
rootfs=${BENCH_ROOTFS:-}
release=${BENCH_RELEASE:-bookworm}
[ -n "$rootfs" ] || rootfs=$("$lab/build-rootfs.sh" "$release" "${LAB_CACHE:-$lab/.cache}")
destdir=${BENCH_DESTDIR:-}
if [ -z "$destdir" ]; then
	stamp "building nfs-ctl from the working tree"
	destdir=$("$lab/build-nfs-ctl.sh" "$top" "$work/nfs-ctl")
fi

# Beside the product, for bench/guest/bench-exec.sh only: the older nfs-ctl
# that host-variants.sh built from BENCH_BEFORE, when there is one
# (installed under /usr/lib/nfs-ctl-bench/, used by nothing else).
before=$here/.work/host/src-before/nfs-ctl
if [ -x "$before" ]; then
	rm -rf "$work/destdir"
	cp -a "$destdir" "$work/destdir"
	destdir=$work/destdir
	install -D -m 755 "$before" "$destdir/usr/lib/nfs-ctl-bench/nfs-ctl-before"
fi

stamp "image (lab's prepare-image.sh from a copy, bench scenarios)"
# The copy sits at tests/vm of a tree whose contrib/ is the real one, since
# prepare-image.sh takes the OCF agent's check from ../../contrib.
labcopy=$work/tree/tests/vm
rm -rf "$work/tree" "$labcopy"
mkdir -p "$labcopy"
ln -s "$top/contrib" "$work/tree/contrib"
(cd "$lab" && tar --exclude=./.cache --exclude=./out -cf - .) | tar -xf - -C "$labcopy"
rm -rf "$labcopy/guest/scenarios"
mkdir -p "$labcopy/guest/scenarios"
cp "$here"/guest/*.sh "$labcopy/guest/scenarios/"
# The lab-runner gives each scenario 400 s: one scenario per round.
chunk() { # NUMBER NAME SCRIPT ROUNDS
	for r in $(seq 1 "$4"); do
		printf '#!/bin/sh\nBENCH_ROUNDS=%s exec bash "$(dirname "$0")/%s" "$@"\n' "$r" "$3" \
			>"$labcopy/guest/scenarios/s$1-bench-$2-$(printf %02d "$r").sh"
	done
}
suites=" ${BENCH_SUITES-server statd mounts exec} "
case $suites in *" server "*) chunk 1 server bench-server.sh "${BENCH_REPS:-7}" ;; esac
case $suites in *" statd "*) chunk 2 statd bench-statd.sh "${BENCH_BLOCKS:-3}" ;; esac
case $suites in *" mounts "*) chunk 3 mounts bench-mounts.sh "${BENCH_MOUNT_ROUNDS:-2}" ;; esac
case $suites in *" exec "*)
	printf '#!/bin/sh\nexec bash "$(dirname "$0")/bench-exec.sh" "$@"\n' >"$labcopy/guest/scenarios/s4-bench-exec.sh" ;;
esac
case $suites in *" growth "*)
	n=1
	for part in ${BENCH_GROWTH_PARTS:-exports fstab statd}; do
		# 10000 export lines through the real exportfs: longer than the
		# lab-runner's default limit
		printf '#!/bin/sh\n# lab-timeout: 2400\nBENCH_GROWTH_PART=%s exec bash "$(dirname "$0")/bench-growth.sh" "$@"\n' \
			"$part" >"$labcopy/guest/scenarios/s6-bench-growth-0$n-$part.sh"
		n=$((n + 1))
	done ;;
esac
# the boot benchmark's scenario runs only in its own boots (below)
printf '#!/bin/sh\nexec bash "$(dirname "$0")/bench-boot.sh" "$@"\n' >"$labcopy/guest/scenarios/s5-bench-boot.sh"
# the bench's knobs reach the guest through a file in the image
{
	for v in BENCH_STATD_ROUNDS BENCH_EXEC_N BENCH_GROWTH_REPS BENCH_SERVER_MODES; do
		eval "val=\${$v:-}"
		[ -n "$val" ] && printf 'export %s="%s"\n' "$v" "$val"
	done
	true
} >"$labcopy/guest/scenarios/bench-env.sh"
"$labcopy/prepare-image.sh" "$rootfs" "$work/vm" "$destdir"

export LAB_VM_TIMEOUT="${LAB_VM_TIMEOUT:-2400}"
boots=${BENCH_BOOTS:-0}
if [ "$suites" != "  " ]; then
	stamp "booting: $inits (boot mode distro; the benchmarks switch modes themselves)"
	pids=
	for i in $inits; do
		"$lab/boot.sh" "$work/vm" "$i" "lab.init=$i" "lab.mode=distro" "lab.break=none" \
			"lab.scenarios=s1,s2,s3,s4,s6" &
		pids="$pids $!"
	done
	for p in $pids; do wait "$p" || true; done
fi
# Boot -> serving (systemd): each round boots Debian's stack and nfs-ctl's
# side by side, so that a slow stretch of the host falls on both.
r=1
while [ "$r" -le "$boots" ]; do
	stamp "boot round $r of $boots: distro and nfs-ctl, systemd"
	pids=
	for m in distro nfs-ctl; do
		rm -rf "$work/vm/boot-$m-$r"
		"$lab/boot.sh" "$work/vm" "boot-$m-$r" lab.init=systemd "lab.mode=$m" lab.break=none \
			lab.scenarios=s5 "bench.round=$r" &
		pids="$pids $!"
	done
	for p in $pids; do wait "$p" || true; done
	r=$((r + 1))
done

stamp "collecting"
{
	echo "# bench/lab.sh $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "host: $(uname -srm); $(nproc) cpus; load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
	if [ -n "${BENCH_DESTDIR:-}" ]; then
		echo "nfs-ctl: the tree installed in $BENCH_DESTDIR"
	else
		echo "nfs-ctl: $(cd "$top" && git rev-parse --short HEAD) (+ working tree)"
	fi
	echo "release: ${BENCH_ROOTFS:+(BENCH_ROOTFS) }$release; rootfs: $rootfs"
	echo "inits: $inits; wall seconds: $(for i in $inits; do printf '%s=%s ' "$i" "$(cat "$work/vm/$i/wall-seconds" 2>/dev/null)"; done)"
} >"$out/env.txt"
: >"$out/samples.tsv"
vms=
[ "$suites" != "  " ] && vms=$inits
r=1
while [ "$r" -le "$boots" ]; do vms="$vms boot-distro-$r boot-nfs-ctl-$r"; r=$((r + 1)); done
for i in $vms; do
	rm -rf "${out:?}/$i"
	mkdir -p "$out/$i"
	cp -r "$work/vm/$i/." "$out/$i/" 2>/dev/null || true
	cat "$work/vm/$i"/out/s*-bench-*/samples.tsv >>"$out/samples.tsv" 2>/dev/null || true
done
python3 "$here/summarize.py" "$out/samples.tsv" >"$out/summary.md"
stamp "done: $out/summary.md"
cat "$out/summary.md"
