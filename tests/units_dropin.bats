#!/usr/bin/env bats
# Issue 10, drop-in: the generated units keep the commands and names of
# nfs-utils' own units working (docs/compatibility.md).  These tests read
# what `nfs-ctl units` writes; tests/validators.bats runs systemctl
# --root on the installed units (enable, disable, mask rpcbind).

load helpers

setup() {
	OUT=$BATS_TEST_TMPDIR/units
	mkdir -p "$OUT"
	run "$NFS_CTL" units --output "$OUT"
	assert_success
}

# lines KEY UNIT: the KEY= lines of UNIT
lines_of() {
	grep "^$1=" "$OUT/$2.in"
}

@test "systemctl reload nfs-server re-reads the export table (exportfs -r), and succeeds with a bad line" {
	run grep '^ExecReload=' "$OUT/nfs-server.service.in"
	assert_output 'ExecReload=-@NFS_CTL@ exec --reload exports'
	# nfs-server.service is the unit administrators reload; it runs no
	# start command (units_stop.bats), so the reload is its own
	run grep '^ExecStart=' "$OUT/nfs-server.service.in"
	assert_failure
}

@test "a bad /etc/exports line does not take the server down: nfs-exports.service's start and reload fail nothing" {
	run grep -E '^Exec(Start|Reload)=' "$OUT/nfs-exports.service.in"
	assert_output "$(printf '%s\n' 'ExecStart=-@NFS_CTL@ exec exports' 'ExecReload=-@NFS_CTL@ exec --reload exports')"
	# nfsd still needs the unit (started, whatever exportfs said)
	grep -qx 'Requires=proc-fs-nfsd.mount nfs-mountd.service nfs-exports.service' "$OUT/nfsd.service.in"
}

@test "systemctl enable nfs-server: [Install] WantedBy=multi-user.target, Also= the target" {
	run sed -n '/^\[Install\]/,$p' "$OUT/nfs-server.service.in"
	assert_output "$(printf '%s\n' '[Install]' WantedBy=multi-user.target Also=nfs-server.target)"
}

@test "nfs-utils.service: a restart group that never does anything but check the configuration" {
	run grep -E '^(Exec[A-Za-z]*|Type|RemainAfterExit)=' "$OUT/nfs-utils.service.in"
	assert_output "$(printf '%s\n' Type=oneshot RemainAfterExit=yes 'ExecStart=@NFS_CTL@ config --check')"
	run grep -l '^PartOf=nfs-utils.service' "$OUT"/*.in
	assert_equal "$(sed 's#.*/##' <<<"$output" | sort | tr '\n' ' ')" \
		"nfs-blkmap.service.in nfs-idmapd.service.in nfs-server.service.in rpc-gssd.service.in rpc-statd.service.in "
}

@test "systemctl restart nfs-utils returns with the daemons back: the group is After= every unit PartOf= it" {
	run grep -l '^PartOf=nfs-utils.service' "$OUT"/*.in
	[ "${#lines[@]}" -ge 5 ]
	local members=("${lines[@]}") after
	after=$(sed -n 's/^After=//p' "$OUT/nfs-utils.service.in" | tr ' ' '\n')
	for f in "${members[@]}"; do
		u=${f##*/}
		u=${u%.in}
		grep -qx "$u" <<<"$after" || fail "nfs-utils.service is not After=$u"
	done
}

@test "rpcbind is wanted and ordered (socket and service), never required" {
	run grep -l 'rpcbind' "$OUT"/*.in
	for f in "${lines[@]}"; do
		run grep -E '^(Requires|BindsTo|Requisite)=.*rpcbind' "$f"
		assert_failure
	done
	for u in nfsd nfs-mountd rpc-statd; do
		run lines_of Wants $u.service
		assert_line Wants=rpcbind.socket
		run lines_of After $u.service
		assert_line --partial rpcbind.socket
		assert_line After=rpcbind.service
	done
}

@test "network-online: mountd, nfsd, idmapd and sm-notify want it and start after it" {
	for u in nfs-mountd nfsd nfs-idmapd rpc-statd-notify; do
		grep -qx 'Wants=network-online.target' "$OUT/$u.service.in" || fail "$u does not want network-online"
		grep -qx 'After=network-online.target' "$OUT/$u.service.in" || fail "$u not after network-online"
	done
	run grep -l 'network-online' "$OUT"/*.in
	[ "${#lines[@]}" -eq 4 ]
}

@test "rpc-statd.service wants rpc-statd-notify.service (a client that only ran start-statd notifies after a reboot)" {
	run lines_of Wants rpc-statd.service
	assert_line Wants=rpc-statd-notify.service
	# wanted, not ordered by it: sm-notify still runs after nfsd
	run grep -E '^(Requires|Before|After)=.*rpc-statd-notify' "$OUT/rpc-statd.service.in"
	assert_failure
}

@test "nfs-client.target is ordered after the GSS daemons and gssproxy (Kerberos mounts at boot); nfsd after gssproxy too" {
	run lines_of After nfs-client.target
	assert_output "$(printf '%s\n' After=rpc-gssd.service After=rpc-svcgssd.service After=gssproxy.service)"
	run lines_of After nfsd.service
	assert_line After=gssproxy.service
	# ordering only: gssproxy is its own package's
	run grep -E '^(Requires|Wants)=.*gssproxy' "$OUT"/*.in
	assert_failure
}

@test "idmapd is shared with NFSv4 clients: not stopped with the server target, spared at isolate" {
	run grep -x 'PartOf=nfs-server.target' "$OUT/nfs-idmapd.service.in"
	assert_failure
	grep -qx 'IgnoreOnIsolate=yes' "$OUT/nfs-idmapd.service.in"
}
