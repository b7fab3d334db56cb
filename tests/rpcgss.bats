#!/usr/bin/env bats
# Issue 10, Kerberos as upstream has it: the auth_rpcgss module is loaded
# before the GSS daemons (a graph row, auth-rpcgss-module.service), never
# in a container; and under systemd whether gssd starts is decided by the
# keytab at each start (ConditionPathExists= from the generator), not
# once at boot.

load helpers

setup() {
	make_sandbox
	start_rpcbind
	GEN=$BATS_TEST_TMPDIR/gen
	mkdir -p "$GEN"
}

teardown() {
	destroy_sandbox
}

generator() {
	run "$NFS_CTL" --root "$ROOT" generator "$GEN" "$GEN/early" "$GEN/late"
	assert_success
}

@test "sysv: with a keytab, modprobe -q auth_rpcgss runs before rpc.gssd; without, neither runs" {
	run ctl start client
	assert_success
	assert_equal "$(calls_of modprobe)" ""
	assert_equal "$(count_procs rpc.gssd)" 0
	run ctl stop client
	touch "$ROOT/etc/krb5.keytab"
	clear_calls
	run ctl start client
	assert_success
	assert_equal "$(calls_of modprobe)" "modprobe -q auth_rpcgss"
	assert_before "modprobe -q auth_rpcgss" "rpc.gssd"
	assert_equal "$(count_procs rpc.gssd)" 1
}

@test "sysv: a failing or missing modprobe fails nothing (the module may be built in)" {
	touch "$ROOT/etc/krb5.keytab"
	fault modprobe 'fail 1 modprobe: FATAL: Module auth_rpcgss not found'
	run ctl start client
	assert_success
	assert_equal "$(count_procs rpc.gssd)" 1
	run ctl stop client
	uninstall_stub modprobe
	run ctl start client
	assert_success
	assert_equal "$(count_procs rpc.gssd)" 1
}

@test "sysv: in a container the module is not loaded; gssd still runs" {
	touch "$ROOT/etc/krb5.keytab"
	mkdir -p "$ROOT/run/systemd"
	echo lxc >"$ROOT/run/systemd/container"
	run ctl -v plan start client
	assert_output --partial "in a container"
	run ctl start client
	assert_success
	assert_equal "$(calls_of modprobe)" ""
	assert_equal "$(count_procs rpc.gssd)" 1
}

@test "generator: gssd and the module are wanted; the keytab decides at each start (ConditionPathExists)" {
	generator
	for t in nfs-server.target nfs-client.target; do
		[ -L "$GEN/$t.wants/rpc-gssd.service" ] || fail "$t does not want rpc-gssd.service"
		[ -L "$GEN/$t.wants/auth-rpcgss-module.service" ] || fail "$t does not want auth-rpcgss-module.service"
	done
	for u in rpc-gssd.service auth-rpcgss-module.service; do
		run grep -v '^#' "$GEN/$u.d/nfs-ctl-start-condition.conf"
		assert_output "$(printf '%s\n' '[Unit]' 'ConditionPathExists=/etc/krb5.keytab')"
	done
	# the configured keytab, as systemd sees the file system (not --root)
	printf '[gssd]\nkeytab-file = /etc/krb5.nfs.keytab\n' >"$ROOT/etc/nfs.conf"
	rm -rf "$GEN" && mkdir -p "$GEN"
	generator
	grep -qx 'ConditionPathExists=/etc/krb5.nfs.keytab' "$GEN/rpc-gssd.service.d/nfs-ctl-start-condition.conf"
}

@test "generator: when the configuration decides (need-gssd, svcgssd), no start condition" {
	printf '[nfs-ctl]\nneed-gssd = n\n' >"$ROOT/etc/nfs.conf"
	touch "$ROOT/etc/krb5.keytab"
	generator
	[ ! -e "$GEN/nfs-client.target.wants/rpc-gssd.service" ]
	[ ! -e "$GEN/nfs-client.target.wants/auth-rpcgss-module.service" ]
	[ ! -e "$GEN/rpc-gssd.service.d" ]
	printf '[nfs-ctl]\nneed-gssd = y\nneed-svcgssd = y\n' >"$ROOT/etc/nfs.conf"
	rm -f "$ROOT/etc/krb5.keytab"
	rm -rf "$GEN" && mkdir -p "$GEN"
	generator
	[ -L "$GEN/nfs-client.target.wants/rpc-gssd.service" ]
	[ -L "$GEN/nfs-server.target.wants/rpc-svcgssd.service" ]
	[ -L "$GEN/nfs-server.target.wants/auth-rpcgss-module.service" ]
	[ ! -e "$GEN/rpc-gssd.service.d" ]
	[ ! -e "$GEN/auth-rpcgss-module.service.d" ]
}

@test "units: auth-rpcgss-module.service loads the module before the GSS daemons, never in a container" {
	local out=$BATS_TEST_TMPDIR/units
	mkdir -p "$out"
	run "$NFS_CTL" units --output "$out"
	assert_success
	run grep -E '^(Exec[A-Za-z]*|Condition[A-Za-z]*)=' "$out/auth-rpcgss-module.service.in"
	assert_output "$(printf '%s\n' 'ConditionVirtualization=!container' 'ExecStart=-@NFS_CTL@ exec rpcgss')"
	grep -q '^After=.*auth-rpcgss-module.service' "$out/rpc-gssd.service.in"
	grep -q '^After=.*auth-rpcgss-module.service' "$out/rpc-svcgssd.service.in"
}
