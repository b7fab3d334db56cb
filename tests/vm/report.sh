#!/bin/sh
# Turn the results of the lab's boots into OUT/report.md and an exit status:
#   report.sh OUT_DIR
# Environment: LAB_RELEASES, LAB_INITS, LAB_SCENARIOS as run-lab.sh got them;
# the boot of RELEASE under INIT left its results in OUT/RELEASE/INIT.
# A scenario passes under an init when its in-VM checks all passed. A
# scenario whose file names files in a "# lab-compare:" header must also leave
# identical files under every init of one release (compared here).
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$1
releases=${LAB_RELEASES:-$(sed "s/#.*//" "$here/releases.txt" | xargs)}
inits=${LAB_INITS:-systemd sysv}
want=$(echo "${LAB_SCENARIOS:-all}" | tr -s ' ,' '  ')
rep=$out/report.md
status=0

# The scenarios this run selected, in file order ("all" leaves out those
# with a "# lab-explicit:" header, as the in-VM runner does).
scenarios=
for f in "$here"/guest/scenarios/s*.sh; do
	n=$(basename "$f" .sh)
	for w in $want; do
		case $n in
		"$w" | "$w"-*) ;;
		*)
			[ "$w" = all ] || continue
			! grep -q '^# lab-explicit:' "$f" || continue
			;;
		esac
		scenarios="$scenarios $n"
		break
	done
done
# same_files SCENARIO: what must be identical between inits.
same_files() { sed -n 's/^# lab-compare:[[:space:]]*//p' "$here/guest/scenarios/$1.sh"; }
verdict() { # verdict DIR SCENARIO  (DIR = OUT/RELEASE/INIT)
	c=$1/out/$2/checks
	[ -f "$c" ] || { echo "MISSING"; return; }
	if grep -q '^SKIP' "$c"; then echo "skip"; return; fi
	p=$(grep -c '^PASS' "$c")
	f=$(grep -c '^FAIL' "$c")
	if [ "$f" = 0 ] && [ "$p" -gt 0 ]; then echo "PASS ($p checks)"; else echo "FAIL ($f of $((p + f)))"; fi
}
same() { # same RELEASE SCENARIO: compare every init against the first that ran it
	r=$1 sc=$2
	files=$(same_files "$sc")
	[ -n "$files" ] || { echo "-"; return; }
	ran=
	for i in $inits; do
		case $(verdict "$out/$r/$i" "$sc") in skip) ;; *) ran="$ran $i" ;; esac
	done
	# shellcheck disable=SC2086 # init names have no blanks
	set -- $ran
	[ $# -ge 2 ] || { echo "-"; return; }
	first=$1
	shift
	res=same
	for i in "$@"; do
		for f in $files; do
			a=$out/$r/$first/out/$sc/$f
			b=$out/$r/$i/out/$sc/$f
			if [ ! -f "$a" ] || [ ! -f "$b" ] || ! cmp -s "$a" "$b"; then
				res=DIFFERENT
				{
					echo "### $r, $sc: $f differs ($first vs $i)"
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
# nfsd_path FILE: which program started nfsd at boot (nfsdctl or rpc.nfsd).
nfsd_path() {
	awk '$2 == "rc=0" && $3 ~ /threads=[1-9]/ { sub("prog=", "", $4); print $4; exit }' "$1" 2>/dev/null
}
pkg_version() { awk -v p="$2" '$1 == p || $1 == p ":amd64" { print $2; exit }' "$out/$1/packages.lst" 2>/dev/null; }

: >"$out/differences.md"
: >"$out/counts"
npass=0
nfail=0
{
	echo "# nfs-ctl lab report"
	echo
	echo "mode: ${LAB_MODE:-?}, break: ${LAB_BREAK:-none}, scenarios: ${LAB_SCENARIOS:-all}, $(date -u '+%Y-%m-%d %H:%M UTC')"
	for r in $releases; do
		echo
		echo "## $r"
		echo
		kernel=$(awk '$1 ~ /^linux-image-[0-9]/ { sub("linux-image-", "", $1); print $1; exit }' \
			"$out/$r/packages.lst" 2>/dev/null)
		echo "nfs-utils $(pkg_version "$r" nfs-common), systemd $(pkg_version "$r" systemd)," \
			"sysvinit $(pkg_version "$r" sysvinit-core), kernel $kernel"
		echo
		printf '| scenario |'
		for i in $inits; do printf ' %s |' "$i"; done
		printf ' same under all inits |\n|---|'
		for i in $inits; do printf -- '---|'; done
		printf -- '---|\n'
		for i in $inits; do echo "$r $i 0 0 0" >>"$out/counts"; done
		for s in $scenarios; do
			printf '| %s |' "$s"
			for i in $inits; do
				v=$(verdict "$out/$r/$i" "$s")
				case $v in
				PASS*) npass=$((npass + 1)) k=3 ;;
				skip) k=5 ;;
				*) status=1 nfail=$((nfail + 1)) k=4 ;;
				esac
				awk -v r="$r" -v i="$i" -v k="$k" '$1 == r && $2 == i { $k++ } { print }' \
					"$out/counts" >"$out/counts.tmp" && mv "$out/counts.tmp" "$out/counts"
				printf ' %s |' "$v"
			done
			sm=$(same "$r" "$s")
			case $sm in
			same) npass=$((npass + 1)) ;;
			DIFFERENT) status=1 nfail=$((nfail + 1)) ;;
			esac
			printf ' %s |\n' "$sm"
		done
		printf '| nfsd started by (boot) |'
		for i in $inits; do printf ' %s |' "$(nfsd_path "$out/$r/$i/out/boot/rpc.nfsd.log")"; done
		printf ' |\n| boot → nfsd serving (s, guest uptime) |'
		for i in $inits; do printf ' %s |' "$(nfsd_ready "$out/$r/$i/out/boot/rpc.nfsd.log")"; done
		printf ' |\n| boot → boot finished (s) |'
		for i in $inits; do printf ' %s |' "$(cat "$out/$r/$i/out/boot/boot-done" 2>/dev/null)"; done
		printf ' |\n| VM wall time (s, host) |'
		for i in $inits; do printf ' %s |' "$(cat "$out/$r/$i/wall-seconds" 2>/dev/null)"; done
		printf ' |\n'
		for i in $inits; do
			echo
			echo "### $r, $i"
			echo
			for s in $scenarios; do
				c=$out/$r/$i/out/$s/checks
				[ -f "$c" ] || { echo "- $s: no results"; continue; }
				grep -E '^(FAIL|NOTE|SKIP)' "$c" | sed "s/^/- $s: /"
			done
			t=$out/$r/$i/out/s3-notify-order/boot-times
			[ -f "$t" ] && echo "- s3-notify-order: boot $(cat "$t")"
		done
	done
	echo
	echo "## Scenarios passed per release and init"
	echo
	echo "| release | init | passed | failed | skipped |"
	echo "|---|---|---|---|---|"
	awk '{ printf "| %s | %s | %d | %d | %d |\n", $1, $2, $3, $4, $5 }' "$out/counts"
	if [ -f "$out/cluster/counts" ]; then
		# run-lab.sh ran the multi-host scenario: its table, and its
		# verdicts (one per scenario, stack, init and NFS version) count.
		read -r cp cf <"$out/cluster/counts"
		npass=$((npass + cp))
		nfail=$((nfail + cf))
		[ "$cf" = 0 ] || status=1
		echo
		echo "## Several hosts"
		echo
		sed -e '1,/^$/d' -e '/^cluster: /d' -e 's/^## /### /' "$out/cluster/report.md"
	fi
	if [ -s "$out/differences.md" ]; then
		echo
		echo "## Differences between inits"
		echo
		cat "$out/differences.md"
	fi
	echo
	# One line per scenario and boot, plus one per cross-init comparison,
	# plus the multi-host verdicts.
	echo "lab: $npass passed, $nfail failed"
} >"$rep"
cat "$rep"
exit "$status"
