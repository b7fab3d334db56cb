#!/usr/bin/env bats
# The Pacemaker resource agent contrib/pacemaker/nfs-ctl, on this host:
# resource-agents' own ocf-tester against the stub daemons of the sandbox
# (parameters root= and init=sysv point nfs-ctl at it), and each OCF exit
# code that monitor, validate-all and start promise.  The run against a
# real kernel server is contrib/pacemaker/ocf-lab-check.sh, in the lab VM.

load helpers

: "${TOP_BUILDDIR:=$(dirname "$NFS_CTL")}"
AGENT=$TOP_BUILDDIR/contrib/pacemaker/nfs-ctl
export OCF_ROOT=/usr/lib/ocf
OCF_FUNCS=$OCF_ROOT/lib/heartbeat/ocf-shellfuncs

setup() {
	[ -f "$OCF_FUNCS" ] || skip "resource-agents not installed: OCF agent not tested"
	# built by `make` (ocf_SCRIPTS): missing is a build defect, not a skip
	[ -x "$AGENT" ] || { echo "$AGENT not built" >&2; return 1; }
	require_root
	sandbox_setup
	mkdir -p "$ROOT/srv/ha/nfs" "$ROOT/etc/nfs.conf.d"
}

teardown() {
	[ -n "${ROOT:-}" ] && sandbox_teardown
	return 0
}

# agent ACTION [name=value...]: the agent as Pacemaker runs it
agent() {
	local action=$1 kv
	shift
	(
		export OCF_RESOURCE_INSTANCE=nfs-test OCF_RESKEY_CRM_meta_timeout=20000
		export OCF_RESKEY_nfs_ctl="$NFS_CTL" OCF_RESKEY_root="$ROOT" OCF_RESKEY_init=sysv
		export OCF_RESKEY_state_dir="$ROOT/srv/ha/nfs"
		for kv in "$@"; do
			export "OCF_RESKEY_${kv%%=*}=${kv#*=}"
		done
		"$AGENT" "$action"
	)
}

@test "ocf-tester passes against the sandbox" {
	command -v ocf-tester >/dev/null || skip "ocf-tester not installed (package resource-agents)"
	run ocf-tester -v -n nfs-test \
		-o nfs_ctl="$NFS_CTL" -o root="$ROOT" -o init=sysv \
		-o state_dir="$ROOT/srv/ha/nfs" -o threads=4 -o grace_time=15 \
		"$AGENT"
	echo "$output"
	assert_success
	assert_output --partial "passed all tests"
}

@test "monitor: OCF_NOT_RUNNING (7) before start, OCF_SUCCESS (0) after, 7 after stop" {
	run agent monitor
	assert_failure 7
	run agent start threads=4 grace_time=15
	echo "$output"
	assert_success
	run agent monitor
	assert_success
	run agent stop
	assert_success
	run agent monitor
	assert_failure 7
}

@test "start: the parameters reach nfs-ctl and the daemons through the nfs.conf drop-in" {
	local dropin=$ROOT/etc/nfs.conf.d/90-pacemaker-nfs-ctl.conf
	run agent start threads=4 grace_time=15 notify_name=192.0.2.10
	assert_success
	[ -f "$dropin" ]
	# the daemons read nfs.conf themselves (nfs-utils >= 2.1.1), so nfs-ctl
	# repeats none of it on their command lines; it sees the same values
	for kv in nfsd.threads=4 nfsd.grace-time=15 statd.name=192.0.2.10 sm-notify.outgoing-addr=192.0.2.10 \
		"statd.state-directory-path=$ROOT/srv/ha/nfs" "mountd.state-directory-path=$ROOT/srv/ha/nfs" \
		"nfsdcld.storagedir=$ROOT/srv/ha/nfs/nfsdcld" sm-notify.force=y; do
		run "$NFS_CTL" --root "$ROOT" config --get "${kv%%=*}"
		assert_output "${kv#*=}"
	done
	run "$NFS_CTL" --root "$ROOT" config
	assert_line --regexp "^nfsd\.threads = 4\s+# nfs.conf $dropin:[0-9]+$"
	# lock recovery order under the agent too
	assert_before "rpc.statd --no-notify" "rpc.nfsd"
	assert_before "rpc.nfsd" "sm-notify"
	[ -d "$ROOT/srv/ha/nfs/sm" ]
	[ -d "$ROOT/srv/ha/nfs/sm.bak" ]
	agent stop
	[ ! -e "$dropin" ]
	# statd used the shared directory: it is stopped with the service
	assert_equal "$(count_procs rpc.statd)" 0
}

@test "start: server_scope is the host name nfsd starts under, notify_name the name sm-notify sends as" {
	local host
	host=$(uname -n)
	fault rpc.nfsd report-state
	run agent start server_scope=labnfs notify_name=labnfs
	assert_success
	# the kernel takes the NFSv4 scope from the host name of nfsd's starter
	grep -qx "hostname labnfs" "$ROOT/var/log/stub-state.rpc.nfsd"
	assert_equal "$(uname -n)" "$host"
	# sm-notify reads [sm-notify] outgoing-addr itself (its -v): SM_NOTIFY's
	# mon_name, which the clients' statd matches against the name mounted
	run "$NFS_CTL" --root "$ROOT" config --get sm-notify.outgoing-addr
	assert_output labnfs
	agent stop
}

@test "a second start on another 'node' notifies the clients again" {
	agent start
	agent stop
	clear_calls
	agent start
	run calls_of sm-notify
	assert_output --partial "sm-notify"
	agent stop
}

@test "monitor: a dead daemon is OCF_ERR_GENERIC (1), not 'not running'" {
	agent start
	kill -KILL "$(stub_pids rpc.mountd)"
	wait_gone "$(stub_pids rpc.mountd)" || true
	run agent monitor
	assert_failure 1
	# and stop cleans up after it
	run agent stop
	assert_success
	run agent monitor
	assert_failure 7
}

@test "validate-all: OCF_ERR_CONFIGURED (6) for bad values, OCF_ERR_INSTALLED (5) without nfs-ctl" {
	run agent validate-all
	assert_success
	run agent validate-all threads=lots
	assert_failure 6
	run agent validate-all grace_time=-1
	assert_failure 6
	run agent validate-all state_dir=relative/dir
	assert_failure 6
	run agent validate-all init=upstart
	assert_failure 6
	run agent validate-all notify_name="a b"
	assert_failure 6
	run agent validate-all nfs_ctl=/nonexistent/nfs-ctl
	assert_failure 5
	# a probe where nfs-ctl is not installed: not running there
	OCF_RESKEY_CRM_meta_interval=0 run agent monitor nfs_ctl=/nonexistent/nfs-ctl
	assert_failure 7
}

@test "start fails with OCF_ERR_GENERIC (1) when the shared directory is not mounted" {
	run agent start state_dir="$ROOT/srv/not-mounted"
	assert_failure 1
	assert_equal "$(count_procs rpc.nfsd)" 0
}

@test "start fails with OCF_ERR_CONFIGURED (6) on broken configuration, starting nothing" {
	printf '[nfsd]\nthis line is broken\n' >"$ROOT/etc/nfs.conf"
	run agent start
	assert_failure 6
	assert_equal "$(count_procs rpc.statd)" 0
	[ ! -e "$ROOT/etc/nfs.conf.d/90-pacemaker-nfs-ctl.conf" ]
}

@test "meta-data is valid against the OCF DTD" {
	command -v xmllint >/dev/null || skip "xmllint not installed (package libxml2-utils)"
	run bash -c "'$AGENT' meta-data | (cd /usr/share/resource-agents && xmllint --noout --valid -)"
	assert_success
}

@test "start: a distribution file cannot override a parameter (nfs.conf, the agent's drop-in, wins)" {
	mkdir -p "$ROOT/etc/default"
	echo "RPCNFSDCOUNT=8" >"$ROOT/etc/default/nfs-kernel-server"
	run agent start threads=4 init=sysv
	assert_success
	run "$NFS_CTL" --root "$ROOT" --distro=debian config --get nfsd.threads
	assert_line --index 1 4
	# and the conflict is named, both file:line
	assert_line --index 0 --partial "nfs-kernel-server:1: RPCNFSDCOUNT=8 ignored: $ROOT/etc/nfs.conf.d/90-pacemaker-nfs-ctl.conf:"
	# the value the daemons get: nfs.conf's, never RPCNFSDCOUNT as argv
	refute [ "$(calls_of rpc.nfsd)" = "rpc.nfsd 8" ]
	agent stop
}

@test "nfsv4_only: neither statd nor sm-notify for the server" {
	run agent start nfsv4_only=true
	assert_success
	assert_equal "$(count_procs rpc.statd)" 0
	run calls_of sm-notify
	assert_output ""
	run agent monitor nfsv4_only=true
	assert_success
	agent stop nfsv4_only=true
}

# Issue 12 point 1: statd kept for a local NFSv3 mount with locking is the
# client side's, not a half-running server; a probe or a stop that called
# it "partly running" would get the node fenced.
@test "only statd left for an NFSv3 mount, without state_dir: stop succeeds and keeps it, a probe says 7" {
	run agent start state_dir=
	assert_success
	add_nfs_mount nfs /mnt/data "rw,vers=3,addr=10.0.0.1"
	run agent stop state_dir=
	echo "$output"
	assert_success
	assert_equal "$(count_procs rpc.statd)" 1
	assert_equal "$(count_procs rpc.mountd)" 0
	run agent monitor state_dir=
	assert_failure 7
	OCF_RESKEY_CRM_meta_interval=0 run agent monitor state_dir=
	assert_failure 7
	run agent stop state_dir=
	assert_success
	assert_equal "$(count_procs rpc.statd)" 1
}

@test "only statd left for an NFSv3 mount, with state_dir: stop succeeds and statd moves with the service" {
	run agent start
	assert_success
	add_nfs_mount nfs /mnt/data "rw,vers=3,addr=10.0.0.1"
	run agent stop
	assert_success
	assert_equal "$(count_procs rpc.statd)" 0
	# a statd started by start-statd afterwards: still nothing to fence for
	run ctl start statd
	assert_success
	run agent monitor
	assert_failure 7
	run agent stop
	assert_success
	assert_equal "$(count_procs rpc.statd)" 0
}

@test "a daemon of the server's own left running is still 'partly running' (not hidden by the rule for shared ones)" {
	run agent start state_dir=
	assert_success
	run ctl stop nfsd
	assert_success
	run agent monitor state_dir=
	assert_failure 1
	assert_output --partial "partly running"
}

# systemctl_stub: a systemctl that answers `show` for the server target
# (Requires= two services) and its members, from made-up unit states
systemctl_stub() {
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	cat >"$BATS_TEST_TMPDIR/bin/systemctl" <<-'X'
	#!/bin/sh
	case "$*" in
	*"--value nfs-server.target") echo "nfs-server-start-barrier.service nfs-mountd.service rpc-gssd.service fsidd.service" ;;
	*LoadState*) echo loaded ;;
	*"Type --value nfs-server-start-barrier.service") echo oneshot ;;
	*"RemainAfterExit --value nfs-server-start-barrier.service") echo no ;;
	*"Type --value nfs-mountd.service") echo forking ;;
	*RemainAfterExit*) echo no ;;
	*"ActiveState --value nfs-mountd.service") echo "${MOUNTD_STATE:-active}" ;;
	*"ActiveState --value rpc-gssd.service") echo "${GSSD_STATE:-inactive}" ;;
	*ActiveState*) echo inactive ;;
	*"ConditionResult --value rpc-gssd.service") echo "${GSSD_CONDITION:-no}" ;;
	*ConditionResult*) echo yes ;;
	*"property=Result --value fsidd.service") echo "${FSIDD_RESULT:-exec-condition}" ;;
	*"property=Result"*) echo success ;;
	esac
	X
	chmod +x "$BATS_TEST_TMPDIR/bin/systemctl"
}

# members_setup: the stub systemctl under a booted systemd, and the agent's
# two functions on their own (the agent dispatches on its action when
# sourced); then `members VAR=VALUE...` runs members_monitor with the stub
# first on PATH
members_setup() {
	systemctl_stub
	mkdir -p "$ROOT/run/systemd/system"
	sed -n -e '/^under_systemd()/,/^}/p' -e '/^members_monitor()/,/^}/p' "$AGENT" >"$BATS_TEST_TMPDIR/members.sh"
}

members() {
	env PATH="$BATS_TEST_TMPDIR/bin:$PATH" OCF_RESKEY_root="$ROOT" OCF_RESKEY_init=systemd "$@" \
		sh -c 'OCF_SUCCESS=0 OCF_ERR_GENERIC=1; ocf_exit_reason() { echo "$*"; }
			. "$1"; members_monitor' members "$BATS_TEST_TMPDIR/members.sh"
}

@test "monitor under systemd: a oneshot member that ran (the start barrier) or one skipped by its condition (gssd without a keytab) is not dead; a failed service is" {
	members_setup
	run members
	assert_success
	assert_output ""
	run members MOUNTD_STATE=failed
	assert_failure 1
	assert_output "nfs-server.target is active but not all its services are: nfs-mountd.service:failed"
	# inactive although its condition held: stopped behind the target's back
	run members GSSD_CONDITION=yes
	assert_failure 1
	assert_output "nfs-server.target is active but not all its services are: rpc-gssd.service:inactive"
}

@test "monitor under systemd: a member skipped by its ExecCondition= (fsidd not installed) is not dead; inactive after a run, it is" {
	members_setup
	run members FSIDD_RESULT=exec-condition
	assert_success
	assert_output ""
	run members FSIDD_RESULT=success
	assert_failure 1
	assert_output "nfs-server.target is active but not all its services are: fsidd.service:inactive"
}
