#!/bin/sh
# The failover lab's root tree: Debian's cluster stack (ha-packages.txt) on
# top of the default tree (build-rootfs-extra.sh).
# Usage: build-rootfs-ha.sh RELEASE CACHE_DIR   -> prints the path of the tree
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/build-rootfs-extra.sh" "$1" "$2" ha "$here/ha-packages.txt"
