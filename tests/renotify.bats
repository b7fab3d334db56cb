#!/usr/bin/env bats
# A clean restart of the server drops the clients' NFSv3 locks (stopping
# nfsd takes the kernel's lockd down with it), so the peers must be told
# again: sm-notify -f, once nfsd serves, when lockd started after the last
# notice (issue 11, scenario c3; docs/robustness.md).  The sandbox's
# $ROOT/proc stands for /proc: a fake kernel thread is a stat file there.

load helpers

setup() {
	require_root
	sandbox_setup
}

teardown() {
	sandbox_teardown
}

# kthread PID NAME PARENT START: a process in the sandbox's /proc, started
# START clock ticks after boot (field 22 of /proc/PID/stat).
kthread() {
	mkdir -p "$ROOT/proc/$1"
	echo "$1 ($2) S $3 0 0 0 -1 2129984 0 0 0 0 0 0 0 0 20 0 1 0 $4 0 0" >"$ROOT/proc/$1/stat"
}

notice() {
	cat "$ROOT/run/nfs-ctl/sm-notify.notice"
}

@test "sysv: the boot's sm-notify records when it ran (clock ticks since boot)" {
	run ctl start server
	assert_success
	assert_equal "$(calls_of sm-notify)" "sm-notify [threads=8]"
	run notice
	assert_output --regexp '^[1-9][0-9]*$'
}

@test "sysv restart: lockd started after the notice: sm-notify -f once nfsd serves again, the notice time renewed" {
	ctl start server
	kthread 300 lockd 2 "$(($(notice) + 1))"
	sleep 0.1 # a tick or more, so the next notice is later than lockd's start
	first=$(notice)
	clear_calls
	run ctl restart server
	assert_success
	assert_output --partial "sm-notify: the kernel's lockd started after the last notice"
	assert_equal "$(calls_of sm-notify)" "sm-notify -f [threads=8]"
	assert_before "rpc.nfsd" "sm-notify"
	[ "$(notice)" -gt "$first" ]
	# the second restart compares with the renewed notice: lockd kept
	clear_calls
	run ctl restart server
	assert_success
	assert_equal "$(calls_of sm-notify)" ""
}

@test "sysv restart: lockd older than the notice: no second notice" {
	ctl start server
	kthread 300 lockd 2 "$(($(notice) - 1))"
	clear_calls
	run ctl restart server
	assert_success
	assert_equal "$(calls_of sm-notify)" ""
	assert_equal "$(order_of rpc.nfsd)" 1
}

@test "sysv restart: no lockd thread, or a lockd that is no kernel thread: no second notice" {
	ctl start server
	clear_calls
	run ctl restart server
	assert_success
	assert_equal "$(calls_of sm-notify)" ""
	kthread 300 lockd 1 "$(($(notice) + 100000))"
	kthread 301 lockd2 2 "$(($(notice) + 100000))"
	run ctl restart server
	assert_success
	assert_equal "$(calls_of sm-notify)" ""
}

@test "sysv: nfs.conf's force=y and a restarted lockd: one -f" {
	ctl --set sm-notify.force=y start server
	assert_equal "$(calls_of sm-notify)" "sm-notify -f [threads=8]"
	kthread 300 lockd 2 "$(($(notice) + 1))"
	clear_calls
	run ctl --set sm-notify.force=y restart server
	assert_success
	assert_equal "$(calls_of sm-notify)" "sm-notify -f [threads=8]"
}

@test "systemd: exec sm-notify after a restart where lockd started after the notice runs sm-notify -f (as its child: the notice time is written once it told)" {
	ctl_systemd exec nfsd
	ctl_systemd exec sm-notify
	assert_equal "$(calls_of sm-notify)" "sm-notify [threads=8]"
	kthread 300 lockd 2 "$(($(notice) + 1))"
	sleep 0.1
	first=$(notice)
	clear_calls
	run ctl_systemd exec sm-notify
	assert_success
	assert_equal "$(calls_of sm-notify)" "sm-notify -f [threads=8]"
	[ "$(notice)" -gt "$first" ]
	# the boot's first mark (doctor's record of the order) is kept
	assert_equal "$(cat "$ROOT/run/nfs-ctl/sm-notify.done")" "nfsd-threads=8"
	clear_calls
	run ctl_systemd -v exec sm-notify
	assert_success
	assert_output --partial "sm-notify: already ran since boot"
	assert_equal "$(calls_of sm-notify)" ""
}

@test "systemd: exec sm-notify again without a restarted lockd runs nothing and exits 0" {
	ctl_systemd exec nfsd
	ctl_systemd exec sm-notify
	kthread 300 lockd 2 "$(notice)"
	clear_calls
	run ctl_systemd exec sm-notify
	assert_success
	assert_equal "$(calls_of sm-notify)" ""
	rm -r "$ROOT/proc/300"
	run ctl_systemd exec sm-notify
	assert_success
	assert_equal "$(calls_of sm-notify)" ""
}

@test "a mark without a notice time (written by an older nfs-ctl this boot): no second notice" {
	ctl_systemd exec nfsd
	ctl_systemd exec sm-notify
	rm "$ROOT/run/nfs-ctl/sm-notify.notice"
	kthread 300 lockd 2 999999999999
	clear_calls
	run ctl_systemd exec sm-notify
	assert_success
	assert_equal "$(calls_of sm-notify)" ""
	run ctl restart server
	assert_success
	assert_equal "$(calls_of sm-notify)" ""
}

@test "systemd: the notify unit restarts with the server (PartOf=), so exec decides" {
	run grep -x 'PartOf=nfs-server.target' "$TOP_SRCDIR/systemd/rpc-statd-notify.service.in"
	assert_success
}

@test "sysv restart: the forced notice fails: named, the restart still succeeds (best effort, like the boot's), and the next start tries again" {
	ctl start server
	kthread 300 lockd 2 "$(($(notice) + 1))"
	before=$(notice)
	fault sm-notify "fail 1 sm-notify: cannot bind"
	clear_calls
	run ctl restart server
	assert_success
	assert_output --partial "sm-notify: $ROOT/sbin/sm-notify failed with exit code 1: sm-notify: cannot bind"
	assert_output --partial "nfs-ctl: warning: sm-notify: the repeat notice failed, so the peers were not told: the next start of the server tries again"
	assert_equal "$(calls_of sm-notify)" "sm-notify -f [threads=8]"
	# nobody was told: the notice time is the one before, not this try's
	assert_equal "$(notice)" "$before"
	run ctl status server
	assert_success
	rm "$ROOT/etc/stub/sm-notify"
	clear_calls
	run ctl start server
	assert_success
	assert_equal "$(calls_of sm-notify)" "sm-notify -f [threads=8]"
	[ "$(notice)" -gt "$before" ]
}

@test "sysv restart: sm-notify not installed: the restart still succeeds" {
	ctl start server
	kthread 300 lockd 2 "$(($(notice) + 1))"
	uninstall_stub sm-notify
	clear_calls
	run ctl restart server
	assert_success
	assert_output --partial "sm-notify: sm-notify is not installed"
	assert_equal "$(calls_of rpc.nfsd | tail -1)" "rpc.nfsd"
	assert_equal "$(calls_of sm-notify)" ""
}

@test "doctor: lockd restarted after the last notice and nobody told the clients (rpc.nfsd 0 by hand): WARN, fix sm-notify -f" {
	ctl start server
	run ctl doctor server
	refute_line --partial "notify-again"
	refute_line --partial "started after the last notice"
	told=$(notice)
	kthread 300 lockd 2 "$((told + 5))"
	run ctl doctor server
	assert_line "WARN  sm-notify  expected a notice after lockd last started; seen lockd started after the last notice ($((told + 5)) > $told ticks since boot): its clients' locks were dropped and nobody told them; fix: $ROOT/sbin/sm-notify -f"
	# doctor only looks: nothing ran, the notice time is unchanged
	assert_equal "$(calls_of sm-notify)" "sm-notify [threads=8]"
	assert_equal "$(notice)" "$told"
	# nfs-ctl's restart tells them, and the finding is gone
	ctl restart server
	run ctl doctor server
	refute_line --partial "started after the last notice"
}

# kmsg: the kernel log as /dev/kmsg gives it (records, one continuation)
kmsg() {
	mkdir -p "$ROOT/dev"
	printf '%s\n' "$@" >"$ROOT/dev/kmsg"
}

# The chaos lab's fault 8: statd killed during a restart, the client's
# reclaim refused because lockd could not monitor it.  Nothing on the
# server brings that lock back; doctor must say whose locks are gone.
@test "doctor: lockd could not monitor a peer since it started (statd gone during the reclaims): WARN naming the peers, no fix" {
	ctl start server
	lockd=$(($(notice) - 100))
	kthread 300 lockd 2 "$lockd"
	hz=$(getconf CLK_TCK)
	at() { echo $(((lockd * (1000000 / hz)) + $1)); }
	kmsg "3,10,$(at -1000000),-;lockd: cannot monitor old.example" \
		"3,11,$(at 2500000),-;lockd: cannot monitor labcli" \
		" SUBSYSTEM=lockd" \
		"6,12,$(at 2600000),-;nfsd: last server has exited, flushing export cache" \
		"3,13,$(at 3000000),-;lockd: cannot monitor labcli" \
		"3,14,$(at 4000000),-;lockd: cannot monitor client2.example"
	first=$(awk -v t="$(at 2500000)" 'BEGIN { printf "%.1f", t / 1e6 }')
	run ctl doctor server
	assert_line "WARN  sm-notify  expected every peer lockd was asked to monitor since it started, monitored; seen lockd could not monitor labcli client2.example since it started (the kernel's \"lockd: cannot monitor HOST\", first $first s after boot): statd did not answer, so those peers' NFSv3 locks (a reclaim after a notice, or a new lock) were refused; a refused reclaim is not tried again, and the applications on labcli client2.example that held them were not told: they must take their locks again"
	refute_output --partial "old.example"
	# a lockd started after those lines: nothing to say
	kthread 301 lockd 2 "$((lockd + 500))"
	run ctl doctor server
	refute_output --partial "monitor-refused"
	refute_output --partial "could not monitor"
}

@test "doctor: a kernel log that cannot be read says nothing about monitoring" {
	ctl start server
	kthread 300 lockd 2 1
	rm -rf "$ROOT/dev/kmsg"
	run ctl doctor server
	assert_success
	refute_output --partial "could not monitor"
	mkdir -p "$ROOT/dev/kmsg"
	run ctl doctor server
	assert_success
	refute_output --partial "could not monitor"
}

# record DIR NAME: a monitor record as statd writes it (one line: the
# addresses, program numbers and cookie, then the names), owned by
# Debian's statd user, mode 0600
record() {
	mkdir -p "$1"
	printf '0100007f 000186b5 00000003 00000010 %s client1.example client1.example server\n' \
		"$(printf '%032x' 7)" >"$1/$2"
	chown 102:65534 "$1/$2"
	chmod 0600 "$1/$2"
}

@test "sysv restart: the clients lockd forgets as nfsd stops are kept for sm-notify -f (Linux 6.12)" {
	ctl start server
	sm=$ROOT/var/lib/nfs/sm
	mkdir -p "$sm.bak"
	record "$sm" client1.example
	cp -p "$sm/client1.example" "$BATS_TEST_TMPDIR/expected"
	# the stub nfsd, like Linux 6.12, empties statd's list as it stops
	fault rpc.nfsd unmonitor
	kthread 300 lockd 2 "$(($(notice) + 1))"
	clear_calls
	run ctl -v restart server
	assert_success
	assert_output --partial "sm-notify: 1 NFS peer(s) of $sm kept in $sm.bak for a repeat notice: nfsd's stop takes lockd down"
	[ ! -e "$sm/client1.example" ]
	cmp "$BATS_TEST_TMPDIR/expected" "$sm.bak/client1.example"
	assert_equal "$(stat -c '%u:%g %a' "$sm.bak/client1.example")" "102:65534 600"
	assert_equal "$(ls -A "$sm.bak")" "client1.example"
	assert_equal "$(calls_of sm-notify)" "sm-notify -f [threads=8]"
	assert_before "rpc.nfsd" "sm-notify"
}

@test "sysv stop: a record sm-notify has already is left as it is; links and other files are not records" {
	ctl start server
	sm=$ROOT/var/lib/nfs/sm
	record "$sm" client1.example
	record "$sm.bak" client1.example
	echo "older" >"$sm.bak/client1.example"
	echo secret >"$BATS_TEST_TMPDIR/secret"
	ln -s "$BATS_TEST_TMPDIR/secret" "$sm/linked.example"
	mkfifo "$sm/fifo.example"
	mkdir "$sm/dir.example"
	: >"$sm/.hidden"
	run ctl -v stop server
	assert_success
	refute_output --partial "kept in"
	assert_equal "$(cat "$sm.bak/client1.example")" "older"
	assert_equal "$(ls -A "$sm.bak")" "client1.example"
}

@test "sysv stop: no notify list (statd never ran) or no monitor list: nothing kept, the stop succeeds" {
	ctl start server
	sm=$ROOT/var/lib/nfs/sm
	record "$sm" client1.example
	rm -rf "$sm.bak"
	run ctl -v stop server
	assert_success
	refute_output --partial "kept in"
	[ ! -e "$sm.bak" ]
	ctl start server
	rm -rf "$sm"
	mkdir "$sm.bak"
	run ctl stop server
	assert_success
	assert_equal "$(ls -A "$sm.bak")" ""
}

@test "sysv stop: the lists are read where statd keeps them ([statd] state-directory-path)" {
	mkdir -p "$ROOT/srv/nfs-state/sm.bak"
	record "$ROOT/srv/nfs-state/sm" client2.example
	ctl --set statd.state-directory-path=/srv/nfs-state start server
	run ctl -v --set statd.state-directory-path=/srv/nfs-state stop server
	assert_success
	assert_output --partial "1 NFS peer(s) of $ROOT/srv/nfs-state/sm kept"
	[ -f "$ROOT/srv/nfs-state/sm.bak/client2.example" ]
}

@test "systemd: nfsd's ExecStop (exec --stop nfsd) keeps the records before rpc.nfsd 0" {
	ctl_systemd exec nfsd
	sm=$ROOT/var/lib/nfs/sm
	mkdir -p "$sm.bak"
	record "$sm" client1.example
	fault rpc.nfsd unmonitor
	run ctl_systemd exec --stop nfsd
	assert_success
	[ ! -e "$sm/client1.example" ]
	assert_equal "$(stat -c '%u %a' "$sm.bak/client1.example")" "102 600"
	# stopping what sm-notify does not run after keeps nothing
	rm "$sm.bak/client1.example"
	record "$sm" client1.example
	run ctl_systemd exec --stop exports
	assert_success
	[ ! -e "$sm.bak/client1.example" ]
}

# told TICKS: the latest notice went out TICKS clock ticks after boot
told() {
	echo "$1" >"$ROOT/run/nfs-ctl/sm-notify.notice"
}

# The decision is semantics.c's, for both modes: the same marks and the
# same kernel thread give the same run and the same words through the
# sysv runner (`start server` while nfsd serves) and through the unit's
# `exec sm-notify`.
@test "both modes: lockd restarted after the notice: start server and exec sm-notify both run sm-notify -f, with the same warning" {
	ctl start server
	warning="nfs-ctl: warning: sm-notify: the kernel's lockd started after the last notice (1001 > 1000 ticks since boot): it lost the locks peers held; telling them again (forced)"
	told 1000
	kthread 300 lockd 2 1001
	clear_calls
	run ctl start server
	assert_success
	assert_output "$warning"
	assert_equal "$(calls)" "sm-notify -f [threads=8]"
	told 1000
	clear_calls
	run ctl_systemd exec sm-notify
	assert_success
	assert_output "$warning"
	assert_equal "$(calls)" "sm-notify -f [threads=8]"
	[ "$(notice)" -gt 1001 ]
}

@test "both modes: ran this boot and lockd did not restart: nothing runs, and both say so the same way" {
	ctl start server
	told 1000
	kthread 300 lockd 2 999
	clear_calls
	run ctl -v start server
	assert_success
	sysv=$(grep '^nfs-ctl: sm-notify: ' <<<"$output")
	run ctl_systemd -v exec sm-notify
	assert_success
	assert_equal "$(grep '^nfs-ctl: sm-notify: ' <<<"$output")" "$sysv"
	assert_equal "$sysv" "nfs-ctl: sm-notify: already ran since boot, and the kernel's lockd did not restart since: nothing to tell"
	assert_equal "$(calls_of sm-notify)" ""
	assert_equal "$(notice)" 1000
}

@test "both modes: the stop of nfsd keeps the same peers, with the same words (stop server, exec --stop nfsd)" {
	ctl start server
	sm=$ROOT/var/lib/nfs/sm
	mkdir -p "$sm.bak"
	record "$sm" client1.example
	run ctl -v stop server
	assert_success
	sysv=$(grep 'kept in' <<<"$output")
	assert_equal "$sysv" "nfs-ctl: sm-notify: 1 NFS peer(s) of $ROOT/var/lib/nfs/sm kept in $ROOT/var/lib/nfs/sm.bak for a repeat notice: nfsd's stop takes lockd down, which forgets them"
	cp -p "$sm.bak/client1.example" "$BATS_TEST_TMPDIR/sysv"
	rm "$sm.bak/client1.example"
	ctl_systemd exec nfsd
	run ctl_systemd -v exec --stop nfsd
	assert_success
	assert_equal "$(grep 'kept in' <<<"$output")" "$sysv"
	cmp "$BATS_TEST_TMPDIR/sysv" "$sm.bak/client1.example"
	assert_equal "$(stat -c '%u:%g %a' "$sm.bak/client1.example")" "102:65534 600"
}

# The soak's fault (docs/robustness.md): sm-notify moves statd's whole
# monitor list away before it tells, and deletes what it told.  A peer
# that lockd monitored again before the repeat notice stays monitored by
# statd, which never writes its record again: the next restart would
# keep nobody and tell nobody.  The notice must leave the list as it was.
@test "both modes: the repeat notice leaves statd's monitor list as it found it, with the same words" {
	ctl start server
	sm=$ROOT/var/lib/nfs/sm
	mkdir -p "$sm.bak"
	record "$sm" client1.example
	cp -p "$sm/client1.example" "$BATS_TEST_TMPDIR/expected"
	fault sm-notify retire
	told 1000
	kthread 300 lockd 2 1001
	clear_calls
	run ctl -v start server
	assert_success
	assert_equal "$(calls)" "sm-notify -f [threads=8]"
	sysv=$(grep 'put back' <<<"$output")
	assert_equal "$sysv" "nfs-ctl: sm-notify: 1 NFS peer(s) put back in $sm after the notice moved them to sm.bak: statd still monitors them, and the next restart must find them there"
	cmp "$BATS_TEST_TMPDIR/expected" "$sm/client1.example"
	assert_equal "$(stat -c '%u:%g %a' "$sm/client1.example")" "102:65534 600"
	# the notice had its own copy to tell from, and no temporary is left
	cmp "$BATS_TEST_TMPDIR/expected" "$sm.bak/client1.example"
	assert_equal "$(ls -A "$sm")" "client1.example"
	rm "$sm.bak/client1.example"
	told 1000
	clear_calls
	run ctl_systemd -v exec sm-notify
	assert_success
	assert_equal "$(calls)" "sm-notify -f [threads=8]"
	assert_equal "$(grep 'put back' <<<"$output")" "$sysv"
	cmp "$BATS_TEST_TMPDIR/expected" "$sm/client1.example"
	assert_equal "$(stat -c '%u:%g %a' "$sm/client1.example")" "102:65534 600"
	assert_equal "$(ls -A "$sm")" "client1.example"
}

@test "both modes: the boot's first notice retires the records of an earlier boot, as sm-notify means it to (nothing put back)" {
	sm=$ROOT/var/lib/nfs/sm
	mkdir -p "$sm.bak"
	record "$sm" client1.example
	touch -d '2000-01-01' "$sm/client1.example"
	fault sm-notify retire
	run ctl -v start server
	assert_success
	refute_output --partial "put back"
	assert_equal "$(ls -A "$sm")" ""
	assert_equal "$(ls -A "$sm.bak")" "client1.example"
	rm -f "$ROOT/run/sm-notify.pid" "$ROOT"/run/nfs-ctl/sm-notify.*
	mv "$sm.bak/client1.example" "$sm/"
	run ctl_systemd -v exec sm-notify
	assert_success
	refute_output --partial "put back"
	assert_equal "$(ls -A "$sm")" ""
}

# The Pacemaker agent's stop clears the once-per-boot marks, so that the
# next start on this node tells the clients (contrib/pacemaker): that run
# is a first one, but statd has monitored peers this boot (the soak's
# sysvinit run, seed 33001: after the agent's restart statd's list was
# empty, and the next notice told nobody).
@test "both modes: a first notice with records written this boot (the agent cleared the marks) puts those back, and retires an earlier boot's" {
	sm=$ROOT/var/lib/nfs/sm
	mkdir -p "$sm.bak"
	record "$sm" client1.example
	record "$sm" old.example
	touch -d '2000-01-01' "$sm/old.example"
	cp -p "$sm/client1.example" "$BATS_TEST_TMPDIR/expected"
	fault sm-notify retire
	run ctl -v start server
	assert_success
	assert_equal "$(calls_of sm-notify)" "sm-notify [threads=8]"
	assert_output --partial "sm-notify: 1 NFS peer(s) put back in $sm after the notice"
	assert_equal "$(ls -A "$sm")" "client1.example"
	cmp "$BATS_TEST_TMPDIR/expected" "$sm/client1.example"
	assert_equal "$(ls "$sm.bak")" "client1.example
old.example"
	rm -f "$ROOT/run/sm-notify.pid" "$ROOT"/run/nfs-ctl/sm-notify.* "$sm.bak"/*
	record "$sm" old.example
	touch -d '2000-01-01' "$sm/old.example"
	clear_calls
	run ctl_systemd -v exec sm-notify
	assert_success
	assert_equal "$(calls_of sm-notify)" "sm-notify [threads=8]"
	assert_output --partial "sm-notify: 1 NFS peer(s) put back in $sm after the notice"
	assert_equal "$(ls -A "$sm")" "client1.example"
	assert_equal "$(stat -c '%u:%g %a' "$sm/client1.example")" "102:65534 600"
}

@test "both modes: a monitor list the notice took away whole: a warning, the notice counts, the start succeeds" {
	ctl start server
	sm=$ROOT/var/lib/nfs/sm
	mkdir -p "$sm.bak"
	record "$sm" client1.example
	fault sm-notify retire-all
	told 1000
	kthread 300 lockd 2 1001
	run ctl start server
	assert_success
	assert_output --partial "nfs-ctl: warning: sm-notify: cannot put back 1 NFS peer(s) in $sm: No such file or directory"
	[ -f "$sm.bak/client1.example" ]
	[ "$(notice)" -gt 1001 ]
	mkdir "$sm"
	record "$sm" client1.example
	told 1000
	run ctl_systemd exec sm-notify
	assert_success
	assert_output --partial "nfs-ctl: warning: sm-notify: cannot put back 1 NFS peer(s) in $sm: No such file or directory"
}

@test "systemd: a repeat notice that fails is said, exec sm-notify fails as sm-notify did, and the next run tries again" {
	ctl start server
	sm=$ROOT/var/lib/nfs/sm
	record "$sm" client1.example
	fault sm-notify "fail 3 sm-notify: cannot bind"
	told 1000
	kthread 300 lockd 2 1001
	run ctl_systemd exec sm-notify
	assert_failure
	assert_output --partial "sm-notify: cannot bind"
	assert_output --partial "nfs-ctl: sm-notify: $ROOT/sbin/sm-notify failed with exit code 3"
	assert_output --partial "sm-notify: the repeat notice failed, so the peers were not told: the next start of the server tries again"
	[ -f "$sm/client1.example" ]
	assert_equal "$(notice)" 1000
	rm "$ROOT/etc/stub/sm-notify"
	clear_calls
	run ctl_systemd exec sm-notify
	assert_success
	assert_equal "$(calls)" "sm-notify -f [threads=8]"
	[ "$(notice)" -gt 1001 ]
}

# Chaos (issue 33, docs/robustness.md): rpc.statd killed during a restart
# of the server, before the repeat notice.  The clients reclaim as soon as
# they are told, lockd asks statd to monitor each one first, and refuses
# the reclaim when statd is gone: the client drops the lock for good.  So
# a statd that died (its registration left behind) is started again
# before the notice goes out, in both modes, with the same words.
@test "sysv restart: statd killed while nfsd starts (its registration left behind): statd started again before the notice" {
	ctl start server
	told 1000
	kthread 300 lockd 2 1001
	fault rpc.nfsd "kill-pidfile /run/rpc.statd.pid"
	clear_calls
	run ctl restart server
	assert_success
	assert_line "nfs-ctl: warning: sm-notify: statd died since it started (its registration with rpcbind outlived it): starting it again before sm-notify runs, since the peers told reach it at once"
	# rpc.nfsd 0 killed the first statd, the restart's start started a
	# second; rpc.nfsd killed that one too; the notice's start brought a
	# third, and only then told (idmapd and rpc_pipefs are shared: kept)
	assert_equal "$(calls | grep -v ':stopped')" "rpc.nfsd 0
exportfs -au
exportfs -f
rpc.statd --no-notify
rpc.mountd
nfsdcld
exportfs -r
rpc.nfsd
rpc.statd --no-notify
sm-notify -f [threads=8]"
	registered 100024
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(cat "$ROOT/run/nfs-ctl/statd.pid" | cut -d' ' -f1)" "$(cat "$ROOT/run/rpc.statd.pid")"
	run ctl status server
	assert_success
}

@test "both modes: a statd that died is started again before the notice (systemd: its unit), with the same words" {
	ctl start server
	warning="nfs-ctl: warning: sm-notify: statd died since it started (its registration with rpcbind outlived it): starting it again before sm-notify runs, since the peers told reach it at once"
	kill -9 "$(cat "$ROOT/run/rpc.statd.pid")"
	wait_gone rpc.statd
	registered 100024
	told 1000
	kthread 300 lockd 2 1001
	clear_calls
	run ctl_systemd exec sm-notify
	assert_success
	assert_line "$warning"
	assert_equal "$(calls)" "systemctl start rpc-statd.service
sm-notify -f [threads=8]"
	# sysvinit: the server's start would find statd gone at statd's own
	# step; the notice's start is what is left when statd dies after it
	ctl stop server
	ctl start statd
	told 1000
	clear_calls
	fault nfsdcld "kill-pidfile /run/rpc.statd.pid"
	run ctl start server
	assert_success
	assert_line "$warning"
	# nfsdcld killed it after statd's own step: the notice's start is next
	assert_equal "$(calls | sed -n '/^nfsdcld$/,$p')" "nfsdcld
exportfs -r
rpc.nfsd
rpc.statd --no-notify
sm-notify -f [threads=8]"
	assert_equal "$(count_procs rpc.statd)" 1
}

@test "both modes: a statd stopped cleanly (no registration) is not started by the notice: a client without NFSv3 mounts needs none" {
	ctl start statd
	ctl stop statd
	! registered 100024
	clear_calls
	run ctl_systemd exec sm-notify
	assert_success
	refute_output --partial "died since it started"
	assert_equal "$(calls)" "sm-notify [threads=0]"
	told 1000
	kthread 300 lockd 2 1001
	clear_calls
	run ctl start client
	assert_success
	refute_output --partial "died since it started"
	assert_equal "$(calls | grep -c statd)" 0
	assert_equal "$(count_procs rpc.statd)" 0
}

@test "systemd: a statd that died and whose unit fails to start again: said, and the notice still goes out (best effort)" {
	ctl start server
	kill -9 "$(cat "$ROOT/run/rpc.statd.pid")"
	wait_gone rpc.statd
	fault systemctl "exit 1" "failed rpc-statd.service"
	told 1000
	kthread 300 lockd 2 1001
	clear_calls
	run ctl_systemd exec sm-notify
	assert_success
	assert_line "nfs-ctl: sm-notify: systemctl start rpc-statd.service failed (exit 1), and the unit failed (see \`systemctl status rpc-statd.service\`)"
	assert_line "nfs-ctl: warning: sm-notify: statd could not be started again: sm-notify runs anyway, and a peer whose request lockd refuses without statd loses its NFSv3 locks (doctor names it: monitor-refused)"
	assert_equal "$(calls)" "systemctl start rpc-statd.service
systemctl is-failed --quiet rpc-statd.service
sm-notify -f [threads=8]"
}
