#!/bin/sh
# Scenario 7, restart keeps NFSv4 client tracking (issue 18): an NFSv4.1
# client holds open and lock state on the server, and the administrator's
# restart command runs 5 times. After each restart the kernel must say it uses
# nfsdcld for client tracking (not the UMH or legacy fallback), and every lock
# taken before a restart, including one taken just before it, must have been
# reclaimed: a second lock attempt on it is refused once grace is over.
# Before each restart a NEW client also appears (its own network namespace
# and host name, so its own NFSv4 client ID, over a veth pair in
# 169.254.30.0/24) and takes a lock: the server must have recorded it with
# nfsdcld in time for it to reclaim after the restart.
# lab-timeout: 1800
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
M=/mnt/s7
DROPIN=/etc/nfs.conf.d/lab-s7.conf

tracking() { dmesg | grep -c "$1 client tracking operations" || true; }
# server_lock FILE: nfsd holds a lock on the exported FILE again (the client
# reclaimed it after the restart); /proc/locks names the inode as
# MAJOR:MINOR:INODE of the exported file system, not of the NFS mount.
server_lock() {
	# (not "d": check() keeps its description there)
	dev=$(stat -c %d "$1") ino=$(stat -c %i "$1")
	id=$(printf '%02x:%02x:%s' $(((dev >> 8) & 0xfff)) $(((dev & 0xff) | ((dev >> 12) & 0xfff00))) "$ino")
	n=0
	while [ $n -lt 400 ]; do
		grep -q " $id " /proc/locks && return 0
		sleep 0.1
		n=$((n + 1))
	done
	return 1
}

# new_client N: a new NFSv4.1 client in network namespace s7cN, host name
# s7cN, mounting the multi-host export from 169.254.30.(4N+1) and holding a
# lock on new-s7cN; returns once the lock is held (1 if it never is).
new_client() {
	ns=s7c$1 a=169.254.30.$(($1 * 4 + 1)) b=169.254.30.$(($1 * 4 + 2))
	ip netns add "$ns" &&
		ip link add "v$ns" type veth peer name eth0 netns "$ns" &&
		ip addr add "$a/30" dev "v$ns" && ip link set "v$ns" up &&
		ip -n "$ns" addr add "$b/30" dev eth0 &&
		ip -n "$ns" link set eth0 up && ip -n "$ns" link set lo up || return 1
	# shellcheck disable=SC2016 # the inner shell expands its arguments
	ip netns exec "$ns" unshare --uts sh -c '
		hostname "$1" && mkdir -p "/mnt/$1" &&
			mount -t nfs -o vers=4.1,proto=tcp,clientaddr="$3" "$2:/srv/nfs/c" "/mnt/$1" || exit 1
		exec 9>"/mnt/$1/new-$1" && flock 9 && echo held && exec sleep 100000' \
		sh "$ns" "$a" "$b" >"$SDIR/client-$ns.log" 2>&1 &
	holders="$holders $!"
	n=0
	until grep -q held "$SDIR/client-$ns.log"; do
		n=$((n + 1))
		[ $n -lt 600 ] || return 1
		sleep 0.1
	done
}

# A short grace period, so that 5 restarts fit in the scenario's time.
mkdir -p /etc/nfs.conf.d
printf '[nfsd]\ngrace-time=10\nlease-time=10\n' >"$DROPIN"
check "restart to take the short grace time" [ "$(rec restart-0 srv restart)" = 0 ]
check "serving before the client mounts" wait_ready v3
mkdir -p "$M"
check "NFSv4.1 mount" [ "$(rec mount timeout 90 mount -t nfs -o vers=4.1,proto=tcp 127.0.0.1:/srv/nfs/e1 "$M")" = 0 ]
holders=
for i in 1 2 3 4 5; do
	# state created just before the restart: an open file with a lock
	# shellcheck disable=SC2016 # $1 is the inner shell's
	sh -c 'exec 9>"$1" && flock 9 && exec sleep 100000' sh "$M/held$i" >/dev/null 2>&1 &
	holders="$holders $!"
	server_lock "/srv/nfs/e1/held$i" || note "lock held$i not seen on the server before restart $i"
	check "new client s7c$i mounted and locked just before restart $i" new_client "$i"
	cld=$(tracking nfsdcld)
	umh=$(tracking UMH)
	legacy=$(tracking legacy)
	check "restart $i exits 0" [ "$(rec "restart-$i" srv restart)" = 0 ]
	note "restart $i took $(took "restart-$i") s"
	check "restart $i: serving" wait_ready v3
	n=0
	while [ $n -lt 50 ] && [ "$(tracking nfsdcld)" -le "$cld" ]; do sleep 0.1; n=$((n + 1)); done
	check "restart $i: kernel uses nfsdcld client tracking" [ "$(tracking nfsdcld)" -gt "$cld" ]
	check "restart $i: no UMH fallback" [ "$(tracking UMH)" = "$umh" ]
	check "restart $i: no legacy fallback" [ "$(tracking legacy)" = "$legacy" ]
	check "restart $i: nfsdcld running" one_proc nfsdcld
	for j in $(seq 1 "$i"); do
		check "restart $i: lock held$j reclaimed" server_lock "/srv/nfs/e1/held$j"
		check "restart $i: new client s7c$j's lock reclaimed" server_lock "/srv/nfs/c/new-s7c$j"
	done
done
dmesg | grep -E "NFSD|nfs4|reclaim" >"$SDIR/dmesg-nfsd" 2>&1
check "no reclaim failure in dmesg" sh -c '! dmesg | grep -qi "reclaim failed\|RECLAIM_BAD"'
for p in $holders; do kill "$p" 2>/dev/null; done
wait 2>/dev/null
for i in 1 2 3 4 5; do ip netns del "s7c$i" 2>/dev/null; done
check "umount" [ "$(rec umount timeout 60 umount "$M")" = 0 ]
rm -f "$DROPIN"
check "restart with the normal grace time" [ "$(rec restart-end srv restart)" = 0 ]
check "serving at the end of the scenario" wait_ready v3
