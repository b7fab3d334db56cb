#!/usr/bin/env bats
# The lab's chaos scenario (tests/vm/guest/cluster/c6-chaos.sh, issue 33)
# from made-up results: its summary of chaos.tsv, its section of the
# multi-host report, and that it runs only when named (not in CI, not in
# check-vm-cluster's default set).

load helpers

C6=$TOP_SRCDIR/tests/vm/guest/cluster/c6-chaos.sh

setup() {
	OUT=$BATS_TEST_TMPDIR/cluster
	D=$OUT/nfs-ctl-systemd/server/out/c6-chaos
	mkdir -p "$D" "$OUT/nfs-ctl-systemd/client/out/c6-chaos"
	{
		printf 'fault\tinit\tvictim\tmoment\tdoctor_exit\tdoctor_fix\tsystemd_repaired\trepair_exit\tserving_after\tlocks_after\tseconds_to_recover\tpid\tstart_command\tstart_exit\tbroken_before_repair\tdoctor_after/tries\tkill_time\tfix_worked\tlocks_before_repair\tnotice\n'
		# statd killed: doctor names it, its fix works
		printf '1\tsystemd\trpc.statd\trunning\t1\tnfs-ctl start statd ; systemctl restart rpc-statd.service\tno\t0\tyes\tyes\t12.5\t301\t-\t-\tdaemons rpc.statd=0\t0/1\t1.0\tyes\n'
		# mountd killed during a restart that replaced it: nothing broken
		printf '2\tsystemd\trpc.mountd\tstarting\t0\t-\tyes\t0\tyes\tyes\t20.0\t402\tsystemctl restart nfs-server\t0\tnone\t0/1\t2.0\t-\n'
		# a start's process killed: doctor silent, a lock lost
		printf '3\tsystemd\tctl:nfsd.service:nfs-ctl\tstarting\t0\t-\tno\t0\tyes\tno\t250.0\t503\tsystemctl restart nfs-server\t1\tnfs-server.target inactive\t0/1\t3.0\t-\tv3=free v4=held\n'
		# statd killed once the notice had gone out: the reclaim refused
		printf '5\tsysv\trpc.statd\tstarting\t1\tnfs-ctl start statd\tn.a.\t0\tyes\tno\t300.0\t604\tnfs-ctl restart server\t0\tdaemons rpc.statd=0\t0/1\t4.0\tno\tv3=free v4=held\tbefore-kill\n'
		# no process to take
		printf '4\tsystemd\tnone\tstarting\t-\t-\t-\t-\t-\t-\t-\t-\tnfs-ctl stop server; nfs-ctl start server\t0\t-\t-\t-\t-\n'
	} >"$D/chaos.tsv"
}

@test "chaos: the summary counts faults, doctor's findings, fixes that worked and locks lost" {
	run sh "$C6" "$D" summary
	assert_success
	assert_line "faults injected: 4 (no victim to take: 1)"
	assert_line "faults that left something broken before the repair: 3"
	assert_line "faults where doctor named the problem (FAIL, exit 1): 2 of 3"
	assert_line "doctor FAIL with nothing broken: 0"
	assert_line "faults systemd repaired itself: 1"
	assert_line "faults where doctor proposed a fix: 2"
	assert_line "faults where the proposed fix worked: 1 of 2"
	assert_line "locks lost (not held after the repair): 2"
	assert_line "of those, rpc.statd killed after the notice went out (the clients reclaiming): 1"
	assert_line "faults with a lock not held before the repair (a reclaim under way, or lost until the repair): 2"
	assert_line "seconds to recover: mean 145.6, max 300.0"
}

@test "chaos: the multi-host report has a section with the summary and one row per fault" {
	sh "$C6" "$D" summary >"$D/summary"
	printf 'PASS v3: fault 1: lock held on the server\nFAIL v3: fault 3: lock held on the server\nFAIL all: fault 3 (ctl:nfsd.service:nfs-ctl, starting): doctor names what broke (nfs-server.target inactive)\n' >"$D/checks"
	printf 'PASS v3: the holder took its lock\n' >"$OUT/nfs-ctl-systemd/client/out/c6-chaos/checks"
	LAB_CLUSTER_INITS=systemd run "$TOP_SRCDIR/tests/vm/report-cluster.sh" "$OUT"
	assert_failure
	assert_line "## chaos (c6), nfs-ctl, server under systemd"
	assert_line "- locks lost (not held after the repair): 2"
	assert_line "- of those, rpc.statd killed after the notice went out (the clients reclaiming): 1"
	assert_line "| 1 | rpc.statd | running | 1 | \`nfs-ctl start statd ; systemctl restart rpc-statd.service\` | no | 0 | yes | yes | 12.5 |"
	assert_line "| 4 | none | starting | - | - | - | - | - | - | - |"
	# the v3 verdict: the server's v3 and all: checks and the client's
	assert_line --partial "| c6-chaos | nfs-ctl | systemd | v3 | FAIL (2 of 4) |"
	assert_line "cluster: 0 passed, 2 failed"
}
