#!/usr/bin/env bats
# `nfs-ctl plan`: the ordered steps, shown without doing anything.

load helpers

setup() {
	make_sandbox
}

teardown() {
	destroy_sandbox
}

# The numbered steps as "VERB COMPONENT COMMAND", sandbox prefix removed.
steps() {
	ctl plan "$@" | sed "s|$ROOT||g" |
		awk '$1 ~ /^[0-9]+$/ { $1 = ""; sub(/^ +/, ""); print }'
}

line_of() { # PATTERN (ERE) in the steps; 0 when absent
	grep -nE "$1" <<<"$steps" | head -1 | cut -d: -f1 | grep . || echo 0
}

@test "plan start server: statd --no-notify, then mountd and exports, then nfsd, then sm-notify" {
	steps=$(steps start server)
	statd=$(line_of '^start statd /sbin/rpc.statd --no-notify$')
	mountd=$(line_of '^start mountd /usr/sbin/rpc.mountd$')
	exports=$(line_of '^run exports /usr/sbin/exportfs -r$')
	nfsd=$(line_of '^run nfsd /usr/sbin/rpc.nfsd')
	notify=$(line_of '^run sm-notify /sbin/sm-notify')
	mount=$(line_of '^mount nfsd-fs /usr/bin/mount -t nfsd -- nfsd /proc/fs/nfsd$')
	check=$(line_of '^check rpcbind')
	for n in "$statd" "$mountd" "$exports" "$nfsd" "$notify" "$mount" "$check"; do
		[ "$n" -gt 0 ] || { echo "$steps"; false; }
	done
	[ "$check" -lt "$statd" ]
	[ "$mount" -lt "$mountd" ]
	[ "$statd" -lt "$nfsd" ]
	[ "$mountd" -lt "$nfsd" ]
	[ "$exports" -lt "$nfsd" ]
	[ "$nfsd" -lt "$notify" ]
	# sm-notify is the very last step
	[ "$notify" -eq "$(wc -l <<<"$steps")" ]
}

@test "plan start server never runs rpc.statd without --no-notify" {
	run ctl plan start server
	assert_success
	assert_output --partial "rpc.statd --no-notify"
	refute_output --regexp 'rpc\.statd *$'
}

@test "plan stop server is the reverse: nfsd 0, unexport, then the daemons" {
	steps=$(steps stop server)
	nfsd=$(line_of '^run nfsd /usr/sbin/rpc.nfsd 0$')
	au=$(line_of '^run exports /usr/sbin/exportfs -au$')
	f=$(line_of '^run exports /usr/sbin/exportfs -f$')
	mountd=$(line_of '^stop mountd /usr/sbin/rpc.mountd$')
	statd=$(line_of '^stop statd /sbin/rpc.statd$')
	[ "$nfsd" -eq 1 ] || { echo "$steps"; false; }
	[ "$au" -eq 2 ]
	[ "$f" -eq 3 ]
	[ "$mountd" -gt "$f" ]
	[ "$statd" -gt "$mountd" ]
	# stop never runs sm-notify and never starts anything
	run grep -E '^(start|mount|check) |sm-notify' <<<"$steps"
	assert_failure
}

@test "plan start client has sm-notify but no statd (start-statd brings it)" {
	run ctl plan start client
	assert_success
	assert_line --regexp '^ *1 +run +sm-notify '
	refute_output --partial statd
}

@test "plan start server --format=dot: a digraph with the ordering edges" {
	run ctl plan start server --format=dot
	assert_success
	assert_line --index 0 'digraph nfs {'
	assert_line '}'
	assert_line --regexp '^\s+"statd" -> "nfsd" \[style=dashed\];$'
	assert_line --regexp '^\s+"mountd" -> "nfsd";$'
	assert_line --regexp '^\s+"nfsd" -> "sm-notify" \[style=dashed\];$'
	assert_line --regexp '^\s+"statd" \[label=.*style=bold\];$'
}

@test "plan of an unknown target exits 2 and says so" {
	run ctl plan start no-such-target
	assert_equal "$status" 2
	assert_output --partial "unknown target or component 'no-such-target'"
}

@test "plan with a bad action or format exits 2" {
	run ctl plan frobnicate server
	assert_equal "$status" 2
	run ctl plan start server --format=xml
	assert_equal "$status" 2
	run ctl plan start
	assert_equal "$status" 2
}

@test "plan start of one component brings what it needs, nothing else" {
	run steps start mountd
	assert_success
	assert_equal "$(awk '{print $1, $2}' <<<"$output" | tr '\n' ' ')" \
		"check rpcbind mount nfsd-fs start mountd "
}

@test "plan stop of one component stops only it" {
	run steps stop statd
	assert_success
	assert_output "stop statd /sbin/rpc.statd"
}

@test "plan does nothing: no program runs, no state is written" {
	ctl plan start server >/dev/null
	ctl plan stop server >/dev/null
	run calls
	assert_output ""
	[ ! -e "$ROOT/run/nfs-ctl" ]
	[ ! -e "$ROOT/run/nfs-ctl.lock" ]
}

@test "plan marks a program that is not installed" {
	uninstall_stub rpc.mountd
	run ctl plan start server
	assert_success
	assert_line --regexp 'start +mountd .*\(not installed\)$'
}

@test "plan start server with NFSv2/v3 disabled has neither statd nor sm-notify" {
	run ctl --set nfsd.vers3=n --set nfsd.vers2=n plan start server
	assert_success
	refute_line --regexp '^ *[0-9]+ +start +statd'
	refute_line --regexp '^ *[0-9]+ +run +sm-notify'
	assert_line --regexp '^ *[0-9]+ +run +nfsd '
}

# nfs-utils 2.6 (Debian 12), 2.8 (Debian 13), 3.1 (forky): where each
# release installs its programs, nfsd's start and stop, fsidd and blkmapd
# present or skipped.  The plan's whole start and the steps that differ.
@test "plan for nfs-utils 2.6, 2.8 and 3.1: programs where the release has them, nfsdctl or rpc.nfsd, fsidd and blkmapd skipped when absent" {
	local v sbin fsidd nfsd nfsd_stop
	for v in $NFSUTILS_MODELS; do
		sandbox_nfsutils "$v"
		case $v in
		2.6) sbin=/sbin fsidd= nfsd="rpc.nfsd" nfsd_stop="rpc.nfsd 0" ;;
		2.8) sbin=/sbin fsidd=y nfsd="nfsdctl autostart" nfsd_stop="nfsdctl threads 0" ;;
		3.1) sbin=/usr/sbin fsidd=y nfsd="nfsdctl autostart" nfsd_stop="nfsdctl threads 0" ;;
		esac
		assert_equal "$(steps start server)" "check rpcbind registered with rpcbind (program 100000)
mount nfsd-fs /usr/bin/mount -t nfsd -- nfsd /proc/fs/nfsd
mount pipefs /usr/bin/mount -t rpc_pipefs -- rpc_pipefs /var/lib/nfs/rpc_pipefs
start statd $sbin/rpc.statd --no-notify
${fsidd:+start fsidd /usr/sbin/fsidd
}start mountd /usr/sbin/rpc.mountd
start idmapd /usr/sbin/rpc.idmapd
start nfsdcld /usr/sbin/nfsdcld
run exports /usr/sbin/exportfs -r
run nfsd /usr/sbin/$nfsd
run sm-notify $sbin/sm-notify"
		steps=$(steps stop server)
		assert_equal "$(line_of "^run nfsd /usr/sbin/$nfsd_stop\$")" 1
		assert_equal "$(line_of "^stop statd $sbin/rpc.statd\$")" 10
		run ctl plan start blkmap
		assert_success
		if [ "$v" = 3.1 ]; then
			assert_output --partial " -  skip   blkmapd    (blkmapd not installed (nfs-utils 2.8.5 and later"
			refute_line --regexp '^ *[0-9]+  '
		else
			assert_line --regexp "^ *2  start  blkmapd    $ROOT/usr/sbin/blkmapd\$"
		fi
	done
}
