#!/bin/sh
# What bounds `nfs-ctl exec`: the same measurement as host.sh for
#   - the stub linked against the libraries nfs-ctl links (libtirpc,
#     libsystemd) without calling them: the cost of loading them alone;
#   - nfs-ctl built from a copy of this source tree with --with-systemd=no;
#   - the same plus bench/proposals/lazy-tirpc.c (libtirpc loaded on first
#     use, not at every start).
#   host-variants.sh OUT_DIR R_TREE WORK_DIR   (called by host.sh, BENCH_VARIANTS=1)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
out=$1
R=$2
work=$3
n=${BENCH_N:-1000}
nfsctl=${NFS_CTL:-$top/nfs-ctl}
cc=${CC:-gcc}

$cc -O2 -o "$work/stub-tirpc" "$work/stub.c" -Wl,--no-as-needed -ltirpc
$cc -O2 -o "$work/stub-tirpc-systemd" "$work/stub.c" -Wl,--no-as-needed -ltirpc -lsystemd

src=$work/src-nosd
rm -rf "$src"
mkdir -p "$src"
(cd "$top" && tar --exclude=./.git --exclude=./bench/.work --exclude=./bench/out \
	--exclude=./tests/vm/.cache --exclude=./tests/vm/out -cf - .) | tar -xf - -C "$src"
(
	cd "$src"
	make distclean >/dev/null 2>&1 || true
	autoreconf -fi >/dev/null 2>&1
	./configure --with-systemd=no >/dev/null
	make -j2 nfs-ctl >/dev/null
) >"$out/variant-build.log" 2>&1 || { echo "host-variants: build without libsystemd failed, see $out/variant-build.log" >&2; exit 1; }

# the same, with bench/proposals/lazy-tirpc.c: libtirpc loaded on first use
lazy=$work/src-lazy
rm -rf "$lazy"
cp -a "$src" "$lazy"
cp "$here/proposals/lazy-tirpc.c" "$lazy/shim/"
(
	cd "$lazy"
	make distclean >/dev/null 2>&1 || true
	sed -i -e 's|^nfs_ctl_LDADD = .*|nfs_ctl_LDADD =|' \
		-e 's|^\(\tshim/main.c .*\)$|\tshim/lazy-tirpc.c \1|' Makefile.am
	grep -q lazy-tirpc Makefile.am
	autoreconf -fi >/dev/null 2>&1
	./configure --with-systemd=no >/dev/null
	make -j2 nfs-ctl >/dev/null
) >>"$out/variant-build.log" 2>&1 || { echo "host-variants: lazy-tirpc build failed, see $out/variant-build.log" >&2; exit 1; }

mountd=$("$nfsctl" --root "$R" -v exec mountd 2>&1 | sed -n 's/^nfs-ctl: exec //p' | head -n 1)
# shellcheck disable=SC2086
"$work/spawn-time" "$n" 50 \
	direct-stub -- $mountd -- \
	stub+libtirpc -- "$work/stub-tirpc" -- \
	stub+libtirpc+libsystemd -- "$work/stub-tirpc-systemd" -- \
	nfs-ctl-exec-mountd -- "$nfsctl" --root "$R" exec mountd -- \
	nfs-ctl-nosd-exec-mountd -- "$src/nfs-ctl" --root "$R" exec mountd -- \
	nfs-ctl-nosd-lazytirpc-exec -- "$lazy/nfs-ctl" --root "$R" exec mountd \
	>"$out/variants-walltime.txt"
{
	echo "command total_Ir ld.so_dl_start_Ir"
	for v in stub-tirpc stub-tirpc-systemd; do
		valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$v.out" "$work/$v" >/dev/null 2>&1
		callgrind_annotate --inclusive=yes "$out/callgrind.$v.out" 2>/dev/null |
			awk -v v="$v" '/PROGRAM TOTALS/ { t = $1 } /:_dl_start / && !d { d = $1 } END { gsub(",", "", t); gsub(",", "", d); print v, t, d }'
	done
	valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.nosd.out" \
		"$src/nfs-ctl" --root "$work/R-noexec" exec mountd >/dev/null 2>&1 || true
	callgrind_annotate --inclusive=yes "$out/callgrind.nosd.out" 2>/dev/null |
		awk '/PROGRAM TOTALS/ { t = $1 } /:_dl_start / && !d { d = $1 } END { gsub(",", "", t); gsub(",", "", d); print "nfs-ctl-nosd-exec-mountd", t, d }'
	valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.lazy.out" \
		"$lazy/nfs-ctl" --root "$work/R-noexec" exec mountd >/dev/null 2>&1 || true
	callgrind_annotate --inclusive=yes "$out/callgrind.lazy.out" 2>/dev/null |
		awk '/PROGRAM TOTALS/ { t = $1 } /:_dl_start / && !d { d = $1 } END { gsub(",", "", t); gsub(",", "", d); print "nfs-ctl-nosd-lazytirpc-exec-mountd", t, d }'
	echo "nfs-ctl-nosd-lazytirpc links: $(ldd "$lazy/nfs-ctl" | awk '/=>/ { printf "%s ", $1 }')"
	echo "nfs-ctl-nosd links: $(ldd "$src/nfs-ctl" | awk '/=>/ { printf "%s ", $1 }')"
} >"$out/variants-instructions.txt"
cat "$out/variants-walltime.txt" "$out/variants-instructions.txt"
