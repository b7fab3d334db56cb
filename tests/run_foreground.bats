#!/usr/bin/env bats
# `nfs-ctl run`: the foreground mode for containers and supervisors.  It
# starts the plan with the sysv runner, stays, reaps, and stops on TERM,
# on a daemon's death or at the stop bound.  Stub daemons in a sandbox;
# nfs-ctl runs in the background (a subreaper), and once as PID 1 of a pid
# namespace.

load helpers

setup() {
	require_root
	sandbox_setup
	RUN_PID=
}

teardown() {
	[ -z "$RUN_PID" ] || kill -KILL "$RUN_PID" 2>/dev/null || true
	sandbox_teardown
}

# run_bg ARGS...: `nfs-ctl run ARGS` in the background (stderr in
# $ROOT/run.err, fd 3 closed for bats); RUN_PID is its pid.
run_bg() {
	"$NFS_CTL" --root "$ROOT" --init=sysv "$@" 2>"$ROOT/run.err" 3>&- &
	RUN_PID=$!
}

# Waits until the start is complete (the target's mark comes after
# sm-notify) and the probe says the server runs (0).
wait_serving() {
	local i
	for ((i = 0; i < 250; i++)); do
		[ -e "$ROOT/run/nfs-ctl/server.active" ] && ctl status server >/dev/null 2>&1 && return 0
		kill -0 "$RUN_PID" 2>/dev/null || break
		sleep 0.02
	done
	cat "$ROOT/run.err" >&2
	return 1
}

# wait_run SECONDS: waits at most SECONDS for the run to end; RUN_RC is its
# exit code, RUN_MS how long the wait took.
wait_run() {
	local start=$EPOCHREALTIME i
	for ((i = 0; i < $1 * 50; i++)); do
		kill -0 "$RUN_PID" 2>/dev/null || break
		sleep 0.02
	done
	if kill -0 "$RUN_PID" 2>/dev/null; then
		echo "the run did not end within $1 s" >&2
		return 1
	fi
	RUN_RC=0
	wait "$RUN_PID" || RUN_RC=$?
	RUN_PID=
	RUN_MS=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%d", (b - a) * 1000 }')
}

# Zombie children of PID (none: empty).
zombies_of() {
	local c
	for c in $(cat "/proc/$1/task/"*/children 2>/dev/null); do
		grep -q '^State:.*Z' "/proc/$c/status" 2>/dev/null && echo "$c"
	done
	return 0
}

@test "run: starts in the graph's order, stays, and is the daemons' reaper" {
	run_bg run
	wait_serving
	assert_equal "$(calls)" "${START_SERVER_CALLS//@ROOT@/$ROOT}"
	# the forking daemons' parents exited: their children are ours
	for d in rpc.statd rpc.mountd rpc.idmapd nfsdcld; do
		assert_equal "$(awk '/^PPid:/ { print $2 }' "/proc/$(stub_pids "$d")/status")" "$RUN_PID"
	done
	sleep 1.2 # a watch tick: nothing changes while everything runs
	kill -0 "$RUN_PID"
	assert_equal "$(zombies_of "$RUN_PID")" ""
	assert_equal "$(cat "$ROOT/run.err")" ""
}

@test "run: SIGTERM stops in the graph's stop order and exits 0" {
	run_bg run
	wait_serving
	clear_calls
	kill -TERM "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 0
	assert_equal "$(calls)" "$STOP_SERVER_CALLS"
	assert_equal "$(daemons_left)" 0
	[ ! -e "$ROOT/run/nfs-ctl/server.active" ]
	assert_equal "$(cat "$ROOT/run.err")" ""
	run ctl status server
	assert_equal "$status" 3
}

@test "run: SIGINT stops as SIGTERM does" {
	run_bg run
	wait_serving
	clear_calls
	kill -INT "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 0
	assert_equal "$(calls)" "$STOP_SERVER_CALLS"
	assert_equal "$(daemons_left)" 0
}

@test "run: a daemon that dies ends the run: named on stderr, orderly stop, exit 1" {
	run_bg run
	wait_serving
	pid=$(stub_pids rpc.mountd)
	clear_calls
	kill -KILL "$pid"
	wait_run 10
	assert_equal "$RUN_RC" 1
	assert_equal "$(cat "$ROOT/run.err")" \
		"nfs-ctl: mountd (pid $pid) was killed by signal 9: stopping server"
	# the rest stops in order; mountd's record is gone with it
	assert_equal "$(calls)" "rpc.nfsd 0
exportfs -au
exportfs -f
nfsdcld:stopped TERM
rpc.idmapd:stopped TERM
rpc.statd:stopped TERM"
	assert_equal "$(daemons_left)" 0
	[ ! -e "$ROOT/run/nfs-ctl/mountd.pid" ]
	# no restart of its own: nothing started again
	run calls_of rpc.mountd
	assert_output ""
}

@test "run: a daemon that exits with a code: the code is named" {
	run_bg run
	wait_serving
	pid=$(stub_pids rpc.idmapd)
	kill -TERM "$pid" # the stub leaves with exit 0 on TERM
	wait_run 10
	assert_equal "$RUN_RC" 1
	assert_equal "$(cat "$ROOT/run.err")" \
		"nfs-ctl: idmapd (pid $pid) exited with code 0: stopping server"
	assert_equal "$(daemons_left)" 0
}

@test "status as the probe: 0 while serving, 1 once a daemon died, 3 after the run" {
	run_bg run
	wait_serving
	run ctl status server
	assert_equal "$status" 0
	# hold the run so that it cannot react yet: the probe alone sees the death
	kill -STOP "$RUN_PID"
	kill -KILL "$(stub_pids rpc.statd)"
	wait_gone "$(stub_pids rpc.statd)" || true
	run ctl status server
	assert_equal "$status" 1
	assert_line --regexp '^statd +dead, stale pid file$'
	kill -CONT "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 1
	run ctl status server
	assert_equal "$status" 3
}

@test "status as the probe: no nfsd threads is not serving (3)" {
	run_bg run
	wait_serving
	echo 0 >"$ROOT/proc/fs/nfsd/threads"
	run ctl status server
	assert_equal "$status" 3
	assert_line --regexp '^nfsd +not running$'
}

@test "stop bound: a daemon that ignores TERM is killed at --stop-timeout, exit 1" {
	fault rpc.mountd ignore-term
	run_bg run --stop-timeout=1
	wait_serving
	pid=$(stub_pids rpc.mountd)
	statd=$(stub_pids rpc.statd)
	kill -TERM "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 1
	# the runner alone would wait --timeout (30 s) for it
	[ "$RUN_MS" -ge 1000 ] && [ "$RUN_MS" -lt 5000 ]
	assert_equal "$(cat "$ROOT/run.err")" \
		"nfs-ctl: stop server did not finish within the stop timeout (1 s): killing what this run started
nfs-ctl: mountd: killing pid $pid
nfs-ctl: statd: killing pid $statd"
	assert_equal "$(count_procs rpc.mountd)" 0
	assert_equal "$(daemons_left)" 0
}

@test "stop bound: a second SIGTERM during the stop kills at once, exit 1" {
	fault rpc.mountd ignore-term
	run_bg run --stop-timeout=60
	wait_serving
	kill -TERM "$RUN_PID"
	# the stop has reached mountd, which ignores TERM
	for ((i = 0; i < 250; i++)); do
		[ "$(order_of rpc.idmapd:stopped)" -eq 0 ] || break
		sleep 0.02
	done
	kill -TERM "$RUN_PID"
	wait_run 5
	assert_equal "$RUN_RC" 1
	assert_equal "$(head -1 "$ROOT/run.err")" \
		"nfs-ctl: stop server: second SIGTERM: killing what this run started"
	assert_equal "$(count_procs rpc.mountd)" 0
	assert_equal "$(daemons_left)" 0
}

@test "stop bound: [nfs-ctl] stop-timeout in nfs.conf, --stop-timeout beats it" {
	fault rpc.mountd ignore-term
	printf '[nfs-ctl]\nstop-timeout = 1\n' >"$ROOT/etc/nfs.conf"
	run_bg run
	wait_serving
	kill -TERM "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 1
	assert_equal "$(head -1 "$ROOT/run.err")" \
		"nfs-ctl: stop server did not finish within the stop timeout (1 s): killing what this run started"
	run_bg run --stop-timeout 1.5
	wait_serving
	kill -TERM "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 1
	[ "$RUN_MS" -ge 1500 ]
	assert_equal "$(head -1 "$ROOT/run.err")" \
		"nfs-ctl: stop server did not finish within the stop timeout (1.5 s): killing what this run started"
}

@test "stop-timeout: a bad value is refused before anything starts (2, 6 with file:line)" {
	run ctl run --stop-timeout=soon
	assert_equal "$status" 2
	assert_output "nfs-ctl: --stop-timeout=soon: expected seconds, a decimal number from 0.001 to 86400"
	run ctl run --stop-timeout=0
	assert_equal "$status" 2
	printf '[nfs-ctl]\nstop-timeout = 1m\n' >"$ROOT/etc/nfs.conf"
	run ctl run
	assert_equal "$status" 6
	assert_output "nfs-ctl: $ROOT/etc/nfs.conf:2: [nfs-ctl] stop-timeout = 1m: expected seconds, a decimal number from 0.001 to 86400"
	assert_equal "$(calls)" ""
}

@test "a failed start: what it started is stopped, the runner's message and exit code" {
	fault rpc.nfsd "fail 1 no threads today"
	run ctl run
	assert_equal "$status" 1
	assert_line "nfs-ctl: nfsd: $ROOT/usr/sbin/rpc.nfsd failed with exit code 1: no threads today"
	assert_line "nfs-ctl: start server failed at nfsd; started in this run: statd mountd idmapd nfsdcld exports; not run: sm-notify"
	assert_line "nfs-ctl: run: start server failed: stopping what it started"
	assert_equal "$(daemons_left)" 0
	[ ! -e "$ROOT/run/nfs-ctl/server.active" ]
	run calls_of sm-notify
	assert_output ""
}

@test "a start that cannot begin: its exit code, nothing started, nothing stopped" {
	uninstall_stub rpc.mountd
	run ctl run
	assert_equal "$status" 5
	assert_output "nfs-ctl: start server: not installed: rpc.mountd; nothing was started"
	assert_equal "$(calls)" ""
}

@test "a daemon that ran before the run is not ours: not watched, not killed at the bound" {
	"$ROOT/sbin/rpc.statd"
	statd=$(stub_pids rpc.statd)
	fault rpc.mountd ignore-term
	run_bg run --stop-timeout=1
	wait_serving
	assert_equal "$(stub_pids rpc.statd)" "$statd"
	kill -TERM "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 1
	# the stop was cut short at mountd, before statd's turn; the KILL at
	# the bound went to what the run started only
	assert_equal "$(grep -c 'killing pid' "$ROOT/run.err")" 1
	assert_equal "$(stub_pids rpc.statd)" "$statd"
}

@test "SIGHUP reloads the export table, the run goes on" {
	run_bg run
	wait_serving
	clear_calls
	kill -HUP "$RUN_PID"
	for ((i = 0; i < 250; i++)); do
		[ "$(calls)" = "exportfs -r" ] && break
		sleep 0.02
	done
	assert_equal "$(calls)" "exportfs -r"
	kill -0 "$RUN_PID"
	kill -TERM "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 0
}

@test "run: arguments, targets, the systemd refusal, a non-root caller" {
	run ctl run server client
	assert_equal "$status" 2
	run ctl run nowhere
	assert_equal "$status" 2
	assert_output --partial "run: unknown target 'nowhere'"
	run ctl run statd
	assert_equal "$status" 2
	run ctl_systemd run
	assert_equal "$status" 3
	assert_output "nfs-ctl: run: systemd runs the NFS daemons here (systemctl start nfs-server.target); run is for containers and other supervisors (--init=sysv forces it)"
	run as_nobody "$NFS_CTL" --root "$ROOT" --init=sysv run
	assert_equal "$status" 4
	assert_equal "$(calls)" ""
}

@test "PID 1 of a pid namespace: reaps an orphan, stops on TERM, exit 0" {
	command -v unshare >/dev/null && command -v nsenter >/dev/null || skip "no unshare/nsenter"
	unshare -fp --mount-proc true 2>/dev/null || skip "cannot create a pid namespace here"
	unshare -fp --mount-proc "$NFS_CTL" --root "$ROOT" --init=sysv run 2>"$ROOT/run.err" 3>&- &
	RUN_PID=$!
	# pid records hold the namespace's pids: the probe outside cannot read
	# them, the target's mark tells the start is done
	for ((i = 0; i < 250; i++)); do
		[ -e "$ROOT/run/nfs-ctl/server.active" ] && break
		sleep 0.02
	done
	[ -e "$ROOT/run/nfs-ctl/server.active" ]
	init=$(tr -d " " <"/proc/$RUN_PID/task/$RUN_PID/children")
	grep -q "^NSpid:.*[[:space:]]1$" "/proc/$init/status"
	# a process whose parent exits inside the namespace is handed to PID 1
	nsenter -t "$init" -p -- sh -c 'sleep 0.7 & exit 0'
	orphan=$(pgrep -fx 'sleep 0.7')
	assert_equal "$(awk '/^PPid:/ { print $2 }' "/proc/$orphan/status")" "$init"
	for ((i = 0; i < 150; i++)); do
		[ -e "/proc/$orphan" ] || break
		sleep 0.02
	done
	# reaped: not even a zombie is left
	[ ! -e "/proc/$orphan" ]
	assert_equal "$(zombies_of "$init")" ""
	clear_calls
	kill -TERM "$init"
	wait_run 10
	assert_equal "$RUN_RC" 0
	assert_equal "$(calls)" "$STOP_SERVER_CALLS"
	assert_equal "$(daemons_left)" 0
}

@test "SIGTERM during the start: the start finishes, then the orderly stop, exit 0" {
	fault rpc.nfsd "delay 600"
	run_bg run
	# rpc.nfsd (which records its call after its delay) runs now
	for ((i = 0; i < 250; i++)); do
		[ "$(order_of exportfs -r)" -eq 0 ] || break
		sleep 0.02
	done
	kill -TERM "$RUN_PID"
	[ "$(order_of rpc.nfsd)" -eq 0 ]
	wait_run 10
	assert_equal "$RUN_RC" 0
	assert_equal "$(calls)" "${START_SERVER_CALLS//@ROOT@/$ROOT}
$STOP_SERVER_CALLS"
	assert_equal "$(daemons_left)" 0
}

@test "run client: a target without daemons to watch stays until SIGTERM" {
	run_bg run client
	for ((i = 0; i < 250; i++)); do
		[ -e "$ROOT/run/nfs-ctl/client.active" ] && break
		sleep 0.02
	done
	[ -e "$ROOT/run/nfs-ctl/client.active" ]
	sleep 1.2 # a watch tick
	kill -0 "$RUN_PID"
	kill -TERM "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 0
	[ ! -e "$ROOT/run/nfs-ctl/client.active" ]
	assert_equal "$(cat "$ROOT/run.err")" ""
}

@test "run: a pipefs of the host hidden under the container's fresh /run is mounted again (lab k1)" {
	# the runtime copied the host's mounts, then put a tmpfs on /run
	printf '[general]\npipefs-directory=/run/rpc_pipefs\n' >"$ROOT/etc/nfs.conf"
	echo "30 1 0:40 / $ROOT/run/rpc_pipefs rw - rpc_pipefs sunrpc rw" >>"$ROOT/proc/self/mountinfo"
	echo "31 1 0:41 / $ROOT/run rw - tmpfs tmpfs rw" >>"$ROOT/proc/self/mountinfo"
	run_bg run
	wait_serving
	calls | grep -qxF "mount -t rpc_pipefs -- rpc_pipefs $ROOT/run/rpc_pipefs"
	kill -TERM "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 0
}

@test "run: a pipefs already on top at its place is not mounted twice" {
	printf '[general]\npipefs-directory=/run/rpc_pipefs\n' >"$ROOT/etc/nfs.conf"
	echo "31 1 0:41 / $ROOT/run rw - tmpfs tmpfs rw" >>"$ROOT/proc/self/mountinfo"
	echo "32 31 0:40 / $ROOT/run/rpc_pipefs rw - rpc_pipefs sunrpc rw" >>"$ROOT/proc/self/mountinfo"
	mkdir -p "$ROOT/run/rpc_pipefs/nfsd" # what that mount shows
	run_bg run
	wait_serving
	run grep -c "rpc_pipefs" <(calls)
	assert_output 0
	kill -TERM "$RUN_PID"
	wait_run 10
	assert_equal "$RUN_RC" 0
}
