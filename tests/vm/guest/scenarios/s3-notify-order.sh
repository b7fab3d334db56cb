#!/bin/sh
# Scenario 3, lock recovery order: statd runs with --no-notify and sm-notify
# runs only once nfsd serves, at boot and at restart. Evidence: the sm-notify
# wrapper's log (time, /proc/fs/nfsd/threads when it ran) and the rpc.nfsd
# wrapper's log (time each rpc.nfsd returned, threads it left).
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
boot=$OUT/boot
cp "$boot/sm-notify.log" "$SDIR/boot-sm-notify.log" 2>/dev/null || : >"$SDIR/boot-sm-notify.log"
cp "$boot/rpc.nfsd.log" "$SDIR/boot-rpc.nfsd.log" 2>/dev/null || : >"$SDIR/boot-rpc.nfsd.log"
# all_serving FILE: every sm-notify run in FILE saw threads > 0.
all_serving() { ! grep -v ' threads=[1-9]' "$1" | grep -q .; }
check "sm-notify ran at boot" [ -s "$SDIR/boot-sm-notify.log" ]
check "every boot sm-notify run saw nfsd serving" all_serving "$SDIR/boot-sm-notify.log"
grep 'rpc.statd' "$boot/state/daemons" >"$SDIR/boot-statd-argv" || true
check "boot statd started with --no-notify" grep -Eq -- '--no-notify|(^| )-L( |$)' "$SDIR/boot-statd-argv"
first_notify=$(awk 'NR == 1 { print $1 }' "$SDIR/boot-sm-notify.log")
nfsd_up=$(awk '$2 == "rc=0" && $3 ~ /threads=[1-9]/ { print $1; exit }' "$SDIR/boot-rpc.nfsd.log")
echo "nfsd-serving=$nfsd_up first-sm-notify=$first_notify" >"$SDIR/boot-times"
# Which program started nfsd (rpc.nfsd, or nfsdctl where the release has it),
# and every call of either with its exit code, as the instruments saw them.
note "boot: nfsd started by $(awk '$2 == "rc=0" && $3 ~ /threads=[1-9]/ { print $4; exit }' "$SDIR/boot-rpc.nfsd.log"); calls: $(awk '{ printf "%s %s %s; ", $4, $5, $2 }' "$SDIR/boot-rpc.nfsd.log")"
check "first sm-notify ($first_notify s) after nfsd serves ($nfsd_up s)" \
	awk -v a="$first_notify" -v b="$nfsd_up" 'BEGIN { exit !(a != "" && b != "" && a + 0 >= b + 0) }'

n0=$(wc -l </run/lab/sm-notify.log 2>/dev/null || echo 0)
m0=$(wc -l </run/lab/rpc.nfsd.log 2>/dev/null || echo 0)
check "restart server exits 0" [ "$(rec restart ctl restart)" = 0 ]
check "nfsd serving after restart" wait_ready v3
# nfs-ctl's restart tells the peers again (lockd restarted with nfsd): the
# notice must come, within 30 s (a start that did not wait for it would
# still pass).  Debian's units do not send it.
notified_again() {
	i=0
	while [ $i -lt 300 ]; do
		[ "$(wc -l </run/lab/sm-notify.log 2>/dev/null || echo 0)" -gt "$n0" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
if [ "$MODE" = nfs-ctl ]; then
	check "sm-notify ran again after the restart" notified_again
fi
tail -n +"$((n0 + 1))" /run/lab/sm-notify.log >"$SDIR/restart-sm-notify.log" 2>/dev/null
tail -n +"$((m0 + 1))" /run/lab/rpc.nfsd.log >"$SDIR/restart-rpc.nfsd.log" 2>/dev/null
note "sm-notify runs during restart: $(wc -l <"$SDIR/restart-sm-notify.log")"
check "every restart sm-notify run saw nfsd serving" all_serving "$SDIR/restart-sm-notify.log"
