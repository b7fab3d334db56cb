#!/bin/sh
# Scenario 6, stop means stopped (issue 16): for every command an
# administrator, a script or Pacemaker uses to stop the server, the server is
# down at the moment the command returns: nfsd has 0 threads, rpc.mountd is
# gone, nfs (100003) and mountd (100005) are unregistered, and `exportfs`
# lists nothing. A start right after the stop serves when it returns, and so
# does every restart. Timings (request -> command returns -> server down) are
# noted as "TIMING" lines and kept in $SDIR/timings.
# lab-timeout: 1800
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1

exported() { [ -n "$(exportfs 2>/dev/null)" ]; }
is_down() {
	[ "$(threads)" = 0 ] && no_proc rpc.mountd && ! registered 100003 &&
		! registered 100005 && ! exported
}
is_serving() {
	[ "$(threads)" -gt 0 ] && one_proc rpc.mountd && registered 100003 &&
		registered 100005 && exported
}
# what is still up, for the record
leftovers() {
	echo "threads=$(threads) mountd=$(count_proc rpc.mountd) exports=$(exportfs 2>/dev/null | wc -l)" \
		"rpcinfo=$(rpcinfo -p 127.0.0.1 2>/dev/null | awk '$1 == 100003 || $1 == 100005 { print $1 }' | sort -u | tr '\n' ,)"
}
# until CONDITION holds, at most 30 s; prints the uptime when it did
when() {
	i=0
	while [ $i -lt 600 ] && ! "$@"; do
		sleep 0.05
		i=$((i + 1))
	done
	uptime_s
}

ocf_agent() {
	OCF_ROOT=/usr/lib/ocf OCF_RESOURCE_INSTANCE=lab-s6 OCF_RESKEY_CRM_meta_timeout=90000 \
		timeout 120 /usr/lib/ocf/resource.d/nfs-ctl/nfs-ctl "$1"
}

# stop_path NAME START-CMD STOP-CMD: start (must serve on return), stop (must
# be down on return), start again right after (must serve on return).
stop_path() {
	name=$1 start=$2 stop=$3
	# shellcheck disable=SC2086 # the commands are word lists
	check "$name: start exits 0" [ "$(rec "$name-start0" $start)" = 0 ]
	wait_ready v3 >/dev/null
	t0=$(uptime_s)
	# shellcheck disable=SC2086
	check "$name: stop exits 0" [ "$(rec "$name-stop" $stop)" = 0 ]
	t1=$(uptime_s)
	state=$(leftovers)
	# (not "d": check() uses that name)
	if is_down; then late=0; else late=1; fi
	t2=$(when is_down)
	check "$name: server down when the stop returns ($state)" [ "$late" = 0 ]
	line=$(awk -v n="$name" -v a="$t0" -v b="$t1" -v c="$t2" -v late="$late" \
		'BEGIN { printf "TIMING stop %s: returns %.2f s, down %.2f s%s", n, b - a, (late ? c : b) - a, late ? "" : " (already at return)" }')
	echo "$line" >>"$SDIR/timings"
	note "$line"
	# shellcheck disable=SC2086
	check "$name: start right after the stop exits 0" [ "$(rec "$name-start" $start)" = 0 ]
	check "$name: serving when that start returns ($(leftovers))" is_serving
	wait_ready v3 >/dev/null
}

# restart_path NAME CMD: serving when the restart returns.
restart_path() {
	name=$1
	shift
	t0=$(uptime_s)
	check "$name: restart exits 0" [ "$(rec "$name-restart" "$@")" = 0 ]
	t1=$(uptime_s)
	state=$(leftovers)
	if is_serving; then s=0; else s=1; fi
	check "$name: serving when the restart returns ($state)" [ "$s" = 0 ]
	line=$(awk -v n="$name" -v a="$t0" -v b="$t1" 'BEGIN { printf "TIMING restart %s: returns %.2f s", n, b - a }')
	echo "$line" >>"$SDIR/timings"
	note "$line"
	wait_ready v3 >/dev/null
}

# scenario 5 leaves an NFSv4-only server running: back to the defaults
check "restart with the default configuration exits 0" [ "$(rec restart-0 srv restart)" = 0 ]
check "serving at the start of the scenario" wait_ready v3
case $MODE-$INIT in
nfs-ctl-systemd)
	# Evidence for the cause: which jobs one stop request enqueues, and in
	# which order systemd finishes them (the journal keeps the times).
	systemctl start nfs-server.target >/dev/null 2>&1
	wait_ready v3 >/dev/null
	{
		echo "[$(uptime_s)] systemctl stop --no-block nfs-server.target"
		systemctl stop --no-block nfs-server.target
		systemctl list-jobs --no-pager
		echo "[$(uptime_s)] threads=$(threads) mountd=$(count_proc rpc.mountd)"
	} >"$SDIR/evidence-jobs" 2>&1
	echo "[$(when is_down)] server down" >>"$SDIR/evidence-jobs"
	journalctl -b --no-pager -o short-monotonic -n 60 >"$SDIR/evidence-journal" 2>&1
	stop_path sd-target "systemctl start nfs-server.target" "systemctl stop nfs-server.target"
	stop_path sd-service "systemctl start nfs-server" "systemctl stop nfs-server"
	stop_path nfs-ctl "nfs-ctl start server" "nfs-ctl stop server"
	stop_path init-script "/etc/init.d/nfs-kernel-server start" "/etc/init.d/nfs-kernel-server stop"
	stop_path ocf-agent "nfs-ctl start server" "ocf_agent stop"
	restart_path sd-target systemctl restart nfs-server.target
	restart_path sd-service systemctl restart nfs-server
	restart_path nfs-ctl nfs-ctl restart server
	restart_path init-script /etc/init.d/nfs-kernel-server restart
	;;
nfs-ctl-sysv)
	stop_path nfs-ctl "nfs-ctl start server" "nfs-ctl stop server"
	stop_path init-script "/etc/init.d/nfs-kernel-server start" "/etc/init.d/nfs-kernel-server stop"
	stop_path ocf-agent "nfs-ctl start server" "ocf_agent stop"
	restart_path nfs-ctl nfs-ctl restart server
	restart_path init-script /etc/init.d/nfs-kernel-server restart
	;;
distro-systemd)
	stop_path sd-service "systemctl start nfs-server" "systemctl stop nfs-server"
	stop_path init-script "/etc/init.d/nfs-kernel-server start" "/etc/init.d/nfs-kernel-server stop"
	restart_path sd-service systemctl restart nfs-server
	;;
*)
	stop_path init-script "/etc/init.d/nfs-kernel-server start" "/etc/init.d/nfs-kernel-server stop"
	restart_path init-script /etc/init.d/nfs-kernel-server restart
	;;
esac
# Back to the boot's state for the next scenario: server, then client.
check "serving at the end of the scenario" wait_ready v3
if [ "$MODE" = nfs-ctl ]; then
	check "start client again" [ "$(rec start-client nfs-ctl start client)" = 0 ]
fi
