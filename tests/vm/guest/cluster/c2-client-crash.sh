#!/bin/sh
# Multi-host scenario 2, client crash (issue 11): the client holds a
# whole-file POSIX lock over NFSv3 and another over NFSv4.1, then crashes
# (sync; sysrq b) and boots again on the same disk. Its boot's sm-notify
# (Debian's nfs-common) must reach the server's statd, so that the server
# drops the dead client's NFSv3 lock; its NFSv4 state goes when its lease
# ends. Then another lock owner gets both locks, on the server and from the
# rebooted client. Run by lab-runner on both VMs:  c2-client-crash.sh OUT ROLE
# The client runs it again after its reboot (state in /var/lib/nfs-ctl-lab).
# Markers in the export's ctl-c2/ directory, as in c1.
# lab-timeout: 2400
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
role=$2
EXPORT=/srv/nfs/c
STATE=/var/lib/nfs-ctl-lab/c2
HOLD=/usr/lib/nfs-ctl-lab/lockhold
log() { echo "$(now) $*" >>"$SDIR/timeline"; say "c2 $role: $*"; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# ---------------------------------------------------------------- server --
# until_rc RC FILE CMD...: run CMD every 0.5 s until it exits RC (600 s).
until_rc() {
	want=$1 file=$2
	shift 2
	n=0
	while :; do
		"$@" >"$file" 2>&1
		[ $? = "$want" ] && return 0
		n=$((n + 1))
		[ $n -lt 1200 ] || return 1
		sleep 0.5
	done
}

server() {
	rm -rf "${CTL:?}"/*
	check "all: server serving" wait_ready v3
	mark ready
	if ! wait_for "$CTL/held" 1200; then
		check "all: client took its locks" false
		return
	fi
	for v in v3 v4; do
		$HOLD getlk "$EXPORT/lock-c2-$v" >"$SDIR/getlk-before-$v" 2>&1
		check "$v: F_GETLK on the server before the client's crash: locked" [ $? = 0 ]
	done
	ls /var/lib/nfs/sm >"$SDIR/sm-before" 2>&1
	check "v3: the server's statd monitors labcli" grep -q '^labcli' "$SDIR/sm-before"
	mark seen
	if ! wait_for "$CTL/crashing" 600; then
		check "all: the client crashed" false
		return
	fi
	crash=$(now)
	log "client crashing; waiting for its locks to go"
	until_rc 1 "$SDIR/getlk-dropped-v3" $HOLD getlk "$EXPORT/lock-c2-v3"
	check "v3: the server dropped the dead client's lock (its reboot notice reached statd)" \
		grep -q '^[0-9.]* unlocked' "$SDIR/getlk-dropped-v3"
	d3=$(since "$crash")
	ls /var/lib/nfs/sm >"$SDIR/sm-after" 2>&1
	# statd keeps its record of labcli after the notice (seen in the lab:
	# the kernel asks to unmonitor only when it forgets the host later)
	note "v3: statd's records after the notice: $(tr '\n' ' ' <"$SDIR/sm-after")"
	until_rc 0 "$SDIR/trylock-v4" $HOLD trylock "$EXPORT/lock-c2-v4"
	check "v4: another owner on the server gets the dead client's v4 lock" \
		grep -q ' granted' "$SDIR/trylock-v4"
	d4=$(since "$crash")
	$HOLD trylock "$EXPORT/lock-c2-v3" >"$SDIR/trylock-v3" 2>&1
	check "v3: another owner on the server gets the dead client's v3 lock" [ $? = 0 ]
	echo "v3 client-crash → lock dropped on the server: $d3 s" >>"$SDIR/times-client-crash"
	echo "v4 client-crash → lock grantable on the server: $d4 s" >>"$SDIR/times-client-crash"
	note "v3: client crash → lock dropped on the server $d3 s"
	note "v4: client crash → lock grantable to another owner $d4 s"
	mark server-checked
	wait_for "$CTL/client-checked" 900 || check "all: the rebooted client finished its checks" false
	mark "done"
	log "done"
}

# ---------------------------------------------------------------- client --
ctl_mount() {
	mkdir -p /mnt/ctl
	n=0
	until mountpoint -q /mnt/ctl ||
		mount -t nfs -o vers=3,nolock,noac,lookupcache=none,nosharecache,proto=tcp "labsrv:$EXPORT" /mnt/ctl 2>>"$SDIR/mount-ctl.err"; do
		n=$((n + 1))
		[ $n -lt 120 ] || break
		sleep 5
	done
	check "all: control mount of the server" mountpoint -q /mnt/ctl
	CTL=/mnt/ctl/ctl-c2
}

client_first_boot() {
	mkdir -p "$STATE" /mnt/c2v3 /mnt/c2v4
	ctl_mount
	if ! wait_for "$CTL/ready" 1800; then
		check "all: server ready" false
		return
	fi
	check "v3: NFSv3 mount with locking" [ "$(rec mount-v3 timeout 90 mount -t nfs -o vers=3,lock,proto=tcp "labsrv:$EXPORT" /mnt/c2v3)" = 0 ]
	check "v4: NFSv4.1 mount" [ "$(rec mount-v4 timeout 90 mount -t nfs -o vers=4.1 "labsrv:$EXPORT" /mnt/c2v4)" = 0 ]
	for v in v3 v4; do
		$HOLD hold "/mnt/c2$v/lock-c2-$v" >"$SDIR/holder-$v" 2>&1 &
	done
	for v in v3 v4; do
		n=0
		while ! grep -q ' held ' "$SDIR/holder-$v" && [ $n -lt 400 ]; do
			sleep 0.5
			n=$((n + 1))
		done
		check "$v: the holder took its lock" grep -q ' held ' "$SDIR/holder-$v"
	done
	ls /var/lib/nfs/sm >"$SDIR/sm-before" 2>&1
	check "v3: the client's statd monitors labsrv" grep -q '^labsrv' "$SDIR/sm-before"
	mark held
	if ! wait_for "$CTL/seen" 600; then
		check "all: server saw the locks" false
		return
	fi
	cp -a "$SDIR" "$STATE/first-boot"
	echo crashed >"$STATE/phase"
	log "crash (sync; sysrq b)"
	mark crashing
	sync
	echo b >/proc/sysrq-trigger
	sleep 60
	check "all: sysrq b rebooted the client" false
}

client_second_boot() {
	cp -a "$STATE/first-boot" "$SDIR/first-boot"
	cp -a "$STATE/first-boot/checks" "$SDIR/checks"
	echo second >"$STATE/phase"
	check "v3: the client's boot ran sm-notify (/run/sm-notify.pid)" [ -e /run/sm-notify.pid ]
	ctl_mount
	mark rebooted
	if ! wait_for "$CTL/server-checked" 900; then
		check "all: the server finished its checks" false
		return
	fi
	mkdir -p /mnt/c2v3
	check "v3: NFSv3 mount again after the reboot" [ "$(rec mount-v3-again timeout 90 mount -t nfs -o vers=3,lock,proto=tcp "labsrv:$EXPORT" /mnt/c2v3)" = 0 ]
	rec trylock-again timeout 200 $HOLD trylock /mnt/c2v3/lock-c2-v3 >/dev/null
	check "v3: the rebooted client can lock the file it held before" grep -q ' granted' "$SDIR/trylock-again.out"
	mark client-checked
	wait_for "$CTL/done" 300
	umount -f -l /mnt/c2v3 /mnt/ctl 2>/dev/null
	log "done"
}

case $role in
server)
	CTL=$EXPORT/ctl-c2
	mkdir -p "$CTL"
	server
	;;
client)
	case $(cat "$STATE/phase" 2>/dev/null) in
	crashed) client_second_boot ;;
	second) check "all: c2 ran once after the reboot" false ;;
	*) client_first_boot ;;
	esac
	;;
*) echo "c2-client-crash: unknown role $role" >&2; exit 2 ;;
esac
