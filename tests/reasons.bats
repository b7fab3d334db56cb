#!/usr/bin/env bats
# Skip reasons as values (issue 30): each component the configuration
# leaves out says what decided it and where (the setting's file:line), the
# same in `plan`, `plan --format`, `config --wants` and doctor's JSON,
# whatever else was decided in the same run.  One test per gate rule of
# shim/policy.c.

load helpers

setup() {
	make_sandbox
	OPTS=(--distro=none)
}

teardown() {
	destroy_sandbox
}

# assert_plan_reason TARGET COMPONENT SENTENCE: `plan start TARGET`, with
# and without --format=text, and `config --wants TARGET` leave COMPONENT
# out saying SENTENCE.
assert_plan_reason() {
	local skip
	skip=$(printf ' -  skip   %-9s  (%s)' "$2" "$3")
	run ctl "${OPTS[@]}" plan start "$1"
	assert_success
	assert_line "$skip"
	run ctl "${OPTS[@]}" plan start "$1" --format=text
	assert_success
	assert_line "$skip"
	run ctl "${OPTS[@]}" config --wants "$1"
	assert_success
	assert_line "$(printf '%-10s no\t%s' "$2" "$3")"
}

# assert_doctor_reason TARGET COMPONENT TEXT [ORIGIN]: doctor's JSON
# finding for COMPONENT skipped (not running): TEXT, and ORIGIN in its own
# key (null when none).
assert_doctor_reason() {
	local origin=null
	[ -z "${4:-}" ] || origin="\"$4\""
	# the exit code is the wanted daemons' (none runs here)
	run ctl "${OPTS[@]}" doctor --format=json "$1"
	assert_line "{\"level\":\"OK\",\"component\":\"$2\",\"check\":\"running\",\"expected\":\"not running (skipped: $3)\",\"seen\":\"not running\",\"origin\":$origin,\"fix\":null}"
}

# assert_reason TARGET COMPONENT TEXT [ORIGIN]: both, the plan's sentence
# being "TEXT in ORIGIN" (or TEXT alone).
assert_reason() {
	assert_plan_reason "$1" "$2" "$3${4:+ in $4}"
	assert_doctor_reason "$@"
}

@test "several need-* keys at once: each skipped component names its own key and line" {
	put etc/nfs.conf '# what nfs-ctl should leave out\n[nfsd]\n[nfs-ctl]\nneed-statd = no\nneed-idmapd = no\nneed-gssd = no\nneed-svcgssd = no\n'
	conf=$ROOT/etc/nfs.conf
	assert_reason server statd "statd disabled" "$conf:4"
	assert_reason server idmapd "idmapd disabled" "$conf:5"
	assert_reason server gssd "gssd disabled" "$conf:6"
	assert_reason server svcgssd "svcgssd disabled" "$conf:7"
	assert_plan_reason server sm-notify "statd disabled in $conf:4"
	assert_plan_reason server rpcgss "no GSS daemon (gssd disabled in $conf:6; svcgssd disabled in $conf:7)"
	# dot has no reasons: the same members are drawn as left out
	run ctl "${OPTS[@]}" plan start server --format=dot
	assert_success
	for c in statd idmapd gssd svcgssd sm-notify rpcgss; do
		assert_line --regexp "^\s+\"$c\" \[label=\".*\", style=dashed, color=grey\];\$"
	done
}

@test "gate locking (statd, sm-notify): need-statd, or an NFSv4-only server, with where" {
	put etc/nfs.conf '[nfsd]\n\nvers3 = n\n'
	assert_reason server statd "NFSv2/v3 disabled" "$ROOT/etc/nfs.conf:3"
	assert_plan_reason server sm-notify "NFSv2/v3 disabled in $ROOT/etc/nfs.conf:3"
	OPTS=(--distro=none --set nfsd.vers3=n)
	assert_reason server statd "NFSv2/v3 disabled" "--set"
	OPTS=(--distro=debian)
	rm "$ROOT/etc/nfs.conf"
	put etc/default/nfs-common '# Debian\nNEED_STATD=no\n'
	assert_reason server statd "statd disabled" "$ROOT/etc/default/nfs-common:2"
}

@test "gate idmap (idmapd): NFSv4 disabled for the server, no NFSv4 mount for the client, NEED_IDMAPD" {
	put etc/nfs.conf '[nfsd]\nvers4 = n\n'
	assert_reason server idmapd "NFSv4 disabled" "$ROOT/etc/nfs.conf:2"
	# detected, not set: no origin
	assert_reason client idmapd "no NFSv4 mount in /etc/fstab (NEED_IDMAPD unset)"
	OPTS=(--distro=debian)
	put etc/default/nfs-common 'NEED_IDMAPD=no\n'
	assert_reason client idmapd "idmapd disabled" "$ROOT/etc/default/nfs-common:1"
}

@test "gate cltrack (nfsdcld): NFSv4 disabled, or not installed" {
	put etc/nfs.conf '[nfsd]\nvers4 = n\n'
	assert_reason server nfsdcld "NFSv4 disabled" "$ROOT/etc/nfs.conf:2"
	rm "$ROOT/etc/nfs.conf"
	uninstall_stub nfsdcld
	assert_plan_reason server nfsdcld "nfsdcld not installed"
	# a program that is not there is not checked by doctor
	run ctl "${OPTS[@]}" doctor --format=json server
	refute_line --partial '"component":"nfsdcld"'
}

@test "gate gss-client (gssd): need-gssd with where, the keytab without" {
	assert_reason client gssd "no keytab $ROOT/etc/krb5.keytab"
	put etc/nfs.conf '[nfs-ctl]\nneed-gssd = no\n'
	put etc/krb5.keytab 'x'
	assert_reason client gssd "gssd disabled" "$ROOT/etc/nfs.conf:2"
}

@test "gate gss-client (gssd): a missing keytab named by [gssd] keytab-file has that setting as its origin" {
	# found by fuzz_plan: the keytab the machine has, but the setting
	# names another; the plan said only "no keytab", not where it was set
	put etc/krb5.keytab 'x'
	put etc/nfs.conf '[gssd]\n\nkeytab-file = /etc/nfs.keytab\n'
	assert_plan_reason client gssd "no keytab $ROOT/etc/nfs.keytab ($ROOT/etc/nfs.conf:3)"
	assert_doctor_reason client gssd "no keytab $ROOT/etc/nfs.keytab" "$ROOT/etc/nfs.conf:3"
	# the built-in path is no setting: no origin
	rm "$ROOT/etc/nfs.conf" "$ROOT/etc/krb5.keytab"
	assert_reason client gssd "no keytab $ROOT/etc/krb5.keytab"
}

@test "gate gss-server (svcgssd): gssproxy's setting is the origin; not enabled has none" {
	assert_reason server svcgssd "not enabled"
	put etc/nfs.conf '[gssd]\nuse-gss-proxy = 1\n'
	# the plan puts the place in parentheses: "in" would say where gssproxy serves
	assert_plan_reason server svcgssd "gssproxy serves the server side ($ROOT/etc/nfs.conf:2)"
	assert_doctor_reason server svcgssd "gssproxy serves the server side" "$ROOT/etc/nfs.conf:2"
}

@test "gate blkmap (blkmapd): need-blkmapd with where, not enabled without" {
	assert_reason client blkmapd "not enabled"
	put etc/nfs.conf '[nfs-ctl]\n\nneed-blkmapd = off\n'
	assert_reason client blkmapd "blkmapd disabled" "$ROOT/etc/nfs.conf:3"
}

@test "gate rpcgss (the module): both GSS daemons' reasons in its text; a container" {
	put etc/nfs.conf '[nfs-ctl]\nneed-gssd = no\nneed-svcgssd = no\n'
	assert_plan_reason server rpcgss \
		"no GSS daemon (gssd disabled in $ROOT/etc/nfs.conf:2; svcgssd disabled in $ROOT/etc/nfs.conf:3)"
	put etc/nfs.conf '[nfs-ctl]\nneed-gssd = yes\n'
	put run/systemd/container 'lxc'
	assert_plan_reason server rpcgss "in a container: no kernel modules to load"
}

@test "stop server under systemd: each shared daemon kept says its own mount" {
	require_root
	add_nfs_mount nfs /mnt/v3 "rw,vers=3"
	add_nfs_mount nfs4 /mnt/k "rw,vers=4.2,sec=krb5p"
	run ctl_systemd -v stop server
	assert_success
	assert_line --partial "statd: kept running: the NFSv2/v3 mount on /mnt/v3 uses locking"
	assert_line --partial "gssd: kept running: the Kerberos mount on /mnt/k needs it"
	assert_line --partial "idmapd: kept running: the NFSv4 mount on /mnt/k maps ids"
}
