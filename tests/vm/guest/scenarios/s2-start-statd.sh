#!/bin/sh
# Scenario 2, start-statd: with statd gone, a real NFSv3 mount with locking
# makes mount.nfs run /usr/sbin/start-statd; then 20 mounts at once must all
# succeed and leave exactly one rpc.statd.
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
readlink -f /usr/sbin/start-statd >"$SDIR/start-statd-is"
check "statd stopped before the test" kill_statd
check "status (100024) not registered" sh -c '! rpcinfo -p 127.0.0.1 | grep -qw 100024'
check "NFSv3 mount with locking" [ "$(rec mount nfs3_mount /srv/nfs/e0 /mnt/s2)" = 0 ]
check "flock on a file in the mount" [ "$(rec flock timeout 150 flock /mnt/s2/lockfile -c 'echo locked')" = 0 ]
# A lock held back by lockd's grace period means sm-notify did not end it.
note "first lock after boot took $(took flock) s (mount took $(took mount) s)"
check "umount" [ "$(rec umount timeout 60 umount /mnt/s2)" = 0 ]
check "exactly one rpc.statd after one mount" one_proc rpc.statd
pgrep -ax rpc.statd >"$SDIR/statd-argv-1"

check "statd stopped before 20 mounts" kill_statd
read -r t0 _ </proc/uptime
i=0
while [ $i -lt 20 ]; do
	(
		# Each mount leaves "uptime step exit" lines, so a failure says
		# whether mount.nfs (start-statd) or the lock was slow or failed.
		o=$SDIR/mnt-$i.out
		nfs3_mount "/srv/nfs/e$i" "/mnt/m$i" >>"$o" 2>&1
		rc=$?
		echo "$(uptime_s) mount exit $rc" >>"$o"
		if [ $rc = 0 ]; then
			timeout 150 flock "/mnt/m$i/lockfile" -c true >>"$o" 2>&1
			rc=$?
			echo "$(uptime_s) flock exit $rc" >>"$o"
		fi
		echo $rc >"$SDIR/mnt-$i.rc"
	) &
	i=$((i + 1))
done
wait
read -r t1 _ </proc/uptime
echo "$t0 $t1" >"$SDIR/20-mounts-time"
failed=$(cat "$SDIR"/mnt-*.rc | grep -vc '^0$')
echo "$failed" >"$SDIR/20-mounts-failed"
for f in "$SDIR"/mnt-*.rc; do
	[ "$(cat "$f")" = 0 ] || note "concurrent ${f##*/}: $(tr '\n' ' ' <"${f%.rc}.out")"
done
note "20 concurrent mounts took from $t0 s to $t1 s"
check "20 concurrent mounts + flock all succeed ($failed failed)" [ "$failed" = 0 ]
count_proc rpc.statd >"$SDIR/statd-count"
check "exactly one rpc.statd after 20 concurrent mounts ($(cat "$SDIR/statd-count"))" one_proc rpc.statd
check "status (100024) registered" registered 100024
pgrep -ax rpc.statd >"$SDIR/statd-argv-20"
bad=0
i=0
while [ $i -lt 20 ]; do
	timeout 60 umount "/mnt/m$i" >>"$SDIR/umount.out" 2>&1 || bad=$((bad + 1))
	i=$((i + 1))
done
check "20 umounts ($bad failed)" [ "$bad" = 0 ]
