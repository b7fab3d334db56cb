#!/usr/bin/env bats
# Issue 16, stop means stopped, at unit level: systemctl waits only for the
# job it enqueued, and at stop systemd runs the order backwards. So each
# unit an administrator stops must be ordered, at stop, after every unit
# that stops with it, while its start still returns only when nfsd serves.
# These tests read the generated units and check the exact directives that
# give each path that order (the lab's scenario 6 checks the real thing).

load helpers

setup() {
	OUT=$BATS_TEST_TMPDIR/units
	mkdir -p "$OUT"
	run "$NFS_CTL" units --output "$OUT"
	assert_success
}

# values KEY UNIT: every value of KEY= in UNIT, one word a line, in order
values() {
	sed -n "s/^$1=//p" "$OUT/$2.in" | tr ' ' '\n' | sed '/^$/d'
}

# the units that stop when the server target stops (PartOf= it)
part_of_server() {
	grep -lx 'PartOf=nfs-server.target' "$OUT"/*.in | sed 's#.*/##; s#\.in$##' | sort
}

@test "nfs-server.target is not ordered after its members (at stop it would go first)" {
	grep -qx 'DefaultDependencies=no' "$OUT/nfs-server.target.in"
	# what default dependencies gave it and still applies
	grep -qx 'Conflicts=shutdown.target' "$OUT/nfs-server.target.in"
	grep -qx 'Before=shutdown.target' "$OUT/nfs-server.target.in"
	run values After nfs-server.target
	assert_output "nfs-server-start-barrier.service"
	run values Before nfs-server.target
	assert_output "shutdown.target"
}

@test "systemctl start nfs-server.target returns once every member that can fail it started: the start barrier" {
	grep -qx 'Requires=nfs-server-start-barrier.service' "$OUT/nfs-server.target.in"
	run values After nfs-server-start-barrier.service
	# not the best-effort ones (issue 32): the reboot notice and the GSS
	# module's load fail nothing, so the start does not wait for them
	assert_output "$(printf '%s\n' proc-fs-nfsd.mount rpc-statd.service fsidd.service nfs-mountd.service \
		nfs-idmapd.service nfsdcld.service rpc-gssd.service rpc-svcgssd.service \
		nfs-exports.service nfsd.service)"
	# sm-notify still runs after nfsd in the same start, and after the
	# barrier, so that its process does not slow the barrier's (run 8);
	# not the GSS module: the GSS daemons the start waits for need it
	grep -qx 'After=nfsd.service' "$OUT/rpc-statd-notify.service.in"
	run values Before nfs-server-start-barrier.service
	assert_output "rpc-statd-notify.service"
	# inactive once it ran: it has no job at stop, so it orders nothing there
	run grep -E '^(RemainAfterExit|Type)=' "$OUT/nfs-server-start-barrier.service.in"
	assert_output "Type=oneshot"
	grep -qx 'OnSuccess=nfs-server-stop-barrier.service' "$OUT/nfs-server-start-barrier.service.in"
}

@test "systemctl stop nfs-server.target returns once every member stopped: the stop barrier" {
	local u=nfs-server-stop-barrier.service
	run values After $u
	assert_output "$(printf '%s\n' nfs-server.target nfs-server.service)"
	# Before= exactly the units that stop with the target
	run values Before $u
	assert_equal "$(sort <<<"$output")" "$(part_of_server)"
	# idmapd is shared with NFSv4 clients (NEED_IDMAPD): spared like statd;
	# rpc-statd-notify is one of them, to run again after a restart
	# (graph: again_after, renotify.bats)
	[ "$(part_of_server | wc -l)" -eq 7 ]
	grep -qx 'rpc-statd-notify.service' <<<"$(part_of_server)"
	grep -qx 'StopPropagatedFrom=nfs-server.target' "$OUT/$u.in"
	grep -qx 'RemainAfterExit=yes' "$OUT/$u.in"
	grep -qx 'RefuseManualStop=yes' "$OUT/$u.in"
}

@test "the stop barrier takes no part in a start or a restart (its order would be a cycle there)" {
	# nothing pulls it in: only the start barrier's success starts it
	run grep -lE "^(Wants|Requires|BindsTo|Upholds|Requisite)=.*nfs-server-stop-barrier" "$OUT"/*.in
	assert_failure 1
	run grep -l "nfs-server-stop-barrier" "$OUT"/*.in
	assert_output "$OUT/nfs-server-start-barrier.service.in"
	# a restart propagates through PartOf=; the barrier is not part of anything
	run grep '^PartOf=' "$OUT/nfs-server-stop-barrier.service.in"
	assert_failure 1
}

@test "systemctl stop nfs-server (the nfs-utils name) stops the whole server and waits for it" {
	local u=nfs-server.service
	# the script's name stands for the target, as nfs.service does
	run grep -E '^(Requires|After|Before|PartOf|Wants|BindsTo)=' "$OUT/$u.in"
	# (and a restart of nfs-utils restarts it: units_dropin.bats)
	assert_output "$(printf '%s\n' Requires=nfs-server.target After=nfs-server.target \
		PartOf=nfs-utils.service)"
	# active at once (no start command): the stop barrier's start waits
	# for it, and must not stay pending; reload is units_dropin.bats'
	run grep -E '^Exec(Start|Stop)' "$OUT/$u.in"
	assert_output 'ExecStop=@NFS_CTL@ plan stop server'
	# the barriers' order is their work: a command that costs nothing
	run grep '^Exec' "$OUT/nfs-server-stop-barrier.service.in"
	assert_output 'ExecStop=/bin/true'
	run grep '^Exec' "$OUT/nfs-server-start-barrier.service.in"
	assert_output 'ExecStart=/bin/true'
	# stop and restart of it reach the target and so every member
	grep -qx 'PartOf=nfs-server.service' "$OUT/nfs-server.target.in"
	# active while the target is, for `systemctl status nfs-server`
	grep -qx 'Wants=nfs-server.service' "$OUT/nfs-server.target.in"
}

@test "rpc.nfsd runs in nfsd.service, a member that stops with the target" {
	run grep '^Exec' "$OUT/nfsd.service.in"
	assert_output "$(printf '%s\n' 'ExecStart=@NFS_CTL@ exec nfsd' 'ExecStop=@NFS_CTL@ exec --stop nfsd')"
	grep -qx 'PartOf=nfs-server.target' "$OUT/nfsd.service.in"
	grep -qx 'Requires=nfsd.service' "$OUT/nfs-server.target.in"
	run grep -rn 'exec nfsd' "$OUT"
	[ "${#lines[@]}" -eq 2 ]
}

@test "nfs-ctl stop/restart server (the init script, the OCF agent) keep their one systemctl call" {
	make_sandbox
	start_rpcbind
	run ctl_systemd stop server
	assert_success
	# the target's stop is synchronous now (above): one call, on the target
	assert_equal "$(calls | head -n 1)" "systemctl stop nfs-server.target"
	clear_calls
	run ctl_systemd restart server
	assert_success
	assert_equal "$(calls)" "systemctl restart nfs-server.target"
	destroy_sandbox
}
