#!/bin/bash
# Instructions (callgrind: repeatable, independent of the machine's load)
# of `plan start server` and of the systemd generator against the number
# of /etc/exports lines (1, 100, 1000, 10000) and of NFS entries in
# /etc/fstab (1, 50, 500; half of them from this host), for each nfs-ctl
# binary given.  The wall-time companion is bench/growth.sh.
#   bench/growth-instructions.sh NFS_CTL_BINARY...
set -u
R=$(mktemp -d /tmp/nfs-ctl-growth-ir.XXXXXX)
trap 'rm -rf "$R"' EXIT
mkdir -p "$R"/etc "$R"/run "$R"/proc/self "$R"/usr/sbin "$R"/sbin "$R"/usr/bin
: >"$R/proc/self/mountinfo"
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected/ { print $NF }'; }
for b in "$@"; do
	for n in 1 100 1000 10000; do
		for ((i = 1; i <= n; i++)); do echo "/srv/nfs/export$i 169.254.0.0/16(rw,sync,no_subtree_check)"; done >"$R/etc/exports"
		rm -rf "$R/run/gen"
		mkdir -p "$R/run/gen"
		echo "$b plan-start-server exports=$n $(ir "$b" --root "$R" plan start server)"
		echo "$b generator exports=$n $(ir "$b" --root "$R" generator "$R/run/gen")"
	done
	echo "/srv/x *(rw)" >"$R/etc/exports"
	for n in 1 50 500; do
		for ((i = 1; i <= n; i++)); do
			if ((i % 2)); then h=localhost; else h=fs$i; fi
			echo "$h:/srv/nfs/export$i /mnt/nfs$i nfs defaults 0 0"
		done >"$R/etc/fstab"
		rm -rf "$R/run/gen"
		mkdir -p "$R/run/gen"
		echo "$b generator fstab-nfs=$n $(ir "$b" --root "$R" generator "$R/run/gen")"
	done
	rm -f "$R/etc/fstab"
done
