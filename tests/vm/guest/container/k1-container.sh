#!/bin/sh
# Container scenario k1 (issue 31): the NFS server as a container whose PID 1
# is `nfs-ctl run server` (lab-ctr: own pid, mount, UTS and network
# namespaces, the VM's lab NIC moved in, /run a fresh tmpfs, /var/lib/nfs a
# volume), against a baseline entrypoint written the way popular NFS server
# images are (baseline-entrypoint: no sm-notify, no nfsdcld).  The client
# holds one NFSv3 and one NFSv4.1 lock through it; then, for each stack in
# turn, three events, each a round of its own with fresh locks:
#   term   SIGTERM to PID 1 (timed until it exits), then a new container
#   kill   SIGKILL to PID 1, the runtime's finish (the stack's own stop in
#          the dead container's network namespace), then a new container
#   crash  the server VM crashes (sysrq b); the boot hook starts the
#          container again at boot
# After each stop: nothing of the container is left (no process of its pid
# or mount namespace, no nfsd thread in its network namespace, no nfsd
# kernel thread in the VM, the VM's mounts as before).  After each new
# start: with nfs-ctl both locks are held on the server again (F_GETLK and
# /proc/locks, polled) and the holders saw no error; with the baseline they
# are lost, which is what the baseline's checks expect.  Every round ends
# with the holders' release, after which the server must see the file
# unlocked (so that "held" can fail).
# Run by lab-runner on both VMs:  k1-container.sh OUT_DIR ROLE
# Checks are named "rN: ..." (N the round) or "all: ...", for the report.
# lab-timeout: 3600
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
OUTDIR=$1
role=$2
EXPORT=/srv/nfs/c
HOLD=/usr/lib/nfs-ctl-lab/lockhold
CTR=/usr/lib/nfs-ctl-lab/container/lab-ctr
ROUNDS="nfs-ctl:term nfs-ctl:kill nfs-ctl:crash baseline:term baseline:kill baseline:crash"
NROUNDS=6
# how long a lock may take to come back once the server serves again: the
# grace time is 15 s (setup-node); what is not back by then is lost
BACK_WITHIN=90
log() { echo "$(now) $*" >>"$SDIR/timeline"; say "k1 $role: $*"; }
round_of() { echo "$ROUNDS" | tr ' ' '\n' | sed -n "$1p"; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# ---------------------------------------------------------------- server --
P=/var/lib/nfs-ctl-lab/ctr

# serving: nfsd has threads in the container and rpcbind there has nfs and
# mountd (both stacks serve NFSv3 and NFSv4)
serving() {
	# shellcheck disable=SC2016 # expanded in the container
	$CTR in sh -c '[ "$(cat /proc/fs/nfsd/threads 2>/dev/null || echo 0)" -gt 0 ] &&
		rpcinfo -p 127.0.0.1 | grep -q " 100003 " && rpcinfo -p 127.0.0.1 | grep -q " 100005 "' 2>/dev/null
}
wait_serving() {
	end=$(($(cut -d. -f1 /proc/uptime) + 120))
	until serving; do
		if [ "$(cut -d. -f1 /proc/uptime)" -ge "$end" ]; then
			say "k1: not serving; the container's log: $(tail -n 20 /run/lab-ctr/*.log | tr '\n' '|')"
			return 1
		fi
		sleep 0.5
	done
}

# start_ctr STACK: a new container; the boot hook starts it again after a
# crash (the runtime's restart policy)
start_ctr() {
	echo "$1" >"$P/autostart"
	sync
	$CTR start "$1" >>"$SDIR/lab-ctr.log" 2>&1
}

# locks_on_server FILE: lines of /proc/locks for FILE's inode (the VM's own
# /proc: every pid namespace's locks, the kernel's lockd and nfsd's too)
locks_on_server() {
	ino=$(stat -c %i "$1")
	awk -v i="$ino" '{ n = split($0, w, " "); for (k = 1; k <= n; k++) if (w[k] ~ ":" i "$") c++ } END { print c + 0 }' /proc/locks
}

# after_stop R HOW: what is left once the container stopped, then let go
# of its network namespace (the NIC comes back to the VM)
after_stop() {
	$CTR left >"$SDIR/r$1-left-$2" 2>&1
	left=$SDIR/r$1-left-$2
	val() { sed -n "s/^$1=//p" "$left"; }
	check "r$1: after $2, no process of the container's pid namespace" [ "$(val pidns-processes)" = 0 ]
	check "r$1: after $2, no process in the container's mount namespace" [ "$(val mntns-processes)" = 0 ]
	check "r$1: after $2, 0 nfsd threads in the container's network namespace ($(val netns-nfsd-threads))" [ "$(val netns-nfsd-threads)" = 0 ]
	check "r$1: after $2, no nfsd kernel thread in the VM ($(val nfsd-kthreads))" [ "$(val nfsd-kthreads)" = 0 ]
	check "r$1: after $2, the NIC comes back to the VM once the runtime lets go of the namespace" \
		sh -c "$CTR release 60 >>'$SDIR/lab-ctr.log' 2>&1"
	mounts_now >"$SDIR/r$1-mounts-$2"
	check "r$1: after $2, the VM's mounts are as before the container" cmp -s "$P/mounts-before" "$SDIR/r$1-mounts-$2"
}
# the VM's mount points and types; the runtime's hold on a running
# container's network namespace (lab-ctr's bind mount) left out
mounts_now() {
	awk '{ for (i = 7; $i != "-"; i++); print $5, $(i + 1) }' /proc/self/mountinfo |
		grep -v '^/run/lab-ctr/netns ' | sort
}

# event R STACK EVENT: the event of round R; returns once the new container
# serves (or, for a crash, does not return)
event() {
	r=$1
	case $3 in
	term | kill)
		sig=TERM
		[ "$3" = kill ] && sig=KILL
		log "r$r: SIG$sig to PID 1 of the $2 container"
		p1=$(cat /run/lab-ctr/pid1)
		res=$($CTR stop "$sig")
		echo "r$r $res" >>"$SDIR/stops"
		t_event=${res##*sent=}
		code=$(echo "$res" | sed -n 's/^exit=\([^ ]*\).*/\1/p')
		s=$(echo "$res" | sed -n 's/.* seconds=\([^ ]*\).*/\1/p')
		echo "$r stop_exit=$code stop_seconds=$s" >>"$SDIR/times"
		if [ "$3" = term ]; then
			note "r$r: $2: SIGTERM -> PID 1 exited after $s s, exit $code"
			if [ "$2" = nfs-ctl ]; then
				check "r$r: nfs-ctl run exits 0 on SIGTERM ($code)" [ "$code" = 0 ]
				check "r$r: nfs-ctl run exits within its 25 s bound ($s s)" awk -v s="$s" 'BEGIN { exit !(s < 25) }'
			fi
		else
			# unshare reports a killed child as a failure (bookworm's
			# says 1), not always as 128 + 9
			check "r$r: SIGKILL ended PID 1 (the runtime saw exit $code)" \
				sh -c "[ '$code' != none ] && [ '$code' != 0 ] && [ ! -d /proc/$p1 ]"
			$CTR left >"$SDIR/r$r-left-sigkill" 2>&1
			note "r$r: $2: right after SIGKILL, before the runtime's finish: $(tr '\n' ' ' <"$SDIR/r$r-left-sigkill")"
			log "r$r: the runtime's finish in the dead container's network namespace"
			$CTR finish
			note "r$r: finish: $(grep 'finish:' "/run/lab-ctr/$2.log" | tail -n 1)"
		fi
		after_stop "$r" "$3"
		log "r$r: new $2 container"
		start_ctr "$2"
		;;
	crash)
		log "r$r: crash (sync; sysrq b)"
		now >"$P/crash-time"
		echo crashed >"$P/phase"
		sync
		echo b >/proc/sysrq-trigger
		sleep 60
		check "r$r: sysrq b rebooted the server" false
		exit 1
		;;
	esac
}

# lock_back R V: poll the server's F_GETLK on round R's V lock until held
# again, at most BACK_WITHIN s after the server serves; prints the time
lock_back() {
	n=0
	until $HOLD getlk "$EXPORT/lock-$1-$2" >"$SDIR/r$1-getlk-back-$2" 2>&1; do
		n=$((n + 1))
		[ $n -lt $((BACK_WITHIN * 2)) ] || return 1
		sleep 0.5
	done
	now
}

round_server() {
	r=$1
	stack=${2%%:*}
	ev=${2#*:}
	if [ "$(cat "$P/phase")" = crashed ]; then
		t_event=$(cat "$P/crash-time")
		echo run >"$P/phase"
		check "r$r: the boot hook started the $stack container again" test -e /run/lab-ctr/pid1
		check "r$r: the $stack container serves after the crash" wait_serving
		t_serving=$(now)
		log "r$r: serving again after the crash"
	else
		# the container of this round's stack
		if [ "$(cat /run/lab-ctr/stack 2>/dev/null)" != "$stack" ] || [ ! -e /run/lab-ctr/pid1 ]; then
			if [ -e /run/lab-ctr/pid1 ]; then
				log "r$r: stopping the $(cat /run/lab-ctr/stack) container for the $stack one"
				$CTR stop TERM >>"$SDIR/lab-ctr.log" 2>&1
				$CTR release 60 >>"$SDIR/lab-ctr.log" 2>&1
			fi
			start_ctr "$stack"
		fi
		check "r$r: the $stack container serves" wait_serving
		if [ "$stack" = nfs-ctl ] && [ "$r" = 1 ]; then
			$CTR in sh -c 'ps -eo pid,args' >"$SDIR/container-ps" 2>&1
			# shellcheck disable=SC2016 # awk's
			check "all: nfs-ctl run is PID 1 of the container" \
				awk '$1 == 1 && $2 == "nfs-ctl" && $3 == "run" { f = 1 } END { exit !f }' "$SDIR/container-ps"
			$CTR in rpcinfo -p 127.0.0.1 >"$SDIR/container-rpcinfo" 2>&1
			check "all: rpcbind runs in the container" grep -q rpcbind "$SDIR/container-ps"
			check "all: statd, nlockmgr, mountd, nfs registered with the container's rpcbind" \
				sh -c "for p in 100024 100021 100005 100003; do grep -q \" \$p \" '$SDIR/container-rpcinfo' || exit 1; done"
			check "all: nfsdcld runs in the container" grep -q nfsdcld "$SDIR/container-ps"
			check "all: the container has its own network namespace, the VM has no eth0 now" \
				sh -c "! ip link show eth0"
			note "all: inside the container /run/systemd/system is $(grep -o 'run/systemd/system [a-z]*' /run/lab-ctr/nfs-ctl.log | head -n 1 | cut -d' ' -f2) (sd_booted); nfs-ctl took the sysv runner without --init=sysv"
		fi
		echo "$r $stack $ev" >"$CTL/round-$r.tmp"
		mv "$CTL/round-$r.tmp" "$CTL/round-$r"
		log "r$r ($stack, $ev): serving, waiting for the client's locks"
		if ! wait_for "$CTL/held-$r" 900; then
			check "r$r: the client took its locks" false
			return 1
		fi
		for v in v3 v4; do
			$HOLD getlk "$EXPORT/lock-$r-$v" >"$SDIR/r$r-getlk-before-$v" 2>&1
			check "r$r: $v: F_GETLK on the server before $ev: locked" [ $? = 0 ]
			check "r$r: $v: /proc/locks has the lock before $ev" [ "$(locks_on_server "$EXPORT/lock-$r-$v")" -ge 1 ]
		done
		$CTR in cat /run/lab/sm-notify.log >"$SDIR/r$r-sm-notify-before" 2>/dev/null
		echo "$r" >"$P/round"
		event "$r" "$stack" "$ev"
		check "r$r: the new $stack container serves" wait_serving
		t_serving=$(now)
	fi
	echo "$r event=$t_event serving=$t_serving" >>"$SDIR/times"
	note "r$r: $stack: $ev -> serving again $(secs "$t_event" "$t_serving") s"
	for v in v3 v4; do
		if t=$(lock_back "$r" "$v"); then
			echo "$r $v back=$(secs "$t_event" "$t")" >>"$SDIR/times"
			note "r$r: $v: $stack: $ev -> lock held on the server again $(secs "$t_event" "$t") s"
			[ "$stack" = nfs-ctl ] &&
				check "r$r: $v: /proc/locks has the lock after $ev" [ "$(locks_on_server "$EXPORT/lock-$r-$v")" -ge 1 ]
		else
			echo "$r $v back=lost" >>"$SDIR/times"
			note "r$r: $v: $stack: $ev -> lock not held on the server $BACK_WITHIN s after it served again: lost"
		fi
		if [ "$stack" = nfs-ctl ]; then
			check "r$r: $v: nfs-ctl: lock held on the server again after $ev" grep -q '^[0-9.]* locked' "$SDIR/r$r-getlk-back-$v"
		else
			held=no
			grep -q '^[0-9.]* locked' "$SDIR/r$r-getlk-back-$v" && held=yes
			c=$(locks_on_server "$EXPORT/lock-$r-$v")
			check "r$r: $v: baseline: lock lost after $ev (expected: $([ $v = v3 ] && echo 'no sm-notify' || echo 'no nfsdcld'); F_GETLK held: $held, /proc/locks lines: $c)" \
				[ "$held/$c" = no/0 ]
		fi
	done
	cp /run/lab-ctr/instr/sm-notify.log "$SDIR/r$r-sm-notify.log" 2>/dev/null
	mark "checked-$r"
	if wait_for "$CTL/released-$r" 600; then
		for v in v3 v4; do
			$HOLD getlk "$EXPORT/lock-$r-$v" >"$SDIR/r$r-getlk-released-$v" 2>&1
			check "r$r: $v: unlocked on the server once the holder released" [ $? = 1 ]
		done
	else
		check "r$r: the client released its locks" false
	fi
}

server() {
	mkdir -p "$P" "$CTL"
	if [ ! -e "$P/round" ]; then
		rm -rf "${CTL:?}"/* "$P/out"
		mkdir -p "$P/out"
		echo 1 >"$P/round"
		echo run >"$P/phase"
		SDIR=$P/out
		# the VM's own NFS server is off (setup-node): nothing serves NFS
		# before the container does
		# shellcheck disable=SC2016 # expanded by sh -c
		check "all: the VM's own NFS server does not run (no nfsd thread, no rpc.mountd)" \
			sh -c '[ "$(pgrep -xc nfsd)" = 0 ] && ! pgrep -x rpc.mountd >/dev/null'
		if [ "$INIT" = systemd ]; then
			# the VM's nfs-ctl under systemd: run refuses (exit 3);
			# inside the container it must not (fresh /run)
			timeout 20 nfs-ctl run server >"$SDIR/host-run.out" 2>&1
			rc=$?
			check "all: on the VM under systemd, nfs-ctl run refuses with 3 ($rc)" [ "$rc" = 3 ]
			[ "$rc" = 3 ] || nfs-ctl --init=sysv stop server >/dev/null 2>&1
		fi
	fi
	SDIR=$P/out
	# this boot's mounts (a crash's boot hook may have started a
	# container already: its mounts are its own, not the VM's)
	mounts_now >"$P/mounts-before"
	trap 'cp -a "$P/out/." "$OUTDIR/"' EXIT
	r=$(cat "$P/round")
	while [ "$r" -le $NROUNDS ]; do
		round_server "$r" "$(round_of "$r")"
		r=$((r + 1))
		echo "$r" >"$P/round"
		sync
	done
	rm -f "$P/autostart"
	mark "done"
	# the client reads "done" over NFS, from this container: it must
	# serve until the client has seen it (a hard mount of a server that
	# went away hangs the client's runner for good)
	wait_for "$CTL/bye" 300 || note "all: the client never said bye"
	log "done: stopping the container"
	$CTR stop TERM >>"$SDIR/lab-ctr.log" 2>&1
	$CTR release 60 >>"$SDIR/lab-ctr.log" 2>&1
	cp /run/lab-ctr/*.log "$SDIR/" 2>/dev/null
}

# ---------------------------------------------------------------- client --
client() {
	SDIR=$OUTDIR
	mkdir -p /mnt/ctl /mnt/v3 /mnt/v4
	n=0
	until mount -t nfs -o vers=3,nolock,noac,lookupcache=none,nosharecache,proto=tcp "labsrv:$EXPORT" /mnt/ctl 2>>"$SDIR/mount-ctl.err"; do
		n=$((n + 1))
		[ $n -lt 240 ] || break
		sleep 5
	done
	check "all: control mount of the server" mountpoint -q /mnt/ctl
	CTL=/mnt/ctl/ctl-ctr
	r=1
	while [ $r -le $NROUNDS ]; do
		if ! wait_for "$CTL/round-$r" 1800; then
			check "r$r: the server began round $r" false
			break
		fi
		# shellcheck disable=SC2046 # "ROUND STACK EVENT", one word each
		set -- $(cat "$CTL/round-$r")
		stack=$2
		ev=$3
		if [ $r = 1 ]; then
			check "all: NFSv3 mount with locking" [ "$(rec mount-v3 timeout 90 mount -t nfs -o vers=3,lock,proto=tcp "labsrv:$EXPORT" /mnt/v3)" = 0 ]
			check "all: NFSv4.1 mount" [ "$(rec mount-v4 timeout 90 mount -t nfs -o vers=4.1 "labsrv:$EXPORT" /mnt/v4)" = 0 ]
		fi
		for v in v3 v4; do
			$HOLD hold "/mnt/$v/lock-$r-$v" >"$SDIR/r$r-holder-$v" 2>&1 &
			echo $! >"$SDIR/r$r-holder-$v.pid"
		done
		for v in v3 v4; do
			n=0
			while ! grep -q ' held ' "$SDIR/r$r-holder-$v" && [ $n -lt 400 ]; do
				sleep 0.5
				n=$((n + 1))
			done
			check "r$r: $v: the holder took its lock" grep -q ' held ' "$SDIR/r$r-holder-$v"
		done
		mark "held-$r"
		log "r$r ($stack, $ev): locks held"
		wait_for "$CTL/checked-$r" 1800 || check "r$r: the server checked the locks" false
		for v in v3 v4; do
			pid=$(cat "$SDIR/r$r-holder-$v.pid")
			if [ "$stack" = nfs-ctl ]; then
				check "r$r: $v: the holder still runs" kill -0 "$pid"
			fi
			kill "$pid" 2>/dev/null
		done
		wait
		for v in v3 v4; do
			errs=$(grep -Ec ' [a-z]+-error ' "$SDIR/r$r-holder-$v")
			if [ "$stack" = nfs-ctl ]; then
				check "r$r: $v: the holder never saw an error and released its lock" \
					sh -c "! grep -Eq ' [a-z]+-error ' '$SDIR/r$r-holder-$v' && grep -q ' released .* errors=0\$' '$SDIR/r$r-holder-$v'"
			else
				note "r$r: $v: baseline: the holder saw $errs errors ($(grep -E ' [a-z]+-error ' "$SDIR/r$r-holder-$v" | head -n 1 | cut -d' ' -f2-))"
			fi
		done
		mark "released-$r"
		r=$((r + 1))
	done
	wait_for "$CTL/done" 600
	mark bye
	umount -f -l /mnt/v3 /mnt/v4 /mnt/ctl 2>/dev/null
	log "done"
}

case $role in
ctr-server)
	CTL=$EXPORT/ctl-ctr
	server
	;;
ctr-client) client ;;
*) echo "k1-container: unknown role $role" >&2; exit 2 ;;
esac
