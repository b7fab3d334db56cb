#!/usr/bin/env bats
# Which optional components the configuration wants (policy), with the
# FILE:LINE that decided it.

load helpers
bats_require_minimum_version 1.5.0

setup() { make_config_sandbox; }
teardown() { destroy_sandbox; }

# wants TARGET COMPONENT: prints "yes" or "no" and the reason
wants() {
	"$NFS_CTL" --root "$ROOT" "${OPTS[@]}" config --wants "$1" 2>/dev/null |
		awk -v c="$2" '$1 == c { sub(/^[^ ]+ +/, ""); print }'
}

OPTS=(--distro=none)

@test "NFSv3 enabled by default: statd and sm-notify wanted for the server" {
	run wants server statd
	assert_output yes
	run wants server sm-notify
	assert_output yes
}

@test "nfs.conf vers3=n: no statd, no sm-notify for the server; the client keeps them" {
	put etc/nfs.conf '[nfsd]\n\nvers3 = n\n'
	run wants server statd
	assert_output "no	NFSv2/v3 disabled in $ROOT/etc/nfs.conf:3"
	run wants server sm-notify
	assert_output --partial no
	run wants client sm-notify
	assert_output yes
}

@test "nfs.conf vers3=n but vers2=y: not NFSv4-only" {
	put etc/nfs.conf '[nfsd]\nvers3 = n\nvers2 = y\n'
	run wants server statd
	assert_output yes
}

@test "openSUSE NFS3_SERVER_SUPPORT=no makes the server NFSv4-only" {
	OPTS=(--distro=suse)
	put etc/sysconfig/nfs 'NFS3_SERVER_SUPPORT="no"\n'
	run wants server statd
	assert_output "no	NFSv2/v3 disabled in $ROOT/etc/sysconfig/nfs:1"
}

@test "Debian RPCNFSDOPTS with -N 3 / --no-nfs-version 3 / -N3 / --no-nfs-version=3" {
	OPTS=(--distro=debian)
	for opts in "-N 3" "--no-nfs-version 3" "-N3" "--no-nfs-version=3 -N 2"; do
		put etc/default/nfs-kernel-server "RPCNFSDOPTS=\"$opts\"\n"
		run wants server statd
		assert_output "no	NFSv2/v3 disabled in $ROOT/etc/default/nfs-kernel-server:1"
	done
	put etc/default/nfs-kernel-server 'RPCNFSDOPTS="-N 3 -V 3"\n'
	run wants server statd
	assert_output yes
}

@test "--set nfsd.vers3=n beats a distribution file that enables it" {
	OPTS=(--distro=suse --set nfsd.vers3=n)
	put etc/sysconfig/nfs 'NFS3_SERVER_SUPPORT="yes"\n'
	run wants server statd
	assert_output "no	NFSv2/v3 disabled in --set"
}

@test "plan start server: NFSv4-only has no statd and no sm-notify" {
	put etc/nfs.conf '[nfsd]\nvers3 = n\n'
	run "$NFS_CTL" --root "$ROOT" --distro=none plan start server
	assert_success
	refute_line --regexp 'start +statd'
	refute_line --regexp '(start|run) +sm-notify'
}

@test "Debian NEED_STATD=no: no statd anywhere" {
	OPTS=(--distro=debian)
	put etc/default/nfs-common 'NEED_STATD=no\n'
	run wants client statd
	assert_output "no	statd disabled in $ROOT/etc/default/nfs-common:1"
	run wants server statd
	assert_output --partial no
}

@test "idmapd: wanted by default, NEED_IDMAPD=no or NFSv4 disabled turn it off" {
	run wants server idmapd
	assert_output yes
	put etc/nfs.conf '[nfsd]\nvers4 = n\n'
	run wants server idmapd
	assert_output "no	NFSv4 disabled in $ROOT/etc/nfs.conf:2"
	rm "$ROOT/etc/nfs.conf"
	OPTS=(--distro=debian)
	put etc/default/nfs-common 'NEED_IDMAPD=no\n'
	run wants client idmapd
	assert_output --partial "no	idmapd disabled in"
}

@test "gssd follows the keytab, NEED_GSSD and the secure target" {
	run wants client gssd
	assert_output "no	no keytab $ROOT/etc/krb5.keytab"
	run wants secure gssd
	assert_output "yes	secure target"
	put etc/krb5.keytab 'x'
	run wants client gssd
	assert_output "yes	keytab $ROOT/etc/krb5.keytab present"
	run wants server gssd
	assert_output --partial yes
	OPTS=(--distro=debian)
	put etc/default/nfs-common 'NEED_GSSD=no\n'
	run wants client gssd
	assert_output --partial "no	gssd disabled in"
}

@test "gssd: [gssd] keytab-file names the keytab to look for" {
	put etc/nfs.conf '[gssd]\nkeytab-file = /etc/nfs.keytab\n'
	put etc/nfs.keytab 'x'
	run wants client gssd
	assert_output "yes	keytab $ROOT/etc/nfs.keytab present ($ROOT/etc/nfs.conf:2)"
}

@test "svcgssd: only with NEED_SVCGSSD=yes, only for the server, never with gssproxy" {
	run wants server svcgssd
	assert_output "no	not enabled"
	OPTS=(--distro=debian)
	put etc/default/nfs-kernel-server 'NEED_SVCGSSD=yes\n'
	run wants server svcgssd
	assert_output --partial yes
	run wants client svcgssd
	assert_output "no	server only"
	OPTS=(--distro=debian --set gssd.use-gss-proxy=1)
	run wants server svcgssd
	assert_output --partial "no	gssproxy serves the server side"
}

@test "blkmapd: only when enabled or for the blkmap target" {
	run wants client blkmapd
	assert_output "no	not enabled"
	run wants blkmap blkmapd
	assert_output "yes	blkmap target"
	OPTS=(--distro=none --set nfs-ctl.need-blkmapd=yes)
	run wants client blkmapd
	assert_output --partial yes
	put etc/nfs.conf '[nfs-ctl]\nneed-blkmapd = y\n'
	OPTS=(--distro=none)
	run wants client blkmapd
	assert_output "yes	blkmapd enabled in $ROOT/etc/nfs.conf:2"
}

@test "nfsdcld: only for the server, only when installed" {
	run wants server nfsdcld
	assert_output "no	nfsdcld not installed"
	mkdir -p "$ROOT/usr/sbin"
	printf '#!/bin/sh\n' > "$ROOT/usr/sbin/nfsdcld"
	chmod +x "$ROOT/usr/sbin/nfsdcld"
	run wants server nfsdcld
	assert_output yes
	run wants client nfsdcld
	assert_output "no	NFSv4 server only"
}

@test "idmapd for an NFSv4 client: NEED_IDMAPD=yes, or (unset) an NFSv4 mount in fstab, as Debian's nfs-common" {
	run wants client idmapd
	assert_output "no	no NFSv4 mount in /etc/fstab (NEED_IDMAPD unset)"
	put etc/fstab '# local\n/dev/sda1 / ext4 defaults 0 1\nsrv:/data /data nfs4 defaults 0 0\n'
	run wants client idmapd
	assert_output "yes	NFSv4 mount in $ROOT/etc/fstab:3"
	put etc/fstab 'srv:/data /data nfs rw,vers=4.2 0 0\n'
	run wants client idmapd
	assert_output "yes	NFSv4 mount in $ROOT/etc/fstab:1"
	rm "$ROOT/etc/fstab"
	OPTS=(--distro=debian)
	put etc/default/nfs-common 'NEED_IDMAPD=yes\n'
	run wants client idmapd
	assert_output --partial "yes	idmapd enabled in $ROOT/etc/default/nfs-common:1"
}

@test "config --wants of a word that is no target exits 2 and names the targets" {
	run -2 "$NFS_CTL" --root "$ROOT" "${OPTS[@]}" config --wants sever
	assert_output --partial "config --wants: unknown target 'sever' (targets: server client secure blkmap)"
	run -2 "$NFS_CTL" --root "$ROOT" "${OPTS[@]}" config --wants statd
	assert_output --partial "unknown target 'statd'"
}
