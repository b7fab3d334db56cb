#!/usr/bin/env bats
# nfs-ctl doctor: each finding staged in the sandbox with the stub daemons,
# with the exact line it prints (level, component, expected with file:line,
# seen, fix) and the exit code (1 only for a FAIL).

load helpers

setup() {
	require_root
	sandbox_setup
}

teardown() {
	sandbox_teardown
}

# The pid nfs-ctl recorded for COMPONENT when it started it.
recorded_pid() {
	cut -d' ' -f1 "$ROOT/run/nfs-ctl/$1.pid"
}

@test "doctor: a started server and client show no WARN or FAIL and exit 0" {
	ctl start server
	ctl start client
	run ctl doctor
	assert_success
	refute_line --regexp '^(WARN|FAIL) '
	assert_line "OK    statd      expected running; seen running (pid $(recorded_pid statd))"
	assert_line "OK    mountd     expected $ROOT/usr/sbin/rpc.mountd; seen $ROOT/usr/sbin/rpc.mountd"
	assert_line "OK    mountd     expected program 100005 registered with rpcbind; seen registered (versions 1)"
	assert_line "OK    nfsd       expected 8 threads (the program's default); seen 8 threads"
	assert_line "OK    nfsd-fs    expected nfsd on $ROOT/proc/fs/nfsd; seen mounted"
	assert_line "OK    rpcbind    expected rpcbind answering (needed by statd, mountd, nfsd; NFSv3 enabled); seen answering"
	assert_line "OK    gssd       expected not running (skipped: no keytab $ROOT/etc/krb5.keytab); seen not running"
	refute_line --partial "not started"
}

@test "doctor: targets nobody started are information, their members unchecked" {
	run ctl doctor
	assert_success
	assert_line "INFO  server     expected started; seen not started: its members were not checked; fix: nfs-ctl start server"
	assert_line "INFO  client     expected started; seen not started: its members were not checked; fix: nfs-ctl start client"
	refute_line --partial "statd"
}

@test "doctor: a server whose start failed half way is checked: FAIL, the fix starts it (lab c6)" {
	# the chaos scenario's finding: rpc.mountd killed while a restart
	# started it left the server down, and doctor said only "not started"
	ctl start server
	fault rpc.mountd "fail 1 rpc.mountd: killed"
	run ctl restart server
	assert_failure 1
	run ctl doctor
	assert_failure 1
	assert_line "FAIL  server     expected started (a start was asked); seen not active: its last start failed or was cut short; fix: nfs-ctl start server"
	assert_line "FAIL  mountd     expected running; seen not running; fix: nfs-ctl start mountd"
	assert_line "FAIL  nfsd       expected 8 threads (the program's default); seen not serving (0 threads); fix: nfs-ctl start nfsd"
	refute_line --partial "INFO  server"
	# the fix, pasted, brings it back; doctor is clean again
	rm "$ROOT/etc/stub/rpc.mountd"
	run ctl start server
	assert_success
	run ctl doctor
	assert_success
	refute_line --regexp '^(WARN|FAIL) '
	# a stop ends what was asked: information again
	ctl stop server
	run ctl doctor
	assert_success
	assert_line "INFO  server     expected started; seen not started: its members were not checked; fix: nfs-ctl start server"
}

@test "doctor under systemd: a server target down with a member's unit failed since is checked: FAIL (lab c6)" {
	# a target has no failed state: a start job that failed leaves it
	# inactive, and the member whose start failed after the target went
	# down (microseconds since boot) is the trace
	fault systemctl "failed nfs-mountd.service" "inactive-since nfs-server.target 1000" \
		"inactive-since nfs-mountd.service 2000"
	run ctl_systemd doctor
	assert_failure 1
	assert_line "FAIL  server     expected started (a start was asked); seen nfs-server.target not active, nfs-mountd.service failed after it went down: its start failed or was cut short; fix: nfs-ctl start server"
	assert_line "FAIL  mountd     expected nfs-mountd.service not failed; seen failed; fix: systemctl restart nfs-mountd.service"
	# a target that never went down since boot (its boot start failed)
	fault systemctl "failed nfs-mountd.service" "inactive-since nfs-mountd.service 2000"
	run ctl_systemd doctor
	assert_failure 1
	assert_line --partial "FAIL  server     expected started (a start was asked)"
	# the member failed, then the server was stopped on purpose: not asked
	fault systemctl "failed nfs-mountd.service" "inactive-since nfs-server.target 3000" \
		"inactive-since nfs-mountd.service 2000"
	run ctl_systemd doctor
	assert_success
	assert_line "INFO  server     expected started; seen not started: its members were not checked; fix: nfs-ctl start server"
	# nothing failed: not started, information
	rm "$ROOT/etc/stub/systemctl"
	run ctl_systemd doctor
	assert_success
	assert_line "INFO  server     expected started; seen not started: its members were not checked; fix: nfs-ctl start server"
}

@test "doctor: a wanted daemon that is not running is a FAIL whose fix starts it" {
	ctl start server
	kill -KILL "$(recorded_pid mountd)"
	wait_gone "$(recorded_pid mountd)"
	run ctl doctor server
	assert_failure 1
	assert_line "FAIL  mountd     expected running; seen not running; fix: nfs-ctl start mountd"
	# the registration the killed daemon left behind
	assert_line "WARN  mountd     expected no registration of program 100005 without a running mountd; seen registered (versions 1), no process; fix: nfs-ctl start mountd"
}

@test "doctor: statd running on an NFSv4-only server is a WARN naming nfs.conf:LINE" {
	ctl start server
	printf '[nfsd]\nvers3 = n\n' >"$ROOT/etc/nfs.conf"
	run ctl doctor server
	assert_success
	assert_line "WARN  statd      expected not running (skipped: NFSv2/v3 disabled) ($ROOT/etc/nfs.conf:2); seen running (pid $(recorded_pid statd)); fix: nfs-ctl stop statd"
	assert_line "OK    rpcbind    expected rpcbind answering (needed by mountd, nfsd); seen answering"
}

@test "doctor: statd that an NFSv3 mount uses is fine on an NFSv4-only server" {
	ctl start server
	printf '[nfsd]\nvers3 = n\n' >"$ROOT/etc/nfs.conf"
	add_nfs_mount nfs /mnt/v3 rw,vers=3
	run ctl doctor server
	assert_success
	assert_line "OK    statd      expected not running (skipped: NFSv2/v3 disabled) ($ROOT/etc/nfs.conf:2); seen running (pid $(recorded_pid statd)) for the NFS mount on /mnt/v3"
}

@test "doctor: a daemon running with an argv older than the configuration needs a restart" {
	ctl --distro=debian start server
	mkdir -p "$ROOT/etc/default"
	echo 'RPCMOUNTDOPTS="--manage-gids"' >"$ROOT/etc/default/nfs-kernel-server"
	run ctl --distro=debian doctor server
	assert_success
	assert_line "WARN  mountd     expected $ROOT/usr/sbin/rpc.mountd --manage-gids; seen $ROOT/usr/sbin/rpc.mountd (configuration changed since it started: restart needed); fix: nfs-ctl restart mountd"
	# the fix: after it, the argv is today's
	ctl --distro=debian restart mountd
	run ctl --distro=debian doctor server
	assert_line "OK    mountd     expected $ROOT/usr/sbin/rpc.mountd --manage-gids; seen $ROOT/usr/sbin/rpc.mountd --manage-gids"
}

@test "doctor: two instances of a daemon: FAIL, the fix ends the one nfs-ctl did not start" {
	ctl start server
	"$ROOT/usr/sbin/rpc.mountd"
	local ours extra
	ours=$(recorded_pid mountd)
	extra=$(stub_pids rpc.mountd | grep -vx "$ours")
	[ -n "$extra" ]
	run ctl doctor server
	assert_failure 1
	assert_line --regexp "^FAIL  mountd     expected one instance; seen 2 instances \(pids [0-9]+, [0-9]+\); fix: kill $extra\$"
}

@test "doctor: nfs.conf changed after a daemon started (its own section, not in argv): WARN, restart it" {
	ctl start server
	sleep 0.2
	printf '[mountd]\nmanage-gids = y\n' >"$ROOT/etc/nfs.conf"
	run ctl doctor server
	assert_success
	assert_line --regexp "^WARN  mountd     expected running with the \[mountd\] settings of $ROOT/etc/nfs.conf \($ROOT/etc/nfs.conf:2\); seen $ROOT/etc/nfs.conf changed at [-0-9]+ [:0-9]+, after pid $(recorded_pid mountd) started; the daemon reads it only at start; fix: nfs-ctl restart mountd\$"
	refute_line --partial "statd      expected running with the"
	ctl restart mountd
	run ctl doctor server
	refute_line --partial "changed at"
}

@test "doctor under systemd: two instances: the one in the unit's control group stays" {
	"$ROOT/usr/sbin/rpc.mountd"
	"$ROOT/usr/sbin/rpc.mountd"
	local first second
	first=$(stub_pids rpc.mountd | sort -n | head -n 1)
	second=$(stub_pids rpc.mountd | sort -n | tail -n 1)
	[ "$first" != "$second" ]
	# systemd runs the first; the second is somebody's shell
	mkdir -p "$ROOT/proc/$first"
	echo "0::/system.slice/nfs-mountd.service" >"$ROOT/proc/$first/cgroup"
	run ctl_systemd doctor server
	assert_failure 1
	assert_line --regexp "^FAIL  mountd     expected one instance; seen 2 instances \(pids [0-9]+, [0-9]+\); fix: kill $second\$"
}

@test "doctor: a daemon's own workers are not a second instance" {
	fault rpc.mountd "workers 2"
	ctl start server
	[ "$(count_procs rpc.mountd)" -eq 3 ]
	run ctl doctor server
	assert_success
	refute_line --partial "instances"
	assert_line "OK    mountd     expected running; seen running (pid $(recorded_pid mountd))"
}

@test "doctor: pid files and a registration whose process is gone" {
	ctl start server
	local pid
	pid=$(recorded_pid statd)
	kill -KILL "$pid"
	wait_gone "$pid"
	run ctl doctor server
	assert_failure 1
	assert_line "WARN  statd      expected $ROOT/run/nfs-ctl/statd.pid absent or naming a running rpc.statd; seen it names pid $pid, which is gone or another program; fix: rm $ROOT/run/nfs-ctl/statd.pid"
	assert_line "WARN  statd      expected $ROOT/run/rpc.statd.pid absent or naming a running rpc.statd; seen it names pid $pid, which is gone or another program; fix: rm $ROOT/run/rpc.statd.pid"
	assert_line "FAIL  statd      expected running; seen not running; fix: nfs-ctl start statd"
	assert_line "WARN  statd      expected no registration of program 100024 without a running statd; seen registered (versions 1), no process; fix: nfs-ctl start statd"
}

@test "doctor: a skipped daemon's stale registration: the fix unregisters it" {
	printf '[nfsd]\nvers3 = n\n' >"$ROOT/etc/nfs.conf"
	ctl start server
	: >"$ROOT/run/stub-rpcbind/100024"
	run ctl doctor server
	assert_success
	assert_line 'WARN  statd      expected no registration of program 100024 without a running statd; seen registered (versions 1), no process; fix: for v in 1; do rpcinfo -d 100024 $v; done'
}

@test "doctor: nfsd threads and versions that differ from the configuration, with file:line" {
	ctl --distro=debian start server
	mkdir -p "$ROOT/etc/default"
	echo RPCNFSDCOUNT=16 >"$ROOT/etc/default/nfs-kernel-server"
	printf '[nfsd]\nvers4.1 = n\n' >"$ROOT/etc/nfs.conf"
	echo "-2 +3 +4 +4.1 +4.2" >"$ROOT/proc/fs/nfsd/versions"
	run ctl --distro=debian doctor server
	assert_success
	assert_line "WARN  nfsd       expected 16 threads ($ROOT/etc/default/nfs-kernel-server:1); seen 8 threads; fix: nfs-ctl restart nfsd"
	assert_line "WARN  nfsd       expected -2 +3 +4 -4.1 +4.2 ($ROOT/etc/nfs.conf:2); seen -2 +3 +4 +4.1 +4.2; fix: nfs-ctl restart nfsd"
	# the fix: the restart starts nfsd with the configured thread count
	ctl --distro=debian restart nfsd
	run ctl --distro=debian doctor server
	assert_line "OK    nfsd       expected 16 threads ($ROOT/etc/default/nfs-kernel-server:1); seen 16 threads"
}

@test "doctor: nfsd without threads is a FAIL" {
	ctl start server
	echo 0 >"$ROOT/proc/fs/nfsd/threads"
	run ctl doctor server
	assert_failure 1
	assert_line "FAIL  nfsd       expected 8 threads (the program's default); seen not serving (0 threads); fix: nfs-ctl start nfsd"
}

@test "doctor: a legacy value that nfs.conf overrides: WARN with both file:line, the fix removes it" {
	printf '[nfsd]\nthreads = 16\n' >"$ROOT/etc/nfs.conf"
	mkdir -p "$ROOT/etc/default"
	printf '# threads\nRPCNFSDCOUNT=8\n' >"$ROOT/etc/default/nfs-kernel-server"
	run ctl --distro=debian doctor
	assert_success
	assert_line "WARN  config     expected [nfsd] threads = 16 ($ROOT/etc/nfs.conf:2); seen RPCNFSDCOUNT=8 in $ROOT/etc/default/nfs-kernel-server:2, ignored; fix: sed -i '2s/^/# /' $ROOT/etc/default/nfs-kernel-server"
	sed -i '2s/^/# /' "$ROOT/etc/default/nfs-kernel-server"
	run ctl --distro=debian doctor
	assert_line "OK    config     expected no legacy file setting what nfs.conf sets differently; seen none"
}

@test "doctor: a malformed configuration file is a FAIL pointing at config --check" {
	printf '[nfsd]\nthreads = 16\nthis is not a key\n' >"$ROOT/etc/nfs.conf"
	run ctl doctor
	assert_failure 1
	assert_line "FAIL  config     expected well-formed configuration; seen 1 malformed line (named with file:line on stderr); fix: nfs-ctl config --check"
}

@test "doctor: rpcbind not answering while NFSv3 is enabled is a FAIL; the fix follows the init" {
	ctl start server
	stop_rpcbind
	run ctl doctor server
	assert_failure 1
	assert_line "FAIL  rpcbind    expected rpcbind answering (needed by statd, mountd, nfsd; NFSv3 enabled); seen not answering; fix: service rpcbind start"
	run ctl_systemd doctor server
	assert_failure 1
	assert_line "FAIL  rpcbind    expected rpcbind answering (needed by statd, mountd, nfsd; NFSv3 enabled); seen not answering; fix: systemctl start rpcbind.socket"
}

@test "doctor: kernel file systems not mounted; a kernel without nfsd is named" {
	printf 'nodev\tsysfs\nnodev\trpc_pipefs\n' >"$ROOT/proc/filesystems"
	run ctl doctor server
	assert_failure 1
	assert_line "FAIL  nfsd-fs    expected nfsd on $ROOT/proc/fs/nfsd; seen not mounted; this kernel has no NFS server support (module nfsd); fix: nfs-ctl start nfsd-fs"
	assert_line "FAIL  pipefs     expected rpc_pipefs on $ROOT/var/lib/nfs/rpc_pipefs; seen not mounted; fix: nfs-ctl start pipefs"
}

@test "doctor: with nfsdctl installed (nfs-utils 2.8.2+) the unconfigured default is 16 threads" {
	install -m 755 "$STUB_BIN/stubd" "$ROOT/usr/sbin/nfsdctl"
	ctl start server
	echo 16 >"$ROOT/proc/fs/nfsd/threads"
	run ctl doctor server
	assert_line "OK    nfsd       expected 16 threads (the program's default); seen 16 threads"
	echo 8 >"$ROOT/proc/fs/nfsd/threads"
	run ctl doctor server
	assert_line "WARN  nfsd       expected 16 threads (the program's default); seen 8 threads; fix: nfs-ctl restart nfsd"
}

# Each release's own defaults: 8 threads before 2.8.2 (16 since, and
# nfsdctl's always), NFSv4.0 off since 2.9.1.  A started server of each
# model is OK against them; configuration still beats them.
@test "doctor for nfs-utils 2.6, 2.8 and 3.1: the installed release's thread and NFSv4.0 defaults are expected" {
	local v threads v4_0
	for v in $NFSUTILS_MODELS; do
		sandbox_nfsutils "$v" rpcbind
		case $v in
		2.6) threads=8 v4_0=+ ;;
		2.8) threads=16 v4_0=+ ;;
		3.1) threads=16 v4_0=- ;;
		esac
		run ctl start server
		assert_success
		run ctl doctor server
		assert_success
		refute_line --regexp '^(WARN|FAIL) '
		assert_line "OK    nfsd       expected $threads threads (the program's default); seen $threads threads"
		assert_line "OK    nfsd       expected -2 +3 +4 ${v4_0}4.0 +4.1 +4.2; seen -2 +3 +4 ${v4_0}4.0 +4.1 +4.2"
	done
	# 3.1: NFSv4.0 asked for in nfs.conf, and nfsd still without it
	printf '[nfsd]\nvers4.0 = y\n' >"$ROOT/etc/nfs.conf"
	run ctl doctor server
	assert_line "WARN  nfsd       expected -2 +3 +4 +4.0 +4.1 +4.2 ($ROOT/etc/nfs.conf:2); seen -2 +3 +4 -4.0 +4.1 +4.2; fix: nfs-ctl restart nfsd"
}

@test "doctor: grace period and statd's monitored peers are information" {
	ctl start server
	echo N >"$ROOT/proc/fs/nfsd/v4_end_grace"
	echo 90 >"$ROOT/proc/fs/nfsd/nfsv4gracetime"
	mkdir -p "$ROOT/var/lib/nfs/sm"
	touch "$ROOT/var/lib/nfs/sm/client-b" "$ROOT/var/lib/nfs/sm/client-a"
	run ctl doctor server
	assert_success
	assert_line "INFO  nfsd       expected grace period over; seen grace period in progress (up to 90 s after the start): new locks wait, reclaims go first"
	assert_line "INFO  statd      expected peers listed in /var/lib/nfs/sm; seen 2 monitored peers: client-a client-b"
	echo Y >"$ROOT/proc/fs/nfsd/v4_end_grace"
	rm "$ROOT/var/lib/nfs/sm/client-a" "$ROOT/var/lib/nfs/sm/client-b"
	run ctl doctor server
	assert_line "OK    nfsd       expected grace period over; seen grace period over"
	# no peer is an idle server's normal state: OK, not news
	assert_line "OK    statd      expected peers listed in /var/lib/nfs/sm; seen 0 monitored peers"
	rmdir "$ROOT/var/lib/nfs/sm"
	run ctl doctor server
	assert_line "OK    statd      expected peers listed in /var/lib/nfs/sm; seen 0 monitored peers (no directory yet)"
}

@test "doctor --format=json: JSON lines with exactly the documented keys" {
	ctl start server
	printf '[nfsd]\nvers3 = n\n' >"$ROOT/etc/nfs.conf"
	add_nfs_mount nfs '/mnt/say"hi"\back' rw,vers=3
	run ctl doctor --format=json server
	assert_success
	local text
	text=$(ctl doctor server)
	[ "$(wc -l <<<"$output")" -eq "$(wc -l <<<"$text")" ]
	python3 -c '
import json, re, sys
keys = {"level", "component", "check", "expected", "seen", "origin", "fix"}
# the documented keys: the table under "### JSON" in docs/doctor.md
doc = open(sys.argv[3]).read().split("### JSON", 1)[1].split("\n\n")
table = next(p for p in doc if p.startswith("| key |"))
documented = set(re.findall(r"^\| `([a-z]+)` \|", table, re.M))
assert documented == keys, documented
n = 0
for line in sys.stdin:
    f = json.loads(line)
    assert set(f) == keys, sorted(f)
    assert f["level"] in ("OK", "INFO", "WARN", "FAIL"), f
    for k in ("component", "check", "expected", "seen"):
        assert isinstance(f[k], str), (k, f)
    assert f["component"] and f["check"], f
    for k in ("origin", "fix"):
        assert f[k] is None or isinstance(f[k], str), (k, f)
    n += 1
statd = [f for line in open(sys.argv[1]) for f in [json.loads(line)]
         if f["component"] == "statd" and f["check"] == "running"]
assert len(statd) == 1, statd
assert statd[0]["seen"].endswith("for the NFS mount on /mnt/say\"hi\"\\back"), statd
assert statd[0]["origin"] == sys.argv[2] + "/etc/nfs.conf:2", statd
assert n > 10, n
' <(printf '%s\n' "$output") "$ROOT" "$TOP_SRCDIR/docs/doctor.md" <<<"$output"
	# the man page names the same keys
	local k
	for k in level component check expected seen origin fix; do
		grep -qE "^\.BR? $k( |\$)" "$TOP_SRCDIR/man/nfs-ctl.8" || fail "JSON key $k not in nfs-ctl(8)"
	done
}

@test "doctor: bad arguments are usage errors (exit 2)" {
	run ctl doctor --format=xml
	assert_failure 2
	run ctl doctor nosuch
	assert_failure 2
	assert_output --partial "unknown target 'nosuch'"
	run ctl doctor server client
	assert_failure 2
}

@test "doctor as a non-root user: reads what it may, creates nothing" {
	rm -rf "$ROOT/run/nfs-ctl"
	run as_nobody "$NFS_CTL" --root "$ROOT" --init=sysv doctor server
	assert_failure 1
	assert_line "FAIL  nfsd-fs    expected nfsd on $ROOT/proc/fs/nfsd; seen not mounted; fix: nfs-ctl start nfsd-fs"
	refute_output --partial "error"
	[ ! -e "$ROOT/run/nfs-ctl" ]
}

@test "doctor: an export whose file system is not mounted: FAIL, or WARN when noauto" {
	ctl start server
	printf '/srv/data *(rw)\n/srv/usb *(ro)\n/home *(rw)\n' >"$ROOT/etc/exports"
	printf '/dev/sdb1 /srv/data ext4 defaults 0 2\n/dev/sdc1 /srv/usb vfat noauto 0 0\n' >"$ROOT/etc/fstab"
	run ctl doctor server
	assert_failure 1
	assert_line "FAIL  exports    expected /srv/data on a mounted file system; seen /srv/data (fstab) not mounted: clients see the directory underneath; fix: mount /srv/data"
	assert_line "WARN  exports    expected /srv/usb on a mounted file system; seen /srv/usb (fstab, noauto) not mounted: clients see the directory underneath; fix: mount /srv/usb"
	assert_line "OK    exports    expected /home on a mounted file system; seen on the root file system"
	echo "901 1 0:91 / $ROOT/srv/data rw - ext4 /dev/sdb1 rw" >>"$ROOT/proc/self/mountinfo"
	run ctl doctor server
	assert_line "OK    exports    expected /srv/data on a mounted file system; seen /srv/data mounted (ext4)"
}

@test "doctor under systemd: a masked or failed unit of the plan, a skipped unit left enabled" {
	mkdir -p "$ROOT/etc/systemd/system/multi-user.target.wants"
	ln -s /dev/null "$ROOT/etc/systemd/system/rpcbind.socket"
	ln -s /usr/lib/systemd/system/nfs-blkmap.service \
		"$ROOT/etc/systemd/system/multi-user.target.wants/nfs-blkmap.service"
	fault systemctl "failed nfs-mountd.service"
	run ctl_systemd doctor server
	assert_failure 1
	assert_line "FAIL  rpcbind    expected rpcbind.socket startable; seen masked (/etc/systemd/system/rpcbind.socket -> /dev/null); fix: systemctl unmask rpcbind.socket"
	# a runtime mask (systemctl mask --runtime) needs unmask --runtime
	rm "$ROOT/etc/systemd/system/rpcbind.socket"
	mkdir -p "$ROOT/run/systemd/system"
	ln -s /dev/null "$ROOT/run/systemd/system/rpcbind.socket"
	run ctl_systemd doctor server
	assert_line "FAIL  rpcbind    expected rpcbind.socket startable; seen masked (/run/systemd/system/rpcbind.socket -> /dev/null); fix: systemctl unmask --runtime rpcbind.socket"
	assert_line "FAIL  mountd     expected nfs-mountd.service not failed; seen failed; fix: systemctl restart nfs-mountd.service"
	refute_line --partial "nfs-blkmap.service"
	run ctl_systemd doctor client
	assert_line "WARN  blkmapd    expected nfs-blkmap.service not enabled (the plan skips blkmapd); seen enabled ($ROOT/etc/systemd/system/multi-user.target.wants/nfs-blkmap.service); fix: systemctl disable nfs-blkmap.service"
	# sysvinit mode asks no systemd question
	run ctl doctor server
	refute_line --partial "masked"
}

@test "doctor: the reboot notice sent once nfsd served is OK" {
	ctl start server
	run ctl doctor server
	assert_success
	assert_line "OK    sm-notify  expected sent once nfsd served; seen sent while nfsd served (8 threads)"
}

@test "doctor: a client started before the server sent the notice too early: WARN, resend forced" {
	ctl start client
	ctl start server
	run ctl doctor server
	assert_success
	assert_line "WARN  sm-notify  expected sent once nfsd served; seen sent before nfsd served: peers may have lost their locks; fix: $ROOT/sbin/sm-notify -f"
}

@test "doctor under systemd: exec sm-notify marks the order like the sysv runner; the boot's first mark is kept" {
	ctl_systemd exec nfsd
	ctl_systemd exec sm-notify
	assert_equal "$(cat "$ROOT/run/nfs-ctl/sm-notify.done")" "nfsd-threads=8"
	run ctl_systemd doctor server
	assert_line "OK    sm-notify  expected sent once nfsd served; seen sent while nfsd served (8 threads)"
	# a repeat after nfsd stopped does not rewrite the boot's record
	"$NFS_CTL" --root "$ROOT" --init=systemd exec --stop nfsd
	assert_equal "$(cat "$ROOT/proc/fs/nfsd/threads")" "0"
	ctl_systemd exec sm-notify
	assert_equal "$(cat "$ROOT/run/nfs-ctl/sm-notify.done")" "nfsd-threads=8"
}

@test "doctor under systemd: sm-notify started before nfsd served is a WARN" {
	ctl_systemd exec sm-notify
	assert_equal "$(cat "$ROOT/run/nfs-ctl/sm-notify.done")" "nfsd-threads=0"
	ctl_systemd exec nfsd
	run ctl_systemd doctor server
	assert_line --partial "WARN  sm-notify  expected sent once nfsd served; seen sent before nfsd served"
}

@test "doctor: sm-notify run by someone else before nfs-ctl's start: the order is unknown, not OK" {
	touch "$ROOT/run/sm-notify.pid"
	ctl start server
	assert_equal "$(cat "$ROOT/run/nfs-ctl/sm-notify.done")" "sent-before-nfs-ctl"
	run ctl doctor server
	assert_line "INFO  sm-notify  expected sent once nfsd served; seen unknown: sent this boot, not through nfs-ctl (its unit's journal may tell: journalctl -b -u rpc-statd-notify.service)"
}

@test "doctor: the notice's order is unknown when nfs-ctl did not send it; not sent is a WARN" {
	ctl start server
	rm "$ROOT/run/nfs-ctl/sm-notify.done"
	touch "$ROOT/run/sm-notify.pid"
	run ctl doctor server
	assert_line "INFO  sm-notify  expected sent once nfsd served; seen unknown: sent this boot, not through nfs-ctl (its unit's journal may tell: journalctl -b -u rpc-statd-notify.service)"
	rm "$ROOT/run/sm-notify.pid"
	run ctl doctor server
	assert_line "WARN  sm-notify  expected sent once nfsd served; seen not sent this boot; fix: nfs-ctl start sm-notify"
}

@test "doctor: gssd running without a keytab is a WARN naming the keytab" {
	ctl start client
	"$ROOT/usr/sbin/rpc.gssd"
	local pid
	pid=$(stub_pids rpc.gssd)
	run ctl doctor client
	assert_success
	assert_line "WARN  gssd       expected not running (skipped: no keytab $ROOT/etc/krb5.keytab); seen running (pid $pid); fix: nfs-ctl stop gssd"
}

# Issue 30: nfsd's NFSv4 client tracking.  The kernel makes rpc_pipefs's
# nfsd/cld when nfsd starts and removes it when nfsdcld does not read it in
# time; it then tracks clients another way, silently (the stubs model this:
# rpc.nfsd keeps DIR/cld while a live nfsdcld watches DIR).
@test "doctor: nfsd serving while nfsdcld serves its pipe is OK" {
	ctl start server
	run ctl doctor server
	assert_success
	assert_line "OK    nfsdcld    expected $ROOT/var/lib/nfs/rpc_pipefs/nfsd/cld open by nfsdcld; seen present"
}

@test "doctor: nfsd tracking NFSv4 clients without nfsdcld is a FAIL whose fix restarts the server" {
	ctl start server
	# what the kernel does when no reader came in time
	rm "$ROOT/var/lib/nfs/rpc_pipefs/nfsd/cld"
	run ctl doctor server
	assert_failure 1
	assert_line "FAIL  nfsdcld    expected $ROOT/var/lib/nfs/rpc_pipefs/nfsd/cld open by nfsdcld; seen the kernel removed $ROOT/var/lib/nfs/rpc_pipefs/nfsd/cld: no reader came when nfsd started, so it uses another way for good (NFSv4 clients lose their state at the next restart); fix: nfs-ctl restart server"
	# the fix works when pasted
	ctl restart server
	run ctl doctor server
	assert_success
	assert_line --partial "OK    nfsdcld    expected $ROOT/var/lib/nfs/rpc_pipefs/nfsd/cld open by nfsdcld"
}

@test "doctor: nfs.conf names a pipefs place where nothing is mounted: nfsdcld's FAIL says so" {
	ctl start server
	mkdir -p "$ROOT/run/rpc_pipefs"
	printf '[general]\npipefs-directory = /run/rpc_pipefs\n' >"$ROOT/etc/nfs.conf"
	run ctl doctor server
	assert_failure 1
	assert_line "FAIL  nfsdcld    expected $ROOT/run/rpc_pipefs/nfsd/cld open by nfsdcld; seen no rpc_pipefs mounted on $ROOT/run/rpc_pipefs, where nfsdcld looks for the pipe; fix: nfs-ctl restart server"
}

@test "doctor: an NFSv3-only server has no NFSv4 clients to track: no upcall finding" {
	ctl start server
	rm "$ROOT/var/lib/nfs/rpc_pipefs/nfsd/cld"
	echo "-2 +3 -4 -4.0 -4.1 -4.2" >"$ROOT/proc/fs/nfsd/versions"
	run ctl doctor server
	refute_line --partial "nfsd/cld"
}
