#!/usr/bin/env bats
# Issue 12: faults found in review.  Each test fails with the code before
# the fix (docs/robustness.md, "Hardening" rows marked issue 12).

load helpers

setup() {
	require_root
	sandbox_setup
	GEN=$BATS_TEST_TMPDIR/gen
	mkdir -p "$GEN"
}

teardown() {
	# a failed container test still ends its namespace
	[ -z "${ns_holder:-}" ] || kill -KILL "$ns_holder" 2>/dev/null || true
	sandbox_teardown
}

generator() {
	run "$NFS_CTL" --root "$ROOT" generator "$GEN" "$GEN/early" "$GEN/late"
}

# ---- item 5: the generator on a full disk ------------------------------------

# /dev/full fails the write with ENOSPC when the stream is flushed, as a
# full /run does: the error shows at fclose only.

@test "generator: a full disk under the rpc_pipefs mount unit: named, no crash, no half file" {
	ln -s /dev/full "$GEN/var-lib-nfs-rpc_pipefs.mount"
	generator
	assert_equal "$status" 1
	assert_output --partial "generator: $GEN/var-lib-nfs-rpc_pipefs.mount: No space left on device"
	[ ! -e "$GEN/var-lib-nfs-rpc_pipefs.mount" ] && [ ! -L "$GEN/var-lib-nfs-rpc_pipefs.mount" ]
	# the rest is still generated
	[ -L "$GEN/nfs-server.target.wants/rpc-gssd.service" ]
}

@test "generator: a full disk under the exports ordering drop-in is an error, not a silent half file" {
	printf '/srv/a *(rw)\n' >"$ROOT/etc/exports"
	mkdir -p "$GEN/nfsd.service.d"
	ln -s /dev/full "$GEN/nfsd.service.d/nfs-ctl-mounts.conf"
	generator
	assert_equal "$status" 1
	assert_output --partial "generator: $GEN/nfsd.service.d/nfs-ctl-mounts.conf: No space left on device"
	[ ! -L "$GEN/nfsd.service.d/nfs-ctl-mounts.conf" ]
	grep -qx 'RequiresMountsFor=/srv/a' "$GEN/nfs-exports.service.d/nfs-ctl-mounts.conf"
}

@test "generator: a start condition that cannot be written: error, and the member is not wanted without it" {
	mkdir -p "$GEN/rpc-gssd.service.d"
	ln -s /dev/full "$GEN/rpc-gssd.service.d/nfs-ctl-start-condition.conf"
	generator
	assert_equal "$status" 1
	assert_output --partial "generator: $GEN/rpc-gssd.service.d/nfs-ctl-start-condition.conf: No space left on device"
	[ ! -L "$GEN/nfs-server.target.wants/rpc-gssd.service" ]
	# the client target's turn wrote it again (the planted file was
	# removed): wanted there, with its condition
	grep -qx 'ConditionPathExists=/etc/krb5.keytab' "$GEN/rpc-gssd.service.d/nfs-ctl-start-condition.conf"
	[ -L "$GEN/nfs-client.target.wants/rpc-gssd.service" ]
}

@test "units: a full disk under a unit file is an error naming it" {
	out=$BATS_TEST_TMPDIR/units
	mkdir -p "$out"
	ln -s /dev/full "$out/nfsd.service.in"
	run "$NFS_CTL" units --output "$out"
	assert_equal "$status" 1
	assert_output --partial "units: $out/nfsd.service.in: No space left on device"
	[ ! -L "$out/nfsd.service.in" ]
}

# ---- item 7: --timeout and NFS_CTL_TIMEOUT -----------------------------------

BAD_TIMEOUTS=(nan NaN inf -1 0 0.0 0.0001 0.0009 86401 1e3 0x10 ' 5' '5 ' 5s '' . 1.2.3 +5)

@test "--timeout: not a finite number of seconds from 0.001 to 86400: exit 2 naming the option, nothing runs" {
	local v
	for v in "${BAD_TIMEOUTS[@]}"; do
		run ctl --timeout="$v" start server
		[ "$status" -eq 2 ] || fail "--timeout='$v' gave $status: $output"
		assert_output --partial "--timeout=$v: expected seconds, a decimal number from 0.001 to 86400"
	done
	assert_equal "$(calls)" ""
}

@test "NFS_CTL_TIMEOUT: the same rule, exit 2 naming the variable (it was ignored, nan taken)" {
	local v
	for v in "${BAD_TIMEOUTS[@]}"; do
		NFS_CTL_TIMEOUT=$v run ctl start server
		[ "$status" -eq 2 ] || fail "NFS_CTL_TIMEOUT='$v' gave $status: $output"
		assert_output --partial "NFS_CTL_TIMEOUT=$v: expected seconds"
	done
	assert_equal "$(calls)" ""
}

@test "--timeout: the smallest (1 ms) and the largest values are accepted, from the variable too" {
	run ctl --timeout=0.001 plan start server
	assert_success
	run ctl --timeout=86400 plan start server
	assert_success
	NFS_CTL_TIMEOUT=2.5 run ctl plan start server
	assert_success
}

# ---- item 10: mount argv, pipefs-directory, pid records, the failure report ---

@test "mount: the operands follow --, never read as options" {
	run ctl start server
	assert_success
	assert_equal "$(calls_of mount)" "mount -t nfsd -- nfsd $ROOT/proc/fs/nfsd
mount -t rpc_pipefs -- rpc_pipefs $ROOT/var/lib/nfs/rpc_pipefs"
}

@test "pipefs-directory that is not absolute: exit 6 naming file:line, nothing runs; stop still works" {
	printf '[general]\n# moved\npipefs-directory = -ofoo\n' >"$ROOT/etc/nfs.conf"
	run ctl start server
	assert_equal "$status" 6
	assert_output --partial "$ROOT/etc/nfs.conf:3: pipefs-directory: '-ofoo' is not an absolute path; ignored"
	assert_equal "$(calls)" ""
	run ctl --set general.pipefs-directory=rpc_pipefs plan start server
	assert_output --partial "--set: pipefs-directory: 'rpc_pipefs' is not an absolute path"
	run ctl stop server
	assert_success
}

@test "a pid record that cannot be written fails the start and stops the daemon it was for" {
	mkdir -p -m 755 "$ROOT/run/nfs-ctl/mountd.pid.tmp"
	run ctl --timeout=1 start server
	assert_equal "$status" 1
	assert_output --partial "mountd: pid "
	assert_output --partial "cannot be recorded (see above): nothing could stop it later; stopping it"
	assert_output --partial "failed at mountd; started in this run: statd; not run:"
	assert_equal "$(count_procs rpc.mountd)" 0
}

@test "after a registration timeout the report does not count the daemon as started" {
	fault rpc.mountd no-register
	run ctl --timeout=1 start server
	assert_equal "$status" 1
	assert_output --partial "failed at mountd; started in this run: statd; not run:"
	assert_equal "$(count_procs rpc.mountd)" 0
	[ ! -e "$ROOT/run/nfs-ctl/mountd.pid" ]
}

# ---- item 4: a stop that cannot stop nfsd ------------------------------------

@test "stop server: rpc.nfsd 0 fails while nfsd serves: LSB 1, mountd, the exports and statd left alone" {
	ctl start server
	mountd=$(stub_pids rpc.mountd)
	statd=$(stub_pids rpc.statd)
	fault rpc.nfsd "fail-stop 1 rpc.nfsd: unable to set any sockets for nfsd"
	clear_calls
	run ctl stop server
	assert_equal "$status" 1
	assert_output --partial "nfsd: $ROOT/usr/sbin/rpc.nfsd failed with exit code 1: rpc.nfsd: unable to set any sockets for nfsd"
	assert_output --partial "nfsd: $ROOT/usr/sbin/rpc.nfsd failed and nfsd still runs: what it comes after is left running"
	assert_output --partial "mountd: left running: nfsd still runs and comes after it"
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads")" 8
	assert_equal "$(stub_pids rpc.mountd)" "$mountd"
	assert_equal "$(stub_pids rpc.statd)" "$statd"
	# nothing but the failed command ran, nothing was signalled
	assert_equal "$(calls)" "rpc.nfsd 0"
	# the server is still there for status and for the next stop
	run ctl status server
	assert_success
	rm "$ROOT/etc/stub/rpc.nfsd"
	run ctl stop server
	assert_success
	assert_equal "$(count_procs rpc.mountd)" 0
}

@test "stop server: rpc.nfsd 0 fails but nfsd has no threads: a warning, the rest stops, exit 0" {
	ctl start server
	echo 0 >"$ROOT/proc/fs/nfsd/threads"
	fault rpc.nfsd "fail-stop 1"
	run ctl stop server
	assert_success
	assert_output --partial "nfsd: $ROOT/usr/sbin/rpc.nfsd failed; nfsd is not running"
	assert_equal "$(count_procs rpc.mountd)" 0
	assert_equal "$(calls_of exportfs | tail -2)" "exportfs -au
exportfs -f"
}

# ---- item 9: RPCNFSDPRIORITY / [nfs-ctl] nfsd-priority -----------------------

# the niceness a command of ours gets with increment INC (the kernel clamps at 19)
niced() {
	local n=$(($(nice) + $1))
	echo $((n > 19 ? 19 : n))
}

@test "nfsd-priority: rpc.nfsd starts at that nice increment (sysv), nothing else does" {
	printf '[nfs-ctl]\nnfsd-priority = 5\n' >"$ROOT/etc/nfs.conf"
	fault rpc.nfsd report-state
	fault rpc.mountd report-state
	run ctl plan start server
	assert_output --partial "# at nice increment 5"
	run ctl start server
	assert_success
	grep -qx "nice $(niced 5)" "$ROOT/var/log/stub-state.rpc.nfsd"
	grep -qx "nice $(niced 0)" "$ROOT/var/log/stub-state.rpc.mountd"
	# the stop command is not niced
	ctl stop server
	grep -qx "nice $(niced 0)" "$ROOT/var/log/stub-state.rpc.nfsd"
}

@test "nfsd-priority: Debian's RPCNFSDPRIORITY applies to nfsdctl too, and under systemd (exec)" {
	install -m 755 "$STUB_BIN/stubd" "$ROOT/usr/sbin/nfsdctl"
	mkdir -p "$ROOT/etc/default"
	printf 'RPCNFSDPRIORITY=3\n' >"$ROOT/etc/default/nfs-kernel-server"
	fault nfsdctl report-state
	run ctl --distro=debian start server
	assert_success
	grep -qx "nice $(niced 3)" "$ROOT/var/log/stub-state.nfsdctl"
	rm "$ROOT/var/log/stub-state.nfsdctl"
	run "$NFS_CTL" --root "$ROOT" --init=systemd --distro=debian exec nfsd
	assert_success
	grep -qx "nice $(niced 3)" "$ROOT/var/log/stub-state.nfsdctl"
}

@test "nfsd-priority: not a nice level from -20 to 19: exit 6 naming file:line" {
	printf '[nfs-ctl]\nnfsd-priority = 20\n' >"$ROOT/etc/nfs.conf"
	run ctl start server
	assert_equal "$status" 6
	assert_output --partial "$ROOT/etc/nfs.conf:2: nfsd-priority: '20' is not a nice level from -20 to 19; ignored"
	printf '[nfs-ctl]\nnfsd-priority = high\n' >"$ROOT/etc/nfs.conf"
	run ctl start server
	assert_equal "$status" 6
	assert_equal "$(calls)" ""
}

# ---- item 6: what children inherit -------------------------------------------

# Runs nfs-ctl from a caller with a state of its own: cwd, umask 077,
# TERM, HUP and USR1 blocked, USR2 and INT ignored, descriptors 7 and 8
# open (not close-on-exec).
from_odd_caller() {
	(cd "$BATS_TEST_TMPDIR" && umask 077 &&
		exec perl -MPOSIX -e 'sigprocmask(SIG_BLOCK, POSIX::SigSet->new(SIGTERM, SIGHUP, SIGUSR1));
			$SIG{USR2} = "IGNORE"; $SIG{INT} = "IGNORE"; exec @ARGV or exit 127' \
			"$@" 7</dev/null 8>>"$BATS_TEST_TMPDIR/leak")
}

# STATE FILE holds what a clean child has.  Signals 32 and 33 are glibc's
# own: make's children may have them blocked or ignored; not ours to judge.
assert_clean_state() {
	local f=$ROOT/var/log/stub-state.$1 blk ign
	[ -s "$f" ] || fail "$1 reported nothing"
	grep -qx 'cwd /' "$f" || fail "$1: $(grep cwd "$f")"
	grep -qx 'umask 0022' "$f" || fail "$1: $(grep umask "$f")"
	grep -qx 'stdin /dev/null' "$f" || fail "$1: $(grep stdin "$f")"
	grep -qx 'fds 0 1 2' "$f" || fail "$1: $(grep fds "$f")"
	blk=$(awk '$1 == "SigBlk:" { print $2 }' "$f")
	ign=$(awk '$1 == "SigIgn:" { print $2 }' "$f")
	[ $((0x$blk & ~0x180000000)) -eq 0 ] || fail "$1: blocked signals $blk"
	[ $((0x$ign & ~0x180000000)) -eq 0 ] || fail "$1: ignored signals $ign"
}

@test "children start with cwd /, umask 022, no blocked or ignored signal, fds 0-2 only, stdin /dev/null" {
	local p
	for p in rpc.statd rpc.mountd exportfs rpc.nfsd mount; do
		fault "$p" report-state
	done
	run from_odd_caller "$NFS_CTL" --root "$ROOT" --init=sysv start server
	assert_success
	for p in rpc.statd rpc.mountd exportfs rpc.nfsd mount; do
		assert_clean_state "$p"
	done
}

@test "start-statd: rpc.statd does not get mount.nfs's state either" {
	fault rpc.statd report-state
	ln -s "$NFS_CTL" "$ROOT/usr/sbin/start-statd"
	run from_odd_caller env -i "$ROOT/usr/sbin/start-statd" --root "$ROOT"
	assert_success
	assert_clean_state rpc.statd
}

@test "exec (systemd): the daemon gets the same clean state" {
	fault rpc.mountd report-state
	run from_odd_caller "$NFS_CTL" --root "$ROOT" --init=systemd exec mountd
	assert_success
	assert_clean_state rpc.mountd
}

@test "a relative --root still works although the commands run from /" {
	run bash -c 'cd "$(dirname "$ROOT")" && "$NFS_CTL" --root "$(basename "$ROOT")" --init=sysv start server'
	assert_success
	assert_equal "$(count_procs rpc.mountd)" 1
	assert_equal "$(calls_of mount | head -1)" "mount -t nfsd -- nfsd $ROOT/proc/fs/nfsd"
}

@test "a caller that ignores SIGCHLD: the start still waits for its commands and succeeds" {
	run perl -e '$SIG{CHLD} = "IGNORE"; exec @ARGV or exit 127' "$NFS_CTL" --root "$ROOT" --init=sysv start server
	assert_success
	assert_equal "$(count_procs rpc.mountd)" 1
	run ctl status server
	assert_success
}

# ---- NFS_CTL_* variables: secure_getenv, never under the start-statd name ----

@test "start-statd (by that name) does not read NFS_CTL_TIMEOUT: a slow statd is waited for the default bound" {
	ln -s "$NFS_CTL" "$ROOT/usr/sbin/start-statd"
	fault rpc.statd "slow-register 1500"
	run env -i NFS_CTL_TIMEOUT=0.5 "$ROOT/usr/sbin/start-statd" --root "$ROOT"
	assert_success
	registered 100024
	# nfs-ctl by its own name still does
	ctl stop statd
	NFS_CTL_TIMEOUT=0.5 run ctl start statd
	assert_failure
}

@test "start-statd (by that name) does not read NFS_CTL_ROOT: it cannot choose what root runs" {
	ln -s "$NFS_CTL" "$ROOT/usr/sbin/start-statd"
	printf '[statd\n' >"$ROOT/etc/nfs.conf"
	# as nobody: refused before anything runs, whatever root it reads
	run as_nobody env -i NFS_CTL_ROOT="$ROOT" "$ROOT/usr/sbin/start-statd"
	assert_equal "$status" 4
	refute_output --partial "$ROOT"
	# --root is the documented way, and is read
	run as_nobody env -i "$ROOT/usr/sbin/start-statd" --root "$ROOT"
	assert_output --partial "$ROOT/etc/nfs.conf:1:"
}

# ---- item 2: a stale rpcbind registration is not a live statd ----------------

# A statd started by hand, as root: it forks, writes /run/rpc.statd.pid and
# registers 100024, as the real one does.
statd_by_hand() {
	"$ROOT/sbin/rpc.statd"
	clear_calls
}

start_statd_link() {
	ln -sf "$NFS_CTL" "$ROOT/usr/sbin/start-statd"
	env -i "$ROOT/usr/sbin/start-statd" --root "$ROOT" "$@"
}

# start-statd trusts the statd it finds, under sysvinit and then under
# systemd: exit 0 and nothing run, neither rpc.statd nor systemctl.
trusted_under_both_inits() {
	run start_statd_link
	assert_success
	assert_equal "$(calls)" ""
	mkdir -p "$ROOT/run/systemd/system"
	run start_statd_link
	assert_success
	assert_equal "$(calls)" ""
}

@test "start-statd (sysv): statd killed with SIGKILL left its registration: a new statd is started" {
	run start_statd_link
	assert_success
	old=$(stub_pids rpc.statd)
	kill -KILL "$old"
	wait_gone "$old"
	# rpcbind keeps what the dead statd registered
	registered 100024
	clear_calls
	run start_statd_link
	assert_success
	assert_equal "$(calls_of rpc.statd)" "rpc.statd --no-notify"
	new=$(stub_pids rpc.statd)
	[ -n "$new" ] && [ "$new" != "$old" ]
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(cat "$ROOT/run/rpc.statd.pid")" "$new"
}

@test "start-statd (systemd): a registration without a live statd is not trusted: systemctl starts it" {
	mkdir -p "$ROOT/run/systemd/system"
	# what a statd killed with SIGKILL leaves: the registration, a pid file naming nobody
	touch "$ROOT/run/stub-rpcbind/100024"
	echo 999999 >"$ROOT/run/rpc.statd.pid"
	run start_statd_link
	assert_success
	assert_equal "$(calls)" "systemctl start rpc-statd.service"
}

@test "start-statd: a live statd (registered, its pid file verified) is trusted, nothing runs" {
	statd_by_hand
	trusted_under_both_inits
}

@test "start-statd: a statd without a pid file whose registered address answers a NULL call is live" {
	# the stub rpcbind answers NULL calls on the address it wrote there
	cp "$ROOT/run/stub-rpcbind.port" "$ROOT/run/stub-rpcbind/100024"
	trusted_under_both_inits
	# a registered address where nothing answers: not live, statd is started
	rm -r "$ROOT/run/systemd"
	echo 127.0.0.1.0.1 >"$ROOT/run/stub-rpcbind/100024"
	run start_statd_link
	assert_success
	assert_equal "$(calls_of rpc.statd)" "rpc.statd --no-notify"
}

# ---- item 3: only nfs-ctl's own daemon (or the daemon's pid file) counts -----

# rpc.mountd run by another user: the stub forks and stays, as nobody.
mountd_of_nobody() {
	as_nobody "$ROOT/usr/sbin/rpc.mountd" 2>/dev/null
	other=$(stub_pids rpc.mountd)
	[ -n "$other" ]
	clear_calls
}

@test "another user's rpc.mountd is not the daemon: start starts ours, stop never signals it" {
	mountd_of_nobody
	run ctl start mountd
	assert_success
	refute_output --partial "already running"
	assert_equal "$(calls_of rpc.mountd)" "rpc.mountd"
	registered 100005
	assert_equal "$(count_procs rpc.mountd)" 2
	run ctl stop mountd
	assert_success
	kill -0 "$other"
	assert_equal "$(stub_pids rpc.mountd)" "$other"
	# and status does not call it running either
	run ctl status mountd
	assert_equal "$status" 3
}

@test "rpc.mountd of root in another pid namespace (a container) is not the daemon" {
	# pid 1 of the new namespace waits, so that the namespace and its mountd stay
	# (--kill-child: the namespace ends with the unshare this test kills)
	unshare --pid --fork --kill-child sh -c '"$1" && exec sleep 600' sh "$ROOT/usr/sbin/rpc.mountd" &
	ns_holder=$!
	# the stub's parent exits once its daemon runs; then the namespace's
	# pid 1 becomes sleep: only the daemon is left to find
	for i in $(seq 200); do pgrep -P "$ns_holder" -x sleep >/dev/null && break; sleep 0.05; done
	other=$(stub_pids rpc.mountd)
	[ -n "$other" ]
	clear_calls
	run ctl start mountd
	assert_success
	refute_output --partial "already running"
	assert_equal "$(calls_of rpc.mountd)" "rpc.mountd"
	run ctl stop mountd
	assert_success
	# ours went; the container's is still there
	kill -0 "$other"
	assert_equal "$(stub_pids rpc.mountd)" "$other"
	# unshare --fork ignores TERM; KILL it, and --kill-child ends the
	# namespace (a sleep left there would hold bats' output for 600 s)
	kill -KILL "$ns_holder"
}

@test "a pid file that another user owns names no daemon: stop does not signal what it names" {
	"$ROOT/sbin/rpc.statd"
	statd=$(stub_pids rpc.statd)
	chown nobody "$ROOT/run/rpc.statd.pid"
	clear_calls
	run ctl stop statd
	assert_success
	kill -0 "$statd"
	assert_equal "$(calls)" ""
	# writable by others: the same
	install -m 666 /dev/null "$ROOT/run/rpc.statd.pid"
	echo "$statd" >"$ROOT/run/rpc.statd.pid"
	run ctl stop statd
	assert_success
	kill -0 "$statd"
	assert_equal "$(calls)" ""
}

@test "statd running as the owner of sm in its state directory (Debian's statd user) is the daemon" {
	# Debian's layout: /var/lib/nfs is root's, sm (and sm.bak) the statd
	# user's; rpc.statd becomes the owner of sm (the lab's first sysvinit
	# boot found the rule that looked at /var/lib/nfs itself)
	mkdir -p "$ROOT/var/lib/nfs/sm"
	chown nobody "$ROOT/var/lib/nfs/sm"
	install -o nobody -m 644 /dev/null "$ROOT/run/rpc.statd.pid"
	as_nobody "$ROOT/sbin/rpc.statd" 2>/dev/null
	statd=$(stub_pids rpc.statd)
	assert_equal "$(cat "$ROOT/run/rpc.statd.pid")" "$statd"
	run ctl status statd
	assert_success
	assert_output --partial "pid $statd"
	run ctl stop statd
	assert_success
	wait_gone "$statd"
}

@test "status by a non-root user: a process of a third user naming itself rpc.mountd in argv[0] is not it" {
	# our record names it (as if the pid had been reused); its executable
	# cannot be read by the caller, only its argv[0]
	# exec all the way down: $! is then the sleep itself, and the kill
	# below ends it (a sleep left behind holds bats' output for 600 s)
	(exec setpriv --reuid=daemon --regid=daemon --clear-groups \
		bash -c 'exec -a "$1" sleep 600' sh "$ROOT/usr/sbin/rpc.mountd") &
	fake=$!
	sleep 0.2
	mkdir -p "$ROOT/run/nfs-ctl"
	echo "$fake 0" >"$ROOT/run/nfs-ctl/mountd.pid"
	run as_nobody "$NFS_CTL" --root "$ROOT" --init=sysv status mountd
	kill "$fake"
	refute_output --partial "running (pid $fake"
	assert_equal "$status" 1
}

# ---- item 8: start-statd decides as `start statd` does on broken configuration

@test "start-statd (sysv) refuses the configuration start statd refuses: exit 6 naming FILE:LINE, nothing runs" {
	mkdir -p "$ROOT/etc/default"
	printf 'STATDOPTS="$(touch x)"\nNEED_STATD=yes\n' >"$ROOT/etc/default/nfs-common"
	run ctl start statd
	assert_equal "$status" 6
	run start_statd_link
	assert_equal "$status" 6
	assert_output --partial "$ROOT/etc/default/nfs-common:1: command substitution"
	assert_output --partial "start-statd: refusing to start rpc.statd with broken configuration"
	assert_equal "$(calls)" ""
	! registered 100024
}

@test "start-statd (systemd and sysv) refuses a broken nfs.conf the same way, before systemctl" {
	printf '[statd\nport = 1\n' >"$ROOT/etc/nfs.conf"
	run start_statd_link
	assert_equal "$status" 6
	assert_output --partial "$ROOT/etc/nfs.conf:1:"
	mkdir -p "$ROOT/run/systemd/system"
	run start_statd_link
	assert_equal "$status" 6
	assert_output --partial "$ROOT/etc/nfs.conf:1:"
	assert_equal "$(calls)" ""
}

@test "statd's user follows [statd] state-directory-path: the owner of sm there, not of the default's" {
	mkdir -p "$ROOT/srv/statd/sm" "$ROOT/var/lib/nfs/sm"
	chown nobody "$ROOT/srv/statd/sm"
	chown daemon "$ROOT/var/lib/nfs/sm"
	printf '[statd]\nstate-directory-path = /srv/statd\n' >"$ROOT/etc/nfs.conf"
	install -o nobody -m 644 /dev/null "$ROOT/run/rpc.statd.pid"
	as_nobody "$ROOT/sbin/rpc.statd" 2>/dev/null
	statd=$(stub_pids rpc.statd)
	run ctl status statd
	assert_success
	assert_output --partial "pid $statd"
	run ctl stop statd
	assert_success
	wait_gone "$statd"
}
