#!/usr/bin/env bats
# sysvinit mode, parallel start (shim/run_parallel.c): the components of one
# level of the plan start together, every ordering rule still holds, and a
# failure stops the start before the next level.

load helpers

setup() {
	require_root
	sandbox_setup
}

teardown() {
	sandbox_teardown
}

LEVEL0="mount -t nfsd|mount -t rpc_pipefs"
LEVEL1="rpc.statd --no-notify|rpc.mountd|rpc.idmapd|nfsdcld|exportfs -r"

# every call of level A was recorded before every call of level B
assert_levels() {
	local a b
	IFS='|' read -r -a la <<<"$1"
	IFS='|' read -r -a lb <<<"$2"
	for a in "${la[@]}"; do
		for b in "${lb[@]}"; do
			assert_before "$a" "$b"
		done
	done
}

@test "parallel start server: the same calls as the serial runner, level by level" {
	NFS_CTL_PARALLEL=1 run ctl start server
	assert_success
	run calls
	assert_equal "$(calls | sort)" "$(printf '%s\n' \
		"mount -t nfsd -- nfsd $ROOT/proc/fs/nfsd" \
		"mount -t rpc_pipefs -- rpc_pipefs $ROOT/var/lib/nfs/rpc_pipefs" \
		"rpc.statd --no-notify" rpc.mountd rpc.idmapd nfsdcld "exportfs -r" \
		rpc.nfsd "sm-notify [threads=8]" | sort)"
	assert_levels "$LEVEL0" "$LEVEL1"
	assert_levels "$LEVEL1" "rpc.nfsd"
	assert_before "rpc.nfsd" "sm-notify"
	# every daemon ready and recorded, as with the serial runner
	for p in 100024 100005; do registered "$p"; done
	run ctl status server
	assert_success
}

# min_gap: the shortest time, in ms, between two consecutive calls of the
# delayed programs in the stub's log (each call is logged after its delay)
min_gap() {
	awk '$4 ~ /^(rpc\.statd|rpc\.mountd|rpc\.idmapd|nfsdcld|exportfs)$/ {
		t = $1 / 1000000
		if (n++ && (min == "" || t - last < min)) min = t - last
		last = t
	} END { printf "%d\n", min }' "$ROOT/var/log/stub-calls.log"
}

# Behaviour, not wall time: serially, each delayed member starts only after
# the one before it is ready, so their calls are at least the delay apart;
# in parallel, members of one level sleep their delay at the same time.
@test "parallel start server: the members of one level start together, not one after the other" {
	local p par ser
	for p in rpc.statd rpc.mountd rpc.idmapd nfsdcld exportfs; do
		fault "$p" "delay 600"
	done
	NFS_CTL_PARALLEL=1 run ctl start server
	assert_success
	par=$(min_gap)
	run ctl stop server
	assert_success
	clear_calls
	NFS_CTL_PARALLEL=0 run ctl start server
	assert_success
	ser=$(min_gap)
	echo "shortest gap: parallel ${par} ms, serial ${ser} ms" >&3
	[ "$ser" -ge 600 ]
	[ "$par" -lt 300 ]
}

@test "parallel start server: a failing member stops the start before nfsd and says so" {
	fault rpc.mountd "fail 1 mountd cannot start"
	NFS_CTL_PARALLEL=1 run ctl start server
	assert_failure
	assert_output --partial "mountd"
	assert_output --partial "not run: nfsd sm-notify"
	[ -z "$(calls_of rpc.nfsd)" ]
	[ -z "$(calls_of sm-notify)" ]
	# the other members of that level did run
	[ -n "$(calls_of rpc.statd)" ]
	[ -n "$(calls_of exportfs)" ]
}

@test "NFS_CTL_PARALLEL=0: the serial runner's exact order" {
	NFS_CTL_PARALLEL=0 run ctl start server
	assert_success
	assert_equal "$(calls)" "mount -t nfsd -- nfsd $ROOT/proc/fs/nfsd
mount -t rpc_pipefs -- rpc_pipefs $ROOT/var/lib/nfs/rpc_pipefs
rpc.statd --no-notify
rpc.mountd
rpc.idmapd
nfsdcld
exportfs -r
rpc.nfsd
sm-notify [threads=8]"
}

@test "a plan without two components on one level runs serially (start statd)" {
	run ctl start statd
	assert_success
	assert_equal "$(calls)" "rpc.statd --no-notify"
}
