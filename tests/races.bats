#!/usr/bin/env bats
# Issue 5: concurrent callers under sysvinit mode.  One lock serialises
# actions; nothing is started twice; every wait is bounded.

load helpers

setup() {
	require_root
	sandbox_setup
	ln -s "$NFS_CTL" "$ROOT/usr/sbin/start-statd"
	start_statd_argv
}

teardown() {
	sandbox_teardown
}

# Waits (at most 10 s) until a recorded call is WORDS or starts with them.
wait_for_call() {
	local i
	for ((i = 0; i < 500; i++)); do
		[ "$(order_of "$@")" -gt 0 ] && return 0
		sleep 0.02
	done
	echo "no call '$*' within 10 s" >&2
	return 1
}

# spawn NAME PROGRAM ARGS...: runs it in the background, bounded to 60 s;
# its exit code lands in $BATS_TEST_TMPDIR/NAME.rc, output in NAME.out.
spawn() {
	local name=$1
	shift
	(
		timeout 60 "$@" >"$BATS_TEST_TMPDIR/$name.out" 2>&1
		echo $? >"$BATS_TEST_TMPDIR/$name.rc"
	) &
}

rc_of() {
	cat "$BATS_TEST_TMPDIR/$1.rc"
}

# Programs (not functions: timeout(1) runs them)
CTL=(env NFS_CTL_TIMEOUT=30 "$NFS_CTL" --init=sysv)
start_statd_argv() {
	STATD=(env -i "$ROOT/usr/sbin/start-statd" --root "$ROOT")
}

@test "race: one lock serialises actions; a held lock is waited for, then a clear error" {
	command -v flock >/dev/null || skip "needs flock(1) from util-linux"
	flock "$ROOT/run/nfs-ctl.lock" sleep 3 &
	holder=$!
	sleep 0.2
	run ctl --timeout=0.1 start server
	assert_equal "$status" 1
	assert_output --partial "another nfs-ctl still holds /run/nfs-ctl.lock"
	assert_equal "$(calls)" ""
	wait "$holder"
	run ctl start server
	assert_success
}

@test "race: a waiter sleeps on the lock and starts once the holder lets go" {
	command -v flock >/dev/null || skip "needs flock(1) from util-linux"
	flock "$ROOT/run/nfs-ctl.lock" sh -c "sleep 1; echo released >'$BATS_TEST_TMPDIR/holder'" &
	holder=$!
	sleep 0.2
	spawn waiter "${CTL[@]}" --root "$ROOT" start server
	sleep 0.3
	assert_equal "$(calls)" ""
	wait
	assert_equal "$(cat "$BATS_TEST_TMPDIR/holder")" released
	assert_equal "$(rc_of waiter)" 0
	assert_equal "$(calls_of rpc.statd)" "rpc.statd --no-notify"
	assert_equal "$(calls | grep -c '^rpc.nfsd$')" 1
}

@test "race: a second start while the first is half way starts nothing twice" {
	fault rpc.mountd "delay 500"
	spawn first "${CTL[@]}" --root "$ROOT" start server
	wait_for_call rpc.statd
	spawn second "${CTL[@]}" --root "$ROOT" start server
	wait
	assert_equal "$(rc_of first)" 0
	assert_equal "$(rc_of second)" 0
	for p in rpc.statd rpc.mountd rpc.idmapd nfsdcld; do
		assert_equal "$(count_procs "$p")" 1
		assert_equal "$(calls_of "$p" | wc -l)" 1
	done
	assert_equal "$(calls | grep -c '^rpc.nfsd$')" 1
	assert_equal "$(calls_of sm-notify | wc -l)" 1
}

@test "race: five concurrent starts of the server start each daemon once" {
	fault rpc.statd "delay 100"
	for i in 1 2 3 4 5; do spawn "s$i" "${CTL[@]}" --root "$ROOT" start server; done
	wait
	for i in 1 2 3 4 5; do assert_equal "$(rc_of "s$i")" 0; done
	for p in rpc.statd rpc.mountd rpc.idmapd nfsdcld; do
		assert_equal "$(count_procs "$p")" 1
	done
	assert_equal "$(calls | grep -c '^rpc.statd ')" 1
	assert_equal "$(calls | grep -c '^rpc.nfsd$')" 1
}

@test "race: start-statd while start server is half way: one statd, both exit 0" {
	fault rpc.mountd "delay 500"
	spawn server "${CTL[@]}" --root "$ROOT" start server
	wait_for_call rpc.statd
	spawn statd "${STATD[@]}"
	wait
	assert_equal "$(rc_of server)" 0
	assert_equal "$(rc_of statd)" 0
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(calls_of rpc.statd)" "rpc.statd --no-notify"
}

@test "race: start server while start-statd is half way: one statd, both exit 0" {
	fault rpc.statd "slow-register 500"
	spawn statd "${STATD[@]}"
	wait_for_call rpc.statd
	spawn server "${CTL[@]}" --root "$ROOT" start server
	wait
	assert_equal "$(rc_of statd)" 0
	assert_equal "$(rc_of server)" 0
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(calls_of rpc.statd)" "rpc.statd --no-notify"
	run ctl status server
	assert_success
}

@test "race: start-statd during stop server: it returns 0 only with statd up after the stop" {
	ctl start server
	fault exportfs "delay 500"
	spawn stop "${CTL[@]}" --root "$ROOT" stop server
	wait_for_call rpc.nfsd 0
	# statd is still registered here; the stop will take it down next
	registered 100024
	spawn statd "${STATD[@]}"
	wait
	assert_equal "$(rc_of stop)" 0
	assert_equal "$(rc_of statd)" 0
	# the promise of exit 0 holds after the stop is over
	registered 100024
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(calls_of rpc.statd | tail -2 | tr '\n' '|')" \
		"rpc.statd:stopped TERM|rpc.statd --no-notify|"
}

@test "race: stop server while start server is half way: nothing left, both exit 0" {
	fault rpc.mountd "delay 500"
	spawn start "${CTL[@]}" --root "$ROOT" start server
	wait_for_call rpc.statd
	spawn stop "${CTL[@]}" --root "$ROOT" stop server
	wait
	assert_equal "$(rc_of start)" 0
	assert_equal "$(rc_of stop)" 0
	assert_equal "$(daemons_left)" 0
	[ ! -e "$ROOT/run/nfs-ctl/server.active" ]
}

@test "race: 100 concurrent start-statd callers: exactly one rpc.statd, all exit 0" {
	fault rpc.statd "delay 100"
	for i in $(seq 100); do spawn "c$i" "${STATD[@]}"; done
	wait
	failed=0
	for i in $(seq 100); do
		[ "$(rc_of "c$i")" = 0 ] || { failed=$((failed + 1)); cat "$BATS_TEST_TMPDIR/c$i.out"; }
	done
	assert_equal "$failed" 0
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(calls_of rpc.statd)" "rpc.statd --no-notify"
	registered 100024
}

# Issue 33 (concurrency): what lab scenario s13 does in a VM, against the
# stubs.  Twenty restarts of a running server, released at once: each
# waits its turn on the lock, so nfsd's stop and start alternate in the
# calls (two restarts side by side would stop twice or start twice in a
# row), every one exits 0, and one of each daemon is left, each the one
# its pid record names.
@test "race: 20 concurrent restarts of the server: serialised, all exit 0, one of each daemon" {
	run ctl start server
	assert_success
	clear_calls
	for i in $(seq 20); do spawn "r$i" "${CTL[@]}" --root "$ROOT" restart server; done
	wait
	failed=0
	for i in $(seq 20); do
		[ "$(rc_of "r$i")" = 0 ] || { failed=$((failed + 1)); cat "$BATS_TEST_TMPDIR/r$i.out"; }
	done
	assert_equal "$failed" 0
	# rpc.nfsd 0 (stop) and rpc.nfsd (start), 20 of each, alternating
	seq_=$(calls_of rpc.nfsd | awk '{ printf "%s", $2 == "0" ? "S" : "U" }')
	assert_equal "$seq_" "$(printf 'SU%.0s' $(seq 20))"
	for p in rpc.statd rpc.mountd rpc.idmapd nfsdcld; do
		assert_equal "$(count_procs "$p")" 1
	done
	# statd is kept by a restart: started never, stopped never
	assert_equal "$(calls_of rpc.statd)" ""
	for f in "$ROOT"/run/nfs-ctl/*.pid; do
		read -r pid _ <"$f"
		kill -0 "$pid"
	done
	run ctl status server
	assert_success
}
