#!/bin/sh
# Download the .deb files of some packages of a lab root tree, in exactly the
# versions that tree has installed, from the host's mirror (mirror.sh):
#   fetch-debs.sh RELEASE ROOTFS_CACHE_DIR OUTDIR PACKAGE...
# The package scenario (run-package.sh) reinstalls nfs-common and
# nfs-kernel-server in a guest that has no network: `apt-get install
# --reinstall` done offline with these files. apt runs with a private state
# directory, so the host's own apt lists and cache are not touched.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
release=$1
rootfs=$2
out=$3
shift 3
mirror=$("$here/mirror.sh")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial" "$out"
echo "deb $mirror $release main" >"$tmp/sources.list"
# A stable release has an -updates suite; testing (forky) has none.
echo "deb $mirror $release-updates main" >"$tmp/updates.list"
apt_() {
	apt-get -q -o Dir::Etc::SourceList="$tmp/sources.list" \
		-o Dir::Etc::SourceParts=/nonexistent -o Dir::State::Lists="$tmp/lists" \
		-o Dir::Cache="$tmp/cache" -o Dir::State::status="$tmp/status" \
		-o Acquire::Check-Valid-Until=false "$@"
}
: >"$tmp/status"
if ! apt_ -o Dir::Etc::SourceList="$tmp/updates.list" update >"$tmp/update.log" 2>&1; then
	: >"$tmp/updates.list"
fi
cat "$tmp/updates.list" >>"$tmp/sources.list"
apt_ update >"$tmp/update.log" 2>&1 || { cat "$tmp/update.log" >&2; exit 1; }
for p in "$@"; do
	v=$(awk -v p="$p" '$1 == p || $1 == p ":amd64" { print $2 }' "$rootfs/packages.lst")
	[ -n "$v" ] || { echo "fetch-debs: $p is not installed in $rootfs" >&2; exit 1; }
	(cd "$out" && apt_ download "$p=$v") >"$tmp/download.log" 2>&1 || {
		cat "$tmp/download.log" >&2
		exit 1
	}
done
ls "$out"
