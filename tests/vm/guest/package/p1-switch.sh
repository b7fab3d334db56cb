#!/bin/sh
# Package scenario p1 (issue 15, run-package.sh): the nfs-ctl .deb on a
# machine that serves with Debian's own stack, over four boots of one disk
# (a persistent overlay; the scenario reboots the guest and the runner of the
# next boot runs it again, in its next phase):
#   boot 1  Debian's nfs-kernel-server serves; dpkg -i nfs-ctl (an NFSv3
#           lock held across the switch); diversions; still serving
#   boot 2  the boot ran nfs-ctl and it serves; nfs-common and
#           nfs-kernel-server reinstalled from their .deb files (the offline
#           `apt-get install --reinstall`); nfs-ctl's files stay
#   boot 3  still nfs-ctl; dpkg -r nfs-ctl gives back Debian's files, as
#           enabled as they were; serving
#   boot 4  Debian's stack serves; dpkg --purge nfs-ctl leaves no state
# The guest has no network: every package comes from /usr/lib/nfs-ctl-lab/pkg
# (run-package.sh puts them there).
# lab-timeout: 2400
# shellcheck disable=SC2317,SC2016 # functions run through check; sh -c bodies
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
STATE=/var/lib/nfs-ctl-lab/p1
PKG=$LAB/pkg
HOLD=$LAB/lockhold
MNT=/mnt/p1
mkdir -p "$SDIR" "$STATE"
# the checks of the earlier boots of this disk
[ ! -d "$STATE/sdir" ] || cp -a "$STATE/sdir/." "$SDIR/"
phase=$(cat "$STATE/phase" 2>/dev/null || echo start)
bootno=$(($(cat "$STATE/boots" 2>/dev/null || echo 0) + 1))
echo "$bootno" >"$STATE/boots"
cp -a "$OUT/boot" "$SDIR/boot-$bootno" 2>/dev/null || true

# slow COMMAND...: dpkg runs with a longer limit than rec's 200 s (emulated,
# on a loaded host, a maintainer script that stops and starts the server)
slow() { timeout 1200 "$@"; }

# step NAME: checks from here on are prefixed with the step's name
step() { STEP=$1; say "p1: $STEP"; }
pcheck() {
	d=$1
	shift
	check "$STEP: $d" "$@"
}
pnote() { note "$STEP: $*"; }

# reboot_into PHASE: keep the results (on this disk, and on the results disk
# in case the next boot leaves none), and reboot
reboot_into() {
	echo "$1" >"$STATE/phase"
	rm -rf "$STATE/sdir"
	cp -a "$SDIR" "$STATE/sdir"
	tar -cf /dev/vdb -C /run/lab out 2>/dev/null
	sync
	say "p1: reboot into phase $1"
	if [ "$INIT" = systemd ]; then systemctl reboot; else reboot; fi
	sleep 600
	exit 1
}

# serves: nfsd has threads, nfs and mountd registered, /srv/nfs/e0 exported,
# and a loopback NFSv3 mount of it takes a file
exported() { exportfs | grep -q '^/srv/nfs/e0'; }
loop_mount() {
	nfs3_mount /srv/nfs/e1 "$MNT-check" || return 1
	echo "$STEP" >"$MNT-check/probe" && grep -qx "$STEP" /srv/nfs/e1/probe
	r=$?
	umount "$MNT-check" || r=1
	return "$r"
}
serves() {
	pcheck "nfsd serves (threads, nfs and mountd registered)" wait_ready v3
	pcheck "rpcinfo lists program 100003" registered 100003
	pcheck "exportfs lists /srv/nfs/e0" exported
	pcheck "a loopback NFSv3 mount works" loop_mount
	rec "$STEP-state" dump_state "$SDIR/$STEP-state" >/dev/null
}

# nfs-ctl ran in this boot: its state directory (a tmpfs) has its records,
# and under systemd the daemons' units are nfs-ctl's
ran_nfs_ctl() { [ -n "$(ls -A /run/nfs-ctl 2>/dev/null)" ]; }
units_are_nfs_ctl() { systemctl show -p ExecStart nfs-mountd.service | grep -q 'nfs-ctl exec'; }
units_are_debian() {
	f=$(systemctl show -p FragmentPath --value nfs-server.service)
	dpkg-query -S "$f" 2>/dev/null | grep -q '^nfs-kernel-server: ' &&
		! systemctl show -p ExecStart nfs-mountd.service | grep -q nfs-ctl
}
under_nfs_ctl() {
	pcheck "nfs-ctl ran in this boot (records in /run/nfs-ctl)" ran_nfs_ctl
	pcheck "nfs-ctl status server exits 0" nfs-ctl status server
	if [ "$INIT" = systemd ]; then
		pcheck "nfs-mountd.service runs nfs-ctl exec" units_are_nfs_ctl
	fi
	rec "$STEP-status" nfs-ctl status server >/dev/null
}
under_debian() {
	pcheck "no nfs-ctl: /usr/sbin/nfs-ctl and /run/nfs-ctl absent" \
		sh -c '[ ! -e /usr/sbin/nfs-ctl ] && [ ! -e /run/nfs-ctl ]'
	if [ "$INIT" = systemd ]; then
		pcheck "nfs-server.service is nfs-kernel-server's, daemons' units Debian's" units_are_debian
	fi
	pcheck "start-statd is nfs-common's script" sh -c '[ -f /usr/sbin/start-statd ] && [ ! -L /usr/sbin/start-statd ]'
}

# enabled_state: every rc link and systemd wants link (what "enabled" is)
enabled_state() {
	(cd /etc && find rc?.d rcS.d systemd/system -type l -printf '%p -> %l\n' 2>/dev/null) | LC_ALL=C sort
}
# debian_files_intact: every file of nfs-common and nfs-kernel-server
# outside /usr/share (the lab's tree has no documentation) has the content
# dpkg's md5sums list for it (at its true name: the lab's own instruments
# divert rpc.nfsd, sm-notify and nfsdctl, see prepare-image.sh)
debian_files_intact() {
	for p in nfs-common nfs-kernel-server; do
		while read -r sum path; do
			case $path in usr/share/*) continue ;; esac
			echo "$sum  $(dpkg-divert --truename "/$path")"
		done <"/var/lib/dpkg/info/$p.md5sums"
	done | md5sum -c --quiet - >"$SDIR/md5sums-check" 2>&1
}
nfs_ctl_diversions() { dpkg-divert --list | grep -c 'by nfs-ctl$' || true; }
no_nfs_ctl_diversions() { ! dpkg-divert --list | grep -q nfs-ctl; }
all_diverted() {
	[ "$(nfs_ctl_diversions)" = "$(wc -l </usr/share/nfs-ctl/diverts)" ] && [ "$(nfs_ctl_diversions)" -gt 0 ]
}
# nfs_ctl_files_intact: dpkg --verify of nfs-ctl reports nothing (conffile
# /etc/default/nfs-ctl included), and start-statd is nfs-ctl's link
nfs_ctl_files_intact() {
	[ -z "$(dpkg --verify nfs-ctl 2>&1)" ] && [ "$(readlink /usr/sbin/start-statd)" = nfs-ctl ]
}
# distrib_are_debians: each diverted file Debian ships now under .distrib has
# the content of the package that ships it (the reinstall wrote there)
distrib_are_debians() {
	n=0
	for p in nfs-common nfs-kernel-server; do
		while read -r sum path; do
			case "/$path" in *systemd/system/* | /usr/sbin/start-statd) ;; *) continue ;; esac
			dpkg-divert --truename "/$path" | grep -q '\.distrib$' || continue
			echo "$sum  $(dpkg-divert --truename "/$path")" | md5sum -c --quiet - || return 1
			n=$((n + 1))
		done <"/var/lib/dpkg/info/$p.md5sums"
	done
	echo "$n .distrib files checked" >>"$SDIR/distrib-checked"
	[ "$n" -gt 0 ]
}
# not_diverted_in_dpkg_S PATH...: dpkg -S names no nfs-ctl for PATH
not_diverted_in_dpkg_s() { ! dpkg-query -S "$@" 2>&1 | grep -q nfs-ctl; }

# --- the v3 lock held across the switch -----------------------------------
lock_start() {
	mkdir -p "$MNT"
	nfs3_mount /srv/nfs/e0 "$MNT" || return 1
	: >"$MNT/lockfile"
	"$HOLD" hold "$MNT/lockfile" >"$SDIR/lock-holder.log" 2>&1 &
	echo $! >"$STATE/holder.pid"
	i=0
	while [ "$i" -lt 600 ] && ! grep -q held "$SDIR/lock-holder.log"; do sleep 0.1; i=$((i + 1)); done
	grep -q held "$SDIR/lock-holder.log"
}
# server_sees_lock: a second owner on the server's own file is refused
server_sees_lock() { "$HOLD" trylock /srv/nfs/e0/lockfile >/dev/null 2>&1; [ $? = 2 ]; }
lock_after_switch() {
	t0=$SWITCHED
	cp /proc/locks "$SDIR/locks-after-switch"
	i=0
	while [ "$i" -lt 150 ] && ! server_sees_lock; do sleep 1; i=$((i + 1)); done
	if server_sees_lock; then
		pnote "v3 lock: held by the server when checked $(echo "$(uptime_s) $t0" | awk '{ printf "%.1f", $1 - $2 }') s after dpkg -i returned"
	else
		pnote "v3 lock: the server does not hold it 150 s after the switch (lost, not reclaimed)"
	fi
	pid=$(cat "$STATE/holder.pid")
	kill "$pid" 2>/dev/null
	wait "$pid"
	hrc=$?
	pnote "v3 lock: holder exited $hrc (0: no call failed); its last lines: $(tail -n 2 "$SDIR/lock-holder.log" | tr '\n' ' ')"
	pnote "v3 lock: errors seen by the holder: $(grep -vc -e held -e released -e 'errors=0' "$SDIR/lock-holder.log")"
	umount "$MNT" 2>/dev/null || umount -l "$MNT"
}

# --- the phases ---------------------------------------------------------
boot1() {
	step a-distro
	pnote "release $RELEASE, init $INIT; $(dpkg-query -W nfs-common nfs-kernel-server | tr '\t\n' '= ')"
	pcheck "nfs-ctl is not installed" sh -c '! dpkg-query -W -f "\${Status}" nfs-ctl 2>/dev/null | grep -q installed'
	serves
	under_debian
	enabled_state >"$STATE/enabled-before"
	cp "$STATE/enabled-before" "$SDIR/enabled-before"

	step b-install
	pcheck "an NFSv3 mount holds a lock before the switch" lock_start
	pcheck "the server sees that lock" server_sees_lock
	# The lab's tree has its documentation deleted behind dpkg's back; a
	# directory the package shares with nfs-common that is missing makes
	# dpkg rewrite nfs-common's file list (tests/package_deb.bats). A
	# consistent system has them.
	dpkg-deb -c "$PKG"/nfs-ctl_*.deb | awk '$1 ~ /^d/ { print $6 }' | while read -r d; do
		[ -e "/$d" ] || { mkdir -p "/$d"; echo "/$d" >>"$SDIR/dirs-made"; }
	done
	cp /proc/locks "$SDIR/locks-before-switch"
	pcheck "dpkg -i nfs-ctl exits 0" test "$(rec b-dpkg-i slow dpkg -i "$PKG"/nfs-ctl_*.deb)" = 0
	SWITCHED=$(uptime_s)
	dpkg-divert --list | LC_ALL=C sort >"$SDIR/divert-list"
	pcheck "dpkg-divert --list has every path of /usr/share/nfs-ctl/diverts, by nfs-ctl" all_diverted
	pnote "$(nfs_ctl_diversions) diversions by nfs-ctl"
	rec b-dpkg-L dpkg -L nfs-ctl >/dev/null
	serves
	under_nfs_ctl
	lock_after_switch
	reboot_into installed
}

boot2() {
	step c-reboot
	under_nfs_ctl
	serves
	pcheck "nfs-ctl's files as packaged (dpkg --verify), start-statd is nfs-ctl" nfs_ctl_files_intact

	step d-reinstall
	pcheck "dpkg -i nfs-common nfs-kernel-server (reinstall) exits 0" \
		test "$(rec d-reinstall slow dpkg -i "$PKG"/nfs-utils/nfs-common_*.deb "$PKG"/nfs-utils/nfs-kernel-server_*.deb)" = 0
	pcheck "every diversion still there" all_diverted
	pcheck "nfs-ctl's files as packaged (dpkg --verify), start-statd is nfs-ctl" nfs_ctl_files_intact
	pcheck "Debian's reinstalled files went to their .distrib names, with their content" distrib_are_debians
	rec d-dpkg-S dpkg-query -S /usr/sbin/start-statd >/dev/null
	pcheck "dpkg -S /usr/sbin/start-statd: nfs-ctl's, diverted" sh -c "dpkg-query -S /usr/sbin/start-statd | grep -q 'diversion by nfs-ctl'"
	serves
	under_nfs_ctl
	reboot_into reinstalled
}

boot3() {
	step d-reboot
	under_nfs_ctl
	serves
	pcheck "nfs-ctl's files as packaged (dpkg --verify), start-statd is nfs-ctl" nfs_ctl_files_intact

	step e-remove
	pcheck "dpkg -r nfs-ctl exits 0" test "$(rec e-dpkg-r slow dpkg -r nfs-ctl)" = 0
	pcheck "dpkg-divert --list names no nfs-ctl" no_nfs_ctl_diversions
	pcheck "nfs-common's and nfs-kernel-server's files match their md5sums" debian_files_intact
	pcheck "no .distrib file left" sh -c '! ls /usr/sbin/*.distrib /lib/systemd/system/*.distrib /usr/lib/systemd/system/*.distrib 2>/dev/null | grep -v -e nfsdctl -e rpc.nfsd -e sm-notify'
	pcheck "dpkg -S of start-statd and nfs-server.service names no nfs-ctl" \
		not_diverted_in_dpkg_s /usr/sbin/start-statd nfs-server.service
	enabled_state >"$SDIR/enabled-after-remove"
	pcheck "rc links and systemd wants links as before the installation" \
		cmp "$STATE/enabled-before" "$SDIR/enabled-after-remove"
	serves
	reboot_into removed
}

boot4() {
	step e-reboot
	under_debian
	serves
	enabled_state >"$SDIR/enabled-after-reboot"
	pcheck "rc links and systemd wants links as before the installation" \
		cmp "$STATE/enabled-before" "$SDIR/enabled-after-reboot"

	step e-purge
	pcheck "dpkg --purge nfs-ctl exits 0" test "$(rec e-dpkg-purge slow dpkg --purge nfs-ctl)" = 0
	pcheck "no state left: /var/lib/nfs-ctl, /etc/default/nfs-ctl" \
		sh -c '[ ! -e /var/lib/nfs-ctl ] && [ ! -e /etc/default/nfs-ctl ]'
	pcheck "dpkg knows no nfs-ctl any more" sh -c '! dpkg-query -W nfs-ctl 2>/dev/null'
	echo finished >"$STATE/phase"
}

case $phase in
start) boot1 ;;
installed) boot2 ;;
reinstalled) boot3 ;;
removed) boot4 ;;
*) step "$phase"; pcheck "a known phase (boot $bootno)" false ;;
esac
exit 0
