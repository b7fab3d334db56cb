#!/bin/sh
# Scenario 8, drop-in: the commands an administrator of Debian types and the
# names packages depend on (docs/compatibility.md), on the real system: reload
# re-reads /etc/exports, enable, Debian's names, a bad exports line, an
# NFSv4-only server with rpcbind masked (systemd), service/invoke-rc.d
# (sysvinit).  Run in both modes: Debian's own units and scripts must pass the
# same checks.  Under sysvinit the scripts are Debian's nfs-kernel-server and
# nfs-common in both modes: with nfs-ctl installed they hand their action
# to nfs-ctl (its init-functions hook), so the checks also prove that.
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
# exportfs -v puts the client on the next line after a long path, so the
# path may end its line; the listing is kept for the report
exported() {
	exportfs -v >"$SDIR/exportfs-v.out" 2>&1
	grep -Eq "^$1([[:space:]]|\$)" "$SDIR/exportfs-v.out"
}
cp /etc/exports "$SDIR/exports.orig"
restore_exports() { cp "$SDIR/exports.orig" /etc/exports; }
# Debian's script names in both modes: with nfs-ctl they run nfs-ctl
# through its init-functions hook (docs/compatibility.md)
SERVER=nfs-kernel-server CLIENT=nfs-common

check "server start command exits 0" [ "$(rec start srv start)" = 0 ]
check "serving" wait_ready v3

# --- reload: a new line in /etc/exports is served without a restart -------
mkdir -p /srv/nfs/reload
echo "/srv/nfs/reload 127.0.0.1(ro,no_subtree_check)" >>/etc/exports
if [ "$INIT" = systemd ]; then
	check "systemctl reload nfs-server exits 0" [ "$(rec reload systemctl reload nfs-server)" = 0 ]
else
	check "invoke-rc.d $SERVER reload exits 0" \
		[ "$(rec reload invoke-rc.d "$SERVER" reload)" = 0 ]
fi
check "reload: the new export is served" exported /srv/nfs/reload

# --- a bad line: the server restarts and serves the good exports -----------
echo "/srv/nfs/bad 127.0.0.1(rw,no_such_option)" >>/etc/exports
if [ "$INIT" = systemd ]; then
	rec bad-restart systemctl restart nfs-server >/dev/null
	check "bad exports line: systemctl restart nfs-server exits 0" [ "$(rc_of bad-restart)" = 0 ]
else
	rec bad-restart service "$SERVER" restart >/dev/null
	check "bad exports line: service $SERVER restart exits 0" [ "$(rc_of bad-restart)" = 0 ]
	check "bad exports line: reported with file:line" grep -q '/etc/exports:[0-9]' "$SDIR/bad-restart.out"
fi
check "bad exports line: still serving" wait_ready v3
check "bad exports line: a good export is served" exported /srv/nfs/e0
restore_exports
rec reload-restored srv reload >/dev/null

if [ "$INIT" = systemd ]; then
	# --- names and enable ----------------------------------------------
	check "systemctl enable nfs-server exits 0" [ "$(rec enable systemctl enable nfs-server)" = 0 ]
	check "nfs-server is enabled" [ "$(systemctl is-enabled nfs-server 2>/dev/null)" = enabled ]
	check "systemctl disable nfs-server exits 0" [ "$(rec disable systemctl disable nfs-server)" = 0 ]
	check "nfs-server is disabled" [ "$(systemctl is-enabled nfs-server 2>/dev/null)" = disabled ]
	check "systemctl enable nfs-server again exits 0" [ "$(rec enable-again systemctl enable nfs-server)" = 0 ]
	check "systemctl restart nfs-kernel-server exits 0" \
		[ "$(rec restart-alias systemctl restart nfs-kernel-server)" = 0 ]
	check "restart nfs-kernel-server: serving when it returns" wait_ready v3
	# the unit that runs rpc.nfsd: nfsd.service here, nfs-server.service upstream
	nfsd_unit=nfsd.service
	[ "$MODE" = nfs-ctl ] || nfsd_unit=nfs-server.service
	for u in nfs-mountd.service $nfsd_unit; do
		check "$u starts after network-online.target" \
			sh -c "systemctl show -p After $u | grep -q network-online.target"
	done
	check "systemctl reload nfs-kernel-server exits 0" [ "$(rec reload-alias systemctl reload nfs-kernel-server)" = 0 ]
	check "systemctl status nfs-kernel-server: active" [ "$(rec status-alias systemctl status nfs-kernel-server)" = 0 ]
	if [ "$MODE" = nfs-ctl ]; then
		check "nfs-common.service is nfs.service (Debian masks it)" \
			[ "$(systemctl show -p Id --value nfs-common.service)" = nfs.service ]
	fi
	check "/etc/init.d/nfs-common status exits 0 or 3" \
		sh -c '/etc/init.d/nfs-common status >/dev/null 2>&1; rc=$?; [ $rc = 0 ] || [ $rc = 3 ]'
	m0=$(pgrep -x rpc.mountd)
	check "systemctl restart nfs-utils exits 0" [ "$(rec restart-nfs-utils systemctl restart nfs-utils)" = 0 ]
	check "restart nfs-utils: rpc.mountd restarted" [ "$(pgrep -x rpc.mountd)" != "$m0" ]
	check "restart nfs-utils: still serving" wait_ready v3
	check "systemctl restart rpc-statd exits 0" [ "$(rec restart-statd systemctl restart rpc-statd)" = 0 ]

	# --- NFSv4-only with rpcbind masked, as nfs.systemd(7) advises -------
	mkdir -p /etc/nfs.conf.d
	printf '[nfsd]\nvers2=n\nvers3=n\n' >/etc/nfs.conf.d/lab-v4only.conf
	rec v4-stop ctl stop >/dev/null
	kill_statd >/dev/null 2>&1 || true
	systemctl stop rpcbind.socket rpcbind.service >/dev/null 2>&1
	systemctl mask rpcbind.socket rpcbind.service >/dev/null 2>&1
	systemctl daemon-reload
	check "v4-only, rpcbind masked: server start exits 0" [ "$(rec v4-start ctl start)" = 0 ]
	check "v4-only, rpcbind masked: nfsd has threads" [ "$(threads)" -gt 0 ]
	check "v4-only, rpcbind masked: no rpcbind running" no_proc rpcbind
	rm -f /etc/nfs.conf.d/lab-v4only.conf
	rec v4-stop-again ctl stop >/dev/null
	systemctl unmask rpcbind.socket rpcbind.service >/dev/null 2>&1
	systemctl daemon-reload
	systemctl start rpcbind.socket rpcbind.service >/dev/null 2>&1
	check "after unmasking: server start exits 0" [ "$(rec restart-v3 ctl start)" = 0 ]
	check "after unmasking: serving v3" wait_ready v3
else
	check "service $SERVER status: 0" [ "$(rec status-service service "$SERVER" status)" = 0 ]
	check "/etc/init.d/$CLIENT status exits 0 or 3" \
		sh -c '"$1" status >/dev/null 2>&1; rc=$?; [ $rc = 0 ] || [ $rc = 3 ]' sh "/etc/init.d/$CLIENT"
	check "service $SERVER stop exits 0" [ "$(rec stop-service service "$SERVER" stop)" = 0 ]
	check "stopped: no nfsd threads" [ "$(threads)" = 0 ]
	check "service $SERVER start exits 0" [ "$(rec start-service service "$SERVER" start)" = 0 ]
	check "started again: serving" wait_ready v3
fi
