#!/bin/sh
# ocf-lab-check.sh OUTDIR: the OCF resource agent against a real kernel NFS
# server, inside the lab VM (tests/vm), under whichever init booted it.
#
#   1. resource-agents' ocf-tester over the installed agent;
#   2. checks against the kernel and rpcbind: start serves (nfs, mountd,
#      status registered; threads and grace time as the parameters say;
#      statd's state in the shared directory), monitor is exact (0 running,
#      1 after a daemon is killed, 7 after stop), stop leaves nothing.
#
# Results go to OUTDIR/checks as "PASS text" / "FAIL text" / "NOTE text"
# lines (the lab's format), logs beside them.  Exit 0 when no check failed.
# Needs root, the packages resource-agents and libxml2-utils, and nfs-ctl
# installed with --prefix=/usr (agent in /usr/lib/ocf/resource.d/nfs-ctl).
# The NFS server is stopped first and started again at the end if it ran.
set -u

SDIR=${1:?usage: ocf-lab-check.sh OUTDIR}
mkdir -p "$SDIR"
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH
export OCF_ROOT=/usr/lib/ocf
AGENT=${AGENT:-$OCF_ROOT/resource.d/nfs-ctl/nfs-ctl}
NFS_CTL=${NFS_CTL:-/usr/sbin/nfs-ctl}
STATE=${STATE:-/srv/nfs-ha/state}
EXPORT=${EXPORT:-/srv/nfs-ha/export}
THREADS=5
GRACE=15
failed=0

pass() { echo "PASS $*" >>"$SDIR/checks"; }
fail() {
	echo "FAIL $*" >>"$SDIR/checks"
	failed=$((failed + 1))
}
note() { echo "NOTE $*" >>"$SDIR/checks"; }

# check TEXT COMMAND...: one assertion
check() {
	t=$1
	shift
	if "$@" >>"$SDIR/log" 2>&1; then pass "$t"; else fail "$t"; fi
}

# the agent as Pacemaker runs it: agent ACTION -> exit code on stdout
agent() {
	(
		export OCF_RESOURCE_INSTANCE=nfs-lab OCF_RESKEY_CRM_meta_timeout=90000
		export OCF_RESKEY_state_dir="$STATE" OCF_RESKEY_threads=$THREADS OCF_RESKEY_grace_time=$GRACE
		export OCF_RESKEY_nfs_ctl="$NFS_CTL"
		echo "\$ agent $1" >>"$SDIR/log"
		timeout 120 "$AGENT" "$1" >>"$SDIR/log" 2>&1
		echo $?
	)
}

registered() { # PROGRAM
	rpcinfo -T tcp localhost "$1" >/dev/null 2>&1 || rpcinfo -p localhost 2>/dev/null | awk -v p="$1" '$1 == p { f = 1 } END { exit !f }'
}

equals() { [ "$1" = "$2" ]; }

for need in ocf-tester xmllint rpcinfo; do
	if ! command -v "$need" >/dev/null; then
		fail "$need installed (packages resource-agents libxml2-utils rpcbind)"
		exit 1
	fi
done
if [ ! -x "$AGENT" ]; then
	fail "agent installed at $AGENT"
	exit 1
fi

was_running=no
"$NFS_CTL" status server >/dev/null 2>&1 && was_running=yes
note "server running before the check: $was_running; init: $([ -d /run/systemd/system ] && echo systemd || echo sysvinit)"
"$NFS_CTL" stop server >>"$SDIR/log" 2>&1

# the "shared storage": a directory of its own, with one export in it
mkdir -p "$STATE" "$EXPORT"
added_export=no
if ! grep -qs "^$EXPORT " /etc/exports; then
	echo "$EXPORT 127.0.0.1(rw,no_subtree_check)" >>/etc/exports
	added_export=yes
fi

# 0. Debian's /etc/default/nfs-kernel-server sets RPCNFSDCOUNT; nfs.conf
#    (the agent's drop-in) wins over it, and nfs-ctl names the conflict
#    with both file:line (docs/configuration.md, "Precedence").  Then
#    nfs-ctl-migrate moves the distribution's settings into nfs.conf.d.
MIGRATE=${MIGRATE:-/usr/libexec/nfs-ctl/nfs-ctl-migrate}
migrated=
if "$NFS_CTL" config 2>/dev/null | grep -q '^nfsd\.threads = .*# distribution'; then
	check "start with threads=$THREADS while a distribution file sets RPCNFSDCOUNT is 0" \
		equals "$(agent start)" 0
	check "nfs.conf wins: nfsd threads = $THREADS" \
		equals "$(cat /proc/fs/nfsd/threads 2>/dev/null)" "$THREADS"
	"$NFS_CTL" config >"$SDIR/config0.out" 2>&1
	check "nfs-ctl config names the conflict with both file:line" \
		grep -Eq 'default/nfs-kernel-server:[0-9]+: RPCNFSDCOUNT=.*90-pacemaker-nfs-ctl\.conf:[0-9]+' "$SDIR/config0.out"
	check "stop after it is 0" equals "$(agent stop)" 0
	if [ -x "$MIGRATE" ] && "$MIGRATE" --write --retire >>"$SDIR/log" 2>&1; then
		pass "nfs-ctl-migrate moved the distribution's settings into nfs.conf.d, values unchanged"
		migrated=$(ls /etc/nfs.conf.d/50-migrated-from-*.conf 2>/dev/null)
	else
		fail "nfs-ctl-migrate --write --retire"
	fi
fi

# 1. ocf-tester
timeout 600 ocf-tester -v -n nfs-lab -o state_dir="$STATE" -o threads=$THREADS \
	-o grace_time=$GRACE -o nfs_ctl="$NFS_CTL" "$AGENT" >"$SDIR/ocf-tester.log" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && grep -q "passed all tests" "$SDIR/ocf-tester.log"; then
	pass "ocf-tester passes"
else
	fail "ocf-tester passes (exit $rc, see ocf-tester.log)"
fi

# 2. the real server, step by step
check "monitor before start is 7 (not running)" equals "$(agent monitor)" 7
check "start is 0" equals "$(agent start)" 0
check "monitor after start is 0" equals "$(agent monitor)" 0
check "nfs (100003) registered" registered 100003
check "mountd (100005) registered" registered 100005
check "status (100024) registered" registered 100024
check "nfsd threads = $THREADS" equals "$(cat /proc/fs/nfsd/threads 2>/dev/null)" "$THREADS"
if [ -r /proc/fs/nfsd/nfsv4gracetime ]; then
	check "grace time = $GRACE" equals "$(cat /proc/fs/nfsd/nfsv4gracetime)" "$GRACE"
fi
check "statd keeps its state in the shared directory" test -e "$STATE/state" -a -d "$STATE/sm"
check "exportfs wrote etab in the shared directory" test -s "$STATE/etab"
check "the export is exported" sh -c "exportfs | grep -q '^$EXPORT'"
check "the drop-in exists while running" test -f /etc/nfs.conf.d/90-pacemaker-nfs-ctl.conf
pid=$(pidof rpc.mountd)
if [ -n "$pid" ]; then
	# shellcheck disable=SC2086 # pidof may name several
	kill -KILL $pid
	sleep 1
	check "monitor after rpc.mountd was killed is 1 (failed)" equals "$(agent monitor)" 1
else
	fail "rpc.mountd runs after start"
fi
check "stop is 0" equals "$(agent stop)" 0
check "monitor after stop is 7" equals "$(agent monitor)" 7
check "nfsd has no threads after stop" equals "$(cat /proc/fs/nfsd/threads 2>/dev/null || echo 0)" 0
check "statd is gone after stop (it used the shared directory)" sh -c '! pidof rpc.statd'
check "the drop-in is gone after stop" test ! -e /etc/nfs.conf.d/90-pacemaker-nfs-ctl.conf
check "stop again is 0" equals "$(agent stop)" 0

# put the distribution's files back as they were
if [ -n "$migrated" ]; then
	for f in /etc/default/nfs-common /etc/default/nfs-kernel-server /etc/sysconfig/nfs; do
		[ -e "$f.migrated" ] && mv -f "$f.migrated" "$f"
	done
	rm -f "$migrated"
fi
if [ "$added_export" = yes ]; then
	sed -i "\\|^$EXPORT |d" /etc/exports
fi
if [ "$was_running" = yes ]; then
	"$NFS_CTL" start server >>"$SDIR/log" 2>&1 || note "could not start the server again"
fi
note "ocf-lab-check: $failed failed"
[ "$failed" -eq 0 ]
