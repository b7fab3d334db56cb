#!/usr/bin/env bats
# The distribution's own validators, run over what `make install` installs:
#   systemd-analyze verify   every installed unit, with nfs-ctl's real paths
#   shellcheck               every shell script of the project
#   insserv (dry run)        the init scripts' LSB headers, beside rpcbind's
#   systemd-sysv-generator   under systemd the native units win
# Each test is skipped with a notice when its tool is absent (package list:
# tests/host-packages-ecosystem.txt).  Nothing here needs systemd as PID 1.

bats_load_library bats-support
bats_load_library bats-assert

: "${TOP_SRCDIR:=$(cd "$(dirname "$BATS_TEST_FILENAME")/.." && pwd)}"
: "${TOP_BUILDDIR:=$TOP_SRCDIR}"

SYSV_GENERATOR=
for g in /usr/lib/systemd/system-generators/systemd-sysv-generator \
	/lib/systemd/system-generators/systemd-sysv-generator; do
	[ -x "$g" ] && SYSV_GENERATOR=$g && break
done

need() {
	command -v "$1" >/dev/null 2>&1 || skip "$1 not installed (package $2): validator not run"
}

# One `make install DESTDIR=...` for the whole file.  The test runs inside
# `make check`, so the outer make's jobserver must not leak into this one.
setup_file() {
	DEST=$BATS_FILE_TMPDIR/dest
	export DEST
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -s -C "$TOP_BUILDDIR" install DESTDIR="$DEST" >"$BATS_FILE_TMPDIR/install.log" 2>&1 ||
		{ cat "$BATS_FILE_TMPDIR/install.log" >&3; return 1; }
}

# Path of an installed file, found by name below DEST (absolute in DEST).
installed() {
	find "$DEST" -name "$1" ! -type d -print -quit
}

unit_dir() {
	dirname "$(installed nfs-server.target)"
}

init_dir() {
	dirname "$(find "$DEST" -name nfs-server -type f -print -quit)"
}

# rpcbind is not ours: take Debian's units and script when the rpcbind
# package is installed, else stand-ins with the same names and LSB facts.
rpcbind_units() { # DIR
	if [ -f /lib/systemd/system/rpcbind.socket ]; then
		cp /lib/systemd/system/rpcbind.socket /lib/systemd/system/rpcbind.service "$1/"
		return
	fi
	cat >"$1/rpcbind.socket" <<-'EOF'
		[Unit]
		Description=stand-in for Debian's rpcbind.socket
		DefaultDependencies=no
		[Socket]
		ListenStream=/run/rpcbind.sock
		[Install]
		WantedBy=sockets.target
	EOF
	cat >"$1/rpcbind.service" <<-'EOF'
		[Unit]
		Description=stand-in for Debian's rpcbind.service
		DefaultDependencies=no
		Requires=rpcbind.socket
		[Service]
		Type=notify
		ExecStart=/sbin/rpcbind -f -w
	EOF
}

rpcbind_script() { # INIT.D-DIR CONF-DIR
	if [ -f /etc/init.d/rpcbind ]; then
		cp /etc/init.d/rpcbind "$1/"
	else
		lsb_script "$1/rpcbind" "rpcbind portmap" '$network $local_fs' '$network $local_fs' S '0 6'
	fi
	if [ -f /etc/insserv.conf.d/rpcbind ]; then
		cp /etc/insserv.conf.d/rpcbind "$2/"
	else
		printf '$portmap\trpcbind\n' >"$2/rpcbind"
	fi
}

# lsb_script FILE PROVIDES REQUIRED-START REQUIRED-STOP DEFAULT-START DEFAULT-STOP
lsb_script() {
	cat >"$1" <<-EOF
		#!/bin/sh
		### BEGIN INIT INFO
		# Provides:          $2
		# Required-Start:    $3
		# Required-Stop:     $4
		# Default-Start:     $5
		# Default-Stop:      $6
		# Short-Description: stand-in for a Debian boot script
		### END INIT INFO
		exit 0
	EOF
	chmod 755 "$1"
}

@test "make install installs units, init scripts, man pages, completion" {
	for f in nfs-ctl start-statd nfs-ctl-generator nfs-server.target nfs.service \
		nfs-utils.service nfs-kernel-server.service nfs-common.service nfs-server nfs nfs-ctl.8 start-statd.8; do
		[ -n "$(installed "$f")" ] || fail "make install did not install $f"
	done
	[ -n "$(find "$DEST" -path '*bash-completion/completions/nfs-ctl')" ] ||
		fail "bash completion not installed"
}

@test "systemd-analyze verify: every installed unit, with the installed paths" {
	need systemd-analyze systemd
	local root=$BATS_TEST_TMPDIR/root units=() u name
	cp -a "$DEST" "$root"
	# systemd's own units (sysinit.target, network.target...) from this
	# machine, never in place of ours
	mkdir -p "$root/usr/lib/systemd/system" "$root/sbin"
	for u in /usr/lib/systemd/system/* /lib/systemd/system/*; do
		name=${u##*/}
		[ -n "$(installed "$name")" ] && continue
		[ -e "$root/usr/lib/systemd/system/$name" ] || cp -a "$u" "$root/usr/lib/systemd/system/"
	done
	rpcbind_units "$root/usr/lib/systemd/system"
	[ -e "$root/sbin/rpcbind" ] || cp /bin/true "$root/sbin/rpcbind"
	# the barriers' command: coreutils' true, on every system
	mkdir -p "$root/bin"
	[ -e "$root/bin/true" ] || cp /bin/true "$root/bin/true"
	while read -r u; do
		units+=("/${u#"$root"/}")
	done < <(find "$root$(unit_dir | sed "s|^$DEST||")" -maxdepth 1 \
		\( -name '*.service' -o -name '*.target' -o -name '*.mount' \) | sort)
	[ "${#units[@]}" -ge 17 ]
	# man: pages are looked up with man(1), so point it at the installed ones
	local manopt=--man=no
	if command -v man >/dev/null; then
		manopt=--man=yes
		export MANPATH
		MANPATH=$(dirname "$(dirname "$(installed nfs-ctl.8)")")
	fi
	# verify leaves every unit's start job pending in one manager; the stop
	# barrier's start is never in a transaction with the server's (see
	# units.c), so it is verified alone, after the others
	local others=() barrier=()
	for u in "${units[@]}"; do
		if [[ $u == */nfs-server-stop-barrier.service ]]; then barrier+=("$u"); else others+=("$u"); fi
	done
	[ "${#barrier[@]}" -eq 1 ]
	# a prefix outside systemd's search path (make distcheck's) is searched first
	SYSTEMD_UNIT_PATH="$(unit_dir | sed "s|^$DEST||"):" \
		run systemd-analyze verify --root="$root" "$manopt" "${others[@]}"
	echo "$output"
	assert_success
	refute_output --partial "not found"
	refute_output --partial "not executable"
	refute_output --partial "ordering cycle"
	SYSTEMD_UNIT_PATH="$(unit_dir | sed "s|^$DEST||"):" \
		run systemd-analyze verify --root="$root" "$manopt" "${barrier[@]}"
	echo "$output"
	assert_success
	refute_output --partial "ordering cycle"
}

# Every shell script of the source tree (by its #! line), hidden and build
# directories left out; the installed init scripts with real paths instead
# of their .in templates.
shell_scripts() {
	(cd "$TOP_SRCDIR" && find . \( -name '.?*' -o -name _build -o -name autom4te.cache \
		-o -name build-aux -o -path ./tests/vm/out -o -name 'nfs-ctl-[0-9]*' \) -prune \
		-o -type f -size -1000k ! -name '*.in' ! -name 'configure*' ! -name config.status -print |
		while read -r f; do
			head -n1 "$f" 2>/dev/null | grep -qE '^#! ?(/usr)?/bin/(env )?(ba|da)?sh( |$)' &&
				echo "$TOP_SRCDIR/${f#./}"
		done) | sort
	echo "$(init_dir)/nfs"
	echo "$(init_dir)/nfs-server"
}

@test "systemd-analyze verify: the targets with everything the generator adds" {
	need systemd-analyze systemd
	local root=$BATS_TEST_TMPDIR/root cfg=$BATS_TEST_TMPDIR/cfg gen u p units=()
	gen=$root/etc/systemd/system
	cp -a "$DEST" "$root"
	mkdir -p "$root/usr/lib/systemd/system" "$root/sbin" "$gen" "$cfg"/etc "$cfg"/sbin "$cfg"/usr/sbin
	for u in /usr/lib/systemd/system/* /lib/systemd/system/*; do
		[ -n "$(installed "${u##*/}")" ] && continue
		[ -e "$root/usr/lib/systemd/system/${u##*/}" ] || cp -a "$u" "$root/usr/lib/systemd/system/"
	done
	rpcbind_units "$root/usr/lib/systemd/system"
	[ -e "$root/sbin/rpcbind" ] || cp /bin/true "$root/sbin/rpcbind"
	# the barriers' command: coreutils' true, on every system
	mkdir -p "$root/bin"
	[ -e "$root/bin/true" ] || cp /bin/true "$root/bin/true"
	# a configuration that wants every optional member: all programs
	# installed, a keytab, svcgssd and blkmapd asked for
	for p in rpc.statd sm-notify; do install -m 755 /bin/true "$cfg/sbin/$p"; done
	for p in rpc.mountd rpc.nfsd exportfs rpc.idmapd rpc.gssd rpc.svcgssd blkmapd nfsdcld; do
		install -m 755 /bin/true "$cfg/usr/sbin/$p"
	done
	: >"$cfg/etc/krb5.keytab"
	printf '[nfs-ctl]\nneed-svcgssd = y\nneed-blkmapd = y\n' >"$cfg/etc/nfs.conf"
	run "$(find "$DEST" -path '*sbin/nfs-ctl' -type f -print -quit)" --root "$cfg" generator "$gen"
	assert_success
	[ -L "$gen/nfs-server.target.wants/rpc-statd.service" ]
	[ -L "$gen/nfs-server.target.wants/rpc-svcgssd.service" ]
	[ -L "$gen/nfs-client.target.wants/nfs-blkmap.service" ]
	for u in "$gen"/*.mount "$gen"/*.service; do
		[ -e "$u" ] && units+=("/${u#"$root"/}")
	done
	for u in nfs-server.target nfs-client.target nfs-secure.target nfs-blkmap.target; do
		units+=("/${root#"$root"}$(unit_dir | sed "s|^$DEST||")/$u")
	done
	SYSTEMD_UNIT_PATH="/etc/systemd/system:$(unit_dir | sed "s|^$DEST||"):" \
		run systemd-analyze verify --root="$root" --man=no "${units[@]}"
	echo "$output"
	assert_success
	refute_output --partial "not found"
	refute_output --partial "not executable"
	refute_output --partial "ordering cycle"
}

@test "shellcheck: what nfs-ctl ships (init scripts, completion, contrib/), every severity" {
	need shellcheck shellcheck
	local files=() f
	while read -r f; do
		case $f in
		"$TOP_SRCDIR"/contrib/* | */nfs | */nfs-server) files+=("$f") ;;
		esac
	done < <(shell_scripts)
	files+=("$TOP_SRCDIR/completion/nfs-ctl")
	printf '%s\n' "${files[@]}" | grep -q '/contrib/pacemaker/' ||
		files+=("$TOP_BUILDDIR/contrib/pacemaker/nfs-ctl")
	[ "${#files[@]}" -ge 6 ]
	run shellcheck --severity=style "${files[@]}"
	echo "$output"
	assert_success
}

@test "shellcheck: every other shell script of the project (tests, lab, bench, fuzz): no errors" {
	need shellcheck shellcheck
	local files=() f
	while read -r f; do
		case $f in
		"$TOP_SRCDIR"/contrib/* | */nfs | */nfs-server) ;;
		*) files+=("$f") ;;
		esac
	done < <(shell_scripts)
	# tests/run, fuzz/run-smoke.sh...: none found means shell_scripts is broken
	[ "${#files[@]}" -gt 0 ]
	run shellcheck --severity=error "${files[@]}"
	echo "$output"
	assert_success
	# warnings are reported to their owners, not fatal here
	run shellcheck --severity=warning --format=gcc "${files[@]}"
	[ -z "$output" ] || printf '# shellcheck warnings (not fatal):\n%s\n' "$output" | sed 's/^/# /' >&3
}

@test "insserv: the init scripts order after rpcbind, the network and local file systems" {
	need insserv insserv
	local d=$BATS_TEST_TMPDIR/etc out
	mkdir -p "$d"/init.d "$d"/insserv.conf.d "$d"/insserv/overrides "$d"/rc{0,1,2,3,4,5,6,S}.d
	cp "$(init_dir)/nfs" "$(init_dir)/nfs-server" "$d/init.d/"
	# what a Debian 12 boot has: insserv's own virtual facilities, rpcbind,
	# and stand-ins for the initscripts package's boot scripts
	if [ -f /etc/insserv.conf ]; then cp /etc/insserv.conf "$d/"; else
		printf '%s\n' '$local_fs +mountall +umountfs' '$network +networking' \
			'$named +named $network' '$remote_fs $local_fs +mountnfs +umountnfs' \
			'$time +hwclock' >"$d/insserv.conf"
	fi
	rpcbind_script "$d/init.d" "$d/insserv.conf.d"
	cat "$d"/insserv.conf.d/* >>"$d/insserv.conf"
	lsb_script "$d/init.d/mountall" mountall "" "" S ""
	lsb_script "$d/init.d/umountfs" umountfs "" "" "" "0 6"
	lsb_script "$d/init.d/networking" networking mountall "mountall" S "0 6"
	lsb_script "$d/init.d/mountnfs" mountnfs '$local_fs $network' "" S ""
	lsb_script "$d/init.d/umountnfs" umountnfs "" "" "" "0 6"
	lsb_script "$d/init.d/hwclock" hwclock mountall "" S "0 6"
	cd "$d/init.d"
	run insserv --dry-run --show-all --path "$d/init.d" --override "$d/insserv/overrides" \
		--config "$d/insserv.conf"
	echo "$output"
	assert_success
	refute_output --partial "loop"
	refute_output --regexp "(missing|not found|unknown)"
	out=$output
	# "S:NN:LEVELS:NAME": start sequence numbers; "K:NN:..." stop ones
	seq_of() { echo "$out" | awk -F: -v k="$1" -v n="$2" '$1 == k && $4 == n { print $2 + 0; exit }'; }
	[ "$(seq_of S rpcbind)" -lt "$(seq_of S nfs)" ]
	[ "$(seq_of S networking)" -lt "$(seq_of S nfs)" ]
	[ "$(seq_of S mountall)" -lt "$(seq_of S nfs)" ]
	# client daemons before NFS mounts in fstab; stopped after their unmount
	[ "$(seq_of S nfs)" -lt "$(seq_of S mountnfs)" ]
	[ "$(seq_of K umountnfs)" -lt "$(seq_of K nfs)" ]
	[ "$(seq_of K nfs)" -lt "$(seq_of K rpcbind)" ]
	# the server in the multi-user levels, stopped before rpcbind
	echo "$out" | grep -qx 'S:[0-9]*:2 3 4 5:nfs-server'
	[ "$(seq_of K nfs-server)" -lt "$(seq_of K rpcbind)" ]
}

@test "systemd-sysv-generator: the native units shadow both init scripts" {
	[ -n "$SYSV_GENERATOR" ] || skip "systemd-sysv-generator not installed (package systemd): validator not run"
	local d=$BATS_TEST_TMPDIR/sysv out=$BATS_TEST_TMPDIR/generated units=$BATS_TEST_TMPDIR/rpcbind-units
	mkdir -p "$d"/init.d "$d"/rc{0,1,2,3,4,5,6,S}.d "$out" "$units"
	cp "$(init_dir)/nfs" "$(init_dir)/nfs-server" "$d/init.d/"
	ln -s ../init.d/nfs "$d/rcS.d/S04nfs"
	ln -s ../init.d/nfs-server "$d/rc2.d/S02nfs-server"
	# a script without a native unit: proves the generator read this tree
	lsb_script "$d/init.d/canary" canary '$local_fs' '$local_fs' "2 3 4 5" "0 1 6"
	ln -s ../init.d/canary "$d/rc2.d/S01canary"
	rpcbind_units "$units"
	SYSTEMD_UNIT_PATH="$(unit_dir):$units" SYSTEMD_SYSVINIT_PATH="$d/init.d" SYSTEMD_SYSVRC_PATH="$d" \
		SYSTEMD_LOG_LEVEL=debug run "$SYSV_GENERATOR" "$out" "$out" "$out"
	echo "$output"
	assert_success
	ls -R "$out"
	[ -f "$out/canary.service" ]
	# native nfs-server.service and nfs.service win: no duplicate units that
	# would run `nfs-ctl start ...` from inside a start job
	[ ! -e "$out/nfs-server.service" ]
	[ ! -e "$out/nfs.service" ]
	run find "$out" -name 'nfs*'
	assert_output ""
}

@test "nfs-server.service, the init script's name, stands for the whole server target" {
	local u t
	u=$(installed nfs-server.service)
	t=$(installed nfs-server.target)
	# `service nfs-server start` under systemd starts nfs-server.service:
	# it must bring statd, idmapd, sm-notify... as the script does, and
	# return once the target is reached
	grep -qx 'Requires=nfs-server.target' "$u"
	grep -qx 'After=nfs-server.target' "$u"
	# its stop and restart reach the target (and so every member)
	grep -qx 'PartOf=nfs-server.service' "$t"
	grep -qx 'Also=nfs-server.target' "$u"
	run grep '^Exec' "$u"
	assert_line --index 0 --regexp '^ExecStop=/.*/nfs-ctl plan stop server$'
	assert_line --index 1 --regexp '^ExecReload=-/.*/nfs-ctl exec --reload exports$'
	[ "${#lines[@]}" -eq 2 ]
}

@test "nfs.service stands for nfs-client.target and never starts anything itself" {
	local u
	u=$(installed nfs.service)
	grep -qx 'Requires=nfs-client.target' "$u"
	grep -qx 'PropagatesStopTo=nfs-client.target' "$u"
	grep -qx 'Also=nfs-client.target' "$u"
	run grep '^Exec' "$u"
	assert_output --regexp '^ExecStart=/.*/nfs-ctl plan start client$'
}

# A root tree with the installed units where systemd looks for them, for
# `systemctl --root` (offline: no systemd as PID 1 needed).
unit_root() { # DIR
	mkdir -p "$1/usr/lib/systemd/system" "$1/etc/systemd/system"
	cp -a "$(unit_dir)"/. "$1/usr/lib/systemd/system/"
}

@test "systemctl enable/disable nfs-server (and Debian's nfs-kernel-server): the server starts with multi-user" {
	need systemctl systemd
	local r=$BATS_TEST_TMPDIR/r w
	unit_root "$r"
	w=$r/etc/systemd/system/multi-user.target.wants
	run systemctl --root="$r" enable nfs-server.service
	echo "$output"
	assert_success
	[ -L "$w/nfs-server.service" ]
	[ -L "$w/nfs-server.target" ]
	run systemctl --root="$r" is-enabled nfs-server.service
	assert_output enabled
	run systemctl --root="$r" disable nfs-server.service
	assert_success
	[ ! -e "$w/nfs-server.service" ]
	[ ! -e "$w/nfs-server.target" ]
	run systemctl --root="$r" is-enabled nfs-server.service
	assert_output disabled
	# Debian's name is an alias of the same unit, not a second one
	[ "$(readlink "$(installed nfs-kernel-server.service)")" = nfs-server.service ]
	run systemctl --root="$r" enable nfs-kernel-server.service
	echo "$output"
	assert_success
	[ -L "$w/nfs-server.service" ]
	run systemctl --root="$r" is-enabled nfs-server.service
	assert_output enabled
	# what systemctl says of an alias name (Debian's own says the same)
	run systemctl --root="$r" is-enabled nfs-kernel-server.service
	assert_output alias
	# Debian's client script name: an alias of nfs.service (Debian masks it;
	# init-functions' systemd hook redirects /etc/init.d/nfs-common to it)
	[ "$(readlink "$(installed nfs-common.service)")" = nfs.service ]
	run systemctl --root="$r" is-enabled nfs-common.service
	assert_output alias
}

@test "rpcbind is wanted, never required: an NFSv4-only server stays enabled with rpcbind masked" {
	need systemctl systemd
	local u r=$BATS_TEST_TMPDIR/r
	for u in nfsd.service nfs-server.service nfs-mountd.service rpc-statd.service nfs-server.target; do
		run grep -E '^(Requires|BindsTo|Requisite)=.*rpcbind' "$(installed "$u")"
		assert_failure
	done
	for u in nfsd.service nfs-mountd.service rpc-statd.service; do
		grep -qx 'Wants=rpcbind.socket' "$(installed "$u")" || fail "$u does not want rpcbind.socket"
		grep -qx 'After=rpcbind.service' "$(installed "$u")" || fail "$u is not after rpcbind.service"
	done
	# what nfs.systemd(7) tells NFSv4-only sites
	unit_root "$r"
	rpcbind_units "$r/usr/lib/systemd/system"
	run systemctl --root="$r" mask rpcbind.socket rpcbind.service
	assert_success
	run systemctl --root="$r" enable nfs-server.service
	assert_success
	run systemctl --root="$r" is-enabled nfs-server.service
	assert_output enabled
}

@test "systemctl restart nfs-utils reaches every daemon: PartOf nfs-utils.service directly or through nfs-server.service" {
	local u
	u=$(installed nfs-utils.service)
	grep -qx 'RemainAfterExit=yes' "$u"
	run grep -c '^\[Install\]' "$u"
	assert_output 0
	run grep '^Exec' "$u"
	assert_output --regexp '^ExecStart=/.*/nfs-ctl config --check$'
	# the daemons shared with the client, and the client's own
	for u in rpc-statd nfs-idmapd rpc-gssd nfs-blkmap nfs-server; do
		grep -qx 'PartOf=nfs-utils.service' "$(installed "$u.service")" || fail "$u.service is not PartOf nfs-utils.service"
	done
	# the server's, through nfs-server.service (one restart, in the graph's order)
	for u in nfs-mountd nfsdcld rpc-svcgssd nfsd nfs-exports; do
		grep -qx 'PartOf=nfs-server.target' "$(installed "$u.service")" || fail "$u.service is not PartOf nfs-server.target"
	done
	grep -qx 'PartOf=nfs-server.service' "$(installed nfs-server.target)"
}
