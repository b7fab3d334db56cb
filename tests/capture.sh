#!/bin/bash
# The behaviour capture: what nfs-ctl prints and does, over the bats
# sandbox configurations, into one text file, so that a redesign can show
# "behaviour unchanged" as an empty diff (docs/DESIGN.md, "The behaviour
# capture").  Usage:
#   tests/capture.sh NFS_CTL STUB_BIN OUTPUT
# NFS_CTL is the binary, STUB_BIN the built tests/stub directory.  The
# sandbox path, pids, and times are replaced by words, so that two runs of
# the same binary give the same bytes.  Runs as root (start-statd's part
# starts stub daemons in the sandbox); never touches the real system.
set -uo pipefail

[ $# = 3 ] || { echo "usage: $0 NFS_CTL STUB_BIN OUTPUT" >&2; exit 2; }
NFS_CTL=$(realpath "$1")
STUB_BIN=$(realpath "$2")
OUT=$3
TOP_SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
export NFS_CTL STUB_BIN TOP_SRCDIR

# helpers.bash is written for bats: these two are all it needs of it here
bats_load_library() { :; }
fail() { echo "$*" >&2; exit 1; }
# shellcheck source=tests/helpers.bash
. "$TOP_SRCDIR/tests/helpers.bash"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/nfs-ctl-capture.XXXXXX")
trap 'destroy_sandbox; rm -rf "$WORK"' EXIT
RAW=$WORK/raw

# The words that differ between two runs of one binary become constants
# (the sandbox of the moment is $ROOT).
normalise() {
	sed -e "s|$ROOT|@ROOT@|g" -e "s|$WORK|@WORK@|g" -e "s|$NFS_CTL|@NFS_CTL@|g" \
		-e 's/\bpid [0-9][0-9]*/pid PID/g' -e 's/\[[0-9][0-9]*\]/[PID]/g' \
		-e 's/[0-9][0-9]*\.[0-9][0-9]* s\b/N s/g' \
		-e 's/[0-9]\{4\}-[0-9][0-9]-[0-9][0-9][ T][0-9:.]*/DATE/g'
}

# one LABEL COMMAND...: the command's output, both streams, and exit code
one() {
	local label=$1 rc
	shift
	{
		printf '\n### %s\n' "$label"
		"$@" 2>&1
		rc=$?
		printf '### exit %s\n' "$rc"
	} | normalise >>"$RAW"
}

# Every file under DIR, sorted, with its name.
dump_dir() {
	local f
	(cd "$1" && find . -type f -o -type l | LC_ALL=C sort) | while read -r f; do
		if [ -L "$1/$f" ]; then
			printf '%s -> %s\n' "$f" "$(readlink "$1/$f")"
		else
			printf -- '--- %s\n' "$f"
			cat "$1/$f"
		fi
	done
}

units_of() {
	local d=$WORK/units
	rm -rf "$d" && mkdir -p "$d"
	"$NFS_CTL" --root "$ROOT" units --output "$d" && dump_dir "$d"
}

generator_of() {
	local d=$WORK/gen
	rm -rf "$d" && mkdir -p "$d/early" "$d/late"
	"$NFS_CTL" --root "$ROOT" generator "$d" "$d/early" "$d/late" && dump_dir "$d"
}

env_of() {
	"$NFS_CTL" --root "$ROOT" env --output "$WORK/env" && cat "$WORK/env"
}

# Everything that only reads, for the sandbox as it is now.
read_only() {
	local c t a
	for a in start stop; do
		for t in $("$NFS_CTL" graph --list=targets) $("$NFS_CTL" graph --list); do
			one "plan $a $t" ctl plan "$a" "$t"
		done
	done
	one "plan start server dot" ctl plan start server --format=dot
	one "plan stop client dot" ctl plan stop client --format=dot
	for c in $("$NFS_CTL" graph --list); do
		one "config --argv $c" ctl config --argv "$c"
	done
	one "config" ctl config
	one "config --check" ctl config --check
	one "config --get nfsd.threads" ctl config --get nfsd.threads
	for t in $("$NFS_CTL" graph --list=targets); do
		one "config --wants $t" ctl config --wants "$t"
	done
	one "env" env_of
	one "units" units_of
	one "generator" generator_of
	one "doctor sysv" ctl doctor
	one "doctor sysv json" ctl doctor --format=json
	one "doctor server systemd" ctl_systemd doctor server
}

# start-statd in sysv mode against the stub rpcbind, then under systemd
# (the stub systemctl records the call), with the calls made.
start_statd_of() {
	start_rpcbind
	clear_calls
	one "start-statd sysv" ctl start-statd
	one "start-statd sysv again" ctl start-statd
	one "start-statd sysv calls" calls
	kill_sandbox_processes
	stop_rpcbind
	clear_calls
	mkdir -p "$ROOT/run/systemd/system"
	one "start-statd systemd" "$NFS_CTL" --root "$ROOT" --timeout=1 start-statd
	one "start-statd systemd calls" calls
	rm -rf "$ROOT/run/systemd"
}

# The sysv runner on the stub daemons: start, status, doctor of what runs,
# restart, stop; with the calls each made.
runner_of() {
	local t
	start_rpcbind
	for t in server client; do
		clear_calls
		one "runner start $t" ctl start "$t"
		one "runner start $t calls" calls
	done
	one "runner status" ctl status
	one "runner doctor" ctl doctor
	one "runner doctor json" ctl doctor --format=json
	clear_calls
	one "runner restart server" ctl restart server
	one "runner reload server" ctl reload server
	one "runner restart server calls" calls
	for t in client server; do
		clear_calls
		one "runner stop $t" ctl stop "$t"
		one "runner stop $t calls" calls
	done
	one "runner status after stop" ctl status
	kill_sandbox_processes
	stop_rpcbind
}

config() { # LABEL: a section of the capture
	printf '\n################ %s\n' "$1" >>"$RAW"
}

usage_errors() {
	local args
	make_sandbox
	config "usage errors"
	while IFS= read -r args; do
		# shellcheck disable=SC2086 # one word per argument
		one "usage: $args" ctl $args
	done <<-'EOF'

		bogus
		start
		start bogus
		start server extra
		plan
		plan start
		plan restart server
		plan start bogus
		plan start server --format=bogus
		exec
		exec bogus
		exec --bogus nfsd
		graph --bogus
		config --get
		config --get nosuchkey
		config --bogus
		env --bogus
		units
		doctor bogus
		doctor --format=bogus
		run --stop-timeout=0
		--timeout=0 status server
		--timeout=bogus status server
		--init=bogus status server
		--distro=bogus config
		--set bogus config
		--set a.b config --get a.b
		--bogus
		status bogus
	EOF
	destroy_sandbox
}

: >"$RAW"
for model in $NFSUTILS_MODELS; do
	make_sandbox_nfsutils "$model"
	config "nfs-utils $model, no configuration"
	read_only
	runner_of
	[ "$model" != 2.6 ] || start_statd_of
	destroy_sandbox
done

# nfs.conf variants on the 2.6 model: each gate rule, the need-* keys,
# pipefs-directory, exports and fstab for the generator
variant() { # LABEL NFS.CONF-CONTENT [FILE CONTENT]...
	local label=$1
	make_sandbox_nfsutils 2.6
	put etc/nfs.conf "$2"
	shift 2
	while [ $# -ge 2 ]; do
		put "$1" "$2"
		shift 2
	done
	config "2.6, $label"
	read_only
	[ "$label" != "need keys" ] || runner_of
	destroy_sandbox
}
variant "v4 only" '[nfsd]\nvers3 = n\n'
variant "need keys" '[nfsd]\nthreads = 16\n[nfs-ctl]\nneed-statd = no\nneed-idmapd = no\nneed-gssd = no\nneed-svcgssd = no\n'
variant "need keys yes" '[nfs-ctl]\nneed-statd = yes\nneed-idmapd = yes\nneed-gssd = yes\nneed-svcgssd = yes\n'
variant "keytab" '' etc/krb5.keytab 'x'
variant "gss-proxy" '[gssd]\nuse-gss-proxy = 1\n' etc/krb5.keytab 'x'
variant "blkmap and cltrack off" '[nfs-ctl]\nneed-blkmapd = yes\n[nfsdcld]\n'
variant "pipefs directory" '[general]\npipefs-directory = /run/rpc_pipefs\n'
variant "broken nfs.conf" '[nfsd\nthreads = x\n[bogus]\nkey = 1\n'
variant "exports and fstab" '' \
	etc/exports '/srv/a *(rw)\n/srv/b host(ro,mp)\n' \
	etc/fstab '/dev/sda1 /srv ext4 defaults 0 2\nlocalhost:/srv/a /mnt/a nfs defaults 0 0\nsrv:/x /mnt/x nfs4 noauto 0 0\n'

# the distributions' legacy files (tests/fixtures/config)
for fx in debian redhat suse nfsconf; do
	make_sandbox_nfsutils 2.6
	fixture "$fx"
	distro=$(cat "$FIXTURES/$fx/distro")
	[ "$distro" = detect ] || ctl() { "$NFS_CTL" --root "$ROOT" --init=sysv --distro="$distro" "$@"; }
	config "2.6, fixture $fx (distro $distro)"
	read_only
	destroy_sandbox
	unset -f ctl
	ctl() { "$NFS_CTL" --root "$ROOT" --init=sysv "$@"; }
done

usage_errors
mv "$RAW" "$OUT"
