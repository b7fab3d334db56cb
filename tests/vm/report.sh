#!/bin/sh
# Turn the results of the lab's boots into OUT/report.md and an exit status:
#   report.sh OUT_DIR INIT...        (INIT = name of a boot directory in OUT)
# A scenario passes under an init when its in-VM checks all passed; scenarios
# 1 and 5 must also leave the same state under every init (compared here).
set -u
out=$1
shift
inits=$*
rep=$out/report.md
status=0
scenarios="s1-server s2-start-statd s3-notify-order s4-stop s5-config s9-ocf"
# What must be identical between inits, per scenario (files in the scenario dir).
same_files() {
	case $1 in
	s1-server) echo state/daemons state/rpcinfo state/threads state/versions state/exports ;;
	s5-config) echo ports/daemons ports/rpcinfo ports/ports ports/threads ports/versions \
		v4only/daemons v4only/rpcinfo v4only/threads v4only/versions ;;
	esac
}
verdict() { # verdict INIT SCENARIO
	c=$out/$1/out/$2/checks
	[ -f "$c" ] || { echo "MISSING"; return; }
	p=$(grep -c '^PASS' "$c")
	f=$(grep -c '^FAIL' "$c")
	if [ "$f" = 0 ] && [ "$p" -gt 0 ]; then echo "PASS ($p checks)"; else echo "FAIL ($f of $((p + f)))"; fi
}
same() { # same SCENARIO: compare every init against the first
	sc=$1
	files=$(same_files "$sc")
	[ -n "$files" ] || { echo "-"; return; }
	# shellcheck disable=SC2086 # init names have no blanks
	set -- $inits
	[ $# -ge 2 ] || { echo "-"; return; }
	first=$1
	shift
	res=same
	for i in "$@"; do
		for f in $files; do
			a=$out/$first/out/$sc/$f
			b=$out/$i/out/$sc/$f
			if [ ! -f "$a" ] || [ ! -f "$b" ] || ! cmp -s "$a" "$b"; then
				res=DIFFERENT
				{
					echo "### $sc: $f differs ($first vs $i)"
					echo '```'
					diff "$a" "$b" 2>&1
					echo '```'
				} >>"$out/differences.md"
			fi
		done
	done
	echo "$res"
}
nfsd_ready() { awk '$2 == "rc=0" && $3 ~ /threads=[1-9]/ { print $1; exit }' "$1" 2>/dev/null; }

: >"$out/differences.md"
npass=0
nfail=0
{
	echo "# nfs-ctl lab report"
	echo
	echo "mode: ${LAB_MODE:-?}, break: ${LAB_BREAK:-none}, $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo
	printf '| scenario |'
	for i in $inits; do printf ' %s |' "$i"; done
	printf ' same under all inits |\n|---|'
	for i in $inits; do printf -- '---|'; done
	printf -- '---|\n'
	for s in $scenarios; do
		printf '| %s |' "$s"
		for i in $inits; do
			v=$(verdict "$i" "$s")
			case $v in PASS*) npass=$((npass + 1)) ;; *) status=1 nfail=$((nfail + 1)) ;; esac
			printf ' %s |' "$v"
		done
		sm=$(same "$s")
		case $sm in
		same) npass=$((npass + 1)) ;;
		DIFFERENT) status=1 nfail=$((nfail + 1)) ;;
		esac
		printf ' %s |\n' "$sm"
	done
	printf '| boot → nfsd serving (s, guest uptime) |'
	for i in $inits; do printf ' %s |' "$(nfsd_ready "$out/$i/out/boot/rpc.nfsd.log")"; done
	printf ' |\n| boot → boot finished (s) |'
	for i in $inits; do printf ' %s |' "$(cat "$out/$i/out/boot/boot-done" 2>/dev/null)"; done
	printf ' |\n| VM wall time (s, host) |'
	for i in $inits; do printf ' %s |' "$(cat "$out/$i/wall-seconds" 2>/dev/null)"; done
	printf ' |\n'
	echo
	for i in $inits; do
		echo "## $i"
		echo
		for s in $scenarios; do
			c=$out/$i/out/$s/checks
			[ -f "$c" ] || { echo "- $s: no results"; continue; }
			grep -E '^(FAIL|NOTE)' "$c" | sed "s/^/- $s: /"
		done
		t=$out/$i/out/s3-notify-order/boot-times
		[ -f "$t" ] && echo "- s3-notify-order: boot $(cat "$t")"
		echo
	done
	if [ -s "$out/differences.md" ]; then
		echo "## Differences between inits"
		echo
		cat "$out/differences.md"
	fi
	# One line per scenario and init, plus one per cross-init comparison.
	echo "lab: $npass passed, $nfail failed"
} >"$rep"
cat "$rep"
exit "$status"
