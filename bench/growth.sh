#!/bin/bash
# How nfs-ctl's own cost grows with the size of its input (host, stub
# daemons in a sandbox laid out as tests/helpers.bash does):
#   - `plan start server` and a sysvinit `start server` with 1, 100, 1000,
#     10000 lines in /etc/exports;
#   - the systemd generator with 1, 100, 1000, 10000 export lines, and
#     with 1, 50, 500 NFS entries in /etc/fstab;
#   - start-statd (sysvinit) with 1, 20, 200 concurrent callers: total time
#     until the last returns, every caller exit 0, exactly one rpc.statd.
# Each figure is the median of BENCH_REPS runs (default 5) timed with
# date +%s%N around the command.  The stubs start at once, so what is
# measured is nfs-ctl, not the real exportfs or daemons.
#
# BENCH_GROWTH_ONLY (default "exports fstab statd") chooses the parts;
# BENCH_GROWTH_EXPORTS ("1 100 1000 10000"), BENCH_GROWTH_FSTAB ("1 50
# 500") and BENCH_GROWTH_CALLERS ("1 20 200") the sizes (tests/bench.bats
# runs it small, so that it cannot rot unnoticed).
#
#   NFS_CTL=_build/d/nfs-ctl STUB_BIN=_build/d/tests/stub bench/growth.sh [OUT_DIR]
set -eu -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/out/growth}
: "${NFS_CTL:?NFS_CTL must name the nfs-ctl binary}"
: "${STUB_BIN:=$(dirname "$NFS_CTL")/tests/stub}"
reps=${BENCH_REPS:-5}
parts=" ${BENCH_GROWTH_ONLY:-exports fstab statd} "
for p in $parts; do
	case $p in exports | fstab | statd) ;; *) echo "growth.sh: BENCH_GROWTH_ONLY: no part '$p' (exports, fstab, statd)" >&2; exit 2 ;; esac
done
part() { [[ $parts == *" $1 "* ]]; }
mkdir -p "$out"
[ "$(id -u)" -eq 0 ] || { echo "growth.sh: needs root (sysv start, start-statd)" >&2; exit 1; }

ROOT=
# ---- the sandbox (tests/helpers.bash's layout) ------------------------------
sandbox() {
	ROOT=$(mktemp -d /tmp/nfs-ctl-growth.XXXXXX)
	chmod 755 "$ROOT"
	mkdir -p "$ROOT"/{sbin,usr/sbin,usr/bin,bin,etc/stub,etc/init.d,run/stub-rpcbind} \
		"$ROOT"/{var/log,var/lib/nfs/rpc_pipefs,proc/fs/nfsd,proc/self}
	: >"$ROOT/proc/self/mountinfo"
	: >"$ROOT/var/log/stub-calls.log"
	for p in /sbin/rpc.statd /sbin/sm-notify /usr/sbin/rpc.mountd /usr/sbin/rpc.nfsd \
		/usr/sbin/exportfs /usr/sbin/rpc.idmapd /usr/sbin/rpc.gssd /usr/sbin/rpc.svcgssd \
		/usr/sbin/blkmapd /usr/sbin/nfsdcld /usr/bin/mount /usr/bin/systemctl; do
		install -m 755 "$STUB_BIN/stubd" "$ROOT$p"
	done
	install -m 755 "$STUB_BIN/stub-rpcbind" "$ROOT/sbin/rpcbind"
	"$ROOT/sbin/rpcbind" "$ROOT"
	ln -s "$NFS_CTL" "$ROOT/usr/sbin/start-statd"
}

# pids of processes running a program of the sandbox (NAME: that one only)
sandbox_pids() {
	local want=${1:-} p exe
	for p in /proc/[0-9]*; do
		exe=$(readlink "$p/exe" 2>/dev/null) || continue
		case $exe in "$ROOT"/*) ;; *) continue ;; esac
		[ -z "$want" ] || [ "${exe##*/}" = "$want" ] || continue
		grep -q '^State:[[:space:]]*Z' "$p/status" 2>/dev/null && continue
		echo "${p#/proc/}"
	done
}

cleanup() {
	[ -n "$ROOT" ] && [ -d "$ROOT" ] || return 0
	local pids
	pids=$(sandbox_pids)
	# shellcheck disable=SC2086 # only processes of this sandbox, started here
	[ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
	sleep 0.1
	rm -rf "$ROOT"
	ROOT=
}
trap cleanup EXIT

now_ns() { date +%s%N; }
ms() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", (b - a) / 1e6 }'; }

# median of the numbers on stdin
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# time_ms CMD...: wall time of CMD in ms (its output discarded; must exit 0)
time_ms() {
	local t0 t1
	t0=$(now_ns)
	"$@" >/dev/null 2>"$out/last.err" || { echo "growth.sh: failed: $*" >&2; cat "$out/last.err" >&2; exit 1; }
	t1=$(now_ns)
	ms "$t0" "$t1"
}

write_exports() { # N
	local i
	for ((i = 1; i <= $1; i++)); do
		echo "/srv/nfs/export$i 169.254.0.0/16(rw,sync,no_subtree_check)"
	done >"$ROOT/etc/exports"
}

write_fstab() { # N: N NFS entries, half from this host, half from servers of
	# names that nothing resolves (each an ordering line: local_host.h)
	local i
	{
		echo "/dev/vda1 / ext4 defaults 0 1"
		for ((i = 1; i <= $1; i++)); do
			if ((i % 2)); then host=localhost; else host=fileserver$i; fi
			echo "$host:/srv/nfs/export$i /mnt/nfs$i nfs defaults,_netdev 0 0"
		done
	} >"$ROOT/etc/fstab"
}

ctl() { "$NFS_CTL" --root "$ROOT" --init=sysv "$@"; }

row() { printf '%s\t%s\t%s\n' "$@" | tee -a "$out/growth.tsv"; }

{
	echo "# growth benchmark $(date -u +%Y-%m-%dT%H:%M:%SZ), $reps reps per figure"
	echo "host: $(uname -srm); $(nproc) cpus; load $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "nfs-ctl: $NFS_CTL ($(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?'))"
} | tee "$out/env.txt"
printf 'benchmark\tsize\tmedian_ms\n' >"$out/growth.tsv"

sandbox
gen=$ROOT/run/generator
# ---- exports: plan, sysv start, generator ------------------------------------
part exports && for n in ${BENCH_GROWTH_EXPORTS:-1 100 1000 10000}; do
	write_exports "$n"
	v=$(for ((r = 0; r < reps; r++)); do time_ms ctl plan start server; done | median)
	row "plan start server" "exports=$n" "$v"
	v=$(for ((r = 0; r < reps; r++)); do
		time_ms ctl start server
		ctl stop server >/dev/null 2>&1
	done | median)
	row "sysv start server" "exports=$n" "$v"
	v=$(for ((r = 0; r < reps; r++)); do
		rm -rf "$gen" && mkdir -p "$gen"
		time_ms "$NFS_CTL" --root "$ROOT" generator "$gen"
	done | median)
	row "generator" "exports=$n" "$v"
	lines=$(grep -c RequiresMountsFor "$gen"/nfsd.service.d/nfs-ctl-mounts.conf)
	[ "$lines" -eq "$n" ] || { echo "growth.sh: generator wrote $lines RequiresMountsFor= for $n exports" >&2; exit 1; }
done
write_exports 1
# ---- fstab: generator ------------------------------------------------------------
part fstab && for n in ${BENCH_GROWTH_FSTAB:-1 50 500}; do
	write_fstab "$n"
	v=$(for ((r = 0; r < reps; r++)); do
		rm -rf "$gen" && mkdir -p "$gen"
		time_ms "$NFS_CTL" --root "$ROOT" generator "$gen"
	done | median)
	row "generator" "fstab-nfs=$n" "$v"
	lines=$(grep -c '^Before=' "$gen"/nfsd.service.d/nfs-ctl-mounts.conf)
	# every local entry is ordered; the unknown names are too since
	# local_host.h (an older build orders only the local half)
	[ "$lines" -ge $(((n + 1) / 2)) ] && [ "$lines" -le "$n" ] ||
		{ echo "growth.sh: generator wrote $lines Before= for $n fstab entries" >&2; exit 1; }
done
rm -f "$ROOT/etc/fstab"
# ---- start-statd: concurrent callers -------------------------------------------
# N callers at once, as N mount.nfs would; the round's time is from the
# first start to the last exit.
statd_round() { # N
	local n=$1 i t0 t1 fails=0 pids=()
	t0=$(now_ns)
	for ((i = 0; i < n; i++)); do
		env -i "$ROOT/usr/sbin/start-statd" --root "$ROOT" 2>>"$out/statd.err" &
		pids+=($!)
	done
	for p in "${pids[@]}"; do wait "$p" || fails=$((fails + 1)); done
	t1=$(now_ns)
	[ "$fails" -eq 0 ] || { echo "growth.sh: $fails of $n start-statd callers failed" >&2; exit 1; }
	[ "$(sandbox_pids rpc.statd | wc -l)" -eq 1 ] ||
		{ echo "growth.sh: $(sandbox_pids rpc.statd | wc -l) rpc.statd after $n callers" >&2; exit 1; }
	ms "$t0" "$t1"
}
part statd && for n in ${BENCH_GROWTH_CALLERS:-1 20 200}; do
	v=$(for ((r = 0; r < reps; r++)); do
		statd_round "$n"
		ctl stop statd >/dev/null 2>&1
	done | median)
	row "start-statd, concurrent callers" "callers=$n" "$v"
done
echo "growth.sh: results in $out/growth.tsv" >&2
