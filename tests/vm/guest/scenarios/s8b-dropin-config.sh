#!/bin/sh
# Scenario 8b, drop-in rows that depend on configuration (docs/compatibility.md):
#   - nfs.conf against /etc/default: the administrator's [nfsd] threads wins
#     over Debian's RPCNFSDCOUNT, and nfs-ctl names both file:line (both inits);
#   - an export on a `noauto` file system pulls no mount in, and a loop-back
#     NFS mount through a fully qualified name is ordered before the server
#     at shutdown (systemd: the generator's work; sysvinit has no generator);
#   - NEED_IDMAPD=yes in /etc/default/nfs-common: the client's start runs
#     rpc.idmapd (sysvinit: it is Debian's nfs-common switch, which Debian's
#     systemd units do not read).
# In distro mode the same configuration is applied and what Debian's stack
# does is recorded as NOTE lines, for the report's side-by-side view.
# Everything is put back at the end, and the server serves again.
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
for f in /etc/exports /etc/fstab /etc/hosts /etc/default/nfs-kernel-server /etc/default/nfs-common; do
	cp "$f" "$SDIR/${f##*/}.orig"
done
put_back() {
	for f in /etc/exports /etc/fstab /etc/hosts /etc/default/nfs-kernel-server /etc/default/nfs-common; do
		cp "$SDIR/${f##*/}.orig" "$f"
	done
	rm -f /etc/nfs.conf.d/lab-conflict.conf
}
nfsctl() { [ "$MODE" = nfs-ctl ]; }
lacks() { ! grep -q "$1" "$2"; }
# after_of MOUNT UNIT: the mount unit is ordered after UNIT (asked from the
# mount's side: systemctl show quotes and escapes a name with backslashes)
after_of() { systemctl show -p After "$1" | sed 's/^After=//' | tr ' ' '\n' | grep -qxF "$2"; }

# --- nfs.conf wins over /etc/default ------------------------------------
grep -q '^RPCNFSDCOUNT=' /etc/default/nfs-kernel-server ||
	echo 'RPCNFSDCOUNT=8' >>/etc/default/nfs-kernel-server
sed -i 's/^RPCNFSDCOUNT=.*/RPCNFSDCOUNT=8/' /etc/default/nfs-kernel-server
mkdir -p /etc/nfs.conf.d
printf '[nfsd]\nthreads = 7\n' >/etc/nfs.conf.d/lab-conflict.conf
check "conflict: server restart exits 0" [ "$(rec conflict-restart srv restart)" = 0 ]
check "conflict: serving" wait_ready v3
if nfsctl; then
	check "conflict: nfs.conf's threads = 7 win over RPCNFSDCOUNT=8" [ "$(threads)" = 7 ]
	nfs-ctl config >"$SDIR/config.out" 2>&1
	check "conflict: nfs-ctl config names both file:line" \
		grep -Eq '/etc/default/nfs-kernel-server:[0-9]+: RPCNFSDCOUNT=8 .*/etc/nfs.conf.d/lab-conflict.conf:2' "$SDIR/config.out"
else
	note "conflict: Debian's $INIT stack runs $(threads) threads with [nfsd] threads=7 and RPCNFSDCOUNT=8"
fi

# --- late and loop-back mounts (systemd's generators) --------------------
if [ "$INIT" = systemd ]; then
	# a late (_netdev) file system under an export is waited for; one
	# exported with `mp` is not (the export is skipped until it is mounted)
	mkdir -p /srv/late/x /srv/mpx
	{
		echo "/srv/late/x 127.0.0.1(ro,no_subtree_check)"
		echo "/srv/mpx 127.0.0.1(ro,mp,no_subtree_check)"
	} >>/etc/exports
	{
		echo "LABEL=lab-late /srv/late ext4 _netdev,nofail 0 0"
		echo "LABEL=lab-mp /srv/mpx ext4 nofail 0 0"
	} >>/etc/fstab
	systemctl daemon-reload
	u=nfs-exports.service
	nfsctl || u=nfs-server.service
	systemctl show -p RequiresMountsFor "$u" >"$SDIR/late.show" 2>&1
	if nfsctl; then
		check "_netdev export: $u requires /srv/late" grep -q /srv/late "$SDIR/late.show"
		check "mp export: $u requires no mount of /srv/mpx" lacks /srv/mpx "$SDIR/late.show"
	else
		note "late exports: Debian's $u has $(cat "$SDIR/late.show")"
	fi
	cp "$SDIR/exports.orig" /etc/exports
	cp "$SDIR/fstab.orig" /etc/fstab
	mkdir -p /srv/noauto/x /mnt/lb-fqdn
	echo "/srv/noauto/x 127.0.0.1(ro,no_subtree_check)" >>/etc/exports
	echo "127.0.1.1 lab-server.lab.example" >>/etc/hosts
	{
		echo "LABEL=lab-absent /srv/noauto ext4 noauto,nofail 0 0"
		echo "lab-server.lab.example:/srv/nfs/e1 /mnt/lb-fqdn nfs noauto 0 0"
	} >>/etc/fstab
	systemctl daemon-reload
	for u in nfs-exports.service nfsd.service nfs-server.service; do
		systemctl show -p RequiresMountsFor -p Before -p Requires "$u" >"$SDIR/$u.show" 2>&1
	done
	lb=$(systemd-escape -p --suffix=mount /mnt/lb-fqdn)
	if nfsctl; then
		check "noauto export: nfs-exports.service requires no mount of /srv/noauto" \
			lacks /srv/noauto "$SDIR/nfs-exports.service.show"
		check "noauto export: nfsd.service requires no mount of /srv/noauto" \
			lacks /srv/noauto "$SDIR/nfsd.service.show"
		check "loop-back mount by FQDN: $lb is ordered after nfsd.service (unmounted before the server stops)" \
			after_of "$lb" nfsd.service
	else
		if grep -q /srv/noauto "$SDIR/nfs-server.service.show"; then
			note "noauto export: Debian's nfs-server.service requires the mount"
		else
			note "noauto export: Debian's nfs-server.service requires no mount"
		fi
		if after_of "$lb" nfs-server.service; then
			note "loop-back mount by FQDN: Debian's nfs-server.service is Before= it"
		else
			note "loop-back mount by FQDN: Debian's nfs-server.service is not Before= it"
		fi
	fi
	check "noauto export: server restart exits 0 (the absent disk is not waited for)" \
		[ "$(rec noauto-restart srv restart)" = 0 ]
	check "noauto export: serving" wait_ready v3
else
	note "noauto and loop-back rows: systemd only (its generators); sysvinit mounts nothing for exports"
fi

# --- NEED_IDMAPD for an NFSv4 client (Debian's nfs-common switch) --------
if [ "$INIT" = sysv ]; then
	sed -i '/^NEED_IDMAPD=/d' /etc/default/nfs-common
	echo 'NEED_IDMAPD=yes' >>/etc/default/nfs-common
	rec idmapd-srv-stop srv stop >/dev/null
	rec idmapd-client-stop /etc/init.d/nfs-common stop >/dev/null
	pkill -x rpc.idmapd 2>/dev/null || true
	check "NEED_IDMAPD=yes: /etc/init.d/nfs-common start exits 0" \
		[ "$(rec idmapd-client-start /etc/init.d/nfs-common start)" = 0 ]
	check "NEED_IDMAPD=yes: rpc.idmapd runs after the client's start" one_proc rpc.idmapd
fi

put_back
if [ "$INIT" = systemd ]; then systemctl daemon-reload; fi
rec final-restart srv restart >/dev/null
check "serving at the end of the scenario" wait_ready v3
