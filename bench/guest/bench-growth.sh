#!/bin/sh
# Benchmark 6: how cost grows with the size of the input, in the lab, with
# the real nfs-utils programs (bench/growth.sh measures nfs-ctl alone on the
# host, against stub daemons).  Debian's stack ("distro") and nfs-ctl's in
# the same boot, alternating.  BENCH_GROWTH_PART chooses the part (one lab
# scenario each, so that each gets its own time limit):
#   exports  /etc/exports with 1, 100, 1000, 10000 lines (one directory
#            each): the administrator's server start (real exportfs -r
#            included; ok: exit 0 and serving), and the systemd generator
#            (Debian's nfs-server-generator / nfs-ctl-generator); nfs-ctl
#            also `nfs-ctl plan start server`
#   fstab    1, 50, 500 NFS entries (noauto) in /etc/fstab: the generator
#   statd    start-statd with 1, 20, 200 concurrent callers, statd gone
#            before: until the last caller returned (ok: every caller exit
#            0, exactly one rpc.statd, 100024 registered)
# BENCH_GROWTH_REPS (default 3) rounds per size.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
# shellcheck source=bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
reps=${BENCH_GROWTH_REPS:-3}
part=${BENCH_GROWTH_PART:?BENCH_GROWTH_PART: exports, fstab or statd}
GEN_DIR=/usr/lib/systemd/system-generators
undo_lab_wrappers
cp /etc/exports "$BSTATE/exports.orig" 2>/dev/null
cp /etc/fstab "$BSTATE/fstab.orig"
restore() {
	cp "$BSTATE/exports.orig" /etc/exports 2>/dev/null
	cp "$BSTATE/fstab.orig" /etc/fstab
}
trap restore EXIT

# the generator of the current mode (distro: Debian's; nfs-ctl: ours)
generator() {
	case $(cur_mode) in
	distro) echo "$GEN_DIR/nfs-server-generator" ;;
	*) echo "$GEN_DIR/nfs-ctl-generator" ;;
	esac
}
# gen_run: the current mode's generator into fresh directories, as systemd
# runs it (normal, early, late)
gen_run() {
	local d=$BSTATE/gen
	rm -rf "$d"
	mkdir -p "$d/n" "$d/e" "$d/l"
	"$(generator)" "$d/n" "$d/e" "$d/l"
}
# exports_of N: N lines, one directory each
exports_of() {
	local i
	for ((i = 1; i <= $1; i++)); do
		echo "/srv/g/e$i 169.254.0.0/16(ro,no_subtree_check)"
	done
}
# fstab_of N: the original table and N NFS entries that nothing mounts
fstab_of() {
	local i
	cat "$BSTATE/fstab.orig"
	for ((i = 1; i <= $1; i++)); do
		echo "labsrv:/srv/nfs/e$i /mnt/g$i nfs vers=3,noauto 0 0"
	done
}

part_exports() {
	local n r m us rc ok
	mkdir -p /srv/g
	(cd /srv/g && mkdir -p e{1..10000})
	for n in 1 100 1000 10000; do
		exports_of "$n" >/etc/exports
		for ((r = 1; r <= reps; r++)); do
			for m in $(order "$r"); do
				switch_mode "$m" || { record growth "$m" "$r" "start-exports-$n" 0 0 "switch failed"; continue; }
				reset_all
				settle 1
				timed us server_start "$m"
				rc=$?
				ok=0
				[ $rc = 0 ] && wait_for 30 serving && ok=1
				record growth "$m" "$r" "start-exports-$n" "$us" $ok "rc=$rc etab=$(wc -l </var/lib/nfs/etab)"
				server_stop "$m" >>"$CMDLOG" 2>&1
				timed us gen_run
				rc=$?
				record growth "$m" "$r" "generator-exports-$n" "$us" "$([ $rc = 0 ] && echo 1 || echo 0)" \
					"rc=$rc files=$(find "$BSTATE/gen" -type f | wc -l)"
				if [ "$m" = nfs-ctl ]; then
					timed us nfs-ctl plan start server
					rc=$?
					record growth "$m" "$r" "plan-exports-$n" "$us" "$([ $rc = 0 ] && echo 1 || echo 0)" "rc=$rc"
				fi
			done
		done
		say "bench growth exports $n done"
	done
	reset_all
}

part_fstab() {
	local n r m us rc
	for n in 1 50 500; do
		fstab_of "$n" >/etc/fstab
		for ((r = 1; r <= reps; r++)); do
			for m in $(order "$r"); do
				switch_mode "$m" || continue
				timed us gen_run
				rc=$?
				record growth "$m" "$r" "generator-fstab-$n" "$us" "$([ $rc = 0 ] && echo 1 || echo 0)" \
					"rc=$rc files=$(find "$BSTATE/gen" -type f | wc -l)"
			done
		done
		say "bench growth fstab $n done"
	done
}

# callers N: N concurrent start-statd, as mount.nfs runs it (empty
# environment); prints how many failed
callers() {
	local i failed=0
	rm -f "$BSTATE"/ss.*
	for ((i = 1; i <= $1; i++)); do
		(
			timeout 120 env -i /usr/sbin/start-statd >>"$CMDLOG" 2>&1
			echo $? >"$BSTATE/ss.$i"
		) &
	done
	wait
	for ((i = 1; i <= $1; i++)); do
		[ "$(cat "$BSTATE/ss.$i" 2>/dev/null)" = 0 ] || failed=$((failed + 1))
	done
	echo "$failed" >"$BSTATE/ss.failed"
}

part_statd() {
	local n r m us failed statds ok
	for n in 1 20 200; do
		for ((r = 1; r <= reps; r++)); do
			for m in $(order "$r"); do
				switch_mode "$m" || continue
				reset_all
				statd_reset
				settle 1
				timed us callers "$n"
				failed=$(cat "$BSTATE/ss.failed")
				wait_for 5 registered 100024
				statds=$(count_proc rpc.statd)
				ok=0
				[ "$failed" = 0 ] && [ "$statds" = 1 ] && registered 100024 && ok=1
				record growth "$m" "$r" "start-statd-$n" "$us" $ok "failed=$failed statd=$statds"
			done
		done
		say "bench growth start-statd $n done"
	done
	reset_all
	statd_reset
}

"part_$part"
