#!/bin/sh
# The runit lab's root tree (issue 31): Debian's runit and runit-init on top
# of the default tree (build-rootfs-extra.sh).  runit-init conflicts with
# sysvinit-core (both take /sbin/init's role), so this tree boots runit or
# systemd (the client of the multi-host lab boots systemd), never sysvinit.
# apt removes sysvinit-core only when told, and, since the tree marks it
# protected (the init it was built with), only with --allow-remove-essential.
# Usage: build-rootfs-runit.sh RELEASE CACHE_DIR   -> prints the path of the tree
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/build-rootfs-extra.sh" "$1" "$2" runit "$here/runit-packages.txt" \
	--allow-remove-essential
