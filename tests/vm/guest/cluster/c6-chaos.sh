#!/bin/sh
# Multi-host scenario 6, chaos (issue 33): while the client holds a
# whole-file POSIX lock over NFSv3 and another over NFSv4.1 for the whole
# run, the server SIGKILLs one NFS process after another and repairs each
# time the way an administrator would: with what `nfs-ctl doctor` proposes.
#
# Fault N (N = 1..CHAOS_FAULTS): odd N hit a running server, even N a start
# in progress (a restart or a start run in the background, the kill 0-3 s
# into it; "after-start" when that start had already returned).  The victim is picked at random among the processes running at
# that moment whose program is exactly (pgrep -x) rpc.statd, rpc.mountd,
# rpc.idmapd or nfsdcld, and under systemd also the control (or oneshot
# main) process of an NFS unit that is activating; its pid, its start time
# (/proc/PID/stat) and the time are recorded, and it is signalled only if
# it still is that process.  Nothing else is ever signalled by the
# injector.  Then:
#   1. (systemd) after a few seconds, whether systemd itself brought the
#      victim back (yes/no; sysvinit: n.a.), before anyone repairs;
#   2. whether anything is broken (not serving, a daemon of the first
#      count missing or doubled, under systemd a failed NFS unit or the
#      server target down), and `nfs-ctl doctor`: exit code, FAIL lines
#      and their fixes;
#   3. the repair: every distinct fix of a FAIL line, run as printed (sh
#      -c, pasted); when doctor proposes none, `nfs-ctl start server`
#      (sysvinit) or `systemctl restart nfs-server` (systemd);
#   4. checks: the server serves (wait_ready), each daemon runs as many
#      times as before the first fault, `nfs-ctl doctor` exits 0, and both
#      locks are held on the server (F_GETLK polled up to 240 s, the
#      client reclaiming after a restart) and a second owner there is
#      refused.
#   5. when something is still broken, the reset (the init's restart);
#      a lock still not held after it was lost for good (Linux's client
#      drops a lock whose reclaim the server refused): the client's holder
#      takes it anew (relock-K-V, relocked-K-V), so that every fault is
#      judged from locks held; the fault stays counted as lost.
# Output in OUT/c6-chaos/ of the server: chaos.tsv (one line per fault),
# summary, fault-N/ (every command's output), checks ("v3: ...", "v4: ...",
# "all: ..." as the report counts them).  The client checks at the end
# that its holders never saw an error.
#
# Not in the default scenario set: it runs only when named
# (LAB_CLUSTER_SCENARIOS=c6, `make check-vm-chaos`).  The number of faults
# and a time budget come from the kernel command line that run-cluster.sh
# writes: lab.chaos-faults=N (CHAOS_FAULTS, default 100), lab.chaos-seconds=S
# (CHAOS_SECONDS: no new fault after S seconds of the run; 0: no bound).
# Run by lab-runner on both VMs:  c6-chaos.sh OUT_DIR ROLE
# lab-explicit: only when named in lab.scenarios
# lab-timeout: 36000
# summary DIR: the figures of DIR/chaos.tsv.
# Defined before lib.sh is read, so that `c6-chaos.sh DIR summary` runs on
# the host too (tests/lab_chaos.bats).
summary() {
	awk -F '\t' '
		NR == 1 { next }
		$3 == "none" { none++; next }
		{ n++ }
		$15 != "none" { broke++; if ($5 == 1) named++ }
		$15 == "none" && $5 == 1 { spurious++ }
		$6 != "-" { proposed++ }
		$7 == "yes" { healed++ }
		$9 != "yes" { notserving++ }
		$10 != "yes" { lost++; if ($3 == "rpc.statd" && $20 == "before-kill") reclaiming++ }
		$18 == "yes" || $18 == "no" { tried++ }
		$18 == "yes" { worked++ }
		$19 ~ /free/ { freebefore++ }
		{ s += $11; if ($11 > max) max = $11 }
		END {
			printf "faults injected: %d (no victim to take: %d)\n", n, none
			printf "faults that left something broken before the repair: %d\n", broke
			printf "faults where doctor named the problem (FAIL, exit 1): %d of %d\n", named, broke
			printf "doctor FAIL with nothing broken: %d\n", spurious
			printf "faults systemd repaired itself: %d\n", healed
			printf "faults where doctor proposed a fix: %d\n", proposed
			printf "not serving after the repair: %d\n", notserving
			printf "locks lost (not held after the repair): %d\n", lost
			printf "of those, rpc.statd killed after the notice went out (the clients reclaiming): %d\n", reclaiming
			printf "faults with a lock not held before the repair (a reclaim under way, or lost until the repair): %d\n", freebefore
			printf "faults where the proposed fix worked: %d of %d\n", worked, tried
			if (n) printf "seconds to recover: mean %.1f, max %.1f\n", s / n, max
		}' "$1/chaos.tsv"
}
if [ "${2:-}" = summary ]; then
	summary "$1"
	exit 0
fi
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
role=$2
EXPORT=/srv/nfs/c
HOLD=/usr/lib/nfs-ctl-lab/lockhold
VICTIMS="rpc.statd rpc.mountd rpc.idmapd nfsdcld"
log() { echo "$(now) $*" >>"$SDIR/timeline"; say "c6 $role: $*"; }
cmdarg() {
	v=$(tr ' ' '\n' </proc/cmdline | sed -n "s/^$1=//p" | tail -n 1)
	echo "${v:-$2}"
}
FAULTS=$(cmdarg lab.chaos-faults 100)
BUDGET=$(cmdarg lab.chaos-seconds 0)
case $FAULTS$BUDGET in *[!0-9]*) FAULTS=100 BUDGET=0 ;; esac

# rnd N: a number from 0 to N-1.
rnd() { od -An -N4 -tu4 /dev/urandom | awk -v n="$1" '{ print $1 % n }'; }
# tenths N: N tenths of a second, as sleep reads it.
tenths() { awk -v t="$1" 'BEGIN { printf "%.1f", t / 10 }'; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# start_time PID: field 22 of /proc/PID/stat (clock ticks since boot).
start_time() { sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $20 }'; }
comm_of() { cat "/proc/$1/comm" 2>/dev/null; }

# ---------------------------------------------------------------- server --
# The administrator's restart when doctor has no fix, per init.
fallback() {
	case $INIT in
	systemd) echo "systemctl restart nfs-server" ;;
	*) echo "nfs-ctl start server" ;;
	esac
}
# The administrator's last resort after a repair that left it broken.
reset_cmd() {
	case $INIT in
	systemd) echo "systemctl restart nfs-server" ;;
	*) echo "nfs-ctl restart server" ;;
	esac
}
# start_cmd K: the K-th start in progress of this init (they take turns).
start_cmd() {
	case $INIT-$(($1 % 3)) in
	systemd-0) echo "systemctl restart nfs-server" ;;
	systemd-1) echo "nfs-ctl stop server; nfs-ctl start server" ;;
	systemd-2) echo "/etc/init.d/nfs-kernel-server restart" ;;
	sysv-0) echo "nfs-ctl stop server; nfs-ctl start server" ;;
	sysv-1) echo "/etc/init.d/nfs-kernel-server restart" ;;
	*) echo "nfs-ctl restart server" ;;
	esac
}

# serving_now: what wait_ready waits for, asked once.
serving_now() { [ "$(threads)" -gt 0 ] && registered 100003 && registered 100005; }

# nfs_units_failed: the failed NFS and RPC units (systemd), one line.
nfs_units_failed() {
	systemctl list-units --failed --plain --no-legend 2>/dev/null |
		awk '$1 ~ /^(nfs|rpc|proc-fs-nfsd|var-lib-nfs|run-rpc)/ { printf "%s ", $1 }'
}

# counts: "prog=N ..." of the victims' programs.
counts() {
	c=""
	for p in $VICTIMS; do c="$c$p=$(count_proc "$p") "; done
	echo "${c% }"
}

# broken: why the server is not as before the first fault ("" if it is).
broken() {
	why=""
	serving_now || why="not serving; "
	[ "$(counts)" = "$BASE" ] || why="${why}daemons $(counts); "
	if [ "$INIT" = systemd ]; then
		f=$(nfs_units_failed)
		[ -z "$f" ] || why="${why}failed units ${f% }; "
		systemctl is-active --quiet nfs-server.target || why="${why}nfs-server.target $(systemctl is-active nfs-server.target); "
	fi
	echo "${why%; }"
}

# candidates: "pid program" of every process the injector may kill now;
# under systemd also "pid ctl:UNIT" for a starting NFS unit's process.
candidates() {
	for p in $VICTIMS; do
		for pid in $(pgrep -x "$p"); do echo "$pid $p"; done
	done
	[ "$INIT" = systemd ] || return 0
	systemctl list-units --state=activating --plain --no-legend 2>/dev/null |
		awk '$1 ~ /^(nfs|rpc)/ { print $1 }' | while read -r u; do
		pid=$(systemctl show -p ControlPID --value "$u" 2>/dev/null)
		case $pid in "" | 0) pid=$(systemctl show -p MainPID --value "$u" 2>/dev/null) ;; esac
		case $pid in "" | 0) continue ;; esac
		c=$(comm_of "$pid")
		# picked by its exact program too: pgrep -x must list it
		[ -n "$c" ] && pgrep -x "$c" | grep -qx "$pid" && echo "$pid ctl:$u:$c"
	done
}

# inject DIR: pick one victim now and SIGKILL it; writes DIR/victim
# ("PID WHAT STARTTIME TIME") or nothing when none could be taken.
inject() {
	candidates >"$1/candidates"
	n=$(wc -l <"$1/candidates")
	[ "$n" -gt 0 ] || return 1
	sed -n "$(($(rnd "$n") + 1))p" "$1/candidates" >"$1/picked"
	read -r pid what <"$1/picked"
	st=$(start_time "$pid")
	prog=${what##*:}
	# still that process (same program and start time) when signalled
	[ -n "$st" ] && [ "$(comm_of "$pid")" = "$prog" ] && [ "$(start_time "$pid")" = "$st" ] || return 1
	t=$(now)
	kill -KILL "$pid" 2>>"$1/kill.err" || return 1
	uptime_s >"$1/victim-uptime"
	echo "$pid $what $st $t" >"$1/victim"
	return 0
}

# notice_vs_kill BEGAN KILLED (seconds since boot): whether nfs-ctl's
# latest reboot notice (/run/nfs-ctl/sm-notify.notice, clock ticks since
# boot) went out during this fault before the kill ("before-kill": the
# clients' reclaims may have been under way, and a statd killed then
# makes lockd refuse them), after it ("after-kill"), or not at all ("-").
notice_vs_kill() {
	awk -v b="$1" -v k="$2" -v hz="$(getconf CLK_TCK)" '
		{ t = $1 / hz }
		END { if (NR == 0 || t < b) print "-"; else if (t <= k) print "before-kill"; else print "after-kill" }' \
		/run/nfs-ctl/sm-notify.notice 2>/dev/null
}

# doctor_run FILE: nfs-ctl doctor's output into FILE, its exit code out.
doctor_run() {
	timeout 120 nfs-ctl doctor >"$1" 2>&1
	echo $?
}
# fixes FILE: the distinct fixes of its FAIL lines, one a line, in order.
fixes() { sed -n 's/^FAIL .*; fix: //p' "$1" | awk '!seen[$0]++'; }

# locks_held TAG [SECONDS]: both locks on the server's F_GETLK (polled up
# to SECONDS, default 240), then a second owner on the server refused;
# checks recorded.
locks_held() {
	ok=yes
	for v in v3 v4; do
		n=0
		until $HOLD getlk "$EXPORT/lock-c6-$v" >"$FD/getlk-$v" 2>&1; do
			n=$((n + 1))
			[ $n -lt $((${2:-240} * 2)) ] || break
			sleep 0.5
		done
		check "$v: $1: lock held on the server" grep -q '^[0-9.]* locked' "$FD/getlk-$v"
		grep -q '^[0-9.]* locked' "$FD/getlk-$v" || ok=no
		$HOLD trylock "$EXPORT/lock-c6-$v" >"$FD/trylock-$v" 2>&1
		r=$?
		check "$v: $1: a second owner on the server is refused" [ $r = 2 ]
		[ $r = 2 ] || ok=no
	done
	echo $ok >"$FD/locks"
}

# one_fault N: inject fault N, repair, check; one line of chaos.tsv.
one_fault() {
	k=$1
	FD=$SDIR/fault-$k
	mkdir -p "$FD"
	fault_began=$(uptime_s)
	scmd=- srv_rc=-
	if [ $((k % 2)) = 1 ]; then
		moment=running
		sleep "$(tenths "$(rnd 31)")"
		inject "$FD"
	else
		moment=starting
		scmd=$(start_cmd $((k / 2)))
		# nfs-ctl stop server; ... : the stop runs first, in the foreground
		case $scmd in
		"nfs-ctl stop server; "*)
			timeout 200 nfs-ctl stop server >"$FD/stop.out" 2>&1 </dev/null
			echo $? >"$FD/stop.rc"
			bg=${scmd#*; } ;;
		*) bg=$scmd ;;
		esac
		# its exit code in start.rc when it returns (never signalled)
		{
			sh -c "$bg" >"$FD/start.out" 2>&1 </dev/null
			echo $? >"$FD/start.rc.tmp" && mv "$FD/start.rc.tmp" "$FD/start.rc"
		} &
		sleep "$(tenths "$(rnd 31)")"
		# a moment with no candidate (between a stop and a start): look
		# again every tenth of a second while the start runs
		until [ -e "$FD/start.rc" ] || inject "$FD"; do sleep 0.1; done
		if [ ! -s "$FD/victim" ]; then
			# the start returned before the moment came: the fault
			# hits the server it left, and says so
			moment=after-start
			inject "$FD"
		fi
		n=0
		while [ ! -e "$FD/start.rc" ] && [ $n -lt 1500 ]; do
			sleep 0.2
			n=$((n + 1))
		done
		if [ -e "$FD/start.rc" ]; then
			srv_rc=$(cat "$FD/start.rc")
		else
			check "all: fault $k: '$bg' returned within 300 s" false
			srv_rc=running
		fi
	fi
	if [ ! -s "$FD/victim" ]; then
		echo "$k	$INIT	none	$moment	-	-	-	-	-	-	-	-	$scmd	$srv_rc	-	-	-	-	-" >>"$SDIR/chaos.tsv"
		log "fault $k ($moment): no victim could be taken"
		return 0
	fi
	read -r vpid vwhat _ vt <"$FD/victim"
	log "fault $k ($moment, start: $scmd): SIGKILL $vwhat pid $vpid"
	notice=$(notice_vs_kill "$fault_began" "$(cat "$FD/victim-uptime")")
	# what systemd does on its own, before anyone repairs
	sleep 5
	healed=n.a.
	if [ "$INIT" = systemd ]; then
		healed=no
		case $vwhat in
		ctl:*) u=${vwhat#ctl:}; u=${u%%:*}
			systemctl is-active --quiet "$u" && healed=yes ;;
		*) for p in $(pgrep -x "$vwhat"); do [ "$p" = "$vpid" ] || healed=yes; done ;;
		esac
		[ -z "$(nfs_units_failed)" ] || healed=no
	fi
	why=$(broken)
	echo "$why" >"$FD/broken"
	# the locks at this moment, asked once (not judged: after a restart
	# the client may still be reclaiming; a lock missing here and back
	# after the repair shows what the repair did)
	lb=""
	for v in v3 v4; do
		if $HOLD getlk "$EXPORT/lock-c6-$v" >"$FD/getlk-before-repair-$v" 2>&1; then
			lb="$lb$v=held "
		else
			lb="$lb$v=free "
		fi
	done
	lb=${lb% }
	drc=$(doctor_run "$FD/doctor-before.out")
	fixes "$FD/doctor-before.out" >"$FD/fixes"
	named=-
	if [ -n "$why" ]; then
		named=no
		grep -q '^FAIL ' "$FD/doctor-before.out" && [ "$drc" = 1 ] && named=yes
		check "all: fault $k ($vwhat, $moment): doctor names what broke ($why)" [ $named = yes ]
	fi
	# the repair: doctor's fixes as printed, else the init's own command
	if [ -s "$FD/fixes" ]; then
		cp "$FD/fixes" "$FD/repair"
	else
		fallback >"$FD/repair"
	fi
	rrc=0
	i=0
	while IFS= read -r cmd; do
		i=$((i + 1))
		timeout 300 sh -c "$cmd" >"$FD/repair-$i.out" 2>&1 </dev/null
		r=$?
		echo "$cmd	$r" >>"$FD/repair.rc"
		[ $r = 0 ] || [ $rrc != 0 ] || rrc=$r
	done <"$FD/repair"
	rtext=$(awk '{ printf "%s%s", (NR > 1 ? " ; " : ""), $0 }' "$FD/repair")
	check "all: fault $k: the repair ($rtext) exits 0" [ $rrc = 0 ]
	serving=no
	wait_ready v3 && serving=yes
	check "all: fault $k: serving after the repair" [ $serving = yes ]
	check "all: fault $k: each daemon runs as before the first fault ($(counts))" [ "$(counts)" = "$BASE" ]
	# doctor right after the repair, and twice more 5 s apart if it still
	# fails (a registration on its way); the tries are in the TSV
	tries=0
	d2=1
	while [ $tries -lt 3 ] && [ "$d2" != 0 ]; do
		tries=$((tries + 1))
		[ $tries = 1 ] || sleep 5
		d2=$(doctor_run "$FD/doctor-after-$tries.out")
	done
	check "all: fault $k: nfs-ctl doctor exits 0 after the repair" [ "$d2" = 0 ]
	locks_held "fault $k"
	locks=$(cat "$FD/locks")
	secs=$(since "$vt")
	dfix=$(awk '{ printf "%s%s", (NR > 1 ? " ; " : ""), $0 }' "$FD/fixes")
	worked=-
	if [ -s "$FD/fixes" ]; then
		worked=no
		[ $rrc = 0 ] && [ $serving = yes ] && [ "$(counts)" = "$BASE" ] && [ "$d2" = 0 ] && [ "$locks" = yes ] && worked=yes
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
		"$k" "$INIT" "$vwhat" "$moment" "$drc" "${dfix:--}" "$healed" "$rrc" "$serving" "$locks" "$secs" \
		"$vpid" "$scmd" "$srv_rc" "${why:-none}" "$d2/$tries" "$vt" "$worked" "$lb" "$notice" >>"$SDIR/chaos.tsv"
	log "fault $k: doctor $drc, fix ${dfix:--}, repair $rrc, serving $serving, locks $locks, $secs s"
	# a server left broken would make every later fault meaningless: a
	# restart, as an administrator would end it, noted (not a repair)
	if [ $serving != yes ] || [ "$locks" != yes ] || [ "$(counts)" != "$BASE" ]; then
		note "fault $k: left the server broken; reset with $(reset_cmd)"
		timeout 300 sh -c "$(reset_cmd)" >"$FD/reset.out" 2>&1 </dev/null
		wait_ready v3
		FD=$FD/reset
		mkdir -p "$FD"
		# a reclaim the server refused is not tried again by the client
		# (Linux drops the lock): a minute tells whether the reset helped
		locks_held "fault $k, after the reset" 60
		relock_lost "$k"
	fi
}

# relock_lost K: a lock still not held after fault K's reset was lost for
# good; the client's holder takes it anew, so that the next fault starts
# from locks held and is judged on its own (fault K stays counted as lost).
relock_lost() {
	for v in v3 v4; do
		grep -q '^[0-9.]* locked' "$FD/getlk-$v" && continue
		note "$v: fault $1 lost the lock for good; the client takes it anew"
		mark "relock-$1-$v"
		check "$v: fault $1: the client took its lock anew" wait_for "$CTL/relocked-$1-$v" 300
	done
	FD=$FD/relock
	mkdir -p "$FD"
	locks_held "fault $1, after the client took its locks anew" 60
}

server() {
	CTL=$EXPORT/ctl-c6
	mkdir -p "$CTL"
	rm -rf "${CTL:?}"/*
	case $MODE-$INIT in
	nfs-ctl-systemd | nfs-ctl-sysv) ;;
	*)
		echo "SKIP chaos runs with nfs-ctl under systemd or sysvinit (this boot: $MODE, $INIT)" >"$SDIR/checks"
		mark skip
		return 0 ;;
	esac
	check "all: server serving" wait_ready v3
	BASE=$(counts)
	note "chaos: $FAULTS faults asked, budget ${BUDGET} s; daemons before the first fault: $BASE"
	printf 'fault\tinit\tvictim\tmoment\tdoctor_exit\tdoctor_fix\tsystemd_repaired\trepair_exit\tserving_after\tlocks_after\tseconds_to_recover\tpid\tstart_command\tstart_exit\tbroken_before_repair\tdoctor_after/tries\tkill_time\tfix_worked\tlocks_before_repair\tnotice\n' >"$SDIR/chaos.tsv"
	d0=$(doctor_run "$SDIR/doctor-first.out")
	check "all: nfs-ctl doctor exits 0 before the first fault" [ "$d0" = 0 ]
	mark ready
	if ! wait_for "$CTL/held" 1200; then
		check "all: client took its locks" false
		mark "done"
		return
	fi
	FD=$SDIR/before
	mkdir -p "$FD"
	locks_held "before the first fault"
	t0=$(cut -d. -f1 /proc/uptime)
	k=0
	while [ "$k" -lt "$FAULTS" ]; do
		if [ "$BUDGET" -gt 0 ] && [ $(($(cut -d. -f1 /proc/uptime) - t0)) -ge "$BUDGET" ]; then
			note "chaos: time budget of $BUDGET s spent after $k faults"
			break
		fi
		k=$((k + 1))
		one_fault "$k"
		# the results so far onto the results disk, as the runner saves
		# them after a scenario: a boot cut short by its time limit still
		# leaves the faults it ran
		if [ $((k % 5)) = 0 ]; then
			summary "$SDIR" >"$SDIR/summary"
			tar -cf /dev/vdb -C /run/lab out 2>/dev/null
			sync
		fi
	done
	summary "$SDIR" >"$SDIR/summary"
	while IFS= read -r l; do note "chaos: $l"; done <"$SDIR/summary"
	lost=$(sed -n 's/^locks lost (not held after the repair): //p' "$SDIR/summary")
	check "all: chaos: no lock lost in $k faults" [ "${lost:-1}" = 0 ]
	mark chaos-done
	if wait_for "$CTL/released" 600; then
		for v in v3 v4; do
			$HOLD getlk "$EXPORT/lock-c6-$v" >"$SDIR/getlk-released-$v" 2>&1
			check "$v: unlocked on the server once the holder released" [ $? = 1 ]
		done
	else
		check "all: client released its locks" false
	fi
	mark "done"
	log "done"
}

# ---------------------------------------------------------------- client --
# wait_held V: until V's holder says it holds its lock (200 s at most).
wait_held() {
	n=0
	while ! grep -q ' held ' "$SDIR/holder-$1" && [ $n -lt 400 ]; do
		sleep 0.5
		n=$((n + 1))
	done
}

# retake V ID: the server found V's lock lost for good in fault ID's
# reset: the holder (which saw no error: NFSv3 cannot tell it) is ended,
# its output kept as holder-V.lost-ID, and a new holder takes the lock.
retake() {
	kill "$(cat "$SDIR/holder-$1.pid")"
	wait "$(cat "$SDIR/holder-$1.pid")"
	mv "$SDIR/holder-$1" "$SDIR/holder-$1.lost-$2"
	$HOLD hold "/mnt/c6$1/lock-c6-$1" >"$SDIR/holder-$1" 2>&1 &
	echo $! >"$SDIR/holder-$1.pid"
	wait_held "$1"
	check "$1: the holder took its lock anew after fault ${2%-*}" grep -q ' held ' "$SDIR/holder-$1"
	mark "relocked-$2"
}

client() {
	mkdir -p /mnt/ctl /mnt/c6v3 /mnt/c6v4
	n=0
	until mountpoint -q /mnt/ctl ||
		mount -t nfs -o vers=3,nolock,noac,lookupcache=none,nosharecache,proto=tcp "labsrv:$EXPORT" /mnt/ctl 2>>"$SDIR/mount-ctl.err"; do
		n=$((n + 1))
		[ $n -lt 120 ] || break
		sleep 5
	done
	check "all: control mount of the server" mountpoint -q /mnt/ctl
	CTL=/mnt/ctl/ctl-c6
	n=0
	while [ ! -e "$CTL/ready" ] && [ ! -e "$CTL/skip" ] && [ $n -lt 2400 ]; do
		sleep 0.5
		n=$((n + 1))
	done
	if [ -e "$CTL/skip" ]; then
		echo "SKIP the server does not run the chaos scenario in this boot" >"$SDIR/checks"
		umount -f -l /mnt/ctl 2>/dev/null
		return 0
	fi
	if [ ! -e "$CTL/ready" ]; then
		check "all: server ready" false
		return
	fi
	check "v3: NFSv3 mount with locking" [ "$(rec mount-v3 timeout 90 mount -t nfs -o vers=3,lock,proto=tcp "labsrv:$EXPORT" /mnt/c6v3)" = 0 ]
	check "v4: NFSv4.1 mount" [ "$(rec mount-v4 timeout 90 mount -t nfs -o vers=4.1 "labsrv:$EXPORT" /mnt/c6v4)" = 0 ]
	for v in v3 v4; do
		$HOLD hold "/mnt/c6$v/lock-c6-$v" >"$SDIR/holder-$v" 2>&1 &
		echo $! >"$SDIR/holder-$v.pid"
	done
	for v in v3 v4; do
		wait_held "$v"
		check "$v: the holder took its lock" grep -q ' held ' "$SDIR/holder-$v"
	done
	mark held
	log "locks held, waiting for the server's faults"
	# as long as the server's faults take (lab-timeout bounds the whole),
	# taking anew a lock the server says a fault lost
	n=0
	while [ ! -e "$CTL/chaos-done" ] && [ $n -lt 70000 ]; do
		for m in "$CTL"/relock-*; do
			[ -e "$m" ] || continue
			id=${m##*/relock-}
			[ -e "$CTL/relocked-$id" ] || retake "${id##*-}" "$id"
		done
		sleep 0.5
		n=$((n + 1))
	done
	[ -e "$CTL/chaos-done" ] || check "all: server finished its faults" false
	for v in v3 v4; do
		check "$v: the holder is still running after the faults" kill -0 "$(cat "$SDIR/holder-$v.pid")"
		note "$v: the holder's writes that took 2 s or more: $(grep -c ' stalled ' "$SDIR/holder-$v")"
		kill "$(cat "$SDIR/holder-$v.pid")"
	done
	wait
	for f in "$SDIR"/holder-v3 "$SDIR"/holder-v4 "$SDIR"/holder-v?.lost-*; do
		[ -e "$f" ] || continue
		v=${f##*/holder-}
		check "${v%%.*}: the holder ($v) never saw an error and released its lock" \
			sh -c "! grep -Eq ' [a-z]+-error ' '$f' && grep -q ' released .* errors=0\$' '$f'"
	done
	mark released
	wait_for "$CTL/done" 300
	umount -f -l /mnt/c6v3 /mnt/c6v4 /mnt/ctl 2>/dev/null
	log "done"
}

case $role in
server) server ;;
client) client ;;
*) echo "c6-chaos: unknown role $role" >&2; exit 2 ;;
esac
