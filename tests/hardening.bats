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
