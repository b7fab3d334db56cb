#!/bin/sh
# Record the image's two modes for guest/switch-mode:
#   make-modes.sh ROOT [NFS_CTL_DESTDIR]
# ROOT starts in the distro state (Debian's nfs-utils units, init scripts and
# start-statd). With a DESTDIR, nfs-ctl is installed the way a packager would
# (Debian's nfs-utils systemd files moved out, its init scripts kept when
# nfs-ctl ships its init-functions hook, nfs-ctl's `make install` output in,
# its targets enabled), the differences
# are saved as modes/{distro,nfs-ctl}.{list,tar}, and ROOT goes back to distro.
set -eu
root=$1
destdir=${2:-}
modes=$root/usr/lib/nfs-ctl-lab/modes
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$modes"

# Where the two modes can differ: configuration, programs, systemd files, and
# wherever nfs-ctl's install puts something (lib/ is usr/lib/ on Debian 12).
dirs="etc usr/sbin usr/bin usr/lib/systemd"
if [ -n "$destdir" ]; then
	extra=$(cd "$destdir" && find . ! -type d | sed 's#^\./##; s#^\(lib\|bin\|sbin\)/#usr/\1/#' |
		xargs -r -n1 dirname | sort -u)
	dirs="$dirs $extra"
fi

# manifest FILE: "content  path" for every file and symlink under $dirs.
manifest() {
	(
		cd "$root"
		for d in $dirs; do
			[ -e "$d" ] || continue
			find "$d" -type f -exec md5sum {} +
			find "$d" -type l -printf '->%l  %p\n'
		done
	) | sort -u >"$1"
}
paths() { sed 's/^[^ ]*  //' "$1" | sort -u; }

manifest "$tmp/distro.man"
if [ -z "$destdir" ]; then
	: >"$modes/distro.list"
	tar -cf "$modes/distro.tar" -T /dev/null
	exit 0
fi
# shellcheck disable=SC2086 # $dirs is a list of relative paths without blanks
(cd "$root" && tar -cf "$tmp/distro-full.tar" $dirs 2>/dev/null) || true

# --- install nfs-ctl in place of Debian's nfs-utils init files ---------
deb_systemd=$(chroot "$root" dpkg -L nfs-common nfs-kernel-server |
	grep -E '^(/usr)?/lib/systemd/' || true)
for f in $deb_systemd; do
	case $f in */system/*.service | */system/*.target | */system/*.mount)
		chroot "$root" systemctl disable "${f##*/}" >/dev/null 2>&1 || true ;;
	esac
done
for f in $deb_systemd; do
	[ -d "$root$f" ] || rm -f "$root$f"
done
# Debian's init scripts stay when nfs-ctl ships its init-functions hook
# (they then run nfs-ctl, under their own names and rc links); otherwise
# nfs-ctl's own scripts take their place.
hook=$(cd "$destdir" && find . -path '*/init-functions.d/*' ! -type d)
if [ -z "$hook" ]; then
	for s in nfs-common nfs-kernel-server; do
		rm -f "$root/etc/init.d/$s"
		chroot "$root" update-rc.d "$s" remove >/dev/null
	done
fi
rm -f "$root/usr/sbin/start-statd"
(cd "$destdir" && tar -cf - .) | tar -xpf - -C "$root" --keep-directory-symlink
for t in nfs-server.target nfs-client.target; do
	if [ -e "$root/lib/systemd/system/$t" ]; then
		chroot "$root" systemctl enable "$t" >/dev/null 2>&1 ||
			echo "make-modes: systemctl enable $t failed" >&2
	fi
done
# With the hook, Debian's scripts stay enabled as Debian enables them; the
# `systemctl disable` of Debian's units above disabled the scripts of the
# same name too (systemd-sysv-install), so they are enabled again.
if [ -n "$hook" ]; then
	for s in nfs-common nfs-kernel-server; do
		chroot "$root" update-rc.d "$s" enable >/dev/null 2>&1 ||
			echo "make-modes: update-rc.d $s enable failed" >&2
	done
fi
for s in nfs-server nfs; do
	if [ -e "$root/etc/init.d/$s" ]; then
		chroot "$root" update-rc.d "$s" defaults >/dev/null ||
			echo "make-modes: update-rc.d $s defaults failed" >&2
	fi
done
manifest "$tmp/nfs-ctl.man"

# --- the differences, each mode's content ------------------------------
comm -23 "$tmp/distro.man" "$tmp/nfs-ctl.man" >"$tmp/distro.diff"
comm -13 "$tmp/distro.man" "$tmp/nfs-ctl.man" >"$tmp/nfs-ctl.diff"
for m in distro nfs-ctl; do
	paths "$tmp/$m.diff" >"$tmp/$m.rel"
	sed 's#^#/#' "$tmp/$m.rel" >"$modes/$m.list"
done
tar -cf "$modes/nfs-ctl.tar" -C "$root" --no-recursion -T "$tmp/nfs-ctl.rel"
mkdir "$tmp/distro"
tar -xpf "$tmp/distro-full.tar" -C "$tmp/distro" -T "$tmp/distro.rel"
tar -cf "$modes/distro.tar" -C "$tmp/distro" --no-recursion -T "$tmp/distro.rel"
# Back to the distro state, which the image boots in unless told otherwise.
while IFS= read -r p; do rm -f "$root$p"; done <"$modes/nfs-ctl.list"
tar -xpf "$modes/distro.tar" -C "$root" --keep-directory-symlink
echo "make-modes: $(wc -l <"$modes/distro.list") distro files, $(wc -l <"$modes/nfs-ctl.list") nfs-ctl files" >&2
