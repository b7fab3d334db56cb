#!/bin/sh
# Scenario 1, server: the administrator's start command brings up a serving
# NFS server; the resulting state is dumped for the host to compare between
# the two inits (argv, rpcbind programs/versions, threads, versions, exports).
# lab-compare: state/daemons state/rpcinfo state/threads state/versions state/exports
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
check "server start command exits 0" [ "$(rec start srv start)" = 0 ]
check "nfsd serving (threads > 0, nfs and mountd registered)" wait_ready v3
dump_state "$SDIR/state"
check "nfsd threads > 0" [ "$(cat "$SDIR/state/threads")" -gt 0 ]
check "exports present" [ -s "$SDIR/state/exports" ]
check "rpc.mountd running" one_proc rpc.mountd
check "second start is a no-op that exits 0" [ "$(rec start-again srv start)" = 0 ]
check "still one rpc.mountd after second start" one_proc rpc.mountd
