#!/bin/sh
# Scenario 4, stop: stopping the server leaves no server daemon and no export,
# but keeps statd while an NFSv3 mount still needs it; status exit codes are
# recorded right before and right after. The client target (enabled, as
# Debian does) is stopped first, so that only the mount can be what keeps
# statd; once the mount is gone, stop server must take statd with it.
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
check "NFSv3 mount before stop" [ "$(rec mount nfs3_mount /srv/nfs/e1 /mnt/s4)" = 0 ]
check "lock taken in the mount" [ "$(rec flock timeout 150 flock /mnt/s4/lockfile -c true)" = 0 ]
note "first lock after the restart of scenario 3 took $(took flock) s"
if [ "$MODE" = nfs-ctl ]; then
	check "stop client exits 0" [ "$(rec stop-client nfs-ctl stop client)" = 0 ]
	check "stop client keeps statd while an NFSv3 mount is active" one_proc rpc.statd
fi
check "status before stop exits 0" [ "$(rec status-before srv status)" = 0 ]
if command -v nfs-ctl >/dev/null; then
	check "nfs-ctl status server before stop exits 0" [ "$(rec ctl-status-before nfs-ctl status server)" = 0 ]
fi
check "stop server exits 0" [ "$(rec stop ctl stop)" = 0 ]
check "status after stop exits 3" [ "$(rec status-after srv status)" = 3 ]
if command -v nfs-ctl >/dev/null; then
	check "nfs-ctl status server after stop exits 3" [ "$(rec ctl-status-after nfs-ctl status server)" = 3 ]
fi
dump_state "$SDIR/after-stop"
check "no rpc.mountd" no_proc rpc.mountd
check "no nfsdcld" no_proc nfsdcld
check "no rpc.svcgssd" no_proc rpc.svcgssd
check "nfsd threads 0" [ "$(threads)" = 0 ]
check "no nfsd kernel threads" no_proc nfsd
check "nothing exported" [ ! -s "$SDIR/after-stop/exports" ]
check "mountd (100005) unregistered" sh -c '! rpcinfo -p 127.0.0.1 | grep -qw 100005'
check "nfs (100003) unregistered" sh -c '! rpcinfo -p 127.0.0.1 | grep -qw 100003'
check "statd kept while an NFSv3 mount is active" one_proc rpc.statd
no_proc rpc.idmapd || note "rpc.idmapd still running after stop"
# Bring the server back so the mount can be released cleanly.
check "start server again" [ "$(rec start ctl start)" = 0 ]
wait_ready v3
check "umount" [ "$(rec umount timeout 60 umount /mnt/s4)" = 0 ]
check "stop server without mounts exits 0" [ "$(rec stop-nomount ctl stop)" = 0 ]
if [ "$MODE" = nfs-ctl ]; then
	check "client status 3 while stopped" [ "$(rec client-status nfs-ctl status client)" = 3 ]
	check "no mount, no client: stop server took statd" no_proc rpc.statd
else
	note "after stop server without mounts: rpc.statd count $(count_proc rpc.statd)"
fi
# Back to the boot's state for the next scenario: server, then client.
check "start server again for the next scenario" [ "$(rec start-final ctl start)" = 0 ]
check "serving again" wait_ready v3
if [ "$MODE" = nfs-ctl ]; then
	check "start client again" [ "$(rec start-client nfs-ctl start client)" = 0 ]
fi
