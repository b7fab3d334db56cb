#!/bin/sh
# Benchmark 2: the start-statd path.  With the server up (in the mode being
# measured) and statd gone, per round:
#   start-statd: `env -i /usr/sbin/start-statd` alone (as mount.nfs runs it),
#                ok when 100024 is registered the moment it returns;
#   systemctl:   (systemd only) `systemctl start rpc-statd.service` alone:
#                what one request to systemd costs, unit start included;
#   start-statd-via-systemctl: (nfs-ctl) the same through a systemctl
#                process instead of systemd's bus (--root //);
#   systemctl-noop: the same request again, the unit already active:
#                systemctl's own start-up and one round trip;
#   mount-cold:  a real NFSv3 mount with locking; mount.nfs runs start-statd
#                (ok: exit 0 and statd registered);
#   mount-warm:  the same mount with statd already running (the mount's own
#                cost; mount-cold minus mount-warm is the start-statd path).
# (That locking then works is the lab's scenario 2; not repeated here.)
# Alternating blocks of BENCH_STATD_ROUNDS (default 3) rounds per mode,
# BENCH_BLOCKS (default 3) blocks.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
# shellcheck source=bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
blocks=${BENCH_BLOCKS:-3}
rounds=${BENCH_STATD_ROUNDS:-3}
undo_lab_wrappers
mkdir -p /mnt/bench
okif() { if [ "$1" = 0 ] && registered 100024; then echo 1; else echo 0; fi; }
# shellcheck disable=SC2046 # a list of numbers
for b in ${BENCH_ROUNDS:-$(seq 1 "$blocks")}; do
	for m in $(order $b); do
		switch_mode "$m" || continue
		reset_all
		server_start "$m" >>"$CMDLOG" 2>&1
		wait_for 60 serving
		k=1
		while [ $k -le "$rounds" ]; do
			n=$(((b - 1) * rounds + k))
			statd_reset
			settle 0.5
			timed us env -i /usr/sbin/start-statd
			rc=$?
			record start-statd "$m" $n start-statd "$us" "$(okif $rc)" "rc=$rc statd=$(count_proc rpc.statd)"
			if [ "$INIT" = systemd ] && [ "$m" = nfs-ctl ]; then
				# the same request through a systemctl process: nfs-ctl uses
				# systemd's bus only on the real root, and "//" is the real
				# root under another name
				statd_reset
				settle 0.5
				timed us env -i /usr/sbin/nfs-ctl --root // start-statd
				rc=$?
				record start-statd "$m" $n start-statd-via-systemctl "$us" "$(okif $rc)" "rc=$rc"
				if [ "$n" = 1 ]; then
					statd_reset
					env -i /usr/sbin/nfs-ctl -vv start-statd >"$SDIR/start-statd-v.log" 2>&1
				fi
			fi
			if [ "$INIT" = systemd ]; then
				statd_reset
				settle 0.5
				timed us systemctl start rpc-statd.service
				rc=$?
				record start-statd "$m" $n systemctl "$us" "$(okif $rc)" "rc=$rc"
				# the same request once the unit is active: systemctl's own
				# start-up and one round trip to systemd, nothing started
				timed us systemctl start rpc-statd.service
				rc=$?
				record start-statd "$m" $n systemctl-noop "$us" "$(okif $rc)" "rc=$rc"
			fi
			statd_reset
			settle 0.5
			timed us timeout 90 mount -t nfs -o vers=3,lock,proto=tcp 127.0.0.1:/srv/nfs/e0 /mnt/bench
			rc=$?
			record start-statd "$m" $n mount-cold "$us" "$(okif $rc)" "rc=$rc statd=$(count_proc rpc.statd)"
			timeout 60 umount /mnt/bench >>"$CMDLOG" 2>&1
			settle 0.5
			timed us timeout 90 mount -t nfs -o vers=3,lock,proto=tcp 127.0.0.1:/srv/nfs/e0 /mnt/bench
			rc=$?
			record start-statd "$m" $n mount-warm "$us" "$(okif $rc)" "rc=$rc"
			timeout 60 umount /mnt/bench >>"$CMDLOG" 2>&1
			k=$((k + 1))
		done
		server_stop "$m" >>"$CMDLOG" 2>&1
		reset_all
		say "bench start-statd block $b $m done"
	done
done
