#!/bin/sh
# Scenario 11, nfsdctl's own path (nfs-utils >= 2.8.1; skipped where the
# release has no nfsdctl). nfs-ctl starts nfsd with `nfsdctl autostart` and
# falls back to rpc.nfsd only when it fails; it stops with `nfsdctl threads
# 0`. Whether autostart can work on this release is asked of nfsdctl itself,
# with the server down: `nfsdctl nlm` (lockd's netlink interface, Linux >=
# 6.15) and `nfsdctl listener +tcp:127.0.0.1:2049` (the request autostart
# makes). Then:
#   - where both work, the start must be nfsdctl's alone: no rpc.nfsd call;
#   - where either fails, rpc.nfsd must have brought nfsd up after it, and
#     nfs-ctl must say so once, as information (no warning, no error).
# The NOTE lines record what each release's nfsdctl answered.
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
# lab-only: mode=nfs-ctl
SDIR=$1
N=/usr/sbin/nfsdctl.distrib
[ -x "$N" ] || { echo "SKIP this release has no nfsdctl" >"$SDIR/checks"; exit 0; }

# plan_fallback: the nfsd step runs nfsdctl autostart, the line after it
# names rpc.nfsd for when it fails.
plan_fallback() {
	nfs-ctl plan start server | awk '
		f { ok = /^ +or +.*\/rpc\.nfsd +\(if it fails\)/; exit }
		/ run +nfsd +.*\/nfsdctl autostart$/ { f = 1 }
		END { exit !ok }'
}
check "plan: nfsd starts with nfsdctl autostart, rpc.nfsd as fallback" plan_fallback
check "stop server exits 0" [ "$(rec stop ctl stop)" = 0 ]
check "stop ran nfsdctl threads 0" grep -q 'prog=nfsdctl args=threads 0' /run/lab/rpc.nfsd.log
check "no nfsd thread after the stop" [ "$(threads)" = 0 ]

# What nfsdctl can do on this kernel, the server down.
rec nlm "$N" nlm >/dev/null
rec listener "$N" listener +tcp:127.0.0.1:2049 >/dev/null
"$N" threads 0 >/dev/null 2>&1 # drop the probe's listener again
note "nfsdctl nlm: exit $(rc_of nlm): $(grep -v '^\[' "$SDIR/nlm.out" | tr '\n' ' ')"
note "nfsdctl listener +tcp:127.0.0.1:2049: exit $(rc_of listener): $(grep -v '^\[' "$SDIR/listener.out" | tr '\n' ' ')"
can=no
[ "$(rc_of nlm)" = 0 ] && [ "$(rc_of listener)" = 0 ] && can=yes

m0=$(wc -l </run/lab/rpc.nfsd.log)
since=$(date '+%Y-%m-%d %H:%M:%S')
check "start server exits 0" [ "$(rec start ctl start)" = 0 ]
check "nfsd serving" wait_ready v3
tail -n +"$((m0 + 1))" /run/lab/rpc.nfsd.log >"$SDIR/start-calls.log"
# What nfs-ctl said about the start: its own output under sysvinit, the
# journal of the units under systemd.
if [ "$INIT" = systemd ]; then
	journalctl -q -o cat --since "$since" >"$SDIR/said.log" 2>&1
else
	cp "$SDIR/start.out" "$SDIR/said.log"
fi
started_by=$(awk '$2 == "rc=0" && $3 ~ /threads=[1-9]/ { print $4; exit }' "$SDIR/start-calls.log")
note "nfsdctl can start nfsd here: $can; started by $started_by; calls: $(awk '{ printf "%s %s %s; ", $4, $5, $2 }' "$SDIR/start-calls.log")"
if [ "$can" = yes ]; then
	check "nfsd started by nfsdctl autostart" [ "$started_by" = prog=nfsdctl ]
	check "rpc.nfsd not run" sh -c "! grep -q 'prog=rpc.nfsd' '$SDIR/start-calls.log'"
else
	check "nfsdctl autostart tried first, and failed" \
		sh -c "head -n 1 '$SDIR/start-calls.log' | grep -q 'rc=[1-9].*prog=nfsdctl args=autostart'"
	check "nfsd started by rpc.nfsd after it" [ "$started_by" = prog=rpc.nfsd ]
	check "the fallback is said once, as information" \
		sh -c "[ \$(grep -c 'rpc.nfsd instead' '$SDIR/said.log') = 1 ]"
	check "no warning or error about it" \
		sh -c "! grep -Ei 'nfs-ctl: (warning|error).*nfsdctl' '$SDIR/said.log'"
fi
