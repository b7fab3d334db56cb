#!/bin/sh
# Scenario 12, one decision time for the rpc_pipefs place (issue 30).  An
# administrator replaces /etc/nfs.conf with a short file of their own, which
# drops `[general] pipefs-directory = /run/rpc_pipefs` (Debian 12's), and
# restarts the server without a daemon-reload.  Under systemd the rpc_pipefs
# mount unit still mounts /run/rpc_pipefs (the generator decided it), while
# nfsdcld reads the default place, /var/lib/nfs/rpc_pipefs, at its start:
# before the fix it watched a directory with no rpc_pipefs, and the kernel
# tracked NFSv4 clients by the old upcall without a word.  Now the start
# mounts rpc_pipefs where the daemons will look.  After the restart, in both
# inits:
#   - the kernel says it uses nfsdcld client tracking, and no fallback;
#   - rpc_pipefs is mounted on /var/lib/nfs/rpc_pipefs and nfsdcld runs;
#   - `nfs-ctl doctor server` finds the upcall pipe present and exits 0.
# Before the edit the scenario makes sure the server runs with rpc_pipefs on
# /run/rpc_pipefs (the releases' nfs.conf differ), then puts nfs.conf back.
# lab-only: mode=nfs-ctl
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
MOVED=/run/rpc_pipefs
DEFAULT=/var/lib/nfs/rpc_pipefs

tracking() { dmesg | grep -c "$1 client tracking operations" || true; }
pipefs_on() { findmnt -n -t rpc_pipefs "$1" >/dev/null; }

cp /etc/nfs.conf "$SDIR/nfs.conf.orig"
# the starting point: Debian 12's setting, taken by the units
if ! grep -q "^pipefs-directory *= *$MOVED" /etc/nfs.conf; then
	printf '[general]\npipefs-directory = %s\n' "$MOVED" >>/etc/nfs.conf
	[ "$INIT" = systemd ] && systemctl daemon-reload
fi
check "restart with rpc_pipefs on $MOVED" [ "$(rec restart-0 srv restart)" = 0 ]
check "rpc_pipefs on $MOVED before the edit" pipefs_on "$MOVED"
# start from a clean slate: no stale mount at the default place
umount "$DEFAULT" 2>/dev/null
check "nothing on $DEFAULT before the edit" sh -c "! findmnt -n -t rpc_pipefs $DEFAULT"

cld=$(tracking nfsdcld) umh=$(tracking UMH) legacy=$(tracking legacy)
printf '[nfsd]\nthreads = 8\n' >/etc/nfs.conf
check "restart after the edit (no daemon-reload)" [ "$(rec restart-1 srv restart)" = 0 ]
check "serving" wait_ready v3
n=0
while [ $n -lt 50 ] && [ "$(tracking nfsdcld)" -le "$cld" ]; do sleep 0.1; n=$((n + 1)); done
check "kernel uses nfsdcld client tracking after the edit" [ "$(tracking nfsdcld)" -gt "$cld" ]
check "no UMH fallback" [ "$(tracking UMH)" = "$umh" ]
check "no legacy fallback" [ "$(tracking legacy)" = "$legacy" ]
check "rpc_pipefs mounted on $DEFAULT, where the daemons look now" pipefs_on "$DEFAULT"
check "nfsdcld running" one_proc nfsdcld
check "the kernel's tracking pipe is there" test -e "$DEFAULT/nfsd/cld"
rec doctor nfs-ctl doctor server >/dev/null
check "doctor exits 0" [ "$(rc_of doctor)" = 0 ]
check "doctor: nfsdcld's upcall pipe present" grep -q "OK    nfsdcld    expected $DEFAULT/nfsd/cld open by nfsdcld; seen present" "$SDIR/doctor.out"
if [ "$INIT" = systemd ]; then
	journalctl -b -u nfsdcld.service --no-pager >"$SDIR/nfsdcld-journal.txt" 2>&1
	check "systemd: the start said it mounted rpc_pipefs there" grep -q "rpc_pipefs is not mounted on $DEFAULT, where this start needs it" "$SDIR/nfsdcld-journal.txt"
fi

cp "$SDIR/nfs.conf.orig" /etc/nfs.conf
[ "$INIT" = systemd ] && systemctl daemon-reload
check "restart with the original nfs.conf" [ "$(rec restart-2 srv restart)" = 0 ]
check "serving at the end" wait_ready v3
