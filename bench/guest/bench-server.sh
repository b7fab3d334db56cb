#!/bin/sh
# Benchmark 1: server start and stop, Debian's own scripts/units ("distro")
# against nfs-ctl, alternating (rotating order), BENCH_REPS rounds (default
# 7).  Each start
# begins from the same state (reset_all).  Metrics:
#   start   wall time of the administrator's start command (ok: exit 0 and
#           serving right after);
#   ready   until nfsd has threads and nfs and mountd are registered;
#   stop    wall time of the stop command (exit 0);
#   stopped until no nfsd thread, no mountd, nfs unregistered.
# (Until 2026-12-05 sysvinit had a third mode, nfs-ctl-serial; the parallel
# start it was compared with is gone, see bench/RESULTS.md.)
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
# shellcheck source=bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
reps=${BENCH_REPS:-7}
# BENCH_SERVER_MODES: "distro nfs-ctl" (default); systemd may add
# nfs-ctl-direct (bench-lib.sh), which measures what the exec hops cost
modes=${BENCH_SERVER_MODES:-distro nfs-ctl}
undo_lab_wrappers
reset_all
# shellcheck disable=SC2046 # a list of numbers
for r in ${BENCH_ROUNDS:-$(seq 1 "$reps")}; do
	for m in $(order $r "$modes"); do
		switch_mode "$m" || { record server "$m" $r start 0 0 "switch failed"; continue; }
		reset_all
		settle 1
		m0=$(mono_us)
		t0=$EPOCHREALTIME
		timed us server_start "$m"
		rc=$?
		wait_for 30 serving
		t1=$EPOCHREALTIME
		ok=0
		[ $rc = 0 ] && serving && ok=1
		record server "$m" $r start "$us" $ok "rc=$rc"
		record server "$m" $r ready $((${t1/./} - ${t0/./})) $ok
		{ echo "round $r $m:"; daemons; } >>"$SDIR/daemons.log"
		{ echo "round $r $m (ms):"; units_timeline "$m0"; } >>"$SDIR/timeline.log"
		settle 1
		t0=$EPOCHREALTIME
		timed us server_stop "$m"
		rc=$?
		wait_for 30 stopped
		t1=$EPOCHREALTIME
		record server "$m" $r stop "$us" "$([ $rc = 0 ] && echo 1 || echo 0)" "rc=$rc"
		record server "$m" $r stopped $((${t1/./} - ${t0/./})) "$(stopped && echo 1 || echo 0)" "$(leftovers)"
		say "bench server round $r $m done"
	done
done
reset_all
