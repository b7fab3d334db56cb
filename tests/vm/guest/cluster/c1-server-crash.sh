#!/bin/sh
# Multi-host scenario 1, server crash (issue 11): a process on the client
# holds a whole-file POSIX lock over NFSv3 (NLM, statd) and another over
# NFSv4.1; the server is crashed (sync; sysrq b) and boots again on the same
# disk. After the grace period both locks must still be held: the server's
# kernel says so (F_GETLK on the exported files), a second lock owner is
# refused on the client and on the server, and the holders never saw an
# error; every sm-notify run of the server's second boot came after nfsd
# served. Run by lab-runner on both VMs:  c1-server-crash.sh OUT_DIR ROLE
# The two VMs talk through marker files in the export's ctl/ directory (the
# client sees them over a separate NFSv3 mount without locks or caches).
# Checks are named "v3: ...", "v4: ..." or "all: ..." for the report.
# lab-timeout: 3000
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
role=$2
EXPORT=/srv/nfs/c
STATE=/var/lib/nfs-ctl-lab/c1
HOLD=/usr/lib/nfs-ctl-lab/lockhold
log() { echo "$(now) $*" >>"$SDIR/timeline"; say "c1 $role: $*"; }

# runit_serves: lab.init=runit (issue 31): the server is the runit service's
# `nfs-ctl run server` (runsv's supervise/pid), its ./check passes, and
# rpc.mountd is that process's child (run is the daemons' subreaper).
runit_serves() {
	pid=$(cat /etc/service/nfs-server/supervise/pid) &&
		ps -o args= -p "$pid" | grep -q 'nfs-ctl run server' &&
		sv check /etc/service/nfs-server | grep -q '^ok: run:' &&
		[ "$(ps -o ppid= -C rpc.mountd | tr -d ' ')" = "$pid" ]
}

# ---------------------------------------------------------------- server --
server_first_boot() {
	mkdir -p "$STATE"
	echo first >"$STATE/phase"
	rm -rf "${CTL:?}"/*
	check "all: server serving at first boot" wait_ready v3
	[ "$INIT" != runit ] || check "all: runit's nfs-server service serves (first boot)" runit_serves
	log "serving, waiting for the client's locks"
	mark ready
	if ! wait_for "$CTL/held" 1200; then
		check "all: client took its locks" false
		return
	fi
	for v in v3 v4; do
		$HOLD getlk "$EXPORT/lock-$v" >"$SDIR/getlk-before-$v" 2>&1
		check "$v: F_GETLK on the server before the crash: locked" [ $? = 0 ]
	done
	cp -a "$SDIR" "$STATE/first-boot"
	cp /run/lab/rpc.nfsd.log /run/lab/sm-notify.log "$STATE/first-boot/" 2>/dev/null
	log "crash (sync; sysrq b)"
	now >"$STATE/crash-time"
	echo crashed >"$STATE/phase"
	sync
	echo b >/proc/sysrq-trigger
	sleep 60
	check "all: sysrq b rebooted the server" false
}

# up_wall FILE: the wall clock of the first "nfsd serving" line of a wrapper
# log (guest uptimes, converted with this boot's offset).
up_wall() {
	read -r up _ </proc/uptime
	off=$(awk -v n="$(now)" -v u="$up" 'BEGIN { printf "%.2f", n - u }')
	awk -v o="$off" '$2 == "rc=0" && $3 ~ /threads=[1-9]/ { printf "%.2f", $1 + o; exit }' "$1"
}

server_second_boot() {
	cp -a "$STATE/first-boot" "$SDIR/first-boot"
	# The report reads only this boot's checks file: the first boot's
	# checks (the locks seen before the crash) must count too.
	cat "$SDIR/first-boot/checks" >>"$SDIR/checks" 2>/dev/null
	crash=$(cat "$STATE/crash-time")
	check "all: server serving after the crash" wait_ready v3
	[ "$INIT" != runit ] || check "all: runit's nfs-server service serves after the crash" runit_serves
	# The kernel picks its NFSv4 client tracking when nfsd starts, and only
	# nfsdcld's database holds the first boot's clients: nfsdcld must have
	# been up before nfsd (LAB_BREAK=cld-late starts it after).
	dmesg | grep 'client tracking operations' >"$SDIR/boot2-tracking" || true
	check "v4: nfsd started with nfsdcld's client tracking ($(tail -n 1 "$SDIR/boot2-tracking"))" \
		grep -q 'Using nfsdcld client tracking' "$SDIR/boot2-tracking"
	cp /run/lab/rpc.nfsd.log "$SDIR/boot2-rpc.nfsd.log" 2>/dev/null || : >"$SDIR/boot2-rpc.nfsd.log"
	serving=$(up_wall "$SDIR/boot2-rpc.nfsd.log")
	log "serving again; crash at $crash, nfsd served at $serving"
	# The client reclaims after sm-notify (v3) or when it sees the new
	# server instance (v4): poll the server's own lock table.
	for v in v3 v4; do
		n=0
		until $HOLD getlk "$EXPORT/lock-$v" >"$SDIR/getlk-reclaim-$v" 2>&1; do
			n=$((n + 1))
			[ $n -lt 960 ] || break
			sleep 0.5
		done
		r=$(now)
		check "$v: lock reclaimed on the server after the crash" grep -q '^[0-9.]* locked' "$SDIR/getlk-reclaim-$v"
		echo "$v crash=$crash nfsd-serving=$serving reclaimed=$r" >>"$SDIR/times"
	done
	cp /run/lab/sm-notify.log "$SDIR/boot2-sm-notify.log" 2>/dev/null || : >"$SDIR/boot2-sm-notify.log"
	check "v3: sm-notify ran at the second boot" [ -s "$SDIR/boot2-sm-notify.log" ]
	check "v3: every sm-notify run of the second boot saw nfsd serving" \
		sh -c "! grep -v ' threads=[1-9]' '$SDIR/boot2-sm-notify.log' | grep -q ."
	first=$(awk 'NR == 1 { print $1 }' "$SDIR/boot2-sm-notify.log")
	nfsd_up=$(awk '$2 == "rc=0" && $3 ~ /threads=[1-9]/ { print $1; exit }' "$SDIR/boot2-rpc.nfsd.log")
	check "v3: first sm-notify ($first s) after nfsd serves ($nfsd_up s), second boot" \
		awk -v a="$first" -v b="$nfsd_up" 'BEGIN { exit !(a != "" && b != "" && a + 0 >= b + 0) }'
	mark reclaimed
	log "locks reclaimed, waiting for the client's checks"
	if ! wait_for "$CTL/client-checked" 1200; then
		check "all: client finished its checks" false
		return
	fi
	# The client's probe locks went through, so the grace period is over.
	for v in v3 v4; do
		$HOLD getlk "$EXPORT/lock-$v" >"$SDIR/getlk-after-grace-$v" 2>&1
		check "$v: F_GETLK on the server after grace: locked" [ $? = 0 ]
		$HOLD trylock "$EXPORT/lock-$v" >"$SDIR/trylock-server-$v" 2>&1
		check "$v: a second owner on the server is refused" [ $? = 2 ]
	done
	mark server-checked
	if wait_for "$CTL/released" 300; then
		for v in v3 v4; do
			$HOLD getlk "$EXPORT/lock-$v" >"$SDIR/getlk-released-$v" 2>&1
			check "$v: unlocked on the server once the holder released" [ $? = 1 ]
		done
	else
		check "all: client released its locks" false
	fi
	# Before "done": the client waits for that mark over NFS, and unmounts
	# once it sees it; a server that went on and powered off after it
	# would leave the client's unmount hanging.
	if [ "$INIT" = runit ]; then
		. "$LAB/cluster/runit-sv.sh"
		runit_supervise
		log "runit: sv down, up, a daemon killed, run killed: done"
	fi
	mark "done"
	log "done"
}

# ---------------------------------------------------------------- client --
client() {
	mkdir -p /mnt/ctl /mnt/v3 /mnt/v4
	n=0
	until mount -t nfs -o vers=3,nolock,noac,lookupcache=none,nosharecache,proto=tcp "labsrv:$EXPORT" /mnt/ctl 2>>"$SDIR/mount-ctl.err"; do
		n=$((n + 1))
		[ $n -lt 120 ] || break
		sleep 5
	done
	check "all: control mount of the server" mountpoint -q /mnt/ctl
	CTL=/mnt/ctl/ctl
	if ! wait_for "$CTL/ready" 1200; then
		check "all: server ready" false
		return
	fi
	check "v3: NFSv3 mount with locking" [ "$(rec mount-v3 timeout 90 mount -t nfs -o vers=3,lock,proto=tcp "labsrv:$EXPORT" /mnt/v3)" = 0 ]
	check "v4: NFSv4.1 mount" [ "$(rec mount-v4 timeout 90 mount -t nfs -o vers=4.1 "labsrv:$EXPORT" /mnt/v4)" = 0 ]
	for v in v3 v4; do
		$HOLD hold "/mnt/$v/lock-$v" >"$SDIR/holder-$v" 2>&1 &
		echo $! >"$SDIR/holder-$v.pid"
	done
	for v in v3 v4; do
		n=0
		while ! grep -q ' held ' "$SDIR/holder-$v" && [ $n -lt 400 ]; do
			sleep 0.5
			n=$((n + 1))
		done
		check "$v: the holder took its lock" grep -q ' held ' "$SDIR/holder-$v"
	done
	mark held
	log "locks held, waiting for the server's crash and reclaim"
	if ! wait_for "$CTL/reclaimed" 1800; then
		check "all: server came back and saw the locks" false
		return
	fi
	log "server reports the locks reclaimed"
	for v in v3 v4; do
		# A new lock waits for the end of the grace period: the time it
		# takes is the grace period as the client sees it.
		rec "probe-$v" timeout 200 $HOLD trylock "/mnt/$v/probe-$v" >/dev/null
		check "$v: a new lock is granted after grace" grep -q ' granted' "$SDIR/probe-$v.out"
		note "$v: first new lock after the reclaim took $(took "probe-$v") s"
		rec "second-owner-$v" timeout 60 $HOLD trylock "/mnt/$v/lock-$v" >/dev/null
		check "$v: a second lock owner on the client is refused" [ "$(rc_of "second-owner-$v")" = 2 ]
		check "$v: the holder is still running" kill -0 "$(cat "$SDIR/holder-$v.pid")"
	done
	mark client-checked
	wait_for "$CTL/server-checked" 300 || check "all: server finished its checks" false
	for v in v3 v4; do
		kill "$(cat "$SDIR/holder-$v.pid")"
	done
	wait
	for v in v3 v4; do
		check "$v: the holder never saw an error and released its lock" \
			sh -c "! grep -Eq ' [a-z]+-error ' '$SDIR/holder-$v' && grep -q ' released .* errors=0\$' '$SDIR/holder-$v'"
	done
	mark released
	wait_for "$CTL/done" 300
	# The server powers off once it marked "done": a plain umount of a hard
	# mount whose server is gone would hang this VM until its time limit.
	umount -f -l /mnt/v3 /mnt/v4 /mnt/ctl 2>/dev/null
	log "done"
}

case $role in
server)
	CTL=$EXPORT/ctl
	mkdir -p "$CTL"
	case $(cat "$STATE/phase" 2>/dev/null) in
	crashed) server_second_boot ;;
	*) server_first_boot ;;
	esac
	;;
client) client ;;
*) echo "c1-server-crash: unknown role $role" >&2; exit 2 ;;
esac
