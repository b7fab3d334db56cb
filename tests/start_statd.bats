#!/usr/bin/env bats
# start-statd: what mount.nfs runs; exit 0 promises statd is registered.

load helpers

setup() {
	require_root
	sandbox_setup
	# mount.nfs runs it by this name, with an empty environment
	ln -s "$NFS_CTL" "$ROOT/usr/sbin/start-statd"
}

teardown() {
	sandbox_teardown
}

# As mount.nfs does: the symlink, nothing in the environment (under this
# name nfs-ctl reads none of its variables: --root, --timeout instead).
start_statd() {
	env -i "$ROOT/usr/sbin/start-statd" --root "$ROOT" "$@"
}

systemd_booted() {
	mkdir -p "$ROOT/run/systemd/system"
}

@test "sysv: start-statd starts rpc.statd --no-notify and returns once 100024 is registered" {
	run start_statd
	assert_success
	registered 100024
	assert_equal "$(calls)" "rpc.statd --no-notify"
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(stub_pids rpc.statd)" "$(cat "$ROOT/run/rpc.statd.pid")"
}

@test "sysv: exit 0 waits for a slow registration" {
	fault rpc.statd "slow-register 400"
	run start_statd
	assert_success
	# the promise holds at the moment of the exit, not later
	registered 100024
}

@test "sysv: a statd that never registers is an error, and is not left running" {
	fault rpc.statd "no-register"
	run start_statd --timeout=1
	assert_failure 1
	assert_output --partial "did not register RPC program 100024"
	! registered 100024
	assert_equal "$(count_procs rpc.statd)" 0
}

# A live statd: started by hand, it registers and writes its pid file (a
# registration alone is not trusted: hardening.bats, issue 12 item 2).
live_statd() {
	"$ROOT/sbin/rpc.statd"
	clear_calls
}

@test "sysv: statd already running and registered: nothing is run" {
	live_statd
	run start_statd
	assert_success
	assert_equal "$(calls)" ""
}

@test "sysv: 20 concurrent callers start exactly one statd, all exit 0" {
	fault rpc.statd "delay 200"
	for i in $(seq 20); do
		(timeout 60 env -i "$ROOT/usr/sbin/start-statd" --root "$ROOT" \
			>"$BATS_TEST_TMPDIR/out.$i" 2>&1; echo $? >"$BATS_TEST_TMPDIR/rc.$i") &
	done
	wait
	for i in $(seq 20); do
		assert_equal "$(cat "$BATS_TEST_TMPDIR/rc.$i")" 0
	done
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(calls_of rpc.statd)" "rpc.statd --no-notify"
	registered 100024
}

@test "sysv: a caller that is not root gets exit 4 and nothing runs" {
	run as_nobody env -i "$ROOT/usr/sbin/start-statd" --root "$ROOT"
	assert_equal "$status" 4
	assert_equal "$(calls)" ""
}

@test "sysv: rpcbind down: a clear error, no statd" {
	stop_rpcbind
	run start_statd --timeout=1
	assert_failure
	assert_output --partial "rpcbind is not running"
	assert_equal "$(count_procs rpc.statd)" 0
}

@test "sysv: statd's pid goes to /run/sendsigs.omit.d and leaves with it" {
	mkdir -p "$ROOT/run/sendsigs.omit.d"
	run start_statd
	assert_success
	assert_equal "$(cat "$ROOT/run/sendsigs.omit.d/rpc.statd")" "$(stub_pids rpc.statd)"
	run ctl stop statd
	assert_success
	[ ! -e "$ROOT/run/sendsigs.omit.d/rpc.statd" ]
	assert_equal "$(count_procs rpc.statd)" 0
}

@test "sysv: no sendsigs.omit.d directory, no file" {
	run start_statd
	assert_success
	[ ! -e "$ROOT/run/sendsigs.omit.d" ]
}

@test "systemd: exactly one call, systemctl start rpc-statd.service, no add-wants" {
	systemd_booted
	run start_statd
	assert_success
	assert_equal "$(calls)" "systemctl start rpc-statd.service"
	registered 100024
	# systemd runs the daemon, not start-statd
	assert_equal "$(count_procs rpc.statd)" 0
}

@test "systemd: statd already running and registered: no systemctl call at all" {
	systemd_booted
	live_statd
	run start_statd
	assert_success
	assert_equal "$(calls)" ""
}

@test "systemd: systemctl failing while the unit failed is an error at once, with its exit code" {
	systemd_booted
	fault systemctl "exit 5" "failed rpc-statd.service"
	run start_statd
	assert_failure 1
	assert_output "nfs-ctl: start-statd: systemctl start rpc-statd.service failed (exit 5), and the unit failed (see \`systemctl status rpc-statd.service\`)"
	assert_equal "$(calls)" "systemctl start rpc-statd.service
systemctl is-failed --quiet rpc-statd.service"
}

# The storm of 200 mounts at boot (issue 33, s13): the request itself
# failed ("Transport endpoint is not connected") while a start queued by
# another mount's start-statd went on; the promise is the registration.
@test "systemd: systemctl failing while the unit did not fail: the registration decides, exit 0 once statd registers" {
	systemd_booted
	fault systemctl "fail 1 Failed to start rpc-statd.service: Transport endpoint is not connected"
	( sleep 0.5; "$ROOT/sbin/rpc.statd" ) &
	run start_statd
	wait
	assert_success
	assert_line "Failed to start rpc-statd.service: Transport endpoint is not connected"
	assert_line "nfs-ctl: warning: start-statd: systemctl start rpc-statd.service failed (exit 1), but the unit did not fail: waiting for statd's registration (program 100024), which a start already queued may bring"
	registered 100024
}

@test "systemd: systemctl failing, the unit not failed, and no statd registers: an error once the wait is over" {
	systemd_booted
	fault systemctl "fail 1 Failed to start rpc-statd.service: Connection timed out"
	run start_statd --timeout=1
	assert_failure 1
	assert_line --partial "but the unit did not fail: waiting for statd's registration"
	assert_line "nfs-ctl: start-statd: rpc.statd is not registered with rpcbind after 1000 ms"
	! registered 100024
}

@test "systemd: 20 concurrent callers all exit 0 once registered" {
	systemd_booted
	for i in $(seq 20); do
		(timeout 60 env -i "$ROOT/usr/sbin/start-statd" --root "$ROOT" \
			>/dev/null 2>&1; echo $? >"$BATS_TEST_TMPDIR/rc.$i") &
	done
	wait
	for i in $(seq 20); do
		assert_equal "$(cat "$BATS_TEST_TMPDIR/rc.$i")" 0
	done
	run calls
	refute_line --partial "add-wants"
	# every call names the unit that exists (never statd.service)
	assert_equal "$(calls | grep -vc '^systemctl start rpc-statd.service$')" 0
	[ "$(calls | wc -l)" -ge 1 ]
}

@test "start-statd takes no arguments" {
	run start_statd extra
	assert_equal "$status" 2
	run ctl start-statd extra
	assert_equal "$status" 2
}

@test "the nfs-ctl start-statd command works as the symlink does" {
	run ctl start-statd
	assert_success
	registered 100024
	assert_equal "$(count_procs rpc.statd)" 1
}

@test "Debian shutdown: statd outlives the killall while an NFS mount exists, then stops" {
	mkdir -p "$ROOT/run/sendsigs.omit.d"
	add_nfs_mount nfs /mnt/home "rw,vers=3,addr=10.0.0.1"
	run start_statd
	assert_success
	statd=$(stub_pids rpc.statd)
	# sendsigs spares the pids listed here
	assert_equal "$(cat "$ROOT/run/sendsigs.omit.d/rpc.statd")" "$statd"
	# the client script stops before umountnfs: statd is still needed
	run ctl stop client
	assert_success
	assert_equal "$(stub_pids rpc.statd)" "$statd"
	[ -e "$ROOT/run/sendsigs.omit.d/rpc.statd" ]
	# after umountnfs, the stop takes statd and its exemption away
	: >"$ROOT/proc/self/mountinfo"
	run ctl stop client
	assert_success
	assert_equal "$(count_procs rpc.statd)" 0
	[ ! -e "$ROOT/run/sendsigs.omit.d/rpc.statd" ]
}

# A client container's read-only /run: a bind mount of the sandbox's run
# directory onto itself, read-only (root in the sandbox may mount).
readonly_run() {
	mount --bind "$ROOT/run" "$ROOT/run" 2>/dev/null &&
		mount -o remount,ro,bind "$ROOT/run" 2>/dev/null ||
		skip "cannot mount a read-only /run here"
	RO_RUN=1
}

teardown_readonly_run() {
	[ -z "${RO_RUN:-}" ] || umount "$ROOT/run"
}

@test "sysv, read-only /run: a statd registered with rpcbind that answers is used, nothing runs" {
	# the stub rpcbind answers NULL calls on the address it wrote there
	cp "$ROOT/run/stub-rpcbind.port" "$ROOT/run/stub-rpcbind/100024"
	readonly_run
	run start_statd
	teardown_readonly_run
	assert_success
	assert_output ""
	assert_equal "$(calls)" ""
}

@test "sysv, read-only /run and no statd: exit 1, the lock file's path and the fix named" {
	readonly_run
	run start_statd
	teardown_readonly_run
	assert_failure 1
	assert_output "nfs-ctl: cannot open the lock file $ROOT/run/nfs-ctl.lock: Read-only file system; nfs-ctl serialises its starts and stops with it, so /run must be writable (in a container: a tmpfs on /run)"
	assert_equal "$(calls)" ""
}
