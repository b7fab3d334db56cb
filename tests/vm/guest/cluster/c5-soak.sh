#!/bin/sh
# Multi-host scenario 5, soak (issue 33): SOAK_CYCLES starts, stops and
# restarts of the NFS server, each through one of its front doors
# (`nfs-ctl ACTION server`, the init's own command, the Pacemaker agent
# as Pacemaker calls it), in an order drawn from a recorded seed, while the
# client writes through an NFSv3 and an NFSv4.1 mount, each file under a
# whole-file POSIX lock held all along by its writer (guest/soak.c: a record
# with a sequence number and its CRC, fsync, the CRC kept locally once both
# returned), and a second lock owner on the client tries the same locks
# through mounts of their own (nosharecache: the server decides, not the
# client's own lock list) every 2 s. Then: every write the client believed
# made is in the files, intact; the second owner was never granted a held
# lock; after a final clean stop nothing is left that one clean stop at the
# start did not leave; statd never ran twice at once; nfs-ctl's memory and
# time per command in the first and last 10 cycles.
# Not in the default scenario set (`# lab-explicit`): make check-vm-soak,
# or LAB_CLUSTER_SCENARIOS=c5 tests/vm/run-cluster.sh; run-cluster.sh passes
# lab.soak=CYCLES,SEED,BUDGET (BUDGET: seconds of cycling at most, so that
# the results are saved before the VM's time limit).
# Run by lab-runner on both VMs:  c5-soak.sh OUT_DIR ROLE
# (and by itself as  c5-soak.sh OUT_DIR ocf ACTION: the agent's door).
# Markers in the export's ctl-c5/ directory, as in c1.
# lab-explicit: yes
# lab-timeout: 86400
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
role=$2
EXPORT=/srv/nfs/c
HOLD=/usr/lib/nfs-ctl-lab/lockhold
SOAK=/usr/lib/nfs-ctl-lab/soak
AGENT=/usr/lib/ocf/resource.d/nfs-ctl/nfs-ctl
log() { echo "$(now) $*" >>"$SDIR/timeline"; say "c5 $role: $*"; }

# lab.soak=CYCLES,SEED,BUDGET (run-cluster.sh); defaults when booted by hand
params=$(sed -n 's/^soak=//p' /etc/nfs-ctl-lab/boot 2>/dev/null)
CYCLES=$(echo "$params" | cut -s -d, -f1)
SEED=$(echo "$params" | cut -s -d, -f2)
BUDGET=$(echo "$params" | cut -s -d, -f3)
CYCLES=${CYCLES:-300}
SEED=${SEED:-1}
BUDGET=${BUDGET:-36000}

# ---------------------------------------------------------------- the doors
# The agent as Pacemaker's executor runs it: a clean environment, the OCF
# variables, the action as its argument. A start or stop is followed by a
# recurring monitor, as Pacemaker schedules one; a restart is a stop and a
# start (Pacemaker has no restart action). Exit 0 when every call returned
# what Pacemaker wants (start 0, stop 0, monitor 0 after a start and 7 after
# a stop), else the first unexpected code (1 if that code was 0).
agent() { # ACTION [INTERVAL_MS]
	env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		OCF_ROOT=/usr/lib/ocf OCF_RA_VERSION_MAJOR=1 OCF_RA_VERSION_MINOR=1 \
		OCF_RESOURCE_INSTANCE=soak-nfs OCF_RESOURCE_TYPE=nfs-ctl OCF_RESOURCE_PROVIDER=nfs-ctl \
		OCF_RESKEY_CRM_meta_timeout=90000 OCF_RESKEY_CRM_meta_interval="${2:-0}" \
		OCF_RESKEY_CRM_meta_on_node="$(hostname)" \
		timeout 200 "$AGENT" "$1"
}
ocf_door() {
	case $1 in
	start) ops="start:0 monitor:0" ;;
	stop) ops="stop:0 monitor:7" ;;
	restart) ops="stop:0 start:0 monitor:0" ;;
	esac
	for op in $ops; do
		a=${op%%:*} want=${op#*:}
		iv=0
		[ "$a" = monitor ] && iv=10000
		agent "$a" "$iv"
		rc=$?
		echo "agent $a: exit $rc (want $want)"
		if [ "$rc" != "$want" ]; then
			[ "$rc" = 0 ] && rc=1
			return "$rc"
		fi
	done
	return 0
}

# the deterministic draw: a 31-bit LCG in shell arithmetic (64-bit in dash
# and bash), so that a seed gives the same sequence anywhere
RNG=0
draw() { # N: sets RV to a number in 0..N-1
	RNG=$(((RNG * 1103515245 + 12345) % 2147483648))
	RV=$(((RNG / 65536) % $1))
}

# door_cmd DOOR ACTION SUB: the command line of one cycle
door_cmd() {
	case $1-$INIT in
	ctl-*) echo "nfs-ctl $2 server" ;;
	init-systemd) echo "systemctl $2 nfs-server" ;;
	init-*)
		if [ "$3" = 0 ]; then
			echo "/etc/init.d/nfs-kernel-server $2"
		else
			echo "service nfs-kernel-server $2"
		fi
		;;
	ocf-*) echo "ocf $2" ;;
	esac
}

serving() { [ "$(threads)" -gt 0 ] && registered 100003; }

# snapshot FILE: what is left of the NFS server, one fact a line, sorted;
# pids and ports left out so that two snapshots compare.
snapshot() {
	{
		for d in rpc.statd rpc.mountd rpc.idmapd nfsdcld rpc.gssd rpc.svcgssd blkmapd sm-notify fsidd rpc.nfsd exportfs nfsdctl; do
			echo "process $d: $(count_proc "$d")"
		done
		echo "nfsd threads: $(threads)"
		echo "nfsd kernel threads: $(count_proc nfsd)"
		echo "lockd kernel threads: $(count_proc lockd)"
		awk '$3 == "nfsd" || $3 == "rpc_pipefs" { print "mount " $3 " on " $2 }' /proc/mounts
		rpcinfo -p 127.0.0.1 2>/dev/null | awk 'NR > 1 && $1 != 100000 { print "rpcbind: program " $1 " version " $2 " " $3 }'
		exportfs -v 2>/dev/null | tr -s ' \t\n' ' ' | sed 's/^ *//; s/ *$//' | grep . | sed 's/^/kernel exports: /'
		find /run/nfs-ctl /run/nfs-ctl.lock /run/sendsigs.omit.d/rpc.statd /run/rpc.statd.pid \
			/run/sm-notify.pid /etc/nfs.conf.d/90-pacemaker-nfs-ctl.conf -mindepth 0 2>/dev/null |
			sed 's/^/file: /'
		me=$(readlink -f /usr/sbin/nfs-ctl)
		for p in /proc/[0-9]*; do
			[ "$(readlink "$p/exe" 2>/dev/null)" = "$me" ] || continue
			echo "nfs-ctl process: $(tr '\0' ' ' <"$p/cmdline")"
			for fd in "$p"/fd/*; do
				echo "nfs-ctl process fd: $(tr '\0' ' ' <"$p/cmdline")-> $(readlink "$fd" 2>/dev/null)"
			done
		done
		if [ "$INIT" = systemd ]; then
			systemctl list-units --all --plain --no-legend --no-pager 'nfs*' 'rpc*' 'proc-fs-nfsd.mount' \
				'*rpc_pipefs*' 2>/dev/null | awk '$3 != "inactive" { print "unit " $1 " " $3 " " $4 }'
		fi
	} | sort >"$1"
}

# clean_stop NAME: one clean stop as an administrator who also runs the
# agent would make it (nfs-ctl's stop, then the agent's stop, which only
# removes its drop-in when the server is down), then the snapshot.
clean_stop() {
	{
		echo "\$ nfs-ctl stop server"
		timeout 200 nfs-ctl stop server 2>&1
		echo "exit $?"
		echo "\$ agent stop"
		agent stop 2>&1
		echo "exit $?"
	} >"$SDIR/$1.out"
	sleep 2
	snapshot "$SDIR/$1.snapshot"
}

# median and max of column C over the lines of stdin (numbers; - skipped)
medmax() {
	awk -v c="$1" '$c != "-" && $c != "" { v[n++] = $c + 0 }
		END {
			if (!n) { printf "- | -"; exit }
			for (i = 1; i < n; i++) { x = v[i]; for (j = i - 1; j >= 0 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
			m = n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2
			printf "%s | %s", m, v[n - 1] }'
}

# ---------------------------------------------------------------- server --
cycle() { # I: one cycle, one TSV line
	i=$1
	draw 3
	door=$(echo "ctl init ocf" | cut -d' ' -f$((RV + 1)))
	draw 3
	action=$(echo "start stop restart" | cut -d' ' -f$((RV + 1)))
	draw 2
	sub=$RV
	draw 3
	pause=$RV
	cmd=$(door_cmd "$door" "$action" "$sub")
	n=$(printf '%04d' "$i")
	res=$SDIR/cmd/$n.res
	if [ "$door" = ocf ]; then
		$SOAK run "$res" sh "$LAB/cluster/c5-soak.sh" "$SDIR" ocf "$action" >"$SDIR/cmd/$n.out" 2>&1
	else
		# shellcheck disable=SC2086 # the command is words
		$SOAK run "$res" timeout 300 $cmd >"$SDIR/cmd/$n.out" 2>&1
	fi
	rc=$(sed -n 's/^rc=\([0-9]*\) .*/\1/p' "$res")
	secs=$(sed -n 's/.*secs=\([0-9.]*\).*/\1/p' "$res")
	hwm=$(sed -n 's/.*nfsctl_hwm_kib=\([0-9]*\).*/\1/p' "$res")
	[ "${hwm:-0}" != 0 ] || hwm=-
	smax=$(sed -n 's/.*statd_max=\([0-9]*\).*/\1/p' "$res")
	spids=$(sed -n 's/.*statd_pids=\([^ ]*\).*/\1/p' "$res")
	procs=$(sed -n 's/.*nfsctl_procs=\([0-9]*\).*/\1/p' "$res")
	tree=$(sed -n 's/.*tree_maxrss_kib=\([0-9]*\).*/\1/p' "$res")
	alive=$(count_proc rpc.statd)
	if serving; then up=yes; else up=no; fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$i" "$door" "$action" "$rc" "$secs" "$hwm" \
		"$alive" "$up" "$cmd" "$smax" "$spids" "$procs" "$tree" >>"$SDIR/cycles.tsv"
	pgrep -x rpc.statd | sed "s/^/$i /" >>"$SDIR/statd-pids"
	# whom a forced notice would reach: statd's list and sm-notify's
	echo "$i $cmd: sm: $(ls /var/lib/nfs/sm 2>/dev/null | tr '\n' ' ')sm.bak: $(ls /var/lib/nfs/sm.bak 2>/dev/null | tr '\n' ' ')lockd: $(pgrep -x lockd | tr '\n' ' ')" >>"$SDIR/nsm-lists"
	want=yes
	[ "$action" = stop ] && want=no
	if [ "$rc" != 0 ] || [ "$up" != "$want" ]; then
		echo "cycle $i: $cmd: exit $rc, serving after: $up (want $want); output in cmd/$n.out" >>"$SDIR/bad-cycles"
		log "cycle $i: $cmd: exit $rc, serving $up (want $want)"
	fi
	if [ "${alive:-0}" -gt 1 ] || [ "${smax:-0}" -gt 1 ]; then
		echo "cycle $i: $cmd: $alive rpc.statd after, at most $smax at once during (pids $spids)" >>"$SDIR/statd-twice"
	fi
	sleep "$pause"
}

# locked_again V: poll the server's F_GETLK until V's lock is back (240 s)
locked_again() {
	n=0
	until $HOLD getlk "$EXPORT/soak-$1.dat" >"$SDIR/getlk-end-$1" 2>&1; do
		n=$((n + 1))
		[ $n -lt 480 ] || return 1
		sleep 0.5
	done
}

server() {
	rm -rf "${CTL:?}"/*
	rm -f "$EXPORT/soak-v3.dat" "$EXPORT/soak-v4.dat"
	mkdir -p "$SDIR/cmd"
	note "seed $SEED, $CYCLES cycles asked, budget $BUDGET s; replay: SOAK_SEED=$SEED SOAK_CYCLES=$CYCLES LAB_CLUSTER_INITS=$INIT LAB_CLUSTER_RELEASE=$RELEASE make check-vm-soak"
	echo "seed=$SEED cycles=$CYCLES budget=$BUDGET init=$INIT release=$RELEASE mode=$MODE" >"$SDIR/params"
	check "all: server serving at the start" wait_ready v3
	[ -x "$AGENT" ] || check "all: the OCF agent is installed at $AGENT" false
	# what one clean stop leaves, before any cycle
	clean_stop stop-start
	check "all: the first clean stop leaves nfsd without threads" [ "$(threads)" = 0 ]
	check "all: nfs-ctl start server after the first clean stop exits 0" \
		[ "$(rec start0 timeout 200 nfs-ctl start server)" = 0 ]
	check "all: serving before the cycles" wait_ready v3
	mark ready
	log "serving, waiting for the client's writers"
	if ! wait_for "$CTL/held" 1200; then
		check "all: client took its locks and started writing" false
		return
	fi
	for v in v3 v4; do
		$HOLD getlk "$EXPORT/soak-$v.dat" >"$SDIR/getlk-start-$v" 2>&1
		check "$v: F_GETLK on the server before the cycles: the writer's lock is there" [ $? = 0 ]
	done
	: >"$SDIR/bad-cycles"
	: >"$SDIR/statd-twice"
	: >"$SDIR/statd-pids"
	printf 'cycle\tdoor\taction\texit\tseconds\tmax_rss_kib\tstatd_alive\tserving_after\tcommand\tstatd_max_during\tstatd_pids_during\tnfsctl_procs\ttree_maxrss_kib\n' >"$SDIR/cycles.tsv"
	RNG=$SEED
	began=$(cut -d. -f1 /proc/uptime)
	i=1
	while [ "$i" -le "$CYCLES" ]; do
		if [ $(($(cut -d. -f1 /proc/uptime) - began)) -ge "$BUDGET" ]; then
			log "budget of $BUDGET s spent after $((i - 1)) cycles"
			break
		fi
		cycle "$i"
		[ $((i % 10)) != 0 ] || log "cycle $i of $CYCLES"
		i=$((i + 1))
	done
	ran=$((i - 1))
	echo "$ran" >"$SDIR/cycles-run"
	check "all: ran the $CYCLES cycles asked ($ran within the budget of $BUDGET s)" [ "$ran" = "$CYCLES" ]
	if ! serving; then
		rec start-end timeout 200 nfs-ctl start server >/dev/null
	fi
	check "all: serving after the cycles" wait_ready v3
	for v in v3 v4; do
		check "$v: the client's lock is held on the server after the last cycle (F_GETLK, kept or reclaimed)" locked_again "$v"
		$HOLD trylock "$EXPORT/soak-$v.dat" >"$SDIR/trylock-end-$v" 2>&1
		check "$v: a second owner on the server is refused after the last cycle" [ $? = 2 ]
	done
	mark cycles-done
	log "cycles done ($ran), waiting for the client"
	if ! wait_for "$CTL/client-done" 1800; then
		check "all: client finished its checks" false
	fi
	# the files on the server's disk hold every write the client believed made
	for v in v3 v4; do
		if [ -f "$CTL/written-$v" ]; then
			$SOAK verify "$EXPORT/soak-$v.dat" "$CTL/written-$v" >"$SDIR/verify-server-$v" 2>&1
			vr=$?
			check "$v: every write the client recorded is on the server's disk, intact ($(tail -n 1 "$SDIR/verify-server-$v" | cut -d' ' -f2-))" [ "$vr" = 0 ]
			cp "$CTL/written-$v" "$SDIR/"
		else
			check "$v: the client's list of writes reached the server" false
		fi
	done
	# nothing left that one clean stop at the start did not leave
	clean_stop stop-end
	comm -13 "$SDIR/stop-start.snapshot" "$SDIR/stop-end.snapshot" >"$SDIR/leftovers"
	comm -23 "$SDIR/stop-start.snapshot" "$SDIR/stop-end.snapshot" >"$SDIR/gone"
	check "all: after the final clean stop nothing is left that the first left not ($(wc -l <"$SDIR/leftovers") lines in leftovers)" [ ! -s "$SDIR/leftovers" ]
	[ ! -s "$SDIR/gone" ] || note "after the final clean stop, gone since the first: $(tr '\n' ';' <"$SDIR/gone")"
	# statd: never two at once, in any sample
	check "all: never two rpc.statd at once (after each cycle, and every 25 ms during each command)" [ ! -s "$SDIR/statd-twice" ]
	note "rpc.statd: $(cut -d' ' -f2 "$SDIR/statd-pids" | sort -u | wc -l) distinct pids over $ran cycles"
	bad=$(wc -l <"$SDIR/bad-cycles")
	check "all: every cycle exited 0 and left the server serving (start, restart) or not (stop) ($bad bad)" [ "$bad" = 0 ]
	summarize "$ran"
	# leave the server as the boot left it
	rec start-after timeout 200 nfs-ctl start server >/dev/null
	mark "done"
	log "done"
}

# summarize RAN: the soak's summary (the report shows it), first 10 and last
# 10 cycles side by side, for all doors and per door
summarize() {
	ran=$1
	body=$(tail -n +2 "$SDIR/cycles.tsv")
	{
		echo "seed $SEED, cycles $ran of $CYCLES, server init $INIT, $RELEASE"
		echo
		echo "| cycles | n | seconds median | seconds max | nfs-ctl max RSS KiB median | max |"
		echo "|---|---|---|---|---|---|"
		for door in all ctl init ocf; do
			if [ "$door" = all ]; then
				sel=$body
			else
				sel=$(echo "$body" | awk -F'\t' -v d="$door" '$2 == d')
			fi
			first=$(echo "$sel" | grep . | head -n 10)
			last=$(echo "$sel" | grep . | tail -n 10)
			nf=$(echo "$first" | grep -c .)
			nl=$(echo "$last" | grep -c .)
			echo "| $door, first 10 | $nf | $(echo "$first" | tr '\t' ' ' | medmax 5) | $(echo "$first" | tr '\t' ' ' | medmax 6) |"
			echo "| $door, last 10 | $nl | $(echo "$last" | tr '\t' ' ' | medmax 5) | $(echo "$last" | tr '\t' ' ' | medmax 6) |"
		done
		echo
		for v in v3 v4; do
			echo "$v: $(tail -n 1 "$SDIR/verify-server-$v" 2>/dev/null | cut -d' ' -f2-) (server's disk); client: $(cat "$CTL/summary-$v" 2>/dev/null)"
		done
		echo "leftovers after the final clean stop: $(wc -l <"$SDIR/leftovers") lines"
		echo "bad cycles: $(wc -l <"$SDIR/bad-cycles" 2>/dev/null || echo 0); statd twice: $(wc -l <"$SDIR/statd-twice" 2>/dev/null || echo 0)"
	} >"$SDIR/summary"
	# the command column holds spaces: the table reads columns 5 and 6,
	# which come before it
	cp "$CTL"/summary-v3 "$CTL"/summary-v4 "$SDIR/" 2>/dev/null
	for door in ctl init ocf; do
		f=$(awk -F'\t' -v d="$door" 'NR > 1 && $2 == d && $6 != "-" { print $6 }' "$SDIR/cycles.tsv" | head -n 10 | sort -n | tail -n 1)
		l=$(awk -F'\t' -v d="$door" 'NR > 1 && $2 == d && $6 != "-" { print $6 }' "$SDIR/cycles.tsv" | tail -n 10 | sort -n | tail -n 1)
		if [ -z "$f" ] || [ -z "$l" ]; then
			continue
		fi
		check "all: nfs-ctl's max RSS does not grow, door $door: last 10 max $l KiB <= first 10 max $f KiB + 10%" \
			[ "$l" -le $((f + f / 10)) ]
	done
}

# ---------------------------------------------------------------- client --
client() {
	mkdir -p /mnt/ctl /mnt/c5w3 /mnt/c5w4 /mnt/c5p3 /mnt/c5p4
	n=0
	until mountpoint -q /mnt/ctl ||
		mount -t nfs -o vers=3,nolock,noac,lookupcache=none,nosharecache,proto=tcp "labsrv:$EXPORT" /mnt/ctl 2>>"$SDIR/mount-ctl.err"; do
		n=$((n + 1))
		[ $n -lt 120 ] || break
		sleep 5
	done
	check "all: control mount of the server" mountpoint -q /mnt/ctl
	CTL=/mnt/ctl/ctl-c5
	if ! wait_for "$CTL/ready" 1800; then
		check "all: server ready" false
		return
	fi
	# the writers' mounts, and the second owner's: nosharecache gives them
	# their own inodes, so the client's own lock list cannot refuse a
	# probe before the server is asked
	check "v3: NFSv3 mount with locking (writer)" [ "$(rec mount-w3 timeout 90 mount -t nfs -o vers=3,lock,hard,proto=tcp "labsrv:$EXPORT" /mnt/c5w3)" = 0 ]
	check "v4: NFSv4.1 mount (writer)" [ "$(rec mount-w4 timeout 90 mount -t nfs -o vers=4.1,hard "labsrv:$EXPORT" /mnt/c5w4)" = 0 ]
	check "v3: NFSv3 mount with locking (second owner, nosharecache)" [ "$(rec mount-p3 timeout 90 mount -t nfs -o vers=3,lock,hard,nosharecache,proto=tcp "labsrv:$EXPORT" /mnt/c5p3)" = 0 ]
	check "v4: NFSv4.1 mount (second owner, nosharecache)" [ "$(rec mount-p4 timeout 90 mount -t nfs -o vers=4.1,hard,nosharecache "labsrv:$EXPORT" /mnt/c5p4)" = 0 ]
	for v in v3 v4; do
		$SOAK write "/mnt/c5w${v#v}/soak-$v.dat" "$SDIR/written-$v" 500 >"$SDIR/writer-$v" 2>&1 &
		echo $! >"$SDIR/writer-$v.pid"
	done
	for v in v3 v4; do
		n=0
		while ! grep -q ' held ' "$SDIR/writer-$v" && [ $n -lt 400 ]; do
			sleep 0.5
			n=$((n + 1))
		done
		check "$v: the writer took its lock" grep -q ' held ' "$SDIR/writer-$v"
	done
	for v in v3 v4; do
		$SOAK probe "/mnt/c5p${v#v}/soak-$v.dat" 2000 >"$SDIR/prober-$v" 2>&1 &
		echo $! >"$SDIR/prober-$v.pid"
	done
	mark held
	log "writing under both locks, second owner probing; waiting for the server's cycles"
	wait_for "$CTL/cycles-done" $((BUDGET + 3600)) || check "all: server finished its cycles" false
	for v in v3 v4; do
		kill "$(cat "$SDIR/prober-$v.pid")"
	done
	for v in v3 v4; do
		wait "$(cat "$SDIR/prober-$v.pid")"
	done
	for v in v3 v4; do
		check "$v: the second owner was never granted the held lock ($(tail -n 1 "$SDIR/prober-$v" | cut -d' ' -f2-))" \
			grep -q ' probes=[1-9][0-9]* refused=[0-9]* granted=0 ' "$SDIR/prober-$v"
		# an error is no grant (ENOLCK while lockd restarts, say): noted
		[ "$(grep -c ' probe-error ' "$SDIR/prober-$v")" = 0 ] ||
			note "$v: the second owner's errors: $(sed -n 's/.* probe-error probe=[0-9]*: //p' "$SDIR/prober-$v" | sort | uniq -c | tr '\n' ';')"
		check "$v: the writer is still running" kill -0 "$(cat "$SDIR/writer-$v.pid")"
		kill "$(cat "$SDIR/writer-$v.pid")"
	done
	wait
	for v in v3 v4; do
		check "$v: the writer never saw an error and released its lock ($(tail -n 1 "$SDIR/writer-$v" | cut -d' ' -f2-))" \
			sh -c "! grep -Eq ' [a-z]+-error ' '$SDIR/writer-$v' && grep -q ' released .* errors=0\$' '$SDIR/writer-$v'"
		note "$v: $(grep -c ' stalled ' "$SDIR/writer-$v") writes stalled 2 s or more; longest $(sed -n 's/.* stalled \([0-9.]*\) s.*/\1/p' "$SDIR/writer-$v" | sort -n | tail -n 1) s"
		# read back through the second owner's mount: its own inode, no
		# page of this file cached by the writer's mount
		$SOAK verify "/mnt/c5p${v#v}/soak-$v.dat" "$SDIR/written-$v" >"$SDIR/verify-client-$v" 2>&1
		vr=$?
		check "$v: every write the client recorded reads back intact ($(tail -n 1 "$SDIR/verify-client-$v" | cut -d' ' -f2-))" [ "$vr" = 0 ]
		cp "$SDIR/written-$v" "$CTL/written-$v"
		echo "writes $(sed -n 's/.* released writes=\([0-9]*\) ok=\([0-9]*\) errors=\([0-9]*\).*/\1 made, \2 believed, \3 errors/p' "$SDIR/writer-$v"); $(tail -n 1 "$SDIR/verify-client-$v" | cut -d' ' -f2-) (read back); second owner $(tail -n 1 "$SDIR/prober-$v" | cut -d' ' -f2-)" >"$CTL/summary-$v"
	done
	mark client-done
	# the server stops next: a hard mount left would hang this VM's end
	umount -f -l /mnt/c5w3 /mnt/c5w4 /mnt/c5p3 /mnt/c5p4 /mnt/ctl 2>/dev/null
	log "done"
}

case $role in
server)
	CTL=$EXPORT/ctl-c5
	mkdir -p "$CTL"
	server
	;;
client) client ;;
ocf) ocf_door "$3" ;;
*) echo "c5-soak: unknown role $role" >&2; exit 2 ;;
esac
