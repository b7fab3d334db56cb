#!/usr/bin/env bats
# The soak scenario's helper (tests/vm/guest/soak.c) and its selection, on
# the host: what the lab's scenario c5 judges (docs/lab.md, "Soak").

load helpers

setup() {
	SOAK=$BATS_TEST_TMPDIR/soak
	"${CC:-cc}" -O2 -Wall -Wextra -Werror -o "$SOAK" "$TOP_SRCDIR/tests/vm/guest/soak.c"
	FILE=$BATS_TEST_TMPDIR/soak-v3.dat
	LOG=$BATS_TEST_TMPDIR/written
}

# write_some: a writer for about a second, 20 ms apart, then SIGTERM
write_some() {
	"$SOAK" write "$FILE" "$LOG" 20 >"$BATS_TEST_TMPDIR/writer" 2>&1 &
	local w=$!
	for _ in $(seq 100); do
		grep -q ' held pid=' "$BATS_TEST_TMPDIR/writer" && break
		sleep 0.05
	done
	sleep 1
	kill "$w"
	wait "$w"
}

@test "soak write: records under the lock, each one logged once written and synced; verify finds them all" {
	write_some
	run grep -c . "$LOG"
	[ "$output" -ge 5 ]
	run grep -E ' released writes=[0-9]+ ok=[0-9]+ errors=0$' "$BATS_TEST_TMPDIR/writer"
	assert_success
	# 64 bytes a record, at its sequence number's offset
	[ "$(stat -c %s "$FILE")" = $(($(wc -l <"$LOG") * 64)) ]
	run head -c 64 "$FILE"
	assert_output --regexp '^0000000000 [0-9a-f]{8} [a-z]{43}$'
	run "$SOAK" verify "$FILE" "$LOG"
	assert_success
	assert_output --regexp " believed=([0-9]+) verified=\\1 missing=0 corrupt=0\$"
}

@test "soak verify: a changed byte is corrupt, a lost record missing (exit 1)" {
	write_some
	printf 'X' | dd of="$FILE" bs=1 seek=100 conv=notrunc 2>/dev/null
	run "$SOAK" verify "$FILE" "$LOG"
	assert_failure 1
	assert_output --partial "corrupt seq=1 "
	assert_output --regexp " missing=0 corrupt=1\$"
	truncate -s 128 "$FILE"
	run "$SOAK" verify "$FILE" "$LOG"
	assert_failure 1
	assert_output --regexp " verified=1 missing=[1-9][0-9]* corrupt=1\$"
}

@test "soak verify: a record that is zeros (never written) is missing, not corrupt" {
	write_some
	dd if=/dev/zero of="$FILE" bs=64 seek=2 count=1 conv=notrunc 2>/dev/null
	run "$SOAK" verify "$FILE" "$LOG"
	assert_failure 1
	assert_output --partial "missing (zeros) seq=2 "
	assert_output --regexp " missing=1 corrupt=0\$"
}

@test "soak probe: refused while the writer holds the lock (exit 0), granted once it is gone (exit 1)" {
	local w p rc=0
	"$SOAK" write "$FILE" "$LOG" 50 >"$BATS_TEST_TMPDIR/writer" 2>&1 &
	w=$!
	for _ in $(seq 100); do
		grep -q ' held pid=' "$BATS_TEST_TMPDIR/writer" && break
		sleep 0.05
	done
	"$SOAK" probe "$FILE" 20 >"$BATS_TEST_TMPDIR/prober" 2>&1 &
	p=$!
	sleep 0.5
	kill "$p"
	wait "$p" || rc=$?
	kill "$w"
	wait "$w"
	[ "$rc" = 0 ]
	run tail -n 1 "$BATS_TEST_TMPDIR/prober"
	assert_output --regexp ' probes=[1-9][0-9]* refused=[1-9][0-9]* granted=0 errors=0$'
	"$SOAK" probe "$FILE" 20 >"$BATS_TEST_TMPDIR/prober" 2>&1 &
	p=$!
	sleep 0.3
	kill "$p"
	rc=0
	wait "$p" || rc=$?
	[ "$rc" = 1 ]
	run grep -c ' granted probe=' "$BATS_TEST_TMPDIR/prober"
	[ "$output" -ge 1 ]
}

@test "soak run: the command's exit code, its time, the largest VmHWM of the measured program, rpc.statd counted" {
	# stand-ins: a copy of sleep as the measured program, one as rpc.statd
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/nfs-ctl"
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/rpc.statd"
	"$BATS_TEST_TMPDIR/rpc.statd" 5 &
	local s=$!
	SOAK_NFS_CTL=$BATS_TEST_TMPDIR/nfs-ctl run "$SOAK" run "$BATS_TEST_TMPDIR/res" \
		sh -c "'$BATS_TEST_TMPDIR/nfs-ctl' 0.4; exit 3"
	kill "$s"
	assert_failure 3
	run cat "$BATS_TEST_TMPDIR/res"
	assert_output --regexp '^rc=3 secs=0\.[4-9][0-9]* nfsctl_hwm_kib=[1-9][0-9]* nfsctl_procs=1 tree_maxrss_kib=[1-9][0-9]* statd_max=1 statd_pids=[0-9]+ samples=[1-9][0-9]*$'
	SOAK_NFS_CTL=$BATS_TEST_TMPDIR/nfs-ctl run "$SOAK" run "$BATS_TEST_TMPDIR/res" true
	assert_success
	run cat "$BATS_TEST_TMPDIR/res"
	assert_output --regexp '^rc=0 .* nfsctl_hwm_kib=0 nfsctl_procs=0 .* statd_max=0 statd_pids=- '
}

@test "soak: usage errors exit 64" {
	run "$SOAK" frobnicate
	assert_failure 64
	run "$SOAK" verify "$FILE"
	assert_failure 64
}

# draw_seq SHELL SEED N: the scenario's own draw function, N draws of 3
draw_seq() {
	"$1" -c "$(sed -n '/^RNG=0$/,/^}$/p' "$TOP_SRCDIR/tests/vm/guest/cluster/c5-soak.sh")
		RNG=$2; i=0; while [ \$i -lt $3 ]; do draw 3; printf '%s' \"\$RV\"; i=\$((i + 1)); done"
}

@test "soak order: one seed gives one sequence in dash and bash (replay), another seed another, every value drawn" {
	run draw_seq bash 4242 60
	assert_success
	local b=$output
	[ "${#b}" = 60 ]
	[[ $b == *0* && $b == *1* && $b == *2* ]]
	if command -v dash >/dev/null; then
		run draw_seq dash 4242 60
		assert_output "$b"
	fi
	run draw_seq bash 4243 60
	[ "$output" != "$b" ]
}
