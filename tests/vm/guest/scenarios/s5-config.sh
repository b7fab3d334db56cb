#!/bin/sh
# Scenario 5, non-default configuration: fixed mountd and statd ports and a
# thread count (Debian's /etc/default files), then an NFSv4-only server
# (nfs.conf). The states are dumped for the host to compare between inits.
# lab-compare: ports/daemons ports/rpcinfo ports/ports ports/threads ports/versions
# lab-compare: v4only/daemons v4only/rpcinfo v4only/threads v4only/versions
# shellcheck source=../lib.sh
. /usr/lib/nfs-ctl-lab/lib.sh
SDIR=$1
restart_with_config() {
	check "$1: stop server" [ "$(rec "$1-stop" ctl stop)" = 0 ]
	if ! no_proc rpc.statd; then
		# Expected while the client target is active; the server start must
		# then show whether it starts statd itself, so statd goes.
		note "$1: rpc.statd still running after stop server with no mount"
		kill_statd
	fi
	"$2"
	check "$1: start server" [ "$(rec "$1-start" ctl start)" = 0 ]
}
# Where the release's administrator sets these: Debian 12 ships the values
# in /etc/default (RPCNFSDCOUNT=8 ...); Debian 13 dropped them from there and
# documents nfs.conf only.
ports_config() {
	cp /etc/default/nfs-kernel-server /etc/default/nfs-common "$SDIR/"
	if grep -q '^RPCNFSDCOUNT=' /etc/default/nfs-kernel-server; then
		note "ports: set in /etc/default (as $RELEASE ships them)"
		sed -i 's/^RPCNFSDCOUNT=.*/RPCNFSDCOUNT=5/; s/^RPCMOUNTDOPTS=.*/RPCMOUNTDOPTS="--manage-gids --port 32767"/' \
			/etc/default/nfs-kernel-server
		sed -i 's/^STATDOPTS=.*/STATDOPTS="--port 32765 --outgoing-port 32766"/' /etc/default/nfs-common
	else
		note "ports: set in /etc/nfs.conf.d ($RELEASE's /etc/default has no RPCNFSDCOUNT)"
		mkdir -p /etc/nfs.conf.d
		printf '[nfsd]\nthreads=5\n[mountd]\nport=32767\n[statd]\nport=32765\noutgoing-port=32766\n' \
			>/etc/nfs.conf.d/lab-ports.conf
	fi
}
restart_with_config ports ports_config
check "ports: serving" wait_ready v3
if ! registered 100024; then
	# Not every mode starts statd with a v3 server; then start it the client way.
	note "ports: server start did not start rpc.statd"
	rec start-statd /usr/sbin/start-statd >/dev/null
fi
dump_state "$SDIR/ports"
rpcinfo -p 127.0.0.1 | awk '$1 == 100005 || $1 == 100024 { print $1, $2, $3, $4 }' | sort -u >"$SDIR/ports/ports"
check "ports: 5 nfsd threads" [ "$(threads)" = 5 ]
check "ports: mountd on 32767" grep -q '^100005 .* 32767$' "$SDIR/ports/ports"
check "ports: statd on 32765" grep -q '^100024 .* 32765$' "$SDIR/ports/ports"

v4only_config() {
	cp "$SDIR/nfs-kernel-server" "$SDIR/nfs-common" /etc/default/
	rm -f /etc/nfs.conf.d/lab-ports.conf
	mkdir -p /etc/nfs.conf.d
	printf '[nfsd]\nvers2=n\nvers3=n\n' >/etc/nfs.conf.d/lab-v4only.conf
}
n0=$(wc -l </run/lab/sm-notify.log 2>/dev/null || echo 0)
restart_with_config v4only v4only_config
check "v4only: serving" wait_ready v4only
dump_state "$SDIR/v4only"
tail -n +"$((n0 + 1))" /run/lab/sm-notify.log >"$SDIR/v4only/sm-notify.log" 2>/dev/null
check "v4only: NFSv3 off in /proc/fs/nfsd/versions" grep -q -- '-3' "$SDIR/v4only/versions"
check "v4only: no rpc.statd" no_proc rpc.statd
check "v4only: sm-notify not run" [ ! -s "$SDIR/v4only/sm-notify.log" ]
rm -f /etc/nfs.conf.d/lab-v4only.conf
