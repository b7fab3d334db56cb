#!/bin/sh
# Scenario 9: the Pacemaker resource agent (contrib/pacemaker) passes
# ocf-tester against the real server, under either init.
# lab-only: mode=nfs-ctl
# lab-timeout: 900
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
sh /usr/lib/nfs-ctl-lab/ocf-lab-check.sh "$SDIR"
