#!/usr/bin/env bats
# The manual pages: clean under groff's and man's warnings, and complete:
# every command, option, target and component that nfs-ctl itself knows
# (its --help and its graph) is documented.  Also the bash completion,
# which offers the same words.

bats_load_library bats-support
bats_load_library bats-assert

: "${TOP_SRCDIR:=$(cd "$(dirname "$BATS_TEST_FILENAME")/.." && pwd)}"
: "${NFS_CTL:=$TOP_SRCDIR/nfs-ctl}"
PAGES=("$TOP_SRCDIR/man/nfs-ctl.8" "$TOP_SRCDIR/man/start-statd.8")

# The page as plain text, hyphenation and adjustment off so words stay whole.
rendered() {
	MANWIDTH=200 LC_ALL=C.UTF-8 groff -man -Tutf8 -rLL=200n -dAD=l -rHY=0 -P-cbou "$1" 2>/dev/null |
		sed 's/\xe2\x80\x90/-/g; s/\xe2\x88\x92/-/g'
}

components() {
	"$NFS_CTL" graph --list
}

@test "groff -ww: no warnings in either page" {
	command -v groff >/dev/null || skip "groff not installed (package groff-base): check not run"
	for page in "${PAGES[@]}"; do
		run groff -ww -man -Tutf8 -z "$page"
		assert_success
		assert_output ""
	done
}

@test "man --warnings: no warnings in either page" {
	command -v man >/dev/null || skip "man not installed (package man-db): check not run"
	for page in "${PAGES[@]}"; do
		run env MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$page"
		assert_success
		# warnings go to stderr, which run mixes in: none may start with "<standard input>" or "troff:"
		refute_output --regexp '(^|\n)(<standard input>|troff:|an\.tmac:|mandoc:)'
		refute_output --partial "warning:"
	done
}

@test "nfs-ctl(8) documents every action, command and option of --help" {
	local text word
	text=$(rendered "${PAGES[0]}")
	for word in start stop restart try-restart reload force-reload status \
		plan graph exec start-statd config env units generator; do
		grep -qw -- "$word" <<<"$text" || fail "no '$word' in nfs-ctl(8)"
	done
	# every long option nfs-ctl --help names
	while read -r word; do
		grep -qF -- "$word" <<<"$text" || fail "option $word of --help is not in nfs-ctl(8)"
	done < <("$NFS_CTL" --help | grep -o -- '--[a-z][a-z-]*' | sort -u)
	for word in --stop --format=text --check --get --argv --wants --output -v -h; do
		grep -qF -- "$word" <<<"$text" || fail "option $word is not in nfs-ctl(8)"
	done
}

@test "nfs-ctl(8) documents every target and every component of the graph" {
	local text c
	text=$(rendered "${PAGES[0]}")
	[ "$("$NFS_CTL" graph --list=targets | wc -l)" -eq 4 ]
	while read -r c; do
		grep -qw -- "$c" <<<"$text" || fail "target $c is not in nfs-ctl(8)"
	done < <("$NFS_CTL" graph --list=targets)
	[ "$(components | wc -l)" -ge 10 ]
	while read -r c; do
		grep -qE "^ {7}$c( |$)" <<<"$text" || fail "component $c has no entry in nfs-ctl(8)"
	done < <(components)
}

@test "nfs-ctl(8) documents the exit codes, the environment and the files" {
	local text
	text=$(rendered "${PAGES[0]}")
	for section in "EXIT STATUS" ENVIRONMENT FILES EXAMPLES "SEE ALSO"; do
		grep -qx "$section" <<<"$text" || fail "no $section section"
	done
	for code in 0 1 2 3 4 5 6 7; do
		grep -qE "^ {7}$code +[a-z]" <<<"$text" || fail "exit code $code not explained"
	done
	for word in NFS_CTL_ROOT NFS_CTL_TIMEOUT INVOCATION_ID /etc/nfs.conf /run/nfs-ctl.lock \
		/etc/default/nfs-common /etc/sysconfig/nfs /usr/sbin/start-statd nfs.service \
		nfs-kernel-server.service nfs-utils.service; do
		grep -qF -- "$word" <<<"$text" || fail "$word not in nfs-ctl(8)"
	done
}

@test "start-statd(8) states its promise and its exit codes" {
	local text
	text=$(rendered "${PAGES[1]}")
	grep -q "100024" <<<"$text"
	grep -q "IgnoreOnIsolate" <<<"$text"
	for code in 0 1 2 4; do
		grep -qE "^ {7}$code +[A-Za-z]" <<<"$text" || fail "exit code $code not explained"
	done
}

# complete WORDS...: what the completion offers for the last word
complete_words() {
	# shellcheck disable=SC1091
	bash -c '
		source /usr/share/bash-completion/bash_completion
		source "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_nfs_ctl
		printf "%s\n" "${COMPREPLY[@]}"
	' complete "$TOP_SRCDIR/completion/nfs-ctl" "$@"
}

@test "bash completion: commands, targets, components, option values" {
	[ -f /usr/share/bash-completion/bash_completion ] ||
		skip "bash-completion not installed (package bash-completion): check not run"
	PATH=$(dirname "$NFS_CTL"):$PATH
	export PATH
	run complete_words nfs-ctl ""
	assert_line start
	assert_line start-statd
	assert_line plan
	assert_line config
	run complete_words nfs-ctl -v start ""
	assert_line server
	assert_line blkmap
	while read -r c; do assert_line "$c"; done < <(components)
	run complete_words nfs-ctl exec ""
	assert_line mountd
	refute_line rpcbind
	run complete_words nfs-ctl --init ""
	assert_output $'sysv\nsystemd'
	run complete_words nfs-ctl plan start se
	assert_output $'server\nsecure'
	run complete_words nfs-ctl config --wants c
	assert_output client
}
