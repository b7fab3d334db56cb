#!/bin/sh
# Scenario 10: `nfs-ctl doctor` on the real server. A healthy server prints
# only OK lines and exits 0; then each finding of docs/doctor.md that a lab
# can stage is staged for real, doctor must name it (level, component, the
# config file:line where one decided it, the fix), and where the fix is
# cheap the printed fix command is run and must clear the finding.
# Runs right after s1 (the server is up) and leaves the server as it found
# it: started, with the image's configuration.
# lab-only: mode=nfs-ctl
# lab-timeout: 900
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
CONF=/etc/nfs.conf.d/lab-doctor.conf
HOLD=/usr/lib/nfs-ctl-lab/lockhold

# doc NAME [ARGS]: one doctor run, kept as NAME.out/NAME.rc; prints its rc.
doc() {
	n=$1
	shift
	rec "$n" nfs-ctl doctor "$@"
}
# has NAME LEVEL COMPONENT TEXT: run NAME printed a LEVEL line of COMPONENT
# that contains TEXT.
has() { grep -E "^$2 +$3 " "$SDIR/$1.out" | grep -qF -- "$4"; }
# fix_of NAME LEVEL COMPONENT TEXT: that line's fix command.
fix_of() { grep -E "^$2 +$3 " "$SDIR/$1.out" | grep -F -- "$4" | head -n 1 | sed -n 's/.*; fix: //p'; }
# apply NAME LEVEL COMPONENT TEXT: runs that line's fix, as an administrator
# would paste it; 0 when there was one and it exited 0.
apply() {
	f=$(fix_of "$@")
	[ -n "$f" ] && [ "$(rec "$1-fix" sh -c "$f")" = 0 ]
}
# only_ok NAME: every finding of run NAME is OK.
only_ok() { ! grep -Eq '^(INFO|WARN|FAIL) ' "$SDIR/$1.out"; }
# no_warn NAME: no WARN or FAIL finding.
no_warn() { ! grep -Eq '^(WARN|FAIL) ' "$SDIR/$1.out"; }
grace_over() {
	i=0
	while [ $i -lt 1500 ] && [ "$(cat /proc/fs/nfsd/v4_end_grace 2>/dev/null)" != Y ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ "$(cat /proc/fs/nfsd/v4_end_grace 2>/dev/null)" = Y ]
}
configured() { mkdir -p /etc/nfs.conf.d && printf '%b' "$1" >"$CONF"; }
unconfigured() { rm -f "$CONF"; }

# --- healthy ---------------------------------------------------------------
check "healthy: serving before the first look" wait_ready v3
check "healthy: grace period over (waited up to 150 s)" grace_over
check "healthy: doctor exits 0" [ "$(doc healthy)" = 0 ]
check "healthy: every finding is OK" only_ok healthy
check "healthy: the boot's notice went out while nfsd served" \
	has healthy OK sm-notify "seen sent while nfsd served"
check "healthy: --format=json exits 0" [ "$(doc healthy-json --format=json)" = 0 ]
check "healthy: every JSON finding is OK" sh -c "! grep '^{' '$SDIR/healthy-json.out' | grep -vq '\"level\":\"OK\"'"

# --- a daemon runs with an argv the configuration no longer builds --------
# (options the daemons read from nfs.conf themselves never show in argv:
# the legacy file's option string is what nfs-ctl passes)
legacy=/etc/default/nfs-kernel-server
cp "$legacy" "$SDIR/legacy.orig"
if grep -q '^RPCMOUNTDOPTS=' "$legacy"; then
	sed -i 's/^RPCMOUNTDOPTS="\(.*\)"/RPCMOUNTDOPTS="\1 --port 32767"/' "$legacy"
else
	echo 'RPCMOUNTDOPTS="--port 32767"' >>"$legacy"
fi
check "argv: doctor exits 0 (a WARN)" [ "$(doc argv)" = 0 ]
check "argv: WARN mountd names --port 32767 and nfs-ctl restart mountd" \
	sh -c "grep -E '^WARN +mountd ' '$SDIR/argv.out' | grep -F -- '--port 32767' | grep -qF 'fix: nfs-ctl restart mountd'"
check "argv: the fix exits 0" apply argv WARN mountd "fix: nfs-ctl restart mountd"
check "argv: rpc.mountd now runs with --port 32767" sh -c "pgrep -ax rpc.mountd | grep -q -- '--port 32767'"
doc argv-after >/dev/null
check "argv: after the fix, no WARN for mountd" sh -c "! grep -Eq '^(WARN|FAIL) +mountd ' '$SDIR/argv-after.out'"
cp "$SDIR/legacy.orig" "$legacy"
rec argv-restore nfs-ctl restart mountd >/dev/null

# --- nfs.conf edited after the daemon started (what argv cannot show) -----
sleep 1
configured '[mountd]\nttl=1800\n'
check "config-age: doctor exits 0 (a WARN)" [ "$(doc age)" = 0 ]
check "config-age: WARN mountd names $CONF:2 and nfs-ctl restart mountd" \
	sh -c "grep -E '^WARN +mountd ' '$SDIR/age.out' | grep -F '($CONF:2)' | grep -qF 'fix: nfs-ctl restart mountd'"
check "config-age: the fix exits 0" apply age WARN mountd "($CONF:2)"
doc age-after >/dev/null
check "config-age: after the fix, no WARN for mountd" sh -c "! grep -Eq '^(WARN|FAIL) +mountd ' '$SDIR/age-after.out'"
unconfigured

# --- a wanted daemon is not running ---------------------------------------
for p in $(pgrep -x rpc.mountd); do kill "$p"; done
sleep 1
check "down: doctor exits 1 (a FAIL)" [ "$(doc down)" = 1 ]
check "down: FAIL mountd not running, fix nfs-ctl start mountd" \
	has down FAIL mountd "seen not running; fix: nfs-ctl start mountd"
check "down: the fix exits 0" apply down FAIL mountd "seen not running"
check "down: after the fix, doctor exits 0" [ "$(doc down-after)" = 0 ]

# --- statd killed: its pid file and registration outlive it ---------------
statd_pid=$(cat /run/rpc.statd.pid 2>/dev/null)
for p in $(pgrep -x rpc.statd); do kill -9 "$p"; done
sleep 1
check "stale: doctor exits 1 (a FAIL)" [ "$(doc stale)" = 1 ]
check "stale: FAIL statd not running" has stale FAIL statd "seen not running"
check "stale: WARN statd's registration without a daemon" has stale WARN statd "100024"
if [ -n "$statd_pid" ] && [ -e /run/rpc.statd.pid ]; then
	check "stale: WARN statd's pid file names a gone process, fix rm it" \
		has stale WARN statd "fix: rm /run/rpc.statd.pid"
else
	note "stale: rpc.statd left no pid file (pid '$statd_pid')"
fi
if [ "$INIT" = systemd ]; then
	check "stale: FAIL rpc-statd.service failed, fix systemctl restart" \
		has stale FAIL statd "fix: systemctl restart rpc-statd.service"
fi
check "stale: nfs-ctl start statd exits 0" [ "$(rec stale-fix nfs-ctl start statd)" = 0 ]
check "stale: statd registered again" registered 100024
doc stale-after >/dev/null
check "stale: after the fix, no WARN or FAIL for statd" sh -c "! grep -Eq '^(WARN|FAIL) +statd ' '$SDIR/stale-after.out'"

# --- a second instance of a daemon ----------------------------------------
/usr/sbin/rpc.idmapd -f >"$SDIR/idmapd2.log" 2>&1 &
extra=$!
sleep 2
if kill -0 "$extra" 2>/dev/null; then
	check "instances: doctor exits 1 (a FAIL)" [ "$(doc instances)" = 1 ]
	check "instances: FAIL idmapd names the extra instance: kill $extra" \
		has instances FAIL idmapd "fix: kill $extra"
	kill "$extra"
	wait "$extra" 2>/dev/null
	check "instances: after it is gone, doctor exits 0" [ "$(doc instances-after)" = 0 ]
else
	check "instances: a second rpc.idmapd stays up to be seen (staging)" false
fi

# --- statd's monitored peers: a v3 lock on a loop-back mount --------------
if nfs3_mount /srv/nfs/e0 /mnt/doctor; then
	"$HOLD" hold /mnt/doctor/lock >"$SDIR/hold.log" 2>&1 &
	holder=$!
	i=0
	while [ $i -lt 300 ] && ! grep -q held "$SDIR/hold.log"; do sleep 0.1; i=$((i + 1)); done
	check "peers: the v3 lock is held" grep -q held "$SDIR/hold.log"
	doc peers >/dev/null
	check "peers: INFO statd lists the monitored peers" has peers INFO statd "monitored peer"
	kill "$holder"
	wait "$holder" 2>/dev/null
	timeout 60 umount /mnt/doctor || timeout 30 umount -l /mnt/doctor
else
	check "peers: NFSv3 loop-back mount (staging)" false
fi

# --- nfsd threads, versions and a legacy file against nfs.conf ------------
rec threads-3 rpc.nfsd 3 >/dev/null
check "threads: doctor exits 0 (a WARN)" [ "$(doc threads)" = 0 ]
check "threads: the WARN names 3 seen threads and the fix" \
	sh -c "grep -E '^WARN +nfsd ' '$SDIR/threads.out' | grep -F 'seen 3 threads' | grep -qF 'fix: nfs-ctl restart nfsd'"
check "threads: the fix exits 0" apply threads WARN nfsd "seen 3 threads"
check "threads: nfsd has its configured threads again" [ "$(threads)" -gt 3 ]
# The grace period cannot be staged this way: with nfsdcld tracking and no
# NFSv4 client to reclaim, the kernel ends it at once (measured: "grace
# period over" right after the restart). Recorded, not judged.
doc grace >/dev/null
note "grace: after the restart doctor says: $(grep -E '^[A-Z]+ +nfsd .*grace' "$SDIR/grace.out" | sed 's/  */ /g')"

grep -q '^RPCNFSDCOUNT=' "$legacy" || echo 'RPCNFSDCOUNT=8' >>"$legacy"
count_line=$(grep -n '^RPCNFSDCOUNT=' "$legacy" | tail -n 1 | cut -d: -f1)
configured '[nfsd]\nthreads=9\nvers3=n\n'
doc config server >/dev/null
check "config: WARN conflict names $CONF:2 and $legacy:$count_line" \
	sh -c "grep -E '^WARN +config ' '$SDIR/config.out' | grep -F '($CONF:2)' | grep -qF '$legacy:$count_line'"
check "config: WARN nfsd threads expected 9 ($CONF:2)" has config WARN nfsd "expected 9 threads ($CONF:2)"
check "config: WARN nfsd versions, origin $CONF:3" has config WARN nfsd "($CONF:3)"
check "config: WARN statd runs although skipped (NFSv3 off, $CONF:3), fix nfs-ctl stop statd" \
	sh -c "grep -E '^WARN +statd ' '$SDIR/config.out' | grep -F '($CONF:3)' | grep -qF 'fix: nfs-ctl stop statd'"
cp "$SDIR/legacy.orig" "$legacy"
unconfigured

# --- an export on a file system fstab names but nobody mounted ------------
mkdir -p /srv/nfs/doctor-fs
cp /etc/fstab /etc/exports "$SDIR/"
echo "tmpfs /srv/nfs/doctor-fs tmpfs defaults 0 0" >>/etc/fstab
echo "/srv/nfs/doctor-fs 127.0.0.1(rw,sync,no_subtree_check,fsid=77)" >>/etc/exports
check "export: doctor exits 1 (a FAIL)" [ "$(doc export)" = 1 ]
check "export: FAIL exports names /srv/nfs/doctor-fs, fix mount it" \
	has export FAIL exports "fix: mount /srv/nfs/doctor-fs"
check "export: the fix exits 0" apply export FAIL exports "fix: mount /srv/nfs/doctor-fs"
check "export: after the fix, doctor exits 0" [ "$(doc export-after)" = 0 ]
umount /srv/nfs/doctor-fs
sed -i 's|^tmpfs /srv/nfs/doctor-fs tmpfs defaults|tmpfs /srv/nfs/doctor-fs tmpfs noauto|' /etc/fstab
check "export: a noauto file system is a WARN (exit 0)" [ "$(doc export-noauto)" = 0 ]
check "export: WARN exports names /srv/nfs/doctor-fs (noauto)" has export-noauto WARN exports "/srv/nfs/doctor-fs"
cp "$SDIR/fstab" "$SDIR/exports" /etc/

# --- systemd: a unit enabled against the plan, a wanted unit masked --------
if [ "$INIT" = systemd ]; then
	# what an old package's enablement leaves (nfs-ctl's unit has no
	# [Install]: systemctl enable refuses it)
	unitfile=$(systemctl show -p FragmentPath --value nfs-blkmap.service)
	mkdir -p /etc/systemd/system/nfs-client.target.wants
	ln -sf "$unitfile" /etc/systemd/system/nfs-client.target.wants/nfs-blkmap.service
	doc unit-enabled >/dev/null
	check "unit: WARN blkmapd enabled against the plan, fix systemctl disable" \
		has unit-enabled WARN blkmapd "fix: systemctl disable nfs-blkmap.service"
	check "unit: the fix exits 0" apply unit-enabled WARN blkmapd "fix: systemctl disable nfs-blkmap.service"
	rec idmapd-mask systemctl mask --runtime nfs-idmapd.service >/dev/null
	check "unit: a masked wanted unit: doctor exits 1" [ "$(doc unit-masked)" = 1 ]
	check "unit: FAIL idmapd masked, fix systemctl unmask --runtime" \
		has unit-masked FAIL idmapd "fix: systemctl unmask --runtime nfs-idmapd.service"
	check "unit: the fix exits 0" apply unit-masked FAIL idmapd "fix: systemctl unmask --runtime nfs-idmapd.service"
	check "unit: nfs-idmapd.service no longer masked" [ ! -e /run/systemd/system/nfs-idmapd.service ]
	check "unit: after the fixes, doctor exits 0" [ "$(doc unit-after)" = 0 ]
fi

# --- rpcbind gone -----------------------------------------------------------
if [ "$INIT" = systemd ]; then
	rec rpcbind-stop systemctl stop rpcbind.socket rpcbind.service >/dev/null
else
	rec rpcbind-stop /etc/init.d/rpcbind stop >/dev/null
fi
check "rpcbind: doctor exits 1 (a FAIL)" [ "$(doc rpcbind)" = 1 ]
check "rpcbind: FAIL rpcbind names NFSv3 and the start command" has rpcbind FAIL rpcbind "NFSv3"
check "rpcbind: the fix exits 0" apply rpcbind FAIL rpcbind "NFSv3"
check "rpcbind: answers again" sh -c 'rpcinfo -p 127.0.0.1 >/dev/null'

# --- back to how s1 left it ---------------------------------------------------
check "restore: nfs-ctl restart server exits 0" [ "$(rec restore nfs-ctl restart server)" = 0 ]
check "restore: serving" wait_ready v3
if ! registered 100024; then
	note "restore: statd not registered after the restart; started the client way"
	rec restore-statd /usr/sbin/start-statd >/dev/null
fi
check "restore: doctor shows no WARN or FAIL" sh -c "[ \$(nfs-ctl doctor >'$SDIR/restore-doc.out' 2>&1; echo \$?) = 0 ] && ! grep -Eq '^(WARN|FAIL) ' '$SDIR/restore-doc.out'"
