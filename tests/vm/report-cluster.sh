#!/bin/sh
# The multi-host lab's report: report-cluster.sh OUT_DIR (= LAB_OUT/cluster)
# Environment: LAB_CLUSTER_MODES, LAB_CLUSTER_INITS as run-cluster.sh got them;
# the pair with the server in MODE under INIT left OUT/MODE-INIT/{server,client}.
# A scenario passes for one NFS version when every check of both VMs named
# "VERSION: ..." or "all: ..." (or not named) passed, and there was one.
set -u
out=$1
modes=${LAB_CLUSTER_MODES:-nfs-ctl}
inits=${LAB_CLUSTER_INITS:-systemd sysv}
rep=$out/report.md
status=0
npass=0
nfail=0
# checks RUN SCENARIO VERSION: the check lines of both VMs for VERSION.
checks() {
	cat "$1/server/out/$2/checks" "$1/client/out/$2/checks" 2>/dev/null |
		awk -v v="$3" '{ t = $2 } t !~ /^(v3|v4|all):$/ { t = "all:" } t == v ":" || t == "all:"'
}
scenarios() {
	for d in "$1"/server/out/c[0-9]* "$1"/client/out/c[0-9]*; do
		[ -d "$d" ] && basename "$d"
	done | sort -u
}
{
	echo "# nfs-ctl multi-host lab report"
	echo
	echo "break: ${LAB_BREAK:-none}, $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo
	echo "Event: the server's crash (c1), its first restart (c3: \`nfs-ctl restart server\`, or the init's restart in distro mode), the first crash during start (c4; its \"lock back\" is the client's locks after that reboot). c2's times are its NOTE lines; c5 (the soak) has no event: its summary follows its run's FAIL and NOTE lines; c6 (chaos) has its own section below."
	echo
	echo "| scenario | server stack | server init | NFS | verdict | event → nfsd serving (s) | event → lock back on the server (s) | first new lock after reclaim (s) |"
	echo "|---|---|---|---|---|---|---|---|"
	for m in $modes; do
		for i in $inits; do
			run=$out/$m-$i
			sc=$(scenarios "$run")
			[ -n "$sc" ] || sc="c1-server-crash"
			for s in $sc; do
				for v in v3 v4; do
					c=$(checks "$run" "$s" "$v")
					p=$(echo "$c" | grep -c '^PASS')
					f=$(echo "$c" | grep -c '^FAIL')
					if [ ! -d "$run/server/out" ] || [ ! -d "$run/client/out" ]; then
						# half a scenario is no verdict: its other VM's checks never ran
						verdict="FAIL (a VM left no results)" nfail=$((nfail + 1)) status=1
					elif [ "$f" = 0 ] && [ "$p" -gt 0 ]; then
						verdict="PASS ($p checks)" npass=$((npass + 1))
					else
						verdict="FAIL ($f of $((p + f)))" nfail=$((nfail + 1)) status=1
					fi
					t=$(awk -v v="$v" '$1 == v { for (k = 2; k <= NF; k++) { split($k, a, "="); x[a[1]] = a[2] }
						printf "%.1f | %.1f", x["nfsd-serving"] - x["crash"], x["reclaimed"] - x["crash"]; exit }' \
						"$run/server/out/$s/times" 2>/dev/null)
					[ -n "$t" ] || t="- | -"
					g=$(sed -n "s/^NOTE $v: first new lock after the reclaim took \([0-9.]*\) s/\1/p" \
						"$run/client/out/$s/checks" 2>/dev/null)
					echo "| $s | $m | $i | $v | $verdict | $t | ${g:--} |"
				done
			done
		done
	done
	for m in $modes; do
		for i in $inits; do
			run=$out/$m-$i
			echo
			echo "## $m, server under $i"
			echo
			for s in $(scenarios "$run"); do
				for vm in server client; do
					grep -E '^(FAIL|NOTE)' "$run/$vm/out/$s/checks" 2>/dev/null | sed "s/^/- $s, $vm: /"
				done
			done
			# c5, the soak: its summary (cycles, writes, first and last 10)
			if [ -f "$run/server/out/c5-soak/summary" ]; then
				echo
				echo "### soak (c5), server under $i"
				echo
				cat "$run/server/out/c5-soak/summary"
				echo
				echo "One line a cycle: \`$run/server/out/c5-soak/cycles.tsv\`."
			fi
			[ -d "$run/server/out" ] || echo "- server: no results (see $run/server/console.log)"
			[ -d "$run/client/out" ] || echo "- client: no results (see $run/client/console.log)"
		done
	done
	# scenario c6 (chaos): its summary and one row per fault
	for m in $modes; do
		for i in $inits; do
			d=$out/$m-$i/server/out/c6-chaos
			[ -f "$d/chaos.tsv" ] || continue
			echo
			echo "## chaos (c6), $m, server under $i"
			echo
			sed 's/^/- /' "$d/summary" 2>/dev/null
			echo "- every column: \`$m-$i/server/out/c6-chaos/chaos.tsv\`; each fault's commands and doctor's output: \`fault-N/\`"
			echo
			echo "| fault | victim | moment | doctor exit | doctor's fix | systemd repaired | repair exit | serving after | locks held after | s to recover |"
			echo "|---|---|---|---|---|---|---|---|---|---|"
			awk -F '\t' 'NR > 1 { fix = $6 == "-" ? "-" : "`" $6 "`"
				printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $3, $4, $5, fix, $7, $8, $9, $10, $11 }' "$d/chaos.tsv"
		done
	done
	echo
	echo "cluster: $npass passed, $nfail failed"
} >"$rep"
echo "$npass $nfail" >"$out/counts"
cat "$rep"
exit "$status"
