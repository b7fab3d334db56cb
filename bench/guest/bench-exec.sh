#!/bin/sh
# Benchmark 4: what `nfs-ctl exec COMPONENT` (a unit's ExecStart=) adds in
# the guest, where every unit of the server pays it.  A tree /run/bench/R
# holds the guest's real configuration (/etc/nfs.conf, /etc/default/nfs-*)
# and /bin/true as every daemon; alternately, BENCH_EXEC_N (default 40)
# times each: the daemon run directly with nfs-ctl's argv, and through
# `nfs-ctl --root R exec mountd`.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
# shellcheck source=bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
n=${BENCH_EXEC_N:-40}
switch_mode nfs-ctl
ctl=$(command -v nfs-ctl) || { say "bench exec: no nfs-ctl"; exit 0; }
R=/var/tmp/nfs-ctl-bench-R # not under /run: noexec
rm -rf "$R"
mkdir -p "$R/etc/default" "$R/usr/sbin" "$R/sbin" "$R/usr/bin" "$R/run" "$R/proc/self"
cp -r /etc/nfs.conf /etc/nfs.conf.d "$R/etc/" 2>/dev/null
cp /etc/default/nfs-common /etc/default/nfs-kernel-server "$R/etc/default/" 2>/dev/null
: >"$R/proc/self/mountinfo"
for p in rpc.mountd rpc.statd rpc.idmapd nfsdcld exportfs rpc.nfsd sm-notify; do
	cp /bin/true "$R/usr/sbin/$p"
done
read -r -a argv < <("$ctl" --root "$R" -v exec mountd 2>&1 | sed -n 's/^nfs-ctl: exec //p')
echo "argv: ${argv[*]}" >"$SDIR/argv"
# the older build (host-variants.sh's BENCH_BEFORE), when bench/lab.sh
# installed it
before=/usr/lib/nfs-ctl-bench/nfs-ctl-before
for ((i = 1; i <= n; i++)); do
	timed us "${argv[@]}" && record exec direct $i run "$us" 1
	timed us "$ctl" --root "$R" exec mountd && record exec nfs-ctl $i run "$us" 1
	if [ -x "$before" ]; then
		timed us "$before" --root "$R" exec mountd && record exec nfs-ctl-before $i run "$us" 1
	fi
done
say "bench exec done"
