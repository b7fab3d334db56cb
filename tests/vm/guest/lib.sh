# shellcheck shell=sh disable=SC2034
# (variables here are used by the scripts that source this file)
# Helpers shared by the in-VM runner and its scenarios (sourced, POSIX sh).
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH
LAB=/usr/lib/nfs-ctl-lab
OUT=/run/lab/out
# Boot parameters as lab-init recorded them.
INIT=$(sed -n 's/^init=//p' /etc/nfs-ctl-lab/boot)
MODE=$(sed -n 's/^mode=//p' /etc/nfs-ctl-lab/boot)
BREAK=$(sed -n 's/^break=//p' /etc/nfs-ctl-lab/boot)
SCENARIOS=$(sed -n 's/^scenarios=//p' /etc/nfs-ctl-lab/boot)
# Multi-host boots (run-cluster.sh): this VM's role (server, client) and name.
ROLE=$(sed -n 's/^role=//p' /etc/nfs-ctl-lab/boot)
HOST=$(sed -n 's/^host=//p' /etc/nfs-ctl-lab/boot)
# The failover lab: the NFS server's resource agent (nfs-ctl, nfsserver).
AGENT=$(sed -n 's/^agent=//p' /etc/nfs-ctl-lab/boot)
# The Debian release the guest runs (bookworm, trixie), from os-release.
RELEASE=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release)
# The daemons whose argv are compared between inits (rpcbind is not nfs-ctl's:
# Debian's own rpcbind runs with -f under systemd only, so it is dumped apart).
DAEMONS="rpc.statd rpc.mountd rpc.idmapd nfsdcld rpc.gssd rpc.svcgssd blkmapd sm-notify"

# The runner is itself a service under systemd, but its commands stand for an
# administrator's shell: without this, nfs-ctl would (rightly) refuse actions
# as if called from inside a unit's start job.
unset INVOCATION_ID JOURNAL_STREAM

uptime_s() { read -r u _ </proc/uptime; echo "$u"; }

say() {
	msg="[$(uptime_s)] $*"
	echo "$msg" >>"$OUT/runner.log"
	echo "$msg" >/dev/ttyS1 2>/dev/null || true
}

# check DESCRIPTION COMMAND...: record PASS or FAIL of one assertion in $SDIR.
check() {
	d=$1
	shift
	if "$@" >/dev/null 2>&1; then
		echo "PASS $d" >>"$SDIR/checks"
	else
		echo "FAIL $d" >>"$SDIR/checks"
		say "FAIL $d"
	fi
}
# note TEXT: an observation that is reported but not judged.
note() { echo "NOTE $*" >>"$SDIR/checks"; }

# rec NAME COMMAND...: run with a time limit, keep output and exit code.
rec() {
	n=$1
	shift
	t0=$(uptime_s)
	{
		echo "[$t0] \$ $*"
		case $(type "$1") in
		*function*) "$@" 2>&1 ;; # functions below set their own limits
		*) timeout 200 "$@" 2>&1 ;;
		esac
		echo $? >"$SDIR/$n.rc"
	} >"$SDIR/$n.out"
	echo "[$(uptime_s)] exit $(cat "$SDIR/$n.rc")" >>"$SDIR/$n.out"
	cat "$SDIR/$n.rc"
}
rc_of() { cat "$SDIR/$1.rc"; }
# took NAME: seconds a recorded command took (from its first and last stamps).
took() {
	sed -n 's/^\[\([0-9.]*\)\].*/\1/p' "$SDIR/$1.out" |
		awk 'NR == 1 { a = $1 } { b = $1 } END { printf "%.1f", b - a }'
}

# srv ACTION: the administrator's own command for the NFS server, per mode/init.
srv() {
	case $MODE-$INIT in
	nfs-ctl-systemd) timeout 120 systemctl "$1" nfs-server.target ;;
	nfs-ctl-sysv) timeout 120 /etc/init.d/nfs-kernel-server "$1" ;;
	nfs-ctl-runit) timeout 120 sv -w 60 "$1" /etc/service/nfs-server ;; # sv start|stop|restart
	distro-systemd) timeout 120 systemctl "$1" nfs-server.service ;;
	*) timeout 120 /etc/init.d/nfs-kernel-server "$1" ;;
	esac
}

# ctl ACTION: nfs-ctl's own command for the server target (the issue's "stop
# server"): under systemd it adds what a unit cannot do (daemon-reload after a
# configuration change, the shared-daemon decision at stop). In distro mode
# there is no nfs-ctl, so the administrator's command stands in.
ctl() {
	if [ "$MODE" = nfs-ctl ]; then
		timeout 120 nfs-ctl "$1" server
	else
		srv "$1"
	fi
}

threads() { cat /proc/fs/nfsd/threads 2>/dev/null || echo 0; }
registered() { rpcinfo -p 127.0.0.1 2>/dev/null | awk -v p="$1" '$1 == p { f = 1 } END { exit !f }'; }
count_proc() { pgrep -xc "$1" 2>/dev/null || true; }
no_proc() { [ "$(count_proc "$1")" = 0 ]; }
one_proc() { [ "$(count_proc "$1")" = 1 ]; }

# wait_ready v3|v4only: until nfsd has threads and nfs (and, for v3, mountd)
# is registered with rpcbind; gives up after 30 s of guest uptime.
wait_ready() {
	end=$(($(cut -d. -f1 /proc/uptime) + 30))
	while [ "$(cut -d. -f1 /proc/uptime)" -lt "$end" ]; do
		if [ "$(threads)" -gt 0 ] && registered 100003 &&
			{ [ "$1" = v4only ] || registered 100005; }; then
			return 0
		fi
		sleep 0.2
	done
	return 1
}

# daemons: argv of the NFS daemons (and rpcbind), one line each, sorted.
daemons() {
	ps -eo args= | while IFS= read -r line; do
		first=${line%% *}
		b=${first##*/}
		case " $DAEMONS " in *" $b "*) echo "$line" ;; esac
	done | sort
}

# dump_state DIR: what scenario 1 and 5 compare between the two inits.
dump_state() {
	mkdir -p "$1"
	daemons >"$1/daemons"
	pgrep -ax rpcbind | cut -d' ' -f2- >"$1/rpcbind"
	rpcinfo -p 127.0.0.1 2>&1 | awk 'NR > 1 { print $1, $2, $3, $5 }' | sort -u >"$1/rpcinfo"
	threads >"$1/threads"
	cat /proc/fs/nfsd/versions >"$1/versions" 2>&1 || true
	exportfs -v 2>&1 | sort >"$1/exports"
	count_proc nfsd >"$1/nfsd-kthreads"
}

# kill_statd: stop rpc.statd behind the init's back, as after a crash.
kill_statd() {
	for p in $(pgrep -x rpc.statd); do kill "$p"; done
	i=0
	while [ $i -lt 100 ] && ! no_proc rpc.statd; do sleep 0.1; i=$((i + 1)); done
	# statd unregisters on TERM; make sure rpcbind forgot it in any case.
	rpcinfo -d 100024 1 2>/dev/null || true
	rpcinfo -d 100024 1 2>/dev/null || true
	no_proc rpc.statd
}

nfs3_mount() {
	mkdir -p "$2"
	timeout 90 mount -t nfs -o vers=3,lock,proto=tcp "127.0.0.1:$1" "$2"
}

# The multi-host scenarios (cluster/): a timestamp comparable between VMs,
# a wait of up to $2 s for file $1 (another VM's mark), and a mark: file $1
# in the shared control directory $CTL, holding the time it was made.
now() { date +%s.%N | cut -c1-14; }
wait_for() {
	n=0
	while [ ! -e "$1" ]; do
		[ "$n" -lt "$(($2 * 2))" ] || return 1
		sleep 0.5
		n=$((n + 1))
	done
}
mark() { now >"$CTL/$1.tmp" && mv "$CTL/$1.tmp" "$CTL/$1"; }
