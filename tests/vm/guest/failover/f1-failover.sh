#!/bin/sh
# Failover scenario (issue 11, scenario 5): two server nodes (labha1, labha2)
# in a Corosync/Pacemaker cluster run one group: the shared disk
# (Filesystem), the floating address labnfs (IPaddr2) and the NFS server by
# the agent of this round (lab.agent=: ocf:nfs-ctl:nfs-ctl or
# ocf:heartbeat:nfsserver), its state on the shared disk. The client
# (labcli, plain Debian) mounts labnfs with NFSv3 and NFSv4.1 and holds a
# lock in each; the active node is crashed (sync; sysrq b); the survivor
# takes over; the locks must be back in the new node's kernel (F_GETLK) and
# the client's holders must go on writing without an error. Times: crash ->
# group running on the survivor, crash -> lock back (survivor's clock),
# crash -> the client's writes resume (client's clock; the crash time is the
# crashed node's clock, all three set from the host at boot).
# Run by lab-runner on the three VMs:  f1-failover.sh OUT_DIR ROLE
# Markers go through the export's ctl/ directory, on the shared disk: the
# client reads them over an NFSv3 mount of labnfs without locks or caches.
# lab-timeout: 3000
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
role=$2
FAIL=/usr/lib/nfs-ctl-lab/failover
EXPORT=/srv/ha/export
STATE=/var/lib/nfs-ctl-lab/f1
HOLD=/usr/lib/nfs-ctl-lab/lockhold
# now and wait_for come from lib.sh; its mark, synced here: the node that
# made it may be crashed next, and the other reads it from the shared disk
mark() { now >"$CTL/$1.tmp" && mv "$CTL/$1.tmp" "$CTL/$1" && sync; }
# snap: the results so far onto the results disk (as lab-runner's save), so
# that a VM the host kills at LAB_VM_TIMEOUT in the middle of this long
# scenario still leaves its checks, times and logs
snap() { tar -cf /dev/vdb -C /run/lab out 2>/dev/null; sync; }
log() { echo "$(now) $*" >>"$SDIR/timeline"; say "f1 $HOST: $*"; snap; }
# the times also go to the progress console: seen even with no results
note() { echo "NOTE $*" >>"$SDIR/checks"; say "NOTE $*"; }
since() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
# reaches HOST: one answer to ping within 600 s (the other VMs may still be
# booting: the server tree is larger, and three emulated CPUs share the host)
# The client's tree (CI's default) has no ping (iputils-ping comes into the
# servers' tree with the cluster stack): there, an rpcbind query (the
# Debian servers have rpcbind.socket listening from boot) stands in; the
# first run spent 480 s on two instant "ping: not found" failures.
answers() {
	if command -v ping >/dev/null; then
		ping -c 1 -W 5 "$1"
	else
		timeout 10 rpcinfo -s "$1"
	fi
}
reaches() {
	n=0
	until answers "$1" >/dev/null 2>&1; do
		n=$((n + 1))
		[ $n -lt 120 ] || return 1
		sleep 2
	done
}
pings() {
	for h in labha1 labha2 labcli; do
		[ "$h" = "$HOST" ] && continue
		check "net: $HOST reaches $h" reaches "$h"
	done
}

# ---------------------------------------------------------------- server --
# until the NFS server resource runs on this node (SECONDS), 1 if never
group_here() {
	n=0
	until crm_resource --locate --resource nfsd 2>/dev/null | grep -q "running on: $HOST\$"; do
		[ "$n" -lt "$1" ] || return 1
		[ $((n % 20)) = 0 ] && show_cluster
		sleep 1
		n=$((n + 1))
	done
	show_cluster
	mountpoint -q /srv/ha
}
# show_cluster: crm_mon on the progress console (read live from the host)
# whenever it changed, and the results so far onto the results disk
show_cluster() {
	crm_mon -1 -r -f 2>&1 | grep -v '^Last updated' >"$SDIR/crm_mon-now"
	if ! cmp -s "$SDIR/crm_mon-now" "$SDIR/crm_mon-shown" 2>/dev/null; then
		sed "s/^/[$(uptime_s)] crm $HOST: /" "$SDIR/crm_mon-now" >/dev/ttyS1 2>/dev/null
		cp "$SDIR/crm_mon-now" "$SDIR/crm_mon-shown"
		snap
	fi
}

cluster_up() {
	# service(8): systemctl under systemd, the init script under sysvinit
	rec corosync-start service corosync start >/dev/null
	rec pacemaker-start service pacemaker start >/dev/null
	n=0
	until crm_mon -1 2>/dev/null | grep -q 'Online: \[ labha1 labha2 \]'; do
		n=$((n + 1))
		[ $n -lt 600 ] || break
		sleep 1
	done
	crm_mon -1 >"$SDIR/crm_mon-formed" 2>&1
	check "cluster: both nodes online" grep -q 'Online: \[ labha1 labha2 \]' "$SDIR/crm_mon-formed"
	log "cluster formed"
	[ "$HOST" = labha1 ] || return 0
	# shellcheck source=resources.sh
	. "$FAIL/resources.sh"
	# No fence agent reaches another qemu process from inside the lab:
	# STONITH is off here only (docs/lab.md, "Failover").
	rec cib-props sh -c 'crm_attribute --type crm_config --name stonith-enabled --update false &&
		crm_attribute --type rsc_defaults --name resource-stickiness --update 100' >/dev/null
	ha_resources "$AGENT" >"$SDIR/resources.xml"
	ha_constraints >"$SDIR/constraints.xml"
	check "cluster: resources configured" [ "$(rec cib-resources cibadmin --create --scope resources --xml-file "$SDIR/resources.xml")" = 0 ]
	check "cluster: constraints configured" [ "$(rec cib-constraints cibadmin --create --scope constraints --xml-file "$SDIR/constraints.xml")" = 0 ]
	log "configured: properties $(rc_of cib-props), resources $(rc_of cib-resources), constraints $(rc_of cib-constraints)"
}

server_collect() {
	crm_mon -1 >"$SDIR/crm_mon-end" 2>&1
	cibadmin --query >"$SDIR/cib.xml" 2>&1
	cp /var/log/corosync/corosync.log /var/log/pacemaker/pacemaker.log "$SDIR/" 2>/dev/null
	journalctl -b --no-pager -u pacemaker -u corosync >"$SDIR/journal-cluster" 2>&1
	nfs_evidence
}

# What the NFS server and the lock recovery did on this VM: the daemons'
# argv, the instruments' logs (rpc.nfsd, sm-notify: when and with what
# arguments), the nfs.conf drop-ins, statd's monitor list, the kernel's
# locks and lockd's debug lines (rpcdebug, turned on by nlm_debug).
nfs_evidence() {
	daemons >"$SDIR/daemons" 2>&1
	cp /run/lab/rpc.nfsd.log /run/lab/sm-notify.log "$SDIR/" 2>/dev/null
	{
		uname -n
		for f in /etc/nfs.conf /etc/nfs.conf.d/*; do
			[ -f "$f" ] && echo "== $f" && cat "$f"
		done
		[ "$MODE" = nfs-ctl ] && echo "== nfs-ctl config" && nfs-ctl config
	} >"$SDIR/nfs-conf" 2>&1
	ls -ln /var/lib/nfs/sm /var/lib/nfs/sm.bak /srv/ha/state/sm /srv/ha/state/sm.bak \
		/srv/ha/state/nfsdcld >"$SDIR/statd-lists" 2>&1
	cat /proc/locks >"$SDIR/proc-locks" 2>&1
	dmesg >"$SDIR/dmesg" 2>&1
	journalctl -b --no-pager -u 'rpc-statd*' -u 'nfs*' -u rpcbind >"$SDIR/journal-nfs" 2>&1
}
nlm_debug() { rpcdebug -m nlm -s all >"$SDIR/rpcdebug" 2>&1; }

server_active_first() {
	log "group running here first; waiting for the client's locks"
	nlm_debug
	check "group: nfsd serves on $HOST" wait_ready v3
	mkdir -p "$CTL"
	mark ready
	if ! wait_for "$CTL/held" 1500; then
		check "all: client took its locks" false
		return
	fi
	for v in v3 v4; do
		$HOLD getlk "$EXPORT/lock-$v" >"$SDIR/getlk-before-$v" 2>&1
		check "$v: F_GETLK on $HOST before the crash: locked" [ $? = 0 ]
	done
	server_collect
	cp -a "$SDIR" "$STATE/first-boot"
	echo crashed >"$STATE/phase"
	log "crash (sync; sysrq b)"
	mark crash
	sync
	echo b >/proc/sysrq-trigger
	sleep 60
	check "all: sysrq b rebooted $HOST" false
}

server_survivor() {
	up=$(now)
	nlm_debug
	crash=$(cat "$CTL/crash")
	log "took over; crash at $crash"
	note "group: crash -> nfsd running on $HOST $(since "$crash" "$up") s"
	echo "group crash=$crash up=$up" >>"$SDIR/times"
	check "group: nfsd serves on $HOST after the takeover" wait_ready v3
	# both locks polled together, each timed when it first shows: a lock
	# that never comes back must not delay the other's time (first run:
	# v3 never came back and v4 was looked at only 545 s later)
	rm -f "$SDIR/back-v3" "$SDIR/back-v4"
	n=0
	while [ $n -lt 600 ] && ! { [ -e "$SDIR/back-v3" ] && [ -e "$SDIR/back-v4" ]; }; do
		for v in v3 v4; do
			[ -e "$SDIR/back-$v" ] && continue
			if $HOLD getlk "$EXPORT/lock-$v" >"$SDIR/getlk-reclaim-$v" 2>&1; then
				now >"$SDIR/back-$v"
			fi
		done
		n=$((n + 1))
		sleep 0.5
	done
	for v in v3 v4; do
		check "$v: lock reclaimed on $HOST after the takeover" [ -e "$SDIR/back-$v" ]
		if [ -e "$SDIR/back-$v" ]; then
			r=$(cat "$SDIR/back-$v")
			note "$v: crash -> lock back on $HOST $(since "$crash" "$r") s"
		else
			r=$(now)
			note "$v: no lock on $HOST $(since "$crash" "$r") s after the crash (gave up)"
		fi
		echo "$v crash=$crash reclaimed=$r" >>"$SDIR/times"
		$HOLD trylock "$EXPORT/lock-$v" >"$SDIR/trylock-server-$v" 2>&1
		check "$v: a second owner on $HOST is refused" [ $? = 2 ]
	done
	server_collect
	mark reclaimed
	log "locks checked; waiting for the client"
	wait_for "$CTL/client-checked" 900 || check "all: client finished its checks" false
	mark server-checked
	if wait_for "$CTL/released" 300; then
		for v in v3 v4; do
			$HOLD getlk "$EXPORT/lock-$v" >"$SDIR/getlk-released-$v" 2>&1
			check "$v: unlocked on $HOST once the holder released" [ $? = 1 ]
		done
	else
		check "all: client released its locks" false
	fi
	server_collect
	mark "done"
	log "done"
}

server() {
	mkdir -p "$STATE"
	if [ "$(cat "$STATE/phase" 2>/dev/null)" = crashed ]; then
		# the crashed node's second boot: report the first, stay out of
		# the cluster (its units are not enabled), power off
		cp -a "$STATE/first-boot/." "$SDIR/"
		note "$HOST: crashed and booted again, did not rejoin"
		return
	fi
	pings
	cluster_up
	CTL=$EXPORT/ctl
	# Whichever node the group runs on first is crashed; the other one
	# waits until the group comes to it.
	# a broken group order (LAB_BREAK=nfsd-before-fs) never starts: the
	# group starts within a minute or two of the cluster forming, so give
	# up sooner there rather than wait out the normal bound
	limit=2400
	[ "$BREAK" != nfsd-before-fs ] || limit=400
	if ! group_here "$limit"; then
		check "group: nfsd came to $HOST" false
		server_collect
		return
	fi
	if [ -e "$CTL/crash" ]; then
		server_survivor
	else
		server_active_first
	fi
}

# ---------------------------------------------------------------- client --
client() {
	pings
	mkdir -p /mnt/ctl /mnt/v3 /mnt/v4
	n=0
	# each try bounded: mount.nfs retries an unreachable server for two
	# minutes by itself, and a group that never starts (LAB_BREAK) must
	# fail in minutes
	until timeout 30 mount -t nfs -o vers=3,nolock,noac,lookupcache=none,nosharecache,proto=tcp "labnfs:$EXPORT" /mnt/ctl 2>>"$SDIR/mount-ctl.err"; do
		n=$((n + 1))
		[ $n -lt "$([ "$BREAK" = nfsd-before-fs ] && echo 10 || echo 300)" ] || break
		sleep 5
	done
	check "all: control mount of labnfs" mountpoint -q /mnt/ctl
	mountpoint -q /mnt/ctl || return
	CTL=/mnt/ctl/ctl
	if ! wait_for "$CTL/ready" 1500; then
		check "all: the active node is ready" false
		return
	fi
	check "v3: NFSv3 mount of labnfs with locking" [ "$(rec mount-v3 timeout 90 mount -t nfs -o vers=3,lock,proto=tcp "labnfs:$EXPORT" /mnt/v3)" = 0 ]
	check "v4: NFSv4.1 mount of labnfs" [ "$(rec mount-v4 timeout 90 mount -t nfs -o vers=4.1 "labnfs:$EXPORT" /mnt/v4)" = 0 ]
	nlm_debug
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
	log "locks held; waiting for the crash and the takeover"
	if ! wait_for "$CTL/reclaimed" 2400; then
		check "all: the survivor saw the locks" false
		nfs_evidence
		return
	fi
	crash=$(cat "$CTL/crash")
	log "survivor reports the locks reclaimed; crash at $crash"
	for v in v3 v4; do
		# the holder's first write that ended after the crash and took
		# 2 s or more: when its I/O resumed
		n=0
		while [ $n -lt 300 ]; do
			r=$(awk -v c="$crash" '$2 == "stalled" && $1 > c { print $1; exit }' "$SDIR/holder-$v")
			# or its first failed call (first run, v4: EIO on every
			# write from 31 s after the crash; nothing to wait for)
			e=$(awk -v c="$crash" '$2 ~ /-error$/ && $1 > c { print $1; exit }' "$SDIR/holder-$v")
			[ -n "$r$e" ] && break
			sleep 1
			n=$((n + 1))
		done
		check "$v: the holder's writes resumed after the crash" [ -n "$r" ]
		[ -n "$r" ] && note "$v: crash -> client I/O resumes $(since "$crash" "$r") s"
		[ -n "$e" ] && note "$v: crash -> first I/O error on the client $(since "$crash" "$e") s: $(grep -m1 -- "^$e " "$SDIR/holder-$v")"
		echo "$v crash=$crash resumed=$r" >>"$SDIR/times"
		check "$v: the holder is still running" kill -0 "$(cat "$SDIR/holder-$v.pid")"
		rec "second-owner-$v" timeout 200 $HOLD trylock "/mnt/$v/lock-$v" >/dev/null
		check "$v: a second lock owner on the client is refused" [ "$(rc_of "second-owner-$v")" = 2 ]
	done
	mark client-checked
	wait_for "$CTL/server-checked" 300 || check "all: survivor finished its checks" false
	for v in v3 v4; do
		kill "$(cat "$SDIR/holder-$v.pid")"
	done
	wait
	for v in v3 v4; do
		check "$v: the holder never saw an error and released its lock" \
			sh -c "! grep -Eq ' [a-z]+-error ' '$SDIR/holder-$v' && grep -q ' released .* errors=0\$' '$SDIR/holder-$v'"
	done
	nfs_evidence
	mark released
	wait_for "$CTL/done" 300
	umount -f -l /mnt/v3 /mnt/v4 /mnt/ctl 2>/dev/null
	log "done"
}

case $role in
ha-server) server ;;
ha-client) client ;;
*) echo "f1-failover: unknown role $role" >&2; exit 2 ;;
esac
