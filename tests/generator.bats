#!/usr/bin/env bats
# The systemd generator's part about file systems (generator_mounts.c):
# RequiresMountsFor= the exported paths on every unit that serves them,
# Before= the NFS mounts of this very machine, the rpc_pipefs mount.

load helpers

setup() {
	make_sandbox
	GEN=$BATS_TEST_TMPDIR/gen
	mkdir -p "$GEN"
}

teardown() {
	destroy_sandbox
}

generator() {
	run "$NFS_CTL" --root "$ROOT" generator "$GEN" "$GEN/early" "$GEN/late"
	assert_success
}

dropin() { # UNIT
	cat "$GEN/$1.d/nfs-ctl-mounts.conf"
}

@test "generator: the unit that runs exportfs -r waits for the exported file systems too" {
	printf '/srv/a *(rw)\n"/srv/with space" host(ro)\n' >"$ROOT/etc/exports"
	generator
	for unit in nfs-exports.service nfsd.service; do
		run dropin "$unit"
		assert_success
		assert_line 'RequiresMountsFor=/srv/a'
		assert_line 'RequiresMountsFor="/srv/with space"'
	done
}

@test "generator: exports on a noauto fstab file system require no mount (the disk is not pulled in at boot)" {
	cat >"$ROOT/etc/exports" <<-'X'
	/media/usb/photos *(ro)
	/media/usb *(ro)
	/srv/data *(rw)
	X
	cat >"$ROOT/etc/fstab" <<-'X'
	# removable disk, mounted by hand
	/dev/sdb1 /media/usb ext4 noauto,nofail 0 2
	/dev/sdc1 /srv ext4 defaults 0 2
	X
	generator
	run dropin nfs-exports.service
	assert_line 'RequiresMountsFor=/srv/data'
	refute_output --partial /media/usb
	run dropin nfsd.service
	refute_output --partial /media/usb
}

@test "generator: the deepest fstab entry decides: an auto mount under a noauto one is required" {
	printf '/mnt/pool/set *(rw)\n' >"$ROOT/etc/exports"
	printf '/dev/sdb1 /mnt ext4 noauto 0 2\n/dev/sdb2 /mnt/pool ext4 defaults 0 2\n' >"$ROOT/etc/fstab"
	generator
	run dropin nfs-exports.service
	assert_line 'RequiresMountsFor=/mnt/pool/set'
}

# fstab writes a space in a name as \040 (fstab(5)); one reader decodes it
# for every use (shim/system/fstab.c)
@test "generator: fstab's \\040 is a space, for the noauto decision and the loop-back mount's unit name" {
	printf '"/media/my usb/photos" *(ro)\n/srv/x *(rw)\n' >"$ROOT/etc/exports"
	{
		printf '%s\n' '/dev/sdb1 /media/my\040usb ext4 noauto 0 2'
		printf '%s\n' 'localhost:/srv/x /mnt/my\040nfs nfs defaults 0 0'
	} >"$ROOT/etc/fstab"
	generator
	run dropin nfs-exports.service
	assert_line 'RequiresMountsFor=/srv/x'
	refute_output --partial 'my usb'
	run dropin nfsd.service
	assert_line 'Before=mnt-my\x20nfs.mount'
}

@test "generator: exports with the mountpoint (mp) option require no mount" {
	cat >"$ROOT/etc/exports" <<-'X'
	/export/late host1(rw,mountpoint) host2(ro)
	/export/mp -mp=/export host(rw)
	/export/plain host(rw,no_subtree_check)
	/export/continued \
		host(rw,mountpoint=/export/continued)
	X
	generator
	run dropin nfs-exports.service
	assert_line 'RequiresMountsFor=/export/plain'
	refute_output --partial /export/late
	refute_output --partial /export/mp
	refute_output --partial /export/continued
}

@test "generator: loop-back NFS mounts by any local name or address are unmounted before the server stops" {
	local ifaddr
	ifaddr=$(hostname -I 2>/dev/null | awk '{print $1}')
	{
		echo "localhost:/srv/a /mnt/a nfs defaults 0 0"
		# ::1 spelled out: only resolving the address finds it local
		echo "[0:0:0:0:0:0:0:1]:/srv/b /mnt/b nfs4 defaults 0 0"
		[ -z "$ifaddr" ] || echo "$ifaddr:/srv/c /mnt/c nfs defaults 0 0"
		# TEST-NET-2: a remote server
		echo "198.51.100.7:/srv/d /mnt/d nfs defaults 0 0"
	} >"$ROOT/etc/fstab"
	generator
	run dropin nfsd.service
	assert_line 'Before=mnt-a.mount'
	assert_line 'Before=mnt-b.mount'
	[ -z "$ifaddr" ] || assert_line 'Before=mnt-c.mount'
	refute_line 'Before=mnt-d.mount'
}

@test "generator: names are judged by /etc/hosts alone; a name it does not know is ordered (no resolver question)" {
	cat >"$ROOT/etc/hosts" <<-'X'
		# comment line, and a name in a comment: 127.0.0.1 commented
		127.0.1.1	nfs1.example.org nfs1
		198.51.100.9	far.example.org far   # another machine
		::1	alias6 # a second line for one name: local wins
		198.51.100.10	alias6
	X
	{
		echo "nfs1.example.org:/srv/a /mnt/a nfs defaults 0 0"
		echo "NFS1:/srv/b /mnt/b nfs4 defaults 0 0"
		echo "far:/srv/c /mnt/c nfs defaults 0 0"
		echo "alias6:/srv/d /mnt/d nfs defaults 0 0"
		echo "commented:/srv/e /mnt/e nfs defaults 0 0"
		# .invalid never resolves (RFC 6761): a resolver would call it remote
		echo "unknown.invalid:/srv/f /mnt/f nfs defaults 0 0"
	} >"$ROOT/etc/fstab"
	generator
	run dropin nfsd.service
	assert_line 'Before=mnt-a.mount'
	assert_line 'Before=mnt-b.mount'
	refute_line 'Before=mnt-c.mount'
	assert_line 'Before=mnt-d.mount'
	assert_line 'Before=mnt-e.mount'
	assert_line 'Before=mnt-f.mount'
}

@test "generator: a server named on many fstab lines is judged the same on each (looked up once)" {
	local i
	for ((i = 0; i < 300; i++)); do
		echo "localhost:/srv/l$i /mnt/l$i nfs noauto 0 0"
		echo "198.51.100.7:/srv/r$i /mnt/r$i nfs noauto 0 0"
	done >"$ROOT/etc/fstab"
	generator
	run dropin nfsd.service
	assert_equal "$(grep -c '^Before=mnt-l[0-9]*\.mount$' <<<"$output")" 300
	assert_equal "$(grep -c '^Before=mnt-r' <<<"$output")" 0
	assert_line 'Before=mnt-l0.mount'
	assert_line 'Before=mnt-l299.mount'
}

@test "generator: the rpc_pipefs mount runs after systemd-tmpfiles-setup" {
	generator
	run cat "$GEN/var-lib-nfs-rpc_pipefs.mount"
	assert_success
	assert_line 'After=systemd-tmpfiles-setup.service'
	assert_line 'Where=/var/lib/nfs/rpc_pipefs'
	run cat "$GEN/rpc_pipefs.target.d/nfs-ctl-mount.conf"
	assert_line 'Requires=var-lib-nfs-rpc_pipefs.mount'
}

@test "generator: a pipefs-directory that is already another mount is refused, the boot is not failed" {
	printf '[general]\npipefs-directory = /srv/data\n' >"$ROOT/etc/nfs.conf"
	echo "50 1 8:1 / $ROOT/srv/data rw - ext4 /dev/sda1 rw" >>"$ROOT/proc/self/mountinfo"
	run "$NFS_CTL" --root "$ROOT" generator "$GEN" "$GEN/early" "$GEN/late"
	assert_success
	assert_output --partial "/srv/data is already a mount point of ext4"
	[ ! -e "$GEN/srv-data.mount" ]
	[ ! -e "$GEN/rpc_pipefs.target.d/nfs-ctl-mount.conf" ]
	# rpc_pipefs already there (a second run, or mounted by hand) is fine
	rm -f "$ROOT/proc/self/mountinfo"
	echo "51 1 0:40 / $ROOT/srv/data rw - rpc_pipefs sunrpc rw" >"$ROOT/proc/self/mountinfo"
	generator
	[ -e "$GEN/srv-data.mount" ]
}
