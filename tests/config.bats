#!/usr/bin/env bats
# Configuration readers, table-driven: for each format a fixture that looks
# like the real shipped files, and the exact argv expected for every daemon.

load helpers
bats_require_minimum_version 1.5.0

setup() { make_config_sandbox; }
teardown() { destroy_sandbox; }

# check_fixture NAME: every component's argv and every expected value
check_fixture() {
	local name=$1 distro c expected components
	distro=$(cat "$FIXTURES/$name/distro")
	fixture "$name"
	local opt=(--distro="$distro")
	[ "$distro" = detect ] && opt=()
	run nfsctl "${opt[@]}" config --check
	assert_success
	components=$(argv_components)
	[ "$(wc -w <<<"$components")" -ge 10 ]
	for c in "$FIXTURES/$name"/expected/*; do
		c=${c##*/}
		[ "$c" = get ] || grep -qx "$c" <<<"$components" || fail "expected/$c: not a component with an argv"
	done
	for c in $components; do
		expected=""
		[ -f "$FIXTURES/$name/expected/$c" ] && expected=$(cat "$FIXTURES/$name/expected/$c")
		run nfsctl "${opt[@]}" config --argv "$c"
		assert_success
		assert_output "$expected"
	done
	while read -r key value; do
		run nfsctl "${opt[@]}" config --get "$key"
		assert_success
		assert_output "$value"
	done < "$FIXTURES/$name/expected/get"
}

@test "debian: /etc/default/nfs-common and nfs-kernel-server give the expected argv" {
	check_fixture debian
}

@test "redhat: /etc/sysconfig/nfs (Fedora variables) gives the expected argv" {
	check_fixture redhat
}

@test "suse: /etc/sysconfig/nfs (openSUSE variables) detected from os-release, expected argv" {
	check_fixture suse
	run nfsctl config
	assert_line --partial "# distribution files: suse"
}

@test "nfs.conf: includes, conf.d order, /usr/etc, [environment]; values decide but make no argv" {
	check_fixture nfsconf
}

@test "nfs.conf: conf.d skips dot files and names not ending in .conf" {
	fixture nfsconf
	run nfsctl --distro=none config
	refute_output --partial 999
	refute_output --partial 998
}

@test "config dump shows origin and file:line for every value" {
	fixture debian
	run nfsctl --distro=debian config
	assert_success
	assert_line "nfsd.threads = 8	# distribution $ROOT/etc/default/nfs-kernel-server:4"
	assert_line "general.pipefs-directory = /var/lib/nfs/rpc_pipefs	# default"
}

@test "distribution detection: debian by its default files, redhat without a SUSE os-release" {
	put etc/default/nfs-common 'STATDOPTS="-p 1"\n'
	run nfsctl config
	assert_line "# distribution files: debian"
	rm -r "$ROOT/etc/default"
	put etc/sysconfig/nfs 'RPCNFSDCOUNT=3\n'
	run nfsctl config
	assert_line "# distribution files: redhat"
	run nfsctl config --argv nfsd
	assert_output 3
	run nfsctl --distro=none config --argv nfsd
	assert_output ""
}

@test "MOUNTD_PORT=20048 gives rpc.mountd -p 20048; without it no -p" {
	put etc/os-release 'ID=opensuse-tumbleweed\n'
	put etc/sysconfig/nfs 'MOUNTD_PORT=20048\n'
	run nfsctl config --argv mountd
	assert_output "$(printf -- '-p\n20048')"
	put etc/sysconfig/nfs 'MOUNTD_PORT=""\n'
	run nfsctl config --argv mountd
	assert_output ""
}

@test "plan start server: MOUNTD_PORT=20048 puts -p 20048 on rpc.mountd, none without" {
	put etc/os-release 'ID=opensuse-leap\n'
	put etc/sysconfig/nfs 'MOUNTD_PORT=20048\n'
	run nfsctl plan start server
	assert_success
	assert_line --regexp 'rpc\.mountd.* -p 20048'
	put etc/sysconfig/nfs '# no port\n'
	run nfsctl plan start server
	assert_success
	assert_line --partial 'rpc.mountd'
	refute_line --regexp 'rpc\.mountd.* -p '
}

@test "config --get: SECTION.KEY, keys with dots, unset keys exit 1" {
	put etc/nfs.conf '[nfsd]\nvers4.1 = n\n'
	run nfsctl --distro=none config --get nfsd.vers4.1
	assert_success
	assert_output n
	run nfsctl --distro=none config --get NFSD.VERS4.1
	assert_output n
	run nfsctl --distro=none config --get nfsd.nosuchkey
	assert_failure 1
	run nfsctl --distro=none config --get nodot
	assert_failure 2
}

@test "config --argv rejects unknown components; usage errors exit 2" {
	run nfsctl --distro=none config --argv nosuchd
	assert_failure 2
	run nfsctl --distro=none config --bogus
	assert_failure 2
}

@test "distribution booleans: the words nfs.conf knows (f, On, 1...); anything else is a warning naming FILE:LINE" {
	put etc/sysconfig/nfs 'NFS3_SERVER_SUPPORT="f"\nNFS4_SUPPORT="On"\nNFS_SERVER_UDP="1"\n'
	for kv in vers3=n vers4=y udp=y; do
		run --separate-stderr nfsctl --distro=suse config --get "nfsd.${kv%=*}"
		assert_success
		assert_output "${kv#*=}"
		[ -z "$stderr" ]
	done
	put etc/sysconfig/nfs '# NFSv3\nNFS3_SERVER_SUPPORT="maybe"\n'
	run --separate-stderr nfsctl --distro=suse config --get nfsd.vers3
	assert_output y
	[[ "$stderr" == *"$ROOT/etc/sysconfig/nfs:2: NFS3_SERVER_SUPPORT: expected yes or no, not 'maybe'; ignored"* ]]
}
