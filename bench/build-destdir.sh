#!/bin/sh
# Build an nfs-ctl source tree (configured or not) the way the lab's
# build-nfs-ctl.sh does, in place, and install it into WORK/destdir:
#   build-destdir.sh SOURCE_DIR WORK_DIR   -> prints the DESTDIR
# For benchmarking a variant tree (e.g. a copy with a patch applied) in the
# lab: BENCH_DESTDIR=$(bench/build-destdir.sh DIR WORK) bench/lab.sh
set -eu
src=$(cd "$1" && pwd)
mkdir -p "$2"
work=$(cd "$2" && pwd)
dest=$work/destdir
rm -rf "$dest"
log=$work/build-destdir.log
{
	cd "$src"
	make distclean >/dev/null 2>&1 || true
	autoreconf -fi &&
		./configure --prefix=/usr --sysconfdir=/etc \
			--with-systemdsystemunitdir=/lib/systemd/system &&
		make -j"$(nproc)" &&
		make install DESTDIR="$dest"
} >"$log" 2>&1 || {
	tail -n 40 "$log" >&2
	echo "build-destdir: build failed, full log in $log" >&2
	exit 1
}
echo "$dest"
