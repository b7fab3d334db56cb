#!/bin/sh
# Benchmark 3: 20 NFSv3 mounts with locking at once, statd gone before: wall
# time until all 20 mount commands returned, failures, rpc.statd processes
# left (must be 1).  BENCH_MOUNT_ROUNDS (default 2) rounds per mode,
# alternating.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
# shellcheck source=bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
rounds=${BENCH_MOUNT_ROUNDS:-2}
undo_lab_wrappers
# shellcheck disable=SC2046 # a list of numbers
for r in ${BENCH_ROUNDS:-$(seq 1 "$rounds")}; do
	for m in $(order $r); do
		switch_mode "$m" || continue
		reset_all
		server_start "$m" >>"$CMDLOG" 2>&1
		wait_for 60 serving
		statd_reset
		settle 1
		rm -f "$SDIR"/rc.*
		t0=$EPOCHREALTIME
		i=0
		while [ $i -lt 20 ]; do
			mkdir -p "/mnt/b$i"
			(
				timeout 90 mount -t nfs -o vers=3,lock,proto=tcp "127.0.0.1:/srv/nfs/e$i" "/mnt/b$i" >>"$SDIR/mounts.log" 2>&1
				echo $? >"$SDIR/rc.$i"
			) &
			i=$((i + 1))
		done
		wait
		t1=$EPOCHREALTIME
		failed=$(cat "$SDIR"/rc.* | grep -vc '^0$')
		statd=$(count_proc rpc.statd)
		ok=0
		[ "$failed" = 0 ] && [ "$statd" = 1 ] && registered 100024 && ok=1
		record mounts20 "$m" $r all-mounted $((${t1/./} - ${t0/./})) $ok "failed=$failed statd=$statd"
		i=0
		while [ $i -lt 20 ]; do timeout 60 umount "/mnt/b$i" >>"$SDIR/mounts.log" 2>&1; i=$((i + 1)); done
		server_stop "$m" >>"$CMDLOG" 2>&1
		reset_all
		say "bench mounts20 round $r $m done: failed=$failed statd=$statd"
	done
done
