#!/usr/bin/env bats
# `nfs-ctl env`: the compatibility environment file for units that say
# ExecStart=/usr/sbin/rpc.mountd $RPCMOUNTDARGS.

load helpers
bats_require_minimum_version 1.5.0

setup() { make_config_sandbox; }
teardown() { destroy_sandbox; }

ENVFILE=run/sysconfig/nfs-utils

# sh_reads FILE NAME: what a POSIX shell reads back for NAME.  Inside
# double quotes sh and systemd's EnvironmentFile= parser agree: backslash
# escapes exactly " \ ` $ and nothing is expanded.  (A real systemd check:
# tests/fixtures/config/check-env-with-systemd.sh, for the lab VMs.)
sh_reads() {
	sh -c 'set -a; . "$1"; eval "printf %s \"\${$2}\""' sh "$1" "$2"
}

# argv_line COMPONENT: config --argv joined with single spaces
argv_line() {
	"$NFS_CTL" --root "$ROOT" "${OPTS[@]}" config --argv "$1" 2>/dev/null | paste -sd ' '
}

OPTS=(--distro=debian)

@test "env writes /run/sysconfig/nfs-utils under --root with every variable, mode 0644" {
	fixture debian
	(umask 077 && "$NFS_CTL" --root "$ROOT" --distro=debian env)
	[ -f "$ROOT/$ENVFILE" ]
	[ "$(stat -c %a "$ROOT/$ENVFILE")" = 644 ]
	for v in RPCNFSDARGS RPCMOUNTDARGS STATDARGS SMNOTIFYARGS RPCIDMAPDARGS \
		GSSDARGS SVCGSSDARGS RPCSVCGSSDARGS BLKMAPDARGS PIPEFS_MOUNTPOINT; do
		grep -q "^$v=\"" "$ROOT/$ENVFILE"
	done
	run sh_reads "$ROOT/$ENVFILE" RPCNFSDARGS
	assert_output 8
	run sh_reads "$ROOT/$ENVFILE" STATDARGS
	assert_output "--port 32765 --outgoing-port 32766"
	# no temporary file left behind
	run ls -A "$ROOT/run/sysconfig"
	assert_output nfs-utils
}

@test "env: every variable reads back as exactly the config --argv words" {
	fixture redhat
	OPTS=(--distro=redhat)
	"$NFS_CTL" --root "$ROOT" --distro=redhat env
	for pair in RPCNFSDARGS:nfsd RPCMOUNTDARGS:mountd STATDARGS:statd GSSDARGS:gssd; do
		run sh_reads "$ROOT/$ENVFILE" "${pair%%:*}"
		assert_output "$(argv_line "${pair#*:}")"
	done
}

@test "env quoting: \$ \" \\ and backticks survive the round trip literally" {
	put etc/default/nfs-common "STATDOPTS='-n a\$b \"q\" back\\\\slash \`tick\` \$(x)'\n"
	"$NFS_CTL" --root "$ROOT" --distro=debian env --output "$ROOT/out.env"
	run sh_reads "$ROOT/out.env" STATDARGS
	assert_output "-n a\$b \"q\" back\\slash \`tick\` \$(x)"
	assert_output "$(argv_line statd)"
	grep -qF 'STATDARGS="-n a\$b \"q\" back\\slash \`tick\` \$(x)"' "$ROOT/out.env"
}

@test "env refuses an argument that \$VAR word splitting would break" {
	run "$NFS_CTL" --root "$ROOT" --distro=none --set "statd.name=two words" env --output "$ROOT/out.env"
	assert_failure 1
	assert_output --partial "argument 'two words' cannot be passed through \$STATDARGS"
	[ ! -e "$ROOT/out.env" ]
}

@test "env replaces a symlink at the destination instead of writing through it" {
	mkdir -p "$ROOT/run/sysconfig"
	echo precious > "$ROOT/victim"
	ln -s "$ROOT/victim" "$ROOT/$ENVFILE"
	"$NFS_CTL" --root "$ROOT" --distro=none env
	[ "$(cat "$ROOT/victim")" = precious ]
	[ ! -L "$ROOT/$ENVFILE" ]
	grep -q '^RPCMOUNTDARGS=""$' "$ROOT/$ENVFILE"
}

@test "env --output - writes to standard output; bad usage exits 2" {
	run "$NFS_CTL" --root "$ROOT" --distro=none --set mountd.port=20048 env --output -
	assert_success
	assert_line 'RPCMOUNTDARGS="-p 20048"'
	run "$NFS_CTL" --root "$ROOT" --distro=none env --bogus
	assert_failure 2
}

@test "env: an unwritable destination is a clear error" {
	mkdir -p "$ROOT/ro"
	touch "$ROOT/ro/file-not-dir"
	run "$NFS_CTL" --root "$ROOT" --distro=none env --output "$ROOT/ro/file-not-dir/nfs-utils"
	assert_failure 1
	assert_output --partial "cannot create a temporary file in $ROOT/ro/file-not-dir"
}

@test "env quoting: every printable ASCII character in one argument reads back exactly" {
	local word
	word=$(printf '%b' "$(printf '\\%03o' $(seq 33 126))")
	[ "${#word}" -eq 94 ]
	"$NFS_CTL" --root "$ROOT" --distro=none --set "statd.name=$word" env --output "$ROOT/out.env"
	run sh_reads "$ROOT/out.env" STATDARGS
	assert_output "-n $word"
	# one line per variable: nothing in the value may start a new line
	[ "$(grep -c '^STATDARGS=' "$ROOT/out.env")" -eq 1 ]
	[ "$(wc -l < "$ROOT/out.env")" -eq 11 ]
}

@test "env refuses control characters (a newline would change the file's structure)" {
	run "$NFS_CTL" --root "$ROOT" --distro=none --set "$(printf 'statd.name=a\nB=1')" env --output -
	assert_failure 1
	run "$NFS_CTL" --root "$ROOT" --distro=none --set "$(printf 'statd.name=a\tb')" env --output -
	assert_failure 1
}
