#!/bin/sh
# Multi-host scenario 3, clean restart with locks held (issue 11): the client
# holds a whole-file POSIX lock over NFSv3 and another over NFSv4.1 while the
# server's administrator restarts the NFS server twice, first with nfs-ctl's
# own command (`nfs-ctl restart server`), then with the init's
# (`systemctl restart nfs-server` / `/etc/init.d/nfs-kernel-server restart`).
# After each restart both locks must be held again on the server (F_GETLK,
# polled: kept, or reclaimed in the grace period), rpc.statd must be the
# same process, and the holders on the client must never see an error.
# When the restart replaced the kernel's lockd (it drops every NLM lock),
# sm-notify must have run with -f once nfsd served (the lab's instrument
# /run/lab/sm-notify.log): only that notice makes the client reclaim.
# With nfs-ctl, a third restart (the init's command) has rpc.statd killed
# with SIGKILL once the start's rpc.mountd runs, after the start found
# statd running and before nfsd and the notice (the OOM killer at the worst moment, chaos's fault,
# docs/robustness.md): nfs-ctl must start statd again before sm-notify
# tells the client, or lockd refuses the client's reclaim and the client
# drops its lock for good.
# Run by lab-runner on both VMs:  c3-clean-restart.sh OUT_DIR ROLE
# Markers in the export's ctl-c3/ directory, as in c1.
# lab-timeout: 2400
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
role=$2
EXPORT=/srv/nfs/c
HOLD=/usr/lib/nfs-ctl-lab/lockhold
log() { echo "$(now) $*" >>"$SDIR/timeline"; say "c3 $role: $*"; }

# The two restart commands of this boot's stack and init.
restart_cmd() {
	case $1-$MODE-$INIT in
	ctl-nfs-ctl-*) echo "nfs-ctl restart server" ;;
	kill-*-systemd) echo "systemctl restart nfs-server" ;;
	kill-*) echo "/etc/init.d/nfs-kernel-server restart" ;;
	*-systemd) echo "systemctl restart nfs-server" ;;
	*) echo "/etc/init.d/nfs-kernel-server restart" ;;
	esac
}

# ---------------------------------------------------------------- server --
# locked_again V: poll the server's F_GETLK until V's lock is back (240 s).
locked_again() {
	n=0
	until $HOLD getlk "$EXPORT/lock-c3-$1" >"$SDIR/getlk-$2-$1" 2>&1; do
		n=$((n + 1))
		[ $n -lt 480 ] || return 1
		sleep 0.5
	done
}

# The server's NSM state number (sm-notify raises it with each notice).
nsm_state() { od -An -tu4 /var/lib/nfs/state 2>/dev/null | tr -d ' '; }

# kill_statd_after_its_step MOUNTD: in the background of a restart, SIGKILL
# for rpc.statd once the start's rpc.mountd runs (a pid other than
# MOUNTD, the one before the restart): the start has passed statd's step
# (sysvinit; under systemd statd is not part of the restart) and nfsd and
# the notice are still to come.  The killed pid and the time into
# $SDIR/statd-killed.
kill_statd_after_its_step() {
	end=$(($(cut -d. -f1 /proc/uptime) + 120))
	while :; do
		m=$(pgrep -x rpc.mountd)
		[ -z "$m" ] || [ "$m" = "$1" ] || break
		[ "$(cut -d. -f1 /proc/uptime)" -lt $end ] || return 0
		sleep 0.02
	done
	p=$(pgrep -x rpc.statd)
	kill -KILL "$p" 2>/dev/null && echo "$p $(uptime_s)" >"$SDIR/statd-killed"
}

restart_once() {
	how=$1
	cmd=$(restart_cmd "$how")
	statd0=$(pgrep -x rpc.statd | tr '\n' ' ')
	lockd0=$(pgrep -x lockd | tr '\n' ' ')
	nsm0=$(nsm_state)
	n0=$(wc -l </run/lab/sm-notify.log 2>/dev/null || echo 0)
	# whom a notice would reach: statd's list, and sm-notify's own
	note "v3: before $cmd statd's monitor list (/var/lib/nfs/sm): $(ls /var/lib/nfs/sm 2>/dev/null | tr '\n' ' '); notify list (sm.bak): $(ls /var/lib/nfs/sm.bak 2>/dev/null | tr '\n' ' ')"
	t0=$(now)
	log "restart ($how): $cmd"
	killer=
	if [ "$how" = kill ]; then
		rm -f "$SDIR/statd-killed"
		kill_statd_after_its_step "$(pgrep -x rpc.mountd)" &
		killer=$!
	fi
	# shellcheck disable=SC2086 # the command is words
	check "all: $cmd exits 0" [ "$(rec "restart-$how" timeout 200 $cmd)" = 0 ]
	[ -z "$killer" ] || wait "$killer"
	check "all: serving after $cmd" wait_ready v3
	up=$(now)
	for v in v3 v4; do
		locked_again "$v" "$how"
		check "$v: lock held on the server after $cmd (kept or reclaimed)" \
			grep -q '^[0-9.]* locked' "$SDIR/getlk-$how-$v"
		r=$(now)
		echo "$v crash=$t0 nfsd-serving=$up reclaimed=$r how=$how" >>"$SDIR/times"
		note "$v: $cmd → lock held on the server again $(awk -v a="$t0" -v b="$r" 'BEGIN { printf "%.1f", b - a }') s"
	done
	# the notice, if any, ran after nfsd served, by now
	tail -n +"$((n0 + 1))" /run/lab/sm-notify.log >"$SDIR/sm-notify-$how.log" 2>/dev/null
	lockd1=$(pgrep -x lockd | tr '\n' ' ')
	note "v3: $cmd: lockd pid $lockd0-> $lockd1; NSM state $nsm0 -> $(nsm_state); sm-notify runs: $(awk '{ printf "[%s %s] ", $2, $3 }' "$SDIR/sm-notify-$how.log")"
	# A new lockd holds none of the NLM locks: the clients reclaim only
	# when told that the server restarted (SM_NOTIFY), so sm-notify must
	# have run, forced (it sends once per boot otherwise), once nfsd served.
	if [ "$lockd0" != "$lockd1" ]; then
		check "v3: lockd restarted, so sm-notify -f ran once nfsd served" \
			awk '$2 ~ /^threads=[1-9]/ && $3 == "args=-f" { f = 1 } END { exit !f }' "$SDIR/sm-notify-$how.log"
	else
		check "v3: lockd kept, so no second notice" [ ! -s "$SDIR/sm-notify-$how.log" ]
	fi
	if [ "$how" = kill ]; then
		note "v3: rpc.statd killed once the start's rpc.mountd ran: $(cat "$SDIR/statd-killed" 2>/dev/null) (pid, seconds since boot)"
		check "v3: rpc.statd ($statd0) was killed once the start's rpc.mountd ran" [ -s "$SDIR/statd-killed" ]
		check "v3: one rpc.statd after $cmd, a new one, registered" \
			sh -c "[ \"\$(pgrep -xc rpc.statd)\" = 1 ] && [ \"\$(pgrep -x rpc.statd) \" != '$statd0' ] && rpcinfo -p 127.0.0.1 | grep -qw 100024"
		check "v3: the kernel never refused to monitor a client (lockd: cannot monitor)" \
			sh -c "! dmesg | grep -q 'lockd: cannot monitor'"
	else
		check "v3: rpc.statd kept its pid across $cmd ($statd0)" \
			[ "$(pgrep -x rpc.statd | tr '\n' ' ')" = "$statd0" ]
	fi
	# statd's list on disk is whom the next boot's notice reaches
	note "v3: after $cmd statd's monitor list (/var/lib/nfs/sm): $(ls /var/lib/nfs/sm 2>/dev/null | tr '\n' ' '); notify list (sm.bak): $(ls /var/lib/nfs/sm.bak 2>/dev/null | tr '\n' ' ')"
	for v in v3 v4; do
		$HOLD trylock "$EXPORT/lock-c3-$v" >"$SDIR/trylock-$how-$v" 2>&1
		check "$v: a second owner on the server is refused after $cmd" [ $? = 2 ]
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
		$HOLD getlk "$EXPORT/lock-c3-$v" >"$SDIR/getlk-before-$v" 2>&1
		check "$v: F_GETLK on the server before the restarts: locked" [ $? = 0 ]
	done
	restart_once ctl
	restart_once init
	[ "$MODE" != nfs-ctl ] || restart_once kill
	mark restarted
	if wait_for "$CTL/released" 600; then
		for v in v3 v4; do
			$HOLD getlk "$EXPORT/lock-c3-$v" >"$SDIR/getlk-released-$v" 2>&1
			check "$v: unlocked on the server once the holder released" [ $? = 1 ]
		done
	else
		check "all: client released its locks" false
	fi
	mark "done"
	log "done"
}

# ---------------------------------------------------------------- client --
client() {
	mkdir -p /mnt/ctl /mnt/c3v3 /mnt/c3v4
	n=0
	until mountpoint -q /mnt/ctl ||
		mount -t nfs -o vers=3,nolock,noac,lookupcache=none,nosharecache,proto=tcp "labsrv:$EXPORT" /mnt/ctl 2>>"$SDIR/mount-ctl.err"; do
		n=$((n + 1))
		[ $n -lt 120 ] || break
		sleep 5
	done
	check "all: control mount of the server" mountpoint -q /mnt/ctl
	CTL=/mnt/ctl/ctl-c3
	if ! wait_for "$CTL/ready" 1200; then
		check "all: server ready" false
		return
	fi
	check "v3: NFSv3 mount with locking" [ "$(rec mount-v3 timeout 90 mount -t nfs -o vers=3,lock,proto=tcp "labsrv:$EXPORT" /mnt/c3v3)" = 0 ]
	check "v4: NFSv4.1 mount" [ "$(rec mount-v4 timeout 90 mount -t nfs -o vers=4.1 "labsrv:$EXPORT" /mnt/c3v4)" = 0 ]
	for v in v3 v4; do
		$HOLD hold "/mnt/c3$v/lock-c3-$v" >"$SDIR/holder-$v" 2>&1 &
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
	log "locks held, waiting for the server's restarts"
	wait_for "$CTL/restarted" 1500 || check "all: server finished its restarts" false
	for v in v3 v4; do
		check "$v: the holder is still running" kill -0 "$(cat "$SDIR/holder-$v.pid")"
		kill "$(cat "$SDIR/holder-$v.pid")"
	done
	wait
	for v in v3 v4; do
		check "$v: the holder never saw an error and released its lock" \
			sh -c "! grep -Eq ' [a-z]+-error ' '$SDIR/holder-$v' && grep -q ' released .* errors=0\$' '$SDIR/holder-$v'"
	done
	mark released
	wait_for "$CTL/done" 300
	umount -f -l /mnt/c3v3 /mnt/c3v4 /mnt/ctl 2>/dev/null
	log "done"
}

case $role in
server)
	CTL=$EXPORT/ctl-c3
	mkdir -p "$CTL"
	server
	;;
client) client ;;
*) echo "c3-clean-restart: unknown role $role" >&2; exit 2 ;;
esac
