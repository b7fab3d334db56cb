# Shared by the bats files: a sandbox tree $ROOT with stub programs where
# Debian installs the real ones, a stub rpcbind, and ways to read what the
# stubs recorded.  Environment (from Makefile.am): NFS_CTL, STUB_BIN,
# TOP_SRCDIR.  Run by hand:
#   NFS_CTL=$PWD/nfs-ctl STUB_BIN=$PWD/tests/stub TOP_SRCDIR=$PWD bats tests/

bats_load_library bats-support
bats_load_library bats-assert

: "${NFS_CTL:?NFS_CTL must name the nfs-ctl binary}"
: "${STUB_BIN:=$(dirname "$NFS_CTL")/tests/stub}"
: "${TOP_SRCDIR:=$(cd "$(dirname "${BATS_TEST_FILENAME}")/.." && pwd)}"

# Where Debian 12 keeps each program nfs-ctl runs.
STUB_PROGRAMS=(
	/sbin/rpc.statd /sbin/sm-notify
	/usr/sbin/rpc.mountd /usr/sbin/rpc.nfsd /usr/sbin/exportfs
	/usr/sbin/rpc.idmapd /usr/sbin/rpc.gssd /usr/sbin/rpc.svcgssd
	/usr/sbin/blkmapd /usr/sbin/nfsdcld
	/usr/bin/mount /usr/bin/systemctl /sbin/modprobe
)

# A fresh tree; also the test's default for nfs-ctl (NFS_CTL_ROOT).
make_sandbox() {
	ROOT=$(mktemp -d "${BATS_TMPDIR:-/tmp}/nfs-ctl-sandbox.XXXXXX")
	chmod 755 "$ROOT"
	mkdir -p "$ROOT"/{sbin,usr/sbin,usr/bin,bin,etc/stub,etc/init.d,run/stub-rpcbind} \
		"$ROOT"/{var/log,var/lib/nfs/rpc_pipefs/nfsd,proc/fs/nfsd,proc/self}
	: >"$ROOT/proc/self/mountinfo"
	: >"$ROOT/var/log/stub-calls.log"
	local p
	for p in "${STUB_PROGRAMS[@]}"; do
		install -m 755 "$STUB_BIN/stubd" "$ROOT$p"
	done
	export ROOT
}

# make_sandbox_nfsutils RELEASE: a sandbox with the programs and defaults of
# one nfs-utils release, as its packages install them:
#   2.6  Debian 12's 2.6.2: make_sandbox's tree (rpc.statd and sm-notify in
#        /sbin), no nfsdctl, no fsidd; rpc.nfsd starts 8 threads
#   2.8  Debian 13's 2.8.3: and nfsdctl (its version text says 2.8.3) and
#        fsidd; rpc.nfsd starts 16 threads
#   3.1  Debian forky's 3.1.1: merged /usr (every nfs-utils program in
#        /usr/sbin, none in /sbin), nfsdctl (3.1.1), fsidd, no blkmapd;
#        16 threads, NFSv4.0 off
# $ROOT/etc/stub/nfs-utils tells the stub rpc.nfsd and nfsdctl the defaults
# (stubd.c); /proc/fs/nfsd/versions is what the kernel then reports.
make_sandbox_nfsutils() {
	local v4_0=+
	make_sandbox
	case $1 in
	2.6)
		echo "threads 8" >"$ROOT/etc/stub/nfs-utils"
		;;
	2.8)
		install_nfsdctl 2.8.3
		install -m 755 "$STUB_BIN/stubd" "$ROOT/usr/sbin/fsidd"
		echo "threads 16" >"$ROOT/etc/stub/nfs-utils"
		;;
	3.1)
		mv "$ROOT/sbin/rpc.statd" "$ROOT/sbin/sm-notify" "$ROOT/usr/sbin/"
		uninstall_stub blkmapd
		install_nfsdctl 3.1.1
		install -m 755 "$STUB_BIN/stubd" "$ROOT/usr/sbin/fsidd"
		echo "threads 16" >"$ROOT/etc/stub/nfs-utils"
		v4_0=-
		;;
	*) fail "make_sandbox_nfsutils: no model of nfs-utils $1" ;;
	esac
	echo "versions -2 +3 +4 ${v4_0}4.0 +4.1 +4.2" >>"$ROOT/etc/stub/nfs-utils"
}

# The models, oldest first (for the tests that run against each).
NFSUTILS_MODELS="2.6 2.8 3.1"

# sandbox_nfsutils RELEASE [rpcbind]: the test's sandbox replaced by a fresh
# one of RELEASE (make_sandbox_nfsutils), the stub rpcbind started if asked
sandbox_nfsutils() {
	destroy_sandbox
	make_sandbox_nfsutils "$1"
	[ "${2:-}" != rpcbind ] || start_rpcbind
}

# install_nfsdctl [RELEASE]: the stub as nfsdctl; with RELEASE, the text
# `nfsdctl --version` prints (nfs-utils 2.8.3 and later) is in its file,
# as the literal is in the real program's
install_nfsdctl() {
	install -m 755 "$STUB_BIN/stubd" "$ROOT/usr/sbin/nfsdctl"
	[ -z "${1:-}" ] || printf 'nfsdctl: %s\n' "$1" >>"$ROOT/usr/sbin/nfsdctl"
}

# Removes a program from the sandbox ("not installed").
uninstall_stub() {
	rm -f "$ROOT/sbin/$1" "$ROOT/usr/sbin/$1" "$ROOT/usr/bin/$1" "$ROOT/bin/$1"
}

# fault NAME LINE...: what the stub NAME does wrong (see stubd.c).
fault() {
	local name=$1
	shift
	printf '%s\n' "$@" >"$ROOT/etc/stub/$name"
}

start_rpcbind() {
	install -m 755 "$STUB_BIN/stub-rpcbind" "$ROOT/sbin/rpcbind"
	"$ROOT/sbin/rpcbind" "$ROOT"
}

stop_rpcbind() {
	local pid
	pid=$(cat "$ROOT/run/stub-rpcbind.pid" 2>/dev/null) || return 0
	kill "$pid" 2>/dev/null || true
	wait_gone "$pid"
	rm -f "$ROOT/run/stub-rpcbind.pid" "$ROOT/run/rpcbind.sock"
}

# A dead process is gone even while nobody reaps it: a daemon whose parent
# exited belongs to pid 1, and a container's pid 1 may never reap (kill -0
# still reaches a zombie).
wait_gone() {
	local i state
	for ((i = 0; i < 200; i++)); do
		kill -0 "$1" 2>/dev/null || return 0
		read -r _ state < <(grep '^State:' "/proc/$1/status" 2>/dev/null) || return 0
		[ "${state:0:1}" != Z ] || return 0
		sleep 0.02
	done
	return 1
}

# Pids of live processes whose executable is the sandbox's NAME (or any
# sandbox program when NAME is empty).
# One find over /proc, not a readlink per process: a zombie's exe link
# cannot be read, so zombies are never listed.
stub_pids() {
	local want=${1:-}
	find /proc/[0-9]*/exe -maxdepth 0 -lname "$ROOT/*${want:+/$want}" 2>/dev/null | cut -d/ -f3
}

count_procs() {
	stub_pids "$1" | wc -l
}

# Stub daemons still running (the stub rpcbind is not one of them).
daemons_left() {
	local p n=0
	for p in $(stub_pids); do
		[ "$(readlink "/proc/$p/exe")" = "$ROOT/sbin/rpcbind" ] || n=$((n + 1))
	done
	echo "$n"
}

kill_sandbox_processes() {
	local pids
	pids=$(stub_pids)
	[ -n "$pids" ] || return 0
	# shellcheck disable=SC2086
	kill -KILL $pids 2>/dev/null || true
	for p in $pids; do wait_gone "$p"; done
}

destroy_sandbox() {
	[ -n "${ROOT:-}" ] && [ -d "$ROOT" ] || return 0
	kill_sandbox_processes
	rm -f "$ROOT/run/rpcbind.sock"
	rm -rf "$ROOT"
}

# The default setup and teardown of a sandbox test.
sandbox_setup() {
	make_sandbox
	start_rpcbind
}

sandbox_teardown() {
	destroy_sandbox
}

# nfs-ctl against the sandbox, as sysvinit would run it.
ctl() {
	"$NFS_CTL" --root "$ROOT" --init=sysv "$@"
}

ctl_systemd() {
	"$NFS_CTL" --root "$ROOT" --init=systemd "$@"
}

# The calls a start of the server makes, in order, with exact argv
# (@ROOT@: the sandbox; sysv.bats, run_foreground.bats).
START_SERVER_CALLS="mount -t nfsd -- nfsd @ROOT@/proc/fs/nfsd
mount -t rpc_pipefs -- rpc_pipefs @ROOT@/var/lib/nfs/rpc_pipefs
rpc.statd --no-notify
rpc.mountd
rpc.idmapd
nfsdcld
exportfs -r
rpc.nfsd
sm-notify [threads=8]"

# The runner's stop of the server: threads to 0, exports withdrawn and
# flushed, then the daemons in the reverse of the start order.
STOP_SERVER_CALLS="rpc.nfsd 0
exportfs -au
exportfs -f
nfsdcld:stopped TERM
rpc.idmapd:stopped TERM
rpc.mountd:stopped TERM
rpc.statd:stopped TERM"

# The recorded calls, without timestamps and pids: "NAME ARG..."
calls() {
	cut -d' ' -f4- "$ROOT/var/log/stub-calls.log"
}

# Calls of one program only (daemon stop events included: "NAME:stopped").
calls_of() {
	calls | awk -v n="$1" '$1 == n || $1 == n ":stopped"'
}

# Line number of the first recorded line that is WORDS or starts with
# WORDS and a space (0: none).
order_of() {
	calls | awk -v w="$*" '$0 == w || index($0, w " ") == 1 { print NR; found = 1; exit }
		END { if (!found) print 0 }'
}

# assert_before "A" "B": a line starting with A was recorded before one starting with B.
assert_before() {
	local a b
	a=$(order_of "$1")
	b=$(order_of "$2")
	if [ "$a" -eq 0 ] || [ "$b" -eq 0 ] || [ "$a" -ge "$b" ]; then
		echo "expected '$1' (line $a) before '$2' (line $b) in:" >&2
		calls >&2
		return 1
	fi
}

clear_calls() {
	: >"$ROOT/var/log/stub-calls.log"
}

registered() {
	[ -e "$ROOT/run/stub-rpcbind/$1" ]
}

# NFS client mount recorded in the sandbox's mountinfo.
add_nfs_mount() { # FSTYPE MOUNTPOINT OPTIONS
	echo "900 1 0:90 / $2 rw,relatime - $1 srv:/export $3" >>"$ROOT/proc/self/mountinfo"
}

require_root() {
	[ "$(id -u)" -eq 0 ] || skip "needs root (nfs-ctl refuses actions otherwise)"
}

# Runs COMMAND as an unprivileged user.
as_nobody() {
	if command -v setpriv >/dev/null; then
		setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
	else
		runuser -u nobody -- "$@"
	fi
}

# ---- configuration tests: a bare tree, the fixtures, files ----------------
# (tests/config*.bats and contrib.bats; the readers need no stub program)

FIXTURES=$TOP_SRCDIR/tests/fixtures/config

# A tree with only /etc and /run as $ROOT; destroy_sandbox removes it.
make_config_sandbox() {
	ROOT=$(mktemp -d "${BATS_TMPDIR:-/tmp}/nfs-ctl-config.XXXXXX")
	mkdir -p "$ROOT/etc" "$ROOT/run"
	export ROOT
}

# fixture NAME: copies tests/fixtures/config/NAME (minus expectations) to $ROOT
fixture() {
	(cd "$FIXTURES/$1" && tar --exclude=./expected --exclude=./distro -cf - .) |
		(cd "$ROOT" && tar xf -)
}

# nfsctl ARGS...: nfs-ctl against the sandbox (init system not forced)
nfsctl() {
	"$NFS_CTL" --root "$ROOT" "$@"
}

# put FILE CONTENT: writes $ROOT/FILE (printf %b: \n, \t, \0 are understood)
put() {
	mkdir -p "$(dirname "$ROOT/$1")"
	printf '%b' "$2" >"$ROOT/$1"
}

# The components whose command nfs-ctl runs, so that have an argv: the
# graph's names (`graph --list`) that `config --argv` accepts (it refuses
# mounts and the external rpcbind).
argv_components() {
	local c
	for c in $("$NFS_CTL" graph --list); do
		"$NFS_CTL" --root /nonexistent config --argv "$c" >/dev/null 2>&1 && echo "$c"
	done
}
