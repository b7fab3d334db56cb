#!/bin/sh
# Multi-host scenario 4, crash during start (issue 12): the server's
# administrator stops the NFS server cleanly and starts it again
# (`systemctl start nfs-server` under systemd, `nfs-ctl start server` under
# sysvinit); while that start is half way the server loses power (sync;
# sysrq b) and boots again on the same disk. Crash points, one per boot:
#   1 mountd: rpc.mountd runs, nfsd has no threads yet
#   2 nfsd:   nfsd just got its threads (sm-notify not yet, or just)
# After each reboot the boot's own start must have succeeded (no failed NFS
# unit; under sysvinit the init script's start exited 0, see the hook
# below), nfsd serves, mountd, statd (and nfsdcld when the first boot had
# one) run once each and are registered with rpcbind, nfs-ctl's records name
# running daemons, `nfs-ctl status server` exits 0, `nfs-ctl doctor` has no
# FAIL, and the client mounts over NFSv3 and NFSv4.1 and takes a lock on
# each. Run by lab-runner on both VMs:  c4-crash-during-start.sh OUT_DIR ROLE
# Markers in the export's ctl-c4/ directory, as in c1. The server's results
# of a crashed boot are kept under /var/lib/nfs-ctl-lab/c4 and restored.
# lab-timeout: 3000
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
role=$2
EXPORT=/srv/nfs/c
STATE=/var/lib/nfs-ctl-lab/c4
HOLD=/usr/lib/nfs-ctl-lab/lockhold
# Under sysvinit the boot's start runs through this lab hook (sourced by
# /lib/lsb/init-functions before nfs-ctl's own 50-nfs-ctl): it runs the same
# `nfs-ctl start server` but keeps its output and exit status on the disk,
# which sysvinit itself does not (no bootlogd in the image).
HOOK=/lib/lsb/init-functions.d/45-lab-c4
BOOTLOG=$STATE/boot-start.log
log() { echo "$(now) $*" >>"$SDIR/timeline"; say "c4 $role: $*"; }

# ---------------------------------------------------------------- server --
install_hook() {
	cat >"$HOOK" <<-EOF
	# nfs-ctl lab, scenario c4: the boot's start of the NFS server, logged.
	case \${0##*/} in
	*nfs-kernel-server)
		if [ "\${1:-}" = start ] && [ -x /usr/sbin/nfs-ctl ]; then
			/usr/sbin/nfs-ctl start server >>$BOOTLOG 2>&1
			rc=\$?
			read -r up _ </proc/uptime
			echo "boot=\$(cat /proc/sys/kernel/random/boot_id) up=\$up \$0 start rc=\$rc" >>$BOOTLOG
			exit \$rc
		fi ;;
	esac
	EOF
}

# nsm_state: statd's state number on the disk (/var/lib/nfs/state).
nsm_state() { od -An -td4 /var/lib/nfs/state 2>/dev/null | tr -d ' '; }

# snapshot: what runs at this moment, one line.
snapshot() {
	s=""
	for d in rpc.statd rpc.mountd nfsdcld rpc.idmapd sm-notify; do
		s="$s $d=$(count_proc "$d")"
	done
	echo "threads=$(threads)$s sm-notify-runs=$(wc -l </run/lab/sm-notify.log 2>/dev/null || echo 0)"
}

# keep: this boot's results onto the disk, for the next boot to restore.
keep() {
	rm -rf "$STATE/sdir"
	cp -a "$SDIR" "$STATE/sdir"
	sync
}

# start_and_crash N POINT: stop cleanly, start as the administrator does,
# crash the moment POINT is seen (see the header). Between seeing it and the
# crash only one small synchronous write runs (dd oflag=sync into a file
# created and synced before the start): a snapshot of the daemons or a full
# sync there took long enough for the start to reach nfsd's threads.
start_and_crash() {
	k=$1
	point=$2
	check "all: crash $k: nfs-ctl stop server exits 0" [ "$(rec "stop-$k" ctl stop)" = 0 ]
	check "all: crash $k: stopped (no rpc.mountd, nfsd without threads)" \
		sh -c "[ \"\$(pgrep -xc rpc.mountd)\" = 0 ] && [ \"$(threads)\" = 0 ]"
	echo "crash $k before start: $(snapshot)" >>"$SDIR/crash-points"
	echo "crash$k" >"$STATE/phase"
	nsm_state >"$STATE/nsm-before-$k"
	ls /var/lib/nfs/sm >"$STATE/sm-before-$k" 2>/dev/null
	: >"$STATE/crash-at-$k"
	echo "$point" >"$STATE/point-$k"
	# wall clock = boot offset + uptime: no fork to read the clock later
	read -r up _ </proc/uptime
	awk -v n="$(now)" -v u="$up" 'BEGIN { printf "%.2f\n", n - u }' >"$STATE/clock-offset-$k"
	case $INIT in
	systemd) cmd="systemctl start nfs-server" ;;
	*) cmd="nfs-ctl start server" ;;
	esac
	log "crash $k: $cmd, crash at $point"
	keep
	# shellcheck disable=SC2086 # the command is words
	$cmd >"$STATE/start-$k.out" 2>&1 &
	sp=$!
	n=0
	seen=""
	while [ $n -lt 20000 ]; do
		{ read -r t </proc/fs/nfsd/threads; } 2>/dev/null || t=0
		case $point in
		mountd)
			if [ "$t" != 0 ]; then
				seen="missed: nfsd had threads before rpc.mountd was seen"
				break
			fi
			if pgrep -x rpc.mountd >/dev/null; then
				seen="rpc.mountd running, nfsd without threads"
				break
			fi
			;;
		nfsd)
			if [ "$t" != 0 ]; then
				seen="nfsd just got threads"
				break
			fi
			;;
		esac
		if ! kill -0 "$sp" 2>/dev/null; then
			seen="missed: the start had ended"
			break
		fi
		n=$((n + 1))
	done
	[ -n "$seen" ] || seen="missed: not reached in $n polls"
	read -r up _ </proc/uptime
	echo "up=$up threads=$t polls=$n $seen" |
		dd of="$STATE/crash-at-$k" conv=notrunc oflag=sync status=none
	echo b >/proc/sysrq-trigger
	sleep 60
	check "all: sysrq b rebooted the server" false
}

# every_record_runs: each of nfs-ctl's pid records names a running process.
every_record_runs() {
	for f in /run/nfs-ctl/*.pid; do
		[ -e "$f" ] || continue
		read -r pid _ <"$f" || return 1
		kill -0 "$pid" || return 1
	done
}

# after_crash N: the checks of the boot that followed crash N.
after_crash() {
	k=$1
	boot=$(cat /proc/sys/kernel/random/boot_id)
	at=$(cat "$STATE/crash-at-$k")
	up=${at#up=}
	up=${up%% *}
	crash=$(awk -v o="$(cat "$STATE/clock-offset-$k")" -v u="$up" 'BEGIN { printf "%.2f", o + u }')
	echo "crash $k at $(cat "$STATE/point-$k"): $at" >>"$SDIR/crash-points"
	note "crash $k (at $(cat "$STATE/point-$k"), under $INIT): $at"
	check "all: crash $k: the crash came at the point asked" sh -c "! grep -q missed '$STATE/crash-at-$k'"
	check "all: crash $k: server serving after the reboot" wait_ready v3
	serving=$(now)
	cp "$OUT/boot/boot-done" "$SDIR/boot-done-$k" 2>/dev/null
	cp /run/lab/sm-notify.log "$SDIR/sm-notify-$k.log" 2>/dev/null || : >"$SDIR/sm-notify-$k.log"
	cp /run/lab/rpc.nfsd.log "$SDIR/rpc.nfsd-$k.log" 2>/dev/null
	cp "$STATE/start-$k.out" "$SDIR/" 2>/dev/null
	if [ "$INIT" = systemd ]; then
		systemctl list-units --failed --no-legend --plain >"$SDIR/failed-units-$k" 2>&1
		check "all: crash $k: no failed NFS or RPC unit after the reboot" \
			sh -c "! grep -Eiq 'nfs|rpc' '$SDIR/failed-units-$k'"
		systemctl is-active nfs-server.target nfs-server.service nfs-mountd.service \
			rpc-statd.service >"$SDIR/units-active-$k" 2>&1
		check "all: crash $k: nfs-server.target, nfs-server, nfs-mountd and rpc-statd active" \
			sh -c "[ \"\$(grep -cx active '$SDIR/units-active-$k')\" = 4 ]"
		journalctl -b --no-pager -u 'nfs*' -u 'rpc*' >"$SDIR/journal-nfs-$k" 2>&1
	else
		cp "$BOOTLOG" "$SDIR/boot-start-$k.log" 2>/dev/null
		check "all: crash $k: the boot's init script start exited 0" \
			grep -Eq "^boot=$boot .* start rc=0\$" "$BOOTLOG"
	fi
	check "all: crash $k: nfsd has threads" [ "$(threads)" -gt 0 ]
	for d in rpc.mountd rpc.statd; do
		check "all: crash $k: one $d" one_proc "$d"
	done
	want=$(cat "$STATE/nfsdcld-count" 2>/dev/null || echo 0)
	check "all: crash $k: nfsdcld runs $want time(s), as at the first boot" \
		[ "$(count_proc nfsdcld)" = "$want" ]
	for p in 100003:nfs 100005:mountd 100024:status 100021:nlockmgr; do
		check "all: crash $k: ${p#*:} registered with rpcbind" registered "${p%%:*}"
	done
	ls -la /run/nfs-ctl >"$SDIR/run-nfs-ctl-$k" 2>&1
	check "all: crash $k: every nfs-ctl pid record names a running process" every_record_runs
	check "all: crash $k: nfs-ctl status server exits 0" [ "$(rec "status-$k" nfs-ctl status server)" = 0 ]
	check "all: crash $k: nfs-ctl doctor exits 0" [ "$(rec "doctor-$k" nfs-ctl doctor)" = 0 ]
	check "all: crash $k: nfs-ctl doctor has no FAIL" sh -c "! grep -q '^FAIL' '$SDIR/doctor-$k.out'"
	# What survives the crash: nfs-ctl keeps nothing outside /run (tmpfs);
	# the daemons keep /var/lib/nfs (statd's NSM state and monitor list,
	# nfsdcld's client records, the export table).
	ls -laR /var/lib/nfs >"$SDIR/var-lib-nfs-$k" 2>&1
	check "all: crash $k: nfs-ctl keeps no state on the disk (/var/lib/nfs-ctl)" [ ! -e /var/lib/nfs-ctl ]
	# sm-notify moves the NSM state number on only when it has hosts to
	# notify (it exits before that otherwise): before the first crash no
	# client has taken a v3 lock yet.
	b=$(cat "$STATE/nsm-before-$k")
	a=$(nsm_state)
	if [ -s "$STATE/sm-before-$k" ]; then
		check "v3: crash $k: statd's NSM state number moved on ($b → $a; monitored: $(tr '\n' ' ' <"$STATE/sm-before-$k"))" \
			[ "${a:-0}" -gt "${b:-0}" ]
	else
		note "v3: crash $k: no host monitored before the crash; NSM state $b → $a"
	fi
	check "v3: crash $k: sm-notify ran at this boot" [ -s "$SDIR/sm-notify-$k.log" ]
	check "v3: crash $k: every sm-notify run of this boot saw nfsd serving" \
		sh -c "! grep -v ' threads=[1-9]' '$SDIR/sm-notify-$k.log' | grep -q ."
	log "crash $k: checked; the client mounts and locks"
	mark "ready-$k"
	if wait_for "$CTL/client-done-$k" 900; then
		r=$(now)
		for v in v3 v4; do
			echo "$v crash=$crash nfsd-serving=$serving reclaimed=$r round=$k" >>"$SDIR/times"
		done
	else
		check "all: crash $k: client finished its mounts and locks" false
	fi
}

server() {
	[ -d "$STATE/sdir" ] && cp -a "$STATE/sdir/." "$SDIR/"
	case $(cat "$STATE/phase" 2>/dev/null) in
	crash1)
		after_crash 1
		start_and_crash 2 nfsd
		;;
	crash2)
		after_crash 2
		echo finished >"$STATE/phase"
		mark "done"
		log "done"
		;;
	*)
		mkdir -p "$STATE"
		rm -rf "${CTL:?}"/*
		check "all: server serving at first boot" wait_ready v3
		count_proc nfsdcld >"$STATE/nfsdcld-count"
		echo "first boot: $(snapshot)" >>"$SDIR/crash-points"
		[ "$INIT" = sysv ] && install_hook
		start_and_crash 1 mountd
		;;
	esac
}

# ---------------------------------------------------------------- client --
# round N: once the server says ready-N, mount over v3 and v4.1 and take a
# lock on each (waiting out the grace period), then unmount.
round() {
	k=$1
	if ! wait_for "$CTL/ready-$k" 1800; then
		check "all: crash $k: server came back" false
		return 1
	fi
	check "v3: crash $k: NFSv3 mount with locking" \
		[ "$(rec "mount-v3-$k" timeout 90 mount -t nfs -o vers=3,lock,proto=tcp "labsrv:$EXPORT" /mnt/c4v3)" = 0 ]
	check "v4: crash $k: NFSv4.1 mount" \
		[ "$(rec "mount-v4-$k" timeout 90 mount -t nfs -o vers=4.1 "labsrv:$EXPORT" /mnt/c4v4)" = 0 ]
	for v in v3 v4; do
		rec "lock-$v-$k" timeout 200 $HOLD trylock "/mnt/c4$v/lock-c4-$v" >/dev/null
		check "$v: crash $k: the client takes a lock" grep -q ' granted' "$SDIR/lock-$v-$k.out"
		note "$v: crash $k: first lock after the reboot took $(took "lock-$v-$k") s"
	done
	timeout 60 umount /mnt/c4v3 /mnt/c4v4 || umount -f -l /mnt/c4v3 /mnt/c4v4 2>/dev/null
	mark "client-done-$k"
}

client() {
	mkdir -p /mnt/ctl /mnt/c4v3 /mnt/c4v4
	n=0
	until mountpoint -q /mnt/ctl ||
		mount -t nfs -o vers=3,nolock,noac,lookupcache=none,nosharecache,proto=tcp "labsrv:$EXPORT" /mnt/ctl 2>>"$SDIR/mount-ctl.err"; do
		n=$((n + 1))
		[ $n -lt 120 ] || break
		sleep 5
	done
	check "all: control mount of the server" mountpoint -q /mnt/ctl
	CTL=/mnt/ctl/ctl-c4
	round 1 && round 2
	wait_for "$CTL/done" 600
	umount -f -l /mnt/ctl 2>/dev/null
	log "done"
}

case $role in
server)
	CTL=$EXPORT/ctl-c4
	mkdir -p "$CTL"
	server
	;;
client) client ;;
*) echo "c4-crash-during-start: unknown role $role" >&2; exit 2 ;;
esac
