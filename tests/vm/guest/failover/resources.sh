# shellcheck shell=sh
# The failover lab's Pacemaker configuration, as cibadmin XML (sourced by
# f1-failover.sh): one group, in start order: the shared disk (Filesystem),
# the floating address (IPaddr2), the NFS server "nfsd" with its state on the
# shared disk, by the agent this round tests ($1: nfs-ctl or nfsserver).
# Operation timeouts are generous: the nodes run under software emulation.
ha_op() { # ID NAME INTERVAL TIMEOUT
	echo "<op id=\"$1-$2\" name=\"$2\" interval=\"$3\" timeout=\"$4\"/>"
}
ha_nv() { # RESOURCE NAME VALUE
	echo "<nvpair id=\"$1-$2\" name=\"$2\" value=\"$3\"/>"
}
ha_server_primitive() {
	case $1 in
	nfs-ctl)
		echo '<primitive id="nfsd" class="ocf" provider="nfs-ctl" type="nfs-ctl"><instance_attributes id="nfsd-ia">'
		ha_nv nfsd state_dir /srv/ha/state
		ha_nv nfsd notify_name labnfs
		ha_nv nfsd server_scope labnfs
		;;
	nfsserver)
		echo '<primitive id="nfsd" class="ocf" provider="heartbeat" type="nfsserver"><instance_attributes id="nfsd-ia">'
		ha_nv nfsd nfs_shared_infodir /srv/ha/state
		ha_nv nfsd nfs_ip labnfs
		ha_nv nfsd nfs_server_scope labnfs
		;;
	esac
	echo '</instance_attributes><operations>'
	ha_op nfsd start 0 180s
	ha_op nfsd stop 0 180s
	ha_op nfsd monitor 20s 60s
	echo '</operations></primitive>'
}
ha_resources() {
	echo '<group id="nfsgroup">'
	# LAB_BREAK=nfsd-before-fs: the NFS server first, before its shared
	# state is mounted (deliberately wrong; the scenario must fail)
	[ "${BREAK:-none}" != nfsd-before-fs ] || ha_server_primitive "$1"
	echo '<primitive id="fs" class="ocf" provider="heartbeat" type="Filesystem"><instance_attributes id="fs-ia">'
	ha_nv fs device /dev/disk/by-label/labshared
	ha_nv fs directory /srv/ha
	ha_nv fs fstype ext4
	echo '</instance_attributes><operations>'
	ha_op fs start 0 120s
	ha_op fs stop 0 120s
	ha_op fs monitor 20s 60s
	echo '</operations></primitive>'
	echo '<primitive id="ip" class="ocf" provider="heartbeat" type="IPaddr2"><instance_attributes id="ip-ia">'
	ha_nv ip ip 169.254.20.10
	ha_nv ip cidr_netmask 16
	ha_nv ip nic eth0
	echo '</instance_attributes><operations>'
	ha_op ip start 0 60s
	ha_op ip stop 0 60s
	ha_op ip monitor 10s 30s
	echo '</operations></primitive>'
	[ "${BREAK:-none}" = nfsd-before-fs ] || ha_server_primitive "$1"
	echo '</group>'
}
# The group starts on labha1 (the node the scenario crashes) and stays
# wherever it runs: no fail-back when a node comes back.
ha_constraints() {
	echo '<rsc_location id="nfsgroup-prefers-labha1" rsc="nfsgroup" node="labha1" score="50"/>'
}
