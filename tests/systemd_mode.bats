#!/usr/bin/env bats
# systemd mode: actions become one systemctl call on the target's unit;
# `nfs-ctl exec COMPONENT` is what the units run.

load helpers

setup() {
	make_sandbox
	start_rpcbind
}

teardown() {
	destroy_sandbox
}

@test "start server: exactly systemctl start nfs-server.target" {
	run ctl_systemd start server
	assert_success
	assert_equal "$(calls)" "systemctl start nfs-server.target"
}

@test "the init system is detected from /run/systemd/system in the root" {
	mkdir -p "$ROOT/run/systemd/system"
	run "$NFS_CTL" --root "$ROOT" start client
	assert_success
	assert_equal "$(calls)" "systemctl start nfs-client.target"
	rmdir "$ROOT/run/systemd/system"
	clear_calls
	run "$NFS_CTL" --root "$ROOT" status client
	run calls
	refute_output --partial systemctl
}

@test "stop server: stop the target, then statd, idmapd and gssd when no client needs them" {
	run ctl_systemd stop server
	assert_success
	assert_equal "$(calls)" "systemctl stop nfs-server.target
systemctl is-active --quiet nfs-client.target
systemctl stop rpc-statd.service
systemctl stop nfs-idmapd.service
systemctl stop rpc-gssd.service"
}

@test "stop server: statd stays while an NFSv3 mount with locking exists" {
	add_nfs_mount nfs /mnt/data "rw,vers=3,addr=10.0.0.1"
	run ctl_systemd stop server
	assert_success
	assert_equal "$(calls)" "systemctl stop nfs-server.target
systemctl is-active --quiet nfs-client.target
systemctl stop nfs-idmapd.service
systemctl stop rpc-gssd.service"
}

@test "stop server: an NFSv3 mount with nolock does not keep statd; krb5 keeps gssd" {
	add_nfs_mount nfs /mnt/a "rw,vers=3,nolock"
	add_nfs_mount nfs4 /mnt/b "rw,vers=4.2,sec=krb5p"
	run ctl_systemd stop server
	assert_success
	assert_equal "$(calls)" "systemctl stop nfs-server.target
systemctl is-active --quiet nfs-client.target
systemctl stop rpc-statd.service"
}

@test "stop server: nothing shared is stopped while the client target is active" {
	fault systemctl "active nfs-client.target"
	run ctl_systemd stop server
	assert_success
	assert_equal "$(calls)" "systemctl stop nfs-server.target
systemctl is-active --quiet nfs-client.target"
}

@test "restart, try-restart, status map onto the target" {
	run ctl_systemd restart server
	assert_success
	run ctl_systemd try-restart server
	assert_success
	run ctl_systemd status server
	assert_success
	assert_equal "$(calls)" "systemctl restart nfs-server.target
systemctl try-restart nfs-server.target
systemctl status --no-pager --lines=0 nfs-server.target"
}

@test "status passes systemctl's exit code through (3: stopped)" {
	fault systemctl "exit 3"
	run ctl_systemd status server
	assert_equal "$status" 3
}

@test "reload and force-reload server: reload nfs-exports.service" {
	run ctl_systemd reload server
	assert_success
	run ctl_systemd force-reload server
	assert_success
	assert_equal "$(calls)" "systemctl reload nfs-exports.service
systemctl reload nfs-exports.service"
}

@test "reload client: nothing to reload (3), no call; force-reload client try-restarts" {
	run ctl_systemd reload client
	assert_equal "$status" 3
	assert_equal "$(calls)" ""
	run ctl_systemd force-reload client
	assert_success
	assert_equal "$(calls)" "systemctl try-restart nfs-client.target"
}

@test "a component maps onto its own unit" {
	run ctl_systemd restart mountd
	assert_success
	assert_equal "$(calls)" "systemctl is-active --quiet nfs-server.target
systemctl restart nfs-mountd.service"
}

@test "restart mountd returns once the server target it took down has no job left and is active" {
	fault systemctl "active nfs-server.target" "job nfs-server.target 3"
	run ctl_systemd restart mountd
	assert_success
	# it waits without a transaction of its own: a `systemctl start` of
	# the target could meet the stop barrier's start, queued, and be
	# refused as an ordering cycle (units.c)
	assert_equal "$(calls)" "systemctl is-active --quiet nfs-server.target
systemctl restart nfs-mountd.service
systemctl show --property=Job --value nfs-server.target
systemctl show --property=Job --value nfs-server.target
systemctl show --property=Job --value nfs-server.target
systemctl show --property=Job --value nfs-server.target
systemctl is-active --quiet nfs-server.target"
}

@test "a target whose job never ends fails the restart after the bound, named" {
	fault systemctl "active nfs-server.target" "job nfs-server.target 1000000"
	run ctl_systemd --timeout=0.1 restart mountd
	assert_equal "$status" 1
	assert_output --partial "nfs-server.target is still starting after the restart"
	run grep -c "^systemctl is-active --quiet nfs-server.target" <(calls)
	assert_output 1
}

@test "restart idmapd waits only for the targets that were active: the client's, not the server's" {
	fault systemctl "active nfs-client.target"
	run ctl_systemd try-restart idmapd
	assert_success
	assert_equal "$(calls)" "systemctl is-active --quiet nfs-server.target
systemctl is-active --quiet nfs-client.target
systemctl try-restart nfs-idmapd.service
systemctl show --property=Job --value nfs-client.target
systemctl is-active --quiet nfs-client.target"
}

@test "a target that does not come back fails the restart, named" {
	fault systemctl "active-once nfs-server.target"
	run ctl_systemd restart mountd
	assert_equal "$status" 1
	assert_output --partial "nfs-server.target did not come back after the restart"
	assert_equal "$(calls)" "systemctl is-active --quiet nfs-server.target
systemctl restart nfs-mountd.service
systemctl show --property=Job --value nfs-server.target
systemctl is-active --quiet nfs-server.target"
}

@test "a failed component restart starts no target and keeps systemctl's exit code" {
	fault systemctl "active nfs-server.target" "exit 1"
	run ctl_systemd restart mountd
	assert_equal "$status" 1
	assert_equal "$(calls)" "systemctl is-active --quiet nfs-server.target
systemctl restart nfs-mountd.service"
}

@test "from inside one of nfs-ctl's own units an action is refused without calling systemctl" {
	mkdir -p "$ROOT/proc/self"
	echo "0::/system.slice/nfs.service" >"$ROOT/proc/self/cgroup"
	INVOCATION_ID=0123456789abcdef run ctl_systemd start server
	assert_failure 1
	assert_output --partial "called from inside nfs.service"
	echo "0::/system.slice/rpc-statd.service" >"$ROOT/proc/self/cgroup"
	INVOCATION_ID=0123456789abcdef run ctl_systemd stop server
	assert_failure 1
	assert_equal "$(calls)" ""
}

@test "from inside any other unit (a test runner, an agent) an action goes to systemd" {
	mkdir -p "$ROOT/proc/self"
	echo "0::/system.slice/lab-runner.service" >"$ROOT/proc/self/cgroup"
	INVOCATION_ID=0123456789abcdef run ctl_systemd start server
	assert_success
	assert_equal "$(calls)" "systemctl start nfs-server.target"
}

@test "exec mountd replaces nfs-ctl by the daemon and never calls systemctl" {
	"$NFS_CTL" --root "$ROOT" --init=systemd exec mountd &
	pid=$!
	wait "$pid"
	# the stub's parent process is nfs-ctl itself (same pid): exec, not fork
	run awk '$4 == "rpc.mountd" { print $2, $5 }' "$ROOT/var/log/stub-calls.log"
	assert_output "$pid "
	assert_equal "$(calls)" "rpc.mountd"
	assert_equal "$(count_procs rpc.mountd)" 1
	run calls
	refute_output --partial systemctl
}

@test "exec statd runs rpc.statd --no-notify" {
	run ctl_systemd exec statd
	assert_success
	assert_equal "$(calls)" "rpc.statd --no-notify"
}

@test "exec of a daemon that is not installed exits 5" {
	uninstall_stub rpc.mountd
	run ctl_systemd exec mountd
	assert_equal "$status" 5
	assert_output --partial "not installed"
}

@test "exec --stop exports: exportfs -au, then exportfs -f" {
	run ctl_systemd exec --stop exports
	assert_success
	assert_equal "$(calls)" "exportfs -au
exportfs -f"
}

@test "exec --reload exports runs the graph's reload command (ExecReload=)" {
	run ctl_systemd exec --reload exports
	assert_success
	assert_equal "$(calls)" "exportfs -r"
}

@test "exec --reload of a component without a reload command is a usage error" {
	run ctl_systemd exec --reload mountd
	assert_equal "$status" 2
	assert_output --partial "mountd has no reload command"
	assert_equal "$(calls)" ""
}

@test "exec of rpcbind or an unknown component is a usage error" {
	run ctl_systemd exec rpcbind
	assert_equal "$status" 2
	run ctl_systemd exec nonsense
	assert_equal "$status" 2
	assert_equal "$(calls)" ""
}

@test "a failing systemctl's exit code is the action's" {
	fault systemctl "exit 1"
	run ctl_systemd start server
	assert_equal "$status" 1
}
