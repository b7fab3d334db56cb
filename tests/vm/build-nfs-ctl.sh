#!/bin/sh
# Build nfs-ctl for the guest and install it into a staging directory:
#   build-nfs-ctl.sh SOURCE_TOP WORK_DIR   -> prints the DESTDIR
# The source is copied first (tracked and untracked-but-not-ignored files), so
# the developer's tree is never configured or littered by the lab. The guest
# is Debian 12 like the host (same libc; libtirpc3 and libsystemd0 come with
# nfs-common), so the host compiler builds it.
set -eu
top=$1
work=$2
# One directory per build: two labs that share a cache (run-lab.sh and
# run-failover.sh at once) must not build into each other's tree.
mkdir -p "$(dirname "$work")"
run=$(mktemp -d "$work.XXXXXX")
src=$run/src
dest=$run/destdir
mkdir -p "$src"
(cd "$top" && git ls-files -z -co --exclude-standard | tar --null -T - -cf -) |
	tar -xf - -C "$src"
log=$run/build.log
{
	cd "$src"
	autoreconf -fi &&
		./configure --prefix=/usr --sysconfdir=/etc \
			--with-systemdsystemunitdir=/lib/systemd/system \
			--with-lsb-hookdir=/lib/lsb/init-functions.d &&
		make -j"$(nproc)" &&
		make install DESTDIR="$dest"
} >"$log" 2>&1 || {
	tail -n 40 "$log" >&2
	echo "build-nfs-ctl: build failed, full log in $log" >&2
	exit 1
}
rm -rf "$src" # the installed tree is what the lab uses
echo "$dest"
