# shellcheck shell=sh
# Sourced by c1-server-crash.sh under lab.init=runit (issue 31), once its
# lock checks are done: contrib/runit/nfs-server's run, finish and check
# driven through a real runsv by sv, the way its README says. (Not a
# scenario of its own: the runner runs only c[0-9]*.sh, on every init.)
SV=/etc/service/nfs-server
run_pid() { cat "$SV/supervise/pid" 2>/dev/null; }
stopped() { no_proc rpc.mountd && [ "$(threads)" = 0 ]; }
# served_by_new_run OLD_PID: runsv started ./run again (a new pid), it
# serves (`nfs-ctl status server`), rpc.mountd is its child.
served_by_new_run() {
	p=$(run_pid)
	[ -n "$p" ] && [ "$p" != "$1" ] && nfs-ctl status server >/dev/null 2>&1 &&
		[ "$(ps -o ppid= -C rpc.mountd | tr -d ' ')" = "$p" ]
}
# wait_new_run OLD_PID: up to 120 s of guest uptime for served_by_new_run
wait_new_run() {
	end=$(($(cut -d. -f1 /proc/uptime) + 120))
	until served_by_new_run "$1"; do
		[ "$(cut -d. -f1 /proc/uptime)" -lt "$end" ] || return 1
		sleep 0.5
	done
}

runit_supervise() {
	# sv down: TERM to run, which stops the server in order and exits 0.
	rc=$(rec sv-down sv -w 30 down "$SV")
	check "all: runit: sv -w 30 down exits 0 ($(took sv-down) s)" [ "$rc" = 0 ]
	check "all: runit: after sv down, no rpc.mountd and nfsd has no threads" stopped
	nfs-ctl status server >/dev/null 2>&1
	check "all: runit: after sv down, nfs-ctl status server exits 3" [ $? = 3 ]
	# sv up waits for ./check (nfs-ctl status server) to exit 0.
	rc=$(rec sv-up sv -w 60 up "$SV")
	check "all: runit: sv -w 60 up exits 0 ($(took sv-up) s)" [ "$rc" = 0 ]
	check "all: runit: after sv up, nfs-ctl status server exits 0" nfs-ctl status server
	check "all: runit: after sv up, nfsd serves NFSv3" wait_ready v3
	# A daemon dies: run stops the rest and exits 1, runsv starts it again.
	p=$(run_pid)
	t0=$(uptime_s)
	kill -9 "$(pgrep -xo rpc.mountd)"
	check "all: runit: rpc.mountd killed: run exited, runsv ran it again, it serves" wait_new_run "$p"
	note "runit: rpc.mountd killed -> served by a new run after $(awk -v a="$t0" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", b - a }') s"
	# run itself killed (sv kill): its daemons are left behind; ./finish
	# (exit code -1) stops them, so the new run starts its own: the old
	# rpc.mountd must be gone (a new run would adopt a running one).
	p=$(run_pid)
	m=$(pgrep -xo rpc.mountd)
	sv kill "$SV" >"$SDIR/sv-kill.out" 2>&1
	check "all: runit: run killed: runsv ran it again, it serves" wait_new_run "$p"
	check "all: runit: run killed: ./finish stopped the old rpc.mountd ($m)" [ "$(pgrep -xo rpc.mountd)" != "$m" ]
	sv status "$SV" >"$SDIR/sv-status" 2>&1
}
