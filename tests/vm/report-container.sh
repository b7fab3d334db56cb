#!/bin/sh
# The container lab's report: report-container.sh OUT_DIR (= LAB_OUT/container)
# Environment: LAB_RELEASES as run-container.sh got them; each release left
# OUT/RELEASE/{server,client}/out/k1-container/.
# One verdict per release and round (every "rN: ..." check of both VMs
# passed, and there was one) and one per release for the "all: ..." checks.
set -u
out=$1
releases=${LAB_RELEASES:-bookworm trixie forky}
rep=$out/report.md
status=0
npass=0
nfail=0
S=k1-container
verdict() {
	p=$(echo "$1" | grep -c '^PASS')
	f=$(echo "$1" | grep -c '^FAIL')
	if [ "$f" = 0 ] && [ "$p" -gt 0 ]; then
		v="PASS ($p checks)" npass=$((npass + 1))
	else
		v="FAIL ($f of $((p + f)))" nfail=$((nfail + 1)) status=1
	fi
}
{
	echo "# nfs-ctl container lab report"
	echo
	echo "$(date -u '+%Y-%m-%d %H:%M UTC'); server VM init: $(cat "$out"/*/init 2>/dev/null | sort -u | tr '\n' ' ')"
	echo
	echo "Rounds 1-3: the container's PID 1 is \`nfs-ctl run server\`; 4-6: the baseline entrypoint (no sm-notify, no nfsdcld), whose checks expect the locks lost. Times in seconds from the event (the signal sent, the crash), server clock; \"lost\": not held on the server 90 s after it served again."
	echo
	echo "| release | round | stack | event | verdict | signal → PID 1 exited (exit code) | event → serving again | event → v3 lock back | event → v4 lock back |"
	echo "|---|---|---|---|---|---|---|---|---|"
	for rel in $releases; do
		srv=$out/$rel/server/out/$S
		cli=$out/$rel/client/out/$S
		if [ ! -d "$srv" ] || [ ! -d "$cli" ]; then
			echo "| $rel | - | - | - | FAIL (a VM left no results) | | | | |"
			nfail=$((nfail + 1)) status=1
			continue
		fi
		c=$(cat "$srv/checks" "$cli/checks" 2>/dev/null | grep -E '^(PASS|FAIL)')
		verdict "$(echo "$c" | grep -Ev '^(PASS|FAIL) r[0-9]+: ')"
		echo "| $rel | setup | | | $v | | | | |"
		for r in 1 2 3 4 5 6; do
			case $r in 1 | 2 | 3) st=nfs-ctl ;; *) st=baseline ;; esac
			case $r in 1 | 4) ev=SIGTERM ;; 2 | 5) ev=SIGKILL ;; *) ev="VM crash" ;; esac
			verdict "$(echo "$c" | grep -E "^(PASS|FAIL) r$r: ")"
			t=$(awk -v r="$r" '$1 == r { for (k = 2; k <= NF; k++) { split($k, a, "="); x[a[1]] = a[2] } }
				$1 == r && $2 ~ /^v[34]$/ { b[$2] = substr($3, 6) }
				END {
					s = (x["stop_seconds"] != "") ? sprintf("%.1f (%s)", x["stop_seconds"], x["stop_exit"]) : "-"
					e = (x["serving"] != "") ? sprintf("%.1f", x["serving"] - x["event"]) : "-"
					printf "%s | %s | %s | %s", s, e, (b["v3"] != "" ? b["v3"] : "-"), (b["v4"] != "" ? b["v4"] : "-")
				}' "$srv/times" 2>/dev/null)
			echo "| $rel | $r | $st | $ev | $v | ${t:-- | - | - | -} |"
		done
	done
	for rel in $releases; do
		echo
		echo "## $rel"
		echo
		for vm in server client; do
			grep -E '^(FAIL|NOTE)' "$out/$rel/$vm/out/$S/checks" 2>/dev/null | sed "s/^/- $vm: /"
		done
	done
	echo
	echo "container: $npass passed, $nfail failed"
} >"$rep"
echo "$npass $nfail" >"$out/counts"
cat "$rep"
exit "$status"
