#!/bin/sh
# Scenario 13, concurrency (issue 33). Not in the default set (docs/lab.md,
# "Concurrency"): `make check-vm-concurrency`, or LAB_SCENARIOS=s13.
#
# Part 1, as at boot: rpc.statd stopped the way the init stops it, then
# S13_MOUNTS (200) NFSv3 mounts with locking, of this guest's own exports over
# loopback, on as many mount points, released at the same moment. Every
# mount must succeed, mount.nfs must have run start-statd (an instrument
# put over /usr/sbin/start-statd for this scenario logs each call and its
# parent), one rpc.statd must run afterwards and never two at once (sampled
# during the storm), and a lock must be granted on one of the mounts.
#
# Part 2: S13_RESTARTS (20) `nfs-ctl restart server`, released at the same
# moment. Every one must exit 0; nfsd's stops and starts (the rpc.nfsd and
# nfsdctl instruments' logs) must alternate, and under sysvinit each
# restart's nfsd calls come from one nfs-ctl and no other's in between
# (nfs-ctl's lock); the server serves at the end with one of each daemon,
# no nfs-ctl left, every daemon handed to init, and (sysvinit) every pid
# record naming a live daemon started when the record says.
#
# Why staged and not a real boot with 200 fstab lines: the single-host
# guest is its own NFS server, whose start runs rpc.statd before any NFS
# mount of fstab is made, so a reboot would never need start-statd; and
# its disk is a snapshot that a reboot does not keep (boot.sh).
# lab-only: mode=nfs-ctl
# lab-explicit: about 10 minutes a boot; make check-vm-concurrency
# lab-timeout: 2400
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
N=${S13_MOUNTS:-200}
R=${S13_RESTARTS:-20}
W=/run/lab/s13
rm -rf "$W"
mkdir -p "$W"

# The start-statd instrument, undone when the scenario ends. nfs-ctl knows
# its start-statd role by its name: the instrument runs a link of that name.
SS=/usr/sbin/start-statd
restore_start_statd() {
	[ -e "$W/start-statd.orig" ] || [ -L "$W/start-statd.orig" ] || return 0
	mv -f "$W/start-statd.orig" "$SS"
}
trap restore_start_statd EXIT
trap 'restore_start_statd; exit 1' TERM INT
cp -P "$SS" "$W/start-statd.orig"
mkdir -p "$W/real"
ln -s "$(readlink -f "$SS")" "$W/real/start-statd"
cat >"$SS.lab" <<'EOF'
#!/bin/sh
# lab instrument (scenario s13): who ran start-statd, when, and its exit code
read -r up _ </proc/uptime
read -r parent </proc/$PPID/comm
echo "$up begin pid=$$ parent=$parent" >>/run/lab/start-statd.log
/run/lab/s13/real/start-statd "$@"
rc=$?
read -r up _ </proc/uptime
echo "$up end pid=$$ rc=$rc" >>/run/lab/start-statd.log
exit "$rc"
EOF
chmod 755 "$SS.lab"
mv -f "$SS.lab" "$SS"
: >/run/lab/start-statd.log

# statd_daemons: rpc.statd processes that are not a statd's own child (a
# starting statd forks and its parent waits for the child: one daemon).
statd_daemons() {
	all=$(pgrep -x rpc.statd | tr '\n' ',')
	all=${all%,}
	[ -n "$all" ] || { echo 0; return; }
	kids=$(pgrep -x -P "$all" rpc.statd | wc -l)
	echo $(($(echo "$all" | tr ',' '\n' | wc -l) - kids))
}
sampler() {
	while [ ! -e "$W/stop-sampler" ]; do
		read -r up _ </proc/uptime
		# uptime, statd daemons, mount.nfs and start-statd processes
		echo "$up $(statd_daemons) $(pgrep -xc mount.nfs) $(pgrep -xc start-statd)"
		sleep 0.2
	done >"$SDIR/statd-samples"
}

# The barrier: each job opens a FIFO for reading, which blocks until a
# writer opens it; one writer (a sleep holding it open) releases them all at
# once, and stays until every job passed, so that a late one cannot block.
# passed FILE COUNT: wait (at most 300 s) until FILE has COUNT lines.
passed() {
	i=0
	while [ "$(wc -l <"$1" 2>/dev/null || echo 0)" -lt "$2" ] && [ $i -lt 1500 ]; do
		sleep 0.2
		i=$((i + 1))
	done
	[ "$(wc -l <"$1")" -ge "$2" ]
}

check "the server serves before the storm" wait_ready v3
# Under systemd this runner is lab-runner.service, whose cgroup's task limit
# (15 % of what the kernel allows: about 1800 in a 1.5 GiB guest) the storm
# would come near (each mount is a subshell, timeout, mount and mount.nfs)
if [ "$INIT" = systemd ]; then
	systemctl set-property --runtime lab-runner.service TasksMax=infinity >/dev/null 2>&1
	note "lab-runner.service TasksMax: $(systemctl show -p TasksMax --value lab-runner.service)"
fi

# ---- part 1: N mounts through start-statd ---------------------------------
case $INIT in
systemd) how="systemctl stop rpc-statd.service" ;;
*) how="nfs-ctl stop statd" ;;
esac
# shellcheck disable=SC2086 # $how is a command line of plain words
check "statd stopped the init's way ($how)" [ "$(rec stop-statd timeout 120 $how)" = 0 ]
i=0
while [ $i -lt 100 ] && ! no_proc rpc.statd; do sleep 0.1; i=$((i + 1)); done
check "no rpc.statd runs before the mounts" no_proc rpc.statd
check "status (100024) not registered before the mounts" sh -c '! rpcinfo -p 127.0.0.1 | grep -qw 100024'

# shellcheck disable=SC2046 # one word per mount point
mkdir -p $(seq -f /mnt/c13/m%g 0 $((N - 1)))
mkfifo "$W/go1"
: >"$W/ready1"
: >"$W/passed1"
: >"$SDIR/mounts"
sampler &
sampler_pid=$!
pids=
i=0
while [ $i -lt "$N" ]; do
	(
		echo "$i" >>"$W/ready1"
		: <"$W/go1"
		echo "$i" >>"$W/passed1"
		read -r a _ </proc/uptime
		timeout 900 mount -t nfs -o vers=3,lock,proto=tcp \
			"127.0.0.1:/srv/nfs/e$((i % 20))" "/mnt/c13/m$i" >"$W/m$i.out" 2>&1
		rc=$?
		read -r b _ </proc/uptime
		echo "$i $rc $a $b" >>"$SDIR/mounts"
	) &
	pids="$pids $!"
	i=$((i + 1))
done
passed "$W/ready1" "$N"
note "$(wc -l <"$W/ready1") mount jobs waiting at the barrier"
read -r t0 _ </proc/uptime
sleep 900 >"$W/go1" &
holder=$!
passed "$W/passed1" "$N"
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
# shellcheck disable=SC2086 # one pid per word
wait $pids
read -r t1 _ </proc/uptime
touch "$W/stop-sampler"
wait "$sampler_pid"

ok=$(awk '$2 == 0' "$SDIR/mounts" | wc -l)
for f in $(awk '$2 != 0 { print $1 }' "$SDIR/mounts" | head -n 5); do
	note "mount $f failed: $(tr '\n' ' ' <"$W/m$f.out")"
done
note "TIMING $N concurrent mounts: released at $t0 s, all returned at $t1 s: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s; slowest mount $(awk '{ d = $4 - $3; if (d > m) m = d } END { printf "%.1f", m }' "$SDIR/mounts") s"
check "$N concurrent NFSv3 mounts with locking all succeed ($ok succeeded)" [ "$ok" = "$N" ]
check "$N NFS mounts in /proc/mounts" [ "$(awk '$2 ~ "^/mnt/c13/m" && $3 == "nfs"' /proc/mounts | wc -l)" = "$N" ]

cp /run/lab/start-statd.log "$SDIR/start-statd.log"
calls=$(grep -c ' begin ' "$SDIR/start-statd.log")
notmount=$(grep ' begin ' "$SDIR/start-statd.log" | grep -vc 'parent=mount.nfs$')
bad=$(grep ' end ' "$SDIR/start-statd.log" | grep -vc 'rc=0$')
note "start-statd ran $calls times during the storm"
v=no
[ "$calls" -ge 1 ] && [ "$notmount" = 0 ] && [ "$bad" = 0 ] && v=yes
check "mount.nfs ran start-statd ($calls calls, $notmount by another parent, $bad exited non-zero)" [ "$v" = yes ]
samples=$(wc -l <"$SDIR/statd-samples")
most=$(awk '$2 > m { m = $2 } END { print m + 0 }' "$SDIR/statd-samples")
note "statd sampled $samples times during the storm, at most $most daemon(s) at once; at most $(awk '$3 > m { m = $3 } END { print m + 0 }' "$SDIR/statd-samples") mount.nfs and $(awk '$4 > m { m = $4 } END { print m + 0 }' "$SDIR/statd-samples") start-statd processes at once"
v=no
[ "$samples" -gt 0 ] && [ "$most" -le 1 ] && v=yes
check "never two rpc.statd at once ($samples samples, at most $most)" [ "$v" = yes ]
count_proc rpc.statd >"$SDIR/statd-count"
check "exactly one rpc.statd after the storm ($(cat "$SDIR/statd-count"))" one_proc rpc.statd
check "status (100024) registered" registered 100024
pgrep -ax rpc.statd >"$SDIR/statd-argv"
statd=$(pgrep -x rpc.statd | head -n 1)
if [ "$INIT" = systemd ]; then
	check "rpc.statd is rpc-statd.service's main process" \
		[ "$(systemctl show -p MainPID --value rpc-statd.service)" = "$statd" ]
else
	check "rpc.statd is the one nfs-ctl's pid record names" \
		[ "$(cut -d' ' -f1 /run/nfs-ctl/statd.pid 2>/dev/null)" = "$statd" ]
fi
check "a lock on one of the mounts" [ "$(rec flock timeout 150 flock /mnt/c13/m0/s13-lock -c true)" = 0 ]
note "TIMING the lock took $(took flock) s"
# one umount for all (a function: rec's own limit of 200 s is not this one's)
umount_all() {
	# shellcheck disable=SC2046 # one word per mount point
	timeout 900 umount $(seq -f /mnt/c13/m%g 0 $((N - 1)))
}
check "umount of the $N mounts" [ "$(rec umount umount_all)" = 0 ]
note "TIMING umount of $N took $(took umount) s"
check "no NFS mount left under /mnt/c13" [ "$(awk '$2 ~ "^/mnt/c13/"' /proc/mounts | wc -l)" = 0 ]
restore_start_statd
check "start-statd put back" [ "$(readlink -f "$SS")" = "$(readlink -f "$W/real/start-statd")" ]

# ---- part 2: R restarts at once ------------------------------------------
DAEMONS_RUN="rpc.statd rpc.mountd rpc.idmapd nfsdcld fsidd"
# daemon_pids NAME: NAME's processes that are not a NAME's own child.
daemon_pids() {
	all=$(pgrep -x "$1" | tr '\n' ',')
	all=${all%,}
	[ -n "$all" ] || return 0
	kids=$(pgrep -x -P "$all" "$1" | tr '\n' ' ')
	for p in $(echo "$all" | tr ',' ' '); do
		case " $kids " in *" $p "*) ;; *) echo "$p" ;; esac
	done
}
running_set() {
	for d in $DAEMONS_RUN; do
		n=$(daemon_pids "$d" | wc -l)
		[ "$n" = 0 ] || echo "$d $n"
	done
}
check "the server serves before the restarts" wait_ready v3
running_set >"$SDIR/daemons-before"
n0=$(wc -l </run/lab/rpc.nfsd.log 2>/dev/null || echo 0)
c0=$(wc -l </run/lab/nfsd-callers.log 2>/dev/null || echo 0)
s0=$(wc -l </run/lab/sm-notify.log 2>/dev/null || echo 0)
mkfifo "$W/go2"
: >"$W/ready2"
: >"$W/passed2"
: >"$SDIR/restarts"
pids=
i=0
while [ $i -lt "$R" ]; do
	(
		echo "$i" >>"$W/ready2"
		: <"$W/go2"
		echo "$i" >>"$W/passed2"
		read -r a _ </proc/uptime
		timeout 900 nfs-ctl -v restart server >"$SDIR/restart-$i.out" 2>&1
		rc=$?
		read -r b _ </proc/uptime
		echo "$i $rc $a $b" >>"$SDIR/restarts"
	) &
	pids="$pids $!"
	i=$((i + 1))
done
passed "$W/ready2" "$R"
read -r t0 _ </proc/uptime
sleep 900 >"$W/go2" &
holder=$!
passed "$W/passed2" "$R"
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
# shellcheck disable=SC2086 # one pid per word
wait $pids
read -r t1 _ </proc/uptime
note "TIMING $R concurrent restarts: released at $t0 s, all returned at $t1 s: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s; longest $(awk '{ d = $4 - $3; if (d > m) m = d } END { printf "%.1f", m }' "$SDIR/restarts") s"
ok=$(awk '$2 == 0' "$SDIR/restarts" | wc -l)
for f in $(awk '$2 != 0 { print $1 }' "$SDIR/restarts" | head -n 5); do
	note "restart $f: exit $(awk -v i="$f" '$1 == i { print $2 }' "$SDIR/restarts"): $(tail -n 3 "$SDIR/restart-$f.out" | tr '\n' ' ')"
done
check "$R concurrent nfs-ctl restart server all exit 0 ($ok did)" [ "$ok" = "$R" ]

# nfsd's calls during the storm: S a stop that worked, U a start that left
# threads; a failed call (nfsdctl autostart before rpc.nfsd) is no event.
tail -n +"$((n0 + 1))" /run/lab/rpc.nfsd.log >"$SDIR/storm-rpc.nfsd.log"
tail -n +"$((c0 + 1))" /run/lab/nfsd-callers.log >"$SDIR/storm-nfsd-callers.log"
tail -n +"$((s0 + 1))" /run/lab/sm-notify.log >"$SDIR/storm-sm-notify.log"
events=$(awk '$2 != "rc=0" { next }
	/ args=0$/ || / prog=nfsdctl args=threads 0$/ { printf "S"; next }
	$3 ~ /^threads=[1-9]/ { printf "U" }' "$SDIR/storm-rpc.nfsd.log")
pairs=$(echo "$events" | awk '{ print length($0) / 2 }')
note "nfsd stop (S) and start (U) during the restarts: $events"
check "nfsd's stops and starts alternate, never two starts or stops in a row" \
	sh -c "echo '$events' | grep -Eq '^(SU)+\$'"
if [ "$INIT" = sysv ]; then
	check "$R stops and $R starts of nfsd ($pairs pairs)" [ "$pairs" = "$R" ]
	# each restart's nfsd calls come from its nfs-ctl; serialised, the
	# callers form R runs, none coming back after another's
	runs=$(awk '{ print $2 }' "$SDIR/storm-nfsd-callers.log" | uniq | wc -l)
	distinct=$(awk '{ print $2 }' "$SDIR/storm-nfsd-callers.log" | sort -u | wc -l)
	v=no
	[ "$runs" = "$R" ] && [ "$distinct" = "$R" ] && v=yes
	check "each restart's nfsd calls together, none between another's ($distinct callers, $runs runs)" [ "$v" = yes ]
else
	note "systemd: $pairs restart(s) of nfsd for $R requests (its job engine merges them)"
	check "at least one restart of nfsd" [ "$pairs" -ge 1 ]
fi
smn=$(wc -l <"$SDIR/storm-sm-notify.log")
note "sm-notify ran $smn times during the restarts"
check "every sm-notify of the restarts saw nfsd serving ($smn runs)" \
	sh -c "! awk '{ print \$2 }' '$SDIR/storm-sm-notify.log' | grep -qv '^threads=[1-9]'"

check "the server serves after the restarts" wait_ready v3
running_set >"$SDIR/daemons-after"
check "the same daemons as before, one of each ($(tr '\n' ' ' <"$SDIR/daemons-after"))" \
	sh -c "cmp -s '$SDIR/daemons-before' '$SDIR/daemons-after' && ! grep -qv ' 1\$' '$SDIR/daemons-after'"
i=0
while [ $i -lt 50 ] && pgrep -x nfs-ctl >/dev/null; do sleep 0.1; i=$((i + 1)); done
pgrep -ax nfs-ctl >"$SDIR/nfs-ctl-left" || true
check "no nfs-ctl process left" [ ! -s "$SDIR/nfs-ctl-left" ]
ps -eo stat=,pid=,ppid=,comm= |
	awk '$1 ~ /^Z/ && $4 ~ /^(nfs-ctl|rpc\.|nfsdcld|fsidd|sm-notify|exportfs|nfsdctl|mount)/' >"$SDIR/zombies"
check "no zombie nfs-ctl, daemon or helper" [ ! -s "$SDIR/zombies" ]
: >"$SDIR/daemon-parents"
for d in $DAEMONS_RUN; do
	for p in $(daemon_pids "$d"); do
		echo "$d $p $(ps -o ppid= -p "$p" | tr -d ' ')" >>"$SDIR/daemon-parents"
	done
done
check "every daemon's parent is init ($(awk '{ printf "%s:%s ", $1, $3 }' "$SDIR/daemon-parents"))" \
	sh -c "! awk '\$3 != 1' '$SDIR/daemon-parents' | grep -q ."
if [ "$INIT" = sysv ]; then
	: >"$SDIR/pid-records"
	for f in /run/nfs-ctl/*.pid; do
		[ -f "$f" ] || continue
		read -r pid start _ <"$f"
		now=$(awk '{ sub(/.*\) /, ""); print $20 }' "/proc/$pid/stat" 2>/dev/null)
		echo "${f##*/} $pid $start ${now:-gone}" >>"$SDIR/pid-records"
	done
	check "every pid record names a live process started when it says ($(awk '{ printf "%s ", $1 }' "$SDIR/pid-records"))" \
		sh -c "[ -s '$SDIR/pid-records' ] && ! awk '\$3 != \$4' '$SDIR/pid-records' | grep -q ."
	check "every daemon is the one a pid record names" \
		sh -c "for p in \$(awk '{ print \$2 }' '$SDIR/daemon-parents'); do awk -v p=\$p '\$2 == p { f = 1 } END { exit !f }' '$SDIR/pid-records' || exit 1; done"
else
	systemctl list-units --failed --no-legend >"$SDIR/failed-units" 2>&1
	check "no failed unit" [ ! -s "$SDIR/failed-units" ]
fi
check "nfs-ctl status server is 0" [ "$(rec status nfs-ctl status server)" = 0 ]
