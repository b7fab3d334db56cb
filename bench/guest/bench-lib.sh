# shellcheck shell=bash
# In-guest helpers of the benchmarks (sourced by bench/guest/b*.sh, bash).
# They run inside the lab's Debian 12 image, which holds both modes: Debian's
# own nfs-utils scripts/units ("distro") and nfs-ctl's ("nfs-ctl"); the
# benchmark switches between them at run time with the lab's switch-mode, so
# that both are measured alternately in one boot.
# shellcheck source=/dev/null
. /usr/lib/nfs-ctl-lab/lib.sh
BLAB=/usr/lib/nfs-ctl-lab
BSTATE=/run/bench
mkdir -p "$BSTATE"
SDIR=${1:?usage: $0 OUT_DIR}
SAMPLES=$SDIR/samples.tsv
CMDLOG=$SDIR/commands.log
[ -f "$BSTATE/mode" ] || echo "$MODE" >"$BSTATE/mode"
# knobs from the host (bench/lab.sh writes this file into the image)
# shellcheck source=/dev/null
[ -f "$BLAB/scenarios/bench-env.sh" ] && . "$BLAB/scenarios/bench-env.sh"

# Microseconds, without a process (bash's $EPOCHREALTIME).
now_us() { local t=$EPOCHREALTIME; echo "${t/./}"; }

# The lab's instruments (time-stamping wrappers around rpc.nfsd and
# sm-notify) cost a shell per call in both modes; the benchmark measures the
# real programs.
undo_lab_wrappers() {
	local p
	for p in rpc.nfsd sm-notify; do
		if [ -e "/usr/sbin/$p.distrib" ]; then
			mv -f "/usr/sbin/$p.distrib" "/usr/sbin/$p"
		fi
	done
}

# Alternation: the modes of round R, rotated by one each round.
order() {
	local round=$1 list="${2:-distro nfs-ctl}" n k i idx out=""
	# shellcheck disable=SC2086 # a list of mode names
	set -- $list
	n=$#
	k=$(((round - 1) % n))
	for ((i = 0; i < n; i++)); do
		idx=$(((k + i) % n + 1))
		out="$out ${!idx}"
	done
	echo "$out"
}

cur_mode() { cat "$BSTATE/mode"; }

switch_mode() {
	local m=$1
	[ "$(cur_mode)" = "$m" ] && return 0
	direct_dropins_remove
	"$BLAB/switch-mode" "${m%-direct}" || { say "bench: switch-mode $m failed"; return 1; }
	if [ "$m" = nfs-ctl-direct ]; then
		direct_dropins_write || { say "bench: no direct drop-ins"; return 1; }
	fi
	if [ "$INIT" = systemd ]; then
		systemctl daemon-reload
	fi
	echo "$m" >"$BSTATE/mode"
}

# Mode nfs-ctl-direct (systemd only; issue 14, what bounds the start):
# nfs-ctl's units, but each start command that is only an `nfs-ctl exec`
# hop runs the program it would exec directly, as runtime drop-ins; the
# command lines are nfs-ctl's own (`nfs-ctl plan start server`).  nfsdcld
# keeps its `exec` (its wait for the watch is a guarantee, not a hop).
# A measuring device, not a configuration anyone should run: the
# difference to "nfs-ctl" is what the hops cost.
DIRECT_COMPONENTS="statd mountd idmapd exports nfsd sm-notify"
DIRECT_CONF=zz-bench-direct.conf
direct_dropins_remove() {
	rm -f /run/systemd/system/*.d/"$DIRECT_CONF"
}
direct_dropins_write() {
	local plan units comp unit line prog args path prefix n=0
	plan=$(nfs-ctl plan start server) || return 1
	# "NAME UNIT" from the graph's labels ("statd\nrpc-statd.service")
	units=$(nfs-ctl graph | sed -n 's/^[[:space:]]*"\([^"]*\)" \[label="[^"\\]*\\n\([^"]*\)".*/\1 \2/p')
	for comp in $DIRECT_COMPONENTS; do
		unit=$(awk -v c="$comp" '$1 == c { print $2 }' <<<"$units")
		[ -n "$unit" ] || return 1
		line=$(awk -v c="$comp" '($2 == "start" || $2 == "run") && $3 == c {
			$1 = $2 = $3 = ""; sub(/^ +/, ""); print; exit }' <<<"$plan")
		[ -n "$line" ] || continue
		prog=${line%% *} args=${line#"$prog"}
		path=$(PATH=/usr/sbin:/sbin:/usr/bin:/bin command -v "$prog") || return 1
		# the same failure handling as the unit's own line
		prefix=$(sed -n 's/^ExecStart=\(-\?\).*/\1/p' "/etc/systemd/system/$unit" \
			"/lib/systemd/system/$unit" "/usr/lib/systemd/system/$unit" 2>/dev/null | head -n 1)
		mkdir -p "/run/systemd/system/$unit.d"
		printf '[Service]\nExecStart=\nExecStart=%s%s%s\n' "$prefix" "$path" "$args" \
			>"/run/systemd/system/$unit.d/$DIRECT_CONF"
		echo "direct: $unit: $prefix$path$args" >>"$CMDLOG"
		n=$((n + 1))
	done
	[ "$n" -gt 0 ]
}

server_start() {
	case $1-$INIT in
	distro-sysv) timeout 120 /etc/init.d/nfs-common start && timeout 120 /etc/init.d/nfs-kernel-server start ;;
	distro-systemd) timeout 120 systemctl start nfs-server.service ;;
	nfs-ctl-sysv) timeout 120 /etc/init.d/nfs-kernel-server start ;;
	nfs-ctl-systemd | nfs-ctl-direct-systemd) timeout 120 systemctl start nfs-server.target ;;
	esac
}

server_stop() {
	case $1-$INIT in
	distro-sysv) timeout 120 /etc/init.d/nfs-kernel-server stop && timeout 120 /etc/init.d/nfs-common stop ;;
	distro-systemd) timeout 120 systemctl stop nfs-server.service ;;
	nfs-ctl-sysv) timeout 120 /etc/init.d/nfs-kernel-server stop ;;
	nfs-ctl-systemd | nfs-ctl-direct-systemd) timeout 120 systemctl stop nfs-server.target ;;
	esac
}

NFS_PROCS="rpc.statd rpc.mountd rpc.idmapd nfsdcld rpc.gssd rpc.svcgssd blkmapd sm-notify"

# The state every measurement starts from: rpcbind running, the kernel file
# systems mounted as the boot left them, no NFS daemon, no nfsd thread, no
# NFS unit active (untimed).
reset_all() {
	local p prog v
	if [ "$INIT" = systemd ]; then
		timeout 120 systemctl stop 'nfs-*' 'rpc-*' 'nfsdcld.service' >>"$CMDLOG" 2>&1
		systemctl reset-failed >/dev/null 2>&1
	fi
	for p in $NFS_PROCS; do pkill -x "$p" 2>/dev/null; done
	wait_for 10 no_nfs_procs
	for p in $NFS_PROCS; do pkill -KILL -x "$p" 2>/dev/null; done
	if [ "$(threads)" != 0 ]; then
		timeout 60 rpc.nfsd 0 >>"$CMDLOG" 2>&1
	fi
	exportfs -au >/dev/null 2>&1
	for prog in 100024 100005 100003 100227 100021; do
		for v in 1 2 3 4; do rpcinfo -d "$prog" "$v" 2>/dev/null; done
	done
	rm -f /run/rpc.statd.pid
	# nfs-ctl's own sysv records (pids, active targets) go stale: it copes,
	# but the benchmark wants every round to start alike.
	rm -rf /run/nfs-ctl /run/nfs-ctl.*
}
one_or_more() { [ "$(count_proc "$1")" != 0 ]; }
no_nfs_procs() {
	local p
	for p in $NFS_PROCS; do pgrep -x "$p" >/dev/null && return 1; done
	return 0
}

# statd gone (as after a crash, or before the first v3 mount of a client).
statd_reset() {
	if [ "$INIT" = systemd ]; then
		timeout 60 systemctl stop rpc-statd.service >>"$CMDLOG" 2>&1
		# the benchmark starts statd more often than systemd's start
		# limit allows (5 in 10 s): nfs-ctl's first cold mount of
		# 2026-12-07 failed with start-limit-hit, not on its own merit
		systemctl reset-failed rpc-statd.service >/dev/null 2>&1
	fi
	kill_statd >/dev/null 2>&1
	rm -f /run/rpc.statd.pid
}

serving() { [ "$(threads)" -gt 0 ] && registered 100003 && registered 100005; }
# the server is gone: no thread, no mountd, nfs unregistered
stopped() { [ "$(threads)" = 0 ] && ! one_or_more rpc.mountd && ! registered 100003; }

# record BENCH MODE ROUND METRIC MICROSECONDS OK [NOTE]
record() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$INIT" "$1" "$2" "$3" "$4" "$5" "$6" "${7:-}" >>"$SAMPLES"
}

# timed VAR CMD...: runs CMD (output to the command log), stores the wall
# time in microseconds in VAR, returns CMD's status.
timed() {
	local __var=$1 t0 t1 rc
	shift
	echo "\$ $*" >>"$CMDLOG"
	t0=$EPOCHREALTIME
	"$@" >>"$CMDLOG" 2>&1
	rc=$?
	t1=$EPOCHREALTIME
	printf -v "$__var" '%s' $((${t1/./} - ${t0/./}))
	echo "rc=$rc" >>"$CMDLOG"
	return $rc
}

settle() { sync; sleep "${1:-1}"; }

# wait_for SECONDS CMD...: until CMD succeeds, polling every 20 ms, at most
# SECONDS of wall time (each probe runs programs: bound the time, not the
# number of probes).
wait_for() {
	local limit=$1 t0=${EPOCHREALTIME/./}
	shift
	until "$@"; do
		[ $((${EPOCHREALTIME/./} - t0)) -ge $((limit * 1000000)) ] && return 1
		sleep 0.02
	done
}

# Monotonic clock in microseconds, 10 ms resolution (/proc/uptime; systemd's
# unit timestamps are on the same clock).
mono_us() { local up _; read -r up _ </proc/uptime; echo $((${up/./} * 10000)); }

# units_timeline T0: the units that left "inactive" since T0 (mono_us before
# the start) under systemd, one line each: when it left "inactive" (its job
# began), when its main process was exec'd, when it became active, in ms
# from T0; the slow member and the wait in front of it show here (issue 14:
# the cause of the systemd gap).
units_timeline() {
	local t0=$1 units
	[ "$INIT" = systemd ] || return 0
	units=$(systemctl list-units --all --plain --no-legend 'nfs*' 'rpc*' 'proc-fs-nfsd.mount' \
		'*rpc_pipefs*' 'fsidd*' 'auth-rpcgss*' 'nfsdcld*' | awk '{ print $1 }')
	[ -n "$units" ] || return 0
	# key=value blocks, one per unit, in systemd's own property order
	# shellcheck disable=SC2086 # a list of unit names
	systemctl show -p Id -p ActiveState -p InactiveExitTimestampMonotonic \
		-p ExecMainStartTimestampMonotonic -p ActiveEnterTimestampMonotonic $units |
		awk -v min="$t0" 'BEGIN { RS = ""; FS = "\n" }
		function ms(v) { return v > 0 ? sprintf("%.1f", (v - min) / 1000) : "-" }
		{
			split("", f)
			for (i = 1; i <= NF; i++) {
				k = $i; sub(/=.*/, "", k); v = $i; sub(/^[^=]*=/, "", v); f[k] = v
			}
			if (f["InactiveExitTimestampMonotonic"] + 0 < min - 10000) next
			printf "  %-40s %-9s left-inactive %7s  exec %7s  active %7s\n", f["Id"], f["ActiveState"],
				ms(f["InactiveExitTimestampMonotonic"]), ms(f["ExecMainStartTimestampMonotonic"]),
				ms(f["ActiveEnterTimestampMonotonic"])
		}' | sort -k4 -n
}

# what is left of a server (for the record when it did not stop)
leftovers() { echo "threads=$(threads) mountd=$(count_proc rpc.mountd) nfs=$(registered 100003 && echo yes || echo no)"; }
