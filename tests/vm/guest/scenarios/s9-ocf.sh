#!/bin/sh
# Scenario 9: the Pacemaker resource agent (contrib/pacemaker) passes
# ocf-tester against the real server, under either init.
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
[ "$MODE" = nfs-ctl ] || { note "OCF agent: nfs-ctl mode only"; exit 0; }
sh /usr/lib/nfs-ctl-lab/ocf-lab-check.sh "$SDIR"
