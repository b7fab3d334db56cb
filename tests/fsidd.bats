#!/usr/bin/env bats
# fsidd (nfs-utils 2.6.3 and later): a graph row that stays in the
# foreground, is ready once its socket accepts, and is skipped where it is
# not installed (Debian 12's nfs-utils 2.6.2 has none).

load helpers

setup() {
	require_root
	sandbox_setup
	# a socket in the sandbox, not the host's abstract @/run/fsid.sock
	printf '[reexport]\nfsidd_socket = /run/fsid.sock\n' >"$ROOT/etc/nfs.conf"
	install -m 755 "$STUB_BIN/stubd" "$ROOT/usr/sbin/fsidd"
}

teardown() {
	sandbox_teardown
}

# The numbered steps as "VERB COMPONENT COMMAND", sandbox prefix removed.
steps() {
	ctl plan "$@" | sed "s|$ROOT||g" |
		awk '$1 ~ /^[0-9]+$/ { $1 = ""; sub(/^ +/, ""); print }'
}

fsidd_pid() {
	local pid _
	read -r pid _ <"$ROOT/run/nfs-ctl/fsidd.pid"
	echo "$pid"
}

@test "plan start server: fsidd, when installed, starts before mountd" {
	steps=$(steps start server)
	fsidd=$(grep -nx 'start fsidd /usr/sbin/fsidd' <<<"$steps" | cut -d: -f1)
	mountd=$(grep -nx 'start mountd /usr/sbin/rpc.mountd' <<<"$steps" | cut -d: -f1)
	[ -n "$fsidd" ] && [ -n "$mountd" ] || { echo "$steps"; false; }
	[ "$fsidd" -lt "$mountd" ]
}

@test "fsidd not installed: the plan skips it with the reason, start server succeeds without it" {
	uninstall_stub fsidd
	run ctl plan start server
	assert_success
	assert_line " -  skip   fsidd      (fsidd not installed (nfs-utils 2.6.3 and later have it; only re-exports need it))"
	refute_line --partial "start  fsidd"
	run ctl start server
	assert_success
	run ctl status server
	assert_success
	refute_output --partial fsidd
	[ -z "$(calls_of fsidd)" ]
	[ ! -e "$ROOT/run/nfs-ctl/fsidd.pid" ]
	# and a stop of that server has nothing of it to stop
	run ctl stop server
	assert_success
	assert_equal "$(daemons_left)" 0
}

@test "sysv start: fsidd in the foreground, exact argv, its own session, its pid recorded, before mountd" {
	run ctl start server
	assert_success
	assert_equal "$(calls_of fsidd)" "fsidd"
	assert_before "fsidd" "rpc.mountd"
	pid=$(fsidd_pid)
	# the pid recorded is the process that exec'd fsidd (nfs-ctl's child): no fork
	assert_equal "$pid" "$(stub_pids fsidd)"
	assert_equal "$(readlink "/proc/$pid/exe")" "$ROOT/usr/sbin/fsidd"
	# a session of its own: field 6 of /proc/PID/stat
	assert_equal "$(sed 's/.*) //' "/proc/$pid/stat" | cut -d' ' -f4)" "$pid"
	[ -S "$ROOT/run/fsid.sock" ]
	run ctl status server
	assert_success
	assert_line "fsidd     running (pid $pid)"
}

@test "a second start finds fsidd running and starts no other" {
	ctl start server
	pid=$(fsidd_pid)
	run ctl start server
	assert_success
	assert_equal "$(calls_of fsidd)" "fsidd"
	assert_equal "$(stub_pids fsidd)" "$pid"
}

@test "fsidd in the abstract namespace (its default form): ready once it listens there" {
	printf '[reexport]\nfsidd_socket = @/nfs-ctl-test/%s\n' "${ROOT##*/}" >"$ROOT/etc/nfs.conf"
	run ctl --timeout=5 start fsidd
	assert_success
	assert_equal "$(fsidd_pid)" "$(stub_pids fsidd)"
	grep -q " @/nfs-ctl-test/${ROOT##*/}\$" /proc/net/unix
}

@test "fsidd never listens: start fails after --timeout naming the socket, fsidd stopped, mountd not started" {
	fault fsidd no-socket
	run ctl --timeout=1 start server
	assert_failure 1
	assert_output --regexp "fsidd: pid [0-9]+ gave no sign of readiness \(a connection to $ROOT/run/fsid.sock\) within 1000 ms; stopping it"
	assert_output --partial "start server failed at fsidd"
	assert_equal "$(count_procs fsidd)" 0
	[ -z "$(calls_of rpc.mountd)" ]
	[ ! -e "$ROOT/run/nfs-ctl/fsidd.pid" ]
}

@test "fsidd exits before it is ready: start fails with its exit code, mountd not started" {
	fault fsidd "fail 3 cannot open database"
	run ctl start server
	assert_failure 1
	assert_output --partial "fsidd: $ROOT/usr/sbin/fsidd exited with code 3 before it was ready"
	[ -z "$(calls_of rpc.mountd)" ]
	[ ! -e "$ROOT/run/nfs-ctl/fsidd.pid" ]
}

@test "fsidd killed before it is ready: start fails naming the signal, mountd not started" {
	fault fsidd crash
	run ctl start server
	assert_failure 1
	assert_output --partial "fsidd: $ROOT/usr/sbin/fsidd was killed by signal 9 before it was ready"
	[ -z "$(calls_of rpc.mountd)" ]
	[ ! -e "$ROOT/run/nfs-ctl/fsidd.pid" ]
}

@test "stop server: fsidd stops after mountd, by TERM, its pid record gone" {
	ctl start server
	clear_calls
	run ctl stop server
	assert_success
	assert_before "rpc.mountd:stopped" "fsidd:stopped TERM"
	assert_equal "$(count_procs fsidd)" 0
	[ ! -e "$ROOT/run/nfs-ctl/fsidd.pid" ]
}

@test "fsidd.service: Type=exec, skipped when not installed, ready at its socket; mountd ordered after it" {
	run "$NFS_CTL" units --output "$BATS_TEST_TMPDIR"
	assert_success
	run sed -n '/^\[Service\]/,$p' "$BATS_TEST_TMPDIR/fsidd.service.in"
	assert_output "$(printf '%s\n' '[Service]' \
		'Type=exec' 'ExecStart=@NFS_CTL@ exec fsidd' 'ExecStartPost=@NFS_CTL@ exec --ready fsidd')"
	# skipped by systemd itself, with no process of ours, where it is in
	# none of the directories nfs-ctl looks in
	run grep '^Condition' "$BATS_TEST_TMPDIR/fsidd.service.in"
	assert_output "$(printf 'ConditionFileIsExecutable=|%s/fsidd\n' /usr/sbin /sbin /usr/bin /bin)"
	grep -qx 'After=fsidd.service' "$BATS_TEST_TMPDIR/nfs-mountd.service.in"
	grep -qx 'PartOf=nfs-server.target' "$BATS_TEST_TMPDIR/fsidd.service.in"
	grep -qx 'Requires=fsidd.service' "$BATS_TEST_TMPDIR/nfs-server.target.in"
	# ordering only: nothing requires it but the target, whose start a skip does not fail
	run grep -l '^Requires=.*fsidd' "$BATS_TEST_TMPDIR"/*.in
	assert_output "$BATS_TEST_TMPDIR/nfs-server.target.in"
}

@test "exec --installed fsidd: 0 when installed, 1 with the reason when not (the question the unit's conditions ask systemd)" {
	run ctl_systemd exec --installed fsidd
	assert_success
	assert_output ""
	uninstall_stub fsidd
	run ctl_systemd exec --installed fsidd
	assert_failure 1
	assert_output --partial "fsidd: fsidd not installed (nfs-utils 2.6.3 and later have it"
	run ctl_systemd exec --installed mountd
	assert_success
}

@test "exec fsidd becomes fsidd (Type=exec: the main process is the daemon); exec --ready waits for its socket" {
	run ctl_systemd --timeout=1 exec --ready fsidd
	assert_failure 1
	assert_output --partial "fsidd: $ROOT/run/fsid.sock accepts no connection within 1000 ms"
	"$NFS_CTL" --root "$ROOT" --init=systemd exec fsidd &
	pid=$!
	run ctl_systemd --timeout=5 exec --ready fsidd
	assert_success
	assert_equal "$(readlink "/proc/$pid/exe")" "$ROOT/usr/sbin/fsidd"
	assert_equal "$(calls_of fsidd)" "fsidd"
	kill "$pid"
	wait "$pid"
}
