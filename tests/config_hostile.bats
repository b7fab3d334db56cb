#!/usr/bin/env bats
# Hostile and malformed configuration: a clear error (with FILE:LINE) or a
# literal value; never execution, a hang or a crash.

load helpers
bats_require_minimum_version 1.5.0

setup() { make_config_sandbox; }
teardown() { destroy_sandbox; }

# Every run is bounded: a hang fails the test instead of the whole suite.
nfsctl_t() {
	timeout 20 "$NFS_CTL" --root "$ROOT" "$@"
}

# The same, for values: diagnostics (on stderr) are checked elsewhere.
value() {
	timeout 20 "$NFS_CTL" --root "$ROOT" "$@" 2>/dev/null
}

@test "shell file: \$(...) is reported, not run, and the value is not used" {
	put etc/default/nfs-common "STATDOPTS=\"\$(touch $ROOT/pwned)\"\nNEED_STATD=yes\n"
	run nfsctl_t --distro=debian config --check
	assert_failure 1
	assert_output --partial "$ROOT/etc/default/nfs-common:1: command substitution \$(...) is not supported"
	[ ! -e "$ROOT/pwned" ]
	run value --distro=debian config --argv statd
	assert_output ""
	run value --distro=debian config --get nfs-ctl.need-statd
	assert_output y
}

@test "shell file: backticks, \${...} and \$NAME are refused; single quotes keep them literal" {
	put etc/default/nfs-common "STATDOPTS=\`touch $ROOT/pwned\`\nRPCGSSDOPTS=\${HOME:-x}\nNEED_GSSD=\$NO\nRPCSVCGSSDOPTS='\$(touch $ROOT/pwned)'\n"
	run nfsctl_t --distro=debian config --check
	assert_failure 1
	assert_output --partial "nfs-common:1: command substitution \`...\`"
	assert_output --partial "nfs-common:2: parameter expansion \${...}"
	assert_output --partial "nfs-common:3: variable expansion \$NAME"
	[ ! -e "$ROOT/pwned" ]
	run value --distro=debian config --argv svcgssd
	assert_output "$(printf '%s\n%s' "\$(touch" "$ROOT/pwned)")"
	[ ! -e "$ROOT/pwned" ]
}

@test "shell file: commands and operators are errors, the file is never sourced" {
	put etc/sysconfig/nfs "touch $ROOT/pwned\nMOUNTD_PORT=1 ; rm -rf /\nRPCMOUNTDOPTS=-p|cat\nSTATD_PORT=662 && touch $ROOT/pwned\n"
	run nfsctl_t --distro=redhat config --check
	assert_failure 1
	assert_output --partial "nfs:1: not a variable assignment"
	assert_output --partial "nfs:2: not a variable assignment"
	assert_output --partial "nfs:3: shell operator '|'"
	assert_output --partial "nfs:4: not a variable assignment"
	[ ! -e "$ROOT/pwned" ]
}

@test "shell file: unbalanced quotes are an error at the opening line" {
	put etc/default/nfs-kernel-server 'RPCNFSDCOUNT=4\nRPCMOUNTDOPTS="--manage-gids\nRPCNFSDOPTS=-N2\n'
	run nfsctl_t --distro=debian config --check
	assert_failure 1
	assert_output --partial 'nfs-kernel-server:2: unbalanced " quote'
	run value --distro=debian config --argv nfsd
	assert_output 4
}

@test "shell file: quoting, escapes, export, comments and continuation" {
	put etc/default/nfs-kernel-server "export RPCMOUNTDOPTS='-p  892'\nRPCNFSDOPTS=\"-H \\\\\"h\\\\\" -\\\$x\" # comment\nRPCSVCGSSDOPTS=a\\\\ b\\\\\nc NEED_SVCGSSD=yes; RPCNFSDCOUNT=3\nexport NEED_STATD\n"
	run nfsctl_t --distro=debian config --check
	assert_success
	run value --distro=debian config --argv mountd
	assert_output "$(printf -- '-p\n892')"
	run value --distro=debian config --argv nfsd
	assert_output "$(printf -- '-H\n"h"\n-$x\n3')"
	run value --distro=debian config --get args.svcgssd
	assert_output "a bc"
	run value --distro=debian config --get nfs-ctl.need-svcgssd
	assert_output y
}

@test "shell file: a non-number where a number belongs is an error" {
	put etc/sysconfig/nfs 'MOUNTD_PORT="20048; rm -rf /"\nSTATD_PORT=-F\nRPCNFSDCOUNT=8\n'
	run nfsctl_t --distro=redhat config --check
	assert_failure 1
	assert_output --partial "nfs:1: MOUNTD_PORT: '20048; rm -rf /' is not a number"
	assert_output --partial "nfs:2: STATD_PORT: '-F' is not a number"
	run value --distro=redhat config --argv mountd
	assert_output ""
}

@test "nfs.conf: a \$(...) value is only a (missing) variable name, never run" {
	put etc/nfs.conf "[mountd]\nport = \$(touch $ROOT/pwned)\nthreads = \`touch $ROOT/pwned\`\n"
	run nfsctl_t --distro=none config --check
	assert_success
	assert_output --partial "nfs.conf:2: port: \$(touch"
	[ ! -e "$ROOT/pwned" ]
	run value --distro=none config --get mountd.port
	assert_failure 1
	run value --distro=none config --get mountd.threads
	assert_output "\`touch $ROOT/pwned\`"
	[ ! -e "$ROOT/pwned" ]
}

@test "nfs.conf: unbalanced quotes and malformed lines are errors with file:line" {
	put etc/nfs.conf '[nfsd]\nthreads = "16\nthis is not an assignment\n= 3\n[mountd\nport = 1\n[statd]\nport = 2\n'
	run nfsctl_t --distro=none config --check
	assert_failure 1
	assert_output --partial "nfs.conf:2: unmatched \""
	assert_output --partial "nfs.conf:3: neither a [section] nor a name = value line"
	assert_output --partial "nfs.conf:4: missing name before '='"
	assert_output --partial "nfs.conf:5: missing ']'"
	assert_output --partial "nfs.conf:6: assignment outside any valid section"
	run value --distro=none config --get statd.port
	assert_output 2
	run value --distro=none config --get nfsd.threads
	assert_output 8
}

@test "nfs.conf: unknown sections and keys warn but are not errors" {
	put etc/nfs.conf '[nfsd]\nthredas = 4\n[nosuch]\nx = 1\n'
	run nfsctl_t --distro=none config --check
	assert_success
	assert_output --partial "nfs.conf:2: unknown key 'thredas' in [nfsd]"
	assert_output --partial "nfs.conf:3: unknown section [nosuch]"
	put etc/default/nfs-common 'NEED_STATDD=no\n'
	run nfsctl_t --distro=debian config --check
	assert_success
	assert_output --partial "nfs-common:1: unknown variable NEED_STATDD"
}

@test "1 MB lines: a long value is kept literally, a long garbage line is an error" {
	local big
	big=$(head -c 1048576 /dev/zero | tr '\0' 'x')
	printf '[nfsd]\nhost = %s\n%s\n' "$big" "$big" > "$ROOT/etc/nfs.conf"
	printf 'RPCMOUNTDOPTS="%s"\n' "$big" > "$ROOT/etc/sysconfig-nfs"
	mkdir -p "$ROOT/etc/sysconfig" && mv "$ROOT/etc/sysconfig-nfs" "$ROOT/etc/sysconfig/nfs"
	run nfsctl_t --distro=redhat config --check
	assert_failure 1
	assert_output --partial "nfs.conf:3: neither a [section]"
	run value --distro=redhat config --get nfsd.host
	[ "${#output}" -eq 1048576 ]
	run value --distro=redhat config --argv mountd
	[ "${#output}" -eq 1048576 ]
}

@test "NUL bytes are errors with file:line, the rest stays usable" {
	put etc/nfs.conf '[nfsd]\nthreads = 1\0 6\nport = 2049\n'
	run nfsctl_t --distro=none config --check
	assert_failure 1
	assert_output --partial "nfs.conf:2: NUL byte"
	run value --distro=none config --get nfsd.port
	assert_output 2049
	put etc/default/nfs-common 'STATDOPTS=-p\n NEED_STATD=\0no\nNEED_GSSD=no\n'
	run nfsctl_t --distro=debian config --check
	assert_failure 1
	assert_output --partial "nfs-common:2: NUL byte"
	run value --distro=debian config --get args.statd
	assert_output -- -p
	run value --distro=debian config --get nfs-ctl.need-gssd
	assert_failure 1
}

@test "include loops (self, mutual) are errors, not hangs or stack overflows" {
	put etc/nfs.conf '[nfsd]\ninclude = /etc/a.conf\nthreads = 3\n'
	put etc/a.conf 'include = b.conf\nport = 1\n'
	put etc/b.conf 'include = a.conf\ninclude = /etc/nfs.conf\nhost = h\n'
	run nfsctl_t --distro=none config --check
	assert_failure 1
	assert_output --partial "b.conf:1: include loop"
	assert_output --partial "b.conf:2: include loop"
	run value --distro=none config --get nfsd.host
	assert_output h
	run value --distro=none config --get nfsd.threads
	assert_output 3
}

@test "includes: missing warns, -optional is silent, unreadable (directory, FIFO) is an error" {
	mkdir -p "$ROOT/etc/dir.conf"
	mkfifo "$ROOT/etc/fifo.conf"
	put etc/nfs.conf '[nfsd]\ninclude = /etc/missing.conf\ninclude = -/etc/missing-too.conf\ninclude = /etc/dir.conf\ninclude = fifo.conf\nthreads = 5\n'
	run nfsctl_t --distro=none config --check
	assert_failure 1
	assert_output --partial "nfs.conf:2: included file $ROOT/etc/missing.conf not found"
	refute_output --partial "missing-too"
	assert_output --partial "$ROOT/etc/dir.conf: cannot read: not a regular file"
	assert_output --partial "$ROOT/etc/fifo.conf: cannot read: not a regular file"
	run value --distro=none config --get nfsd.threads
	assert_output 5
}

@test "a configuration file that is a FIFO or too large is refused, not waited on" {
	mkfifo "$ROOT/etc/nfs.conf"
	truncate -s 17M "$ROOT/etc/default-nfs-common"
	mkdir -p "$ROOT/etc/default" && mv "$ROOT/etc/default-nfs-common" "$ROOT/etc/default/nfs-common"
	run nfsctl_t --distro=debian config --check
	assert_failure 1
	assert_output --partial "nfs.conf: cannot read: not a regular file"
	assert_output --partial "nfs-common: cannot read: file too large"
}

@test "nfs.conf: \$NAME loops in [environment] are errors; unknown names leave the key unset" {
	put etc/nfs.conf '[environment]\na = $b\nb = $a\n[mountd]\nport = $a\nthreads = $nowhere_at_all\n'
	run nfsctl_t --distro=none config --check
	assert_failure 1
	assert_output --partial "nfs.conf:2: a: \$b refers to itself"
	assert_output --partial "nfs.conf:3: b: \$a refers to itself"
	assert_output --partial "nfs.conf:5: port: \$a refers to itself"
	assert_output --partial "nfs.conf:6: threads: \$nowhere_at_all is neither"
}

@test "nfs.conf: the last line without a newline is ignored, as nfs-utils does" {
	put etc/nfs.conf '[nfsd]\nthreads = 3\nvers3 = n'
	run nfsctl_t --distro=none config --check
	assert_success
	assert_output --partial "nfs.conf:3: last line has no newline"
	run value --distro=none config --get nfsd.vers3
	assert_output y
}

@test "a bad configuration does not stop the readers: good values survive" {
	put etc/default/nfs-kernel-server 'RPCNFSDCOUNT=$(reboot)\nRPCMOUNTDOPTS="-p 1"\n'
	run value --distro=debian config --argv mountd
	assert_success
	assert_output "$(printf -- '-p\n1')"
}

@test "warnings are shown by config and env, and with -v, but not repeated by other commands" {
	put etc/nfs.conf '[nfsd]\nthredas = 4\n'
	run --separate-stderr nfsctl_t --distro=none plan start server
	assert_success
	[[ "$stderr" != *thredas* ]]
	run --separate-stderr nfsctl_t -v --distro=none plan start server
	[[ "$stderr" == *"nfs.conf:2: unknown key 'thredas'"* ]]
	run --separate-stderr nfsctl_t --distro=none env --output -
	[[ "$stderr" == *"nfs.conf:2: unknown key 'thredas'"* ]]
}

@test "errors are shown by every command" {
	put etc/nfs.conf '[nfsd]\nthreads "4"\n'
	run --separate-stderr nfsctl_t --distro=none plan start server
	[[ "$stderr" == *"nfs.conf:2: neither a [section] nor a name = value line"* ]]
}

@test "includes nested deeper than 16 are an error; a symlink loop is an error" {
	local i
	put etc/nfs.conf '[nfsd]\ninclude = inc1.conf\n'
	for i in $(seq 1 20); do
		put "etc/inc$i.conf" "include = inc$((i + 1)).conf\n"
	done
	put etc/inc21.conf 'threads = 21\n'
	run nfsctl_t --distro=none config --check
	assert_failure 1
	assert_output --partial "inc15.conf:1: includes nested deeper than 16"
	ln -s loop-b "$ROOT/etc/loop-a"
	ln -s loop-a "$ROOT/etc/loop-b"
	put etc/nfs.conf '[nfsd]\ninclude = -loop-a\n'
	run nfsctl_t --distro=none config --check
	assert_failure 1
	assert_output --partial "nfs.conf:2: cannot read included file $ROOT/etc/loop-a: Too many levels of symbolic links"
}
