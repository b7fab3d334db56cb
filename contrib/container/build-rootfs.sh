#!/bin/sh
# build-rootfs.sh DIR DEB [SUITE [MIRROR]]: a Debian root tree in DIR for
# an NFS server container whose entrypoint is `nfs-ctl run server`.
# DEB: the nfs-ctl package (`make deb` in a build directory).  Root,
# debootstrap and a Debian mirror; nothing from a container registry.
# Import the tree, e.g.: tar -C DIR -c . | podman import \
#   --change 'ENTRYPOINT ["/usr/sbin/nfs-ctl", "run", "server"]' - nfs-server
set -eu

usage() {
	echo "usage: $0 DIR NFS-CTL.deb [SUITE [MIRROR]]" >&2
	exit 2
}

# The mirror this machine's apt uses (deb822 sources first, then one-line
# ones), so that no archive host is written here.
host_mirror() {
	{
		cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
			sed -n 's/^URIs:[[:space:]]*//p' | tr ' ' '\n'
		cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
			sed -n 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\).*/\2/p'
	} | grep -v security | grep -m1 -E '^(https?|file):/' | sed 's|/$||' || true
}

[ $# -ge 2 ] || usage
dir=$1
deb=$2
suite=${3:-bookworm}
mirror=${4:-$(host_mirror)}
[ -n "$mirror" ] || {
	echo "$0: no Debian mirror in /etc/apt's sources: give MIRROR" >&2
	exit 2
}
[ -f "$deb" ] || usage

# nfs-kernel-server brings nfs-common (rpc.statd, sm-notify, rpc.idmapd,
# nfsdcld) and rpcbind, whose /etc/init.d/rpcbind nfs-ctl starts itself
debootstrap --variant=minbase --include=nfs-kernel-server,rpcbind \
	"$suite" "$dir" "$mirror"
cp "$deb" "$dir/tmp/nfs-ctl.deb"
chroot "$dir" dpkg -i /tmp/nfs-ctl.deb
rm -f "$dir/tmp/nfs-ctl.deb"
# the container's /run is a fresh tmpfs; statd's and nfsdcld's state in
# /var/lib/nfs and /etc/exports come from volumes (README)
: >"$dir/etc/exports"
chroot "$dir" apt-get clean
echo "$dir: entrypoint /usr/sbin/nfs-ctl run server"
