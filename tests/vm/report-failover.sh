#!/bin/sh
# The failover lab's report: report-failover.sh OUT/failover
# For each round (LAB_FAILOVER_AGENTS): every VM's PASS/FAIL/NOTE lines of
# scenario f1, and one table of the times the NOTE lines give. A VM that
# left no results is a failure; its progress console's NOTE and FAIL lines
# are shown in its place. Writes OUT/failover/report.md and prints it;
# exit 1 if anything failed.
set -eu
out=$1
agents=${LAB_FAILOVER_AGENTS:-nfs-ctl nfsserver}
rep=$out/report.md
times=$out/times.txt
: >"$times"
pass=0
fail=0
# time_of FILE PATTERN: the seconds of the first NOTE line matching
time_of() {
	sed -n "s/^NOTE $2 \([0-9.]*\) s\$/\1/p" "$1" 2>/dev/null | head -n 1
}
{
	echo "# Failover lab (issue 11, scenario 5): server nodes under ${LAB_FAILOVER_INIT:-systemd}"
	echo
	echo "| agent | crash -> nfsd running on the survivor | v3: lock back | v4: lock back | v3: client I/O resumes | v4: client I/O resumes | checks |"
	echo "|---|---|---|---|---|---|---|"
	for a in $agents; do
		all=$(mktemp)
		for vm in labha1 labha2 labcli; do
			f=$out/$a/$vm-vm/$vm/out/f1-failover/checks
			if [ -f "$f" ]; then
				sed "s/^/$vm /" "$f" >>"$all"
			else
				echo "$vm FAIL left no results" >>"$all"
				# what its progress console said: the times (NOTE,
				# f1 says them there too) and the failed checks
				sed -n 's/^\[[0-9.]*\] \(NOTE .*\)/\1/p; s/^\[[0-9.]*\] \(FAIL .*\)/progress: \1/p' \
					"$out/$a/$vm-vm/$vm/progress.log" 2>/dev/null | sed "s/^/$vm /" >>"$all"
			fi
		done
		p=$(grep -c '^[a-z0-9]* PASS' "$all" || true)
		n=$(grep -c '^[a-z0-9]* FAIL' "$all" || true)
		sed 's/^[a-z0-9]* //' "$all" >"$all.bare"
		set -- "$(time_of "$all.bare" 'group: crash -> nfsd running on labha[12]')" \
			"$(time_of "$all.bare" 'v3: crash -> lock back on labha[12]')" \
			"$(time_of "$all.bare" 'v4: crash -> lock back on labha[12]')" \
			"$(time_of "$all.bare" 'v3: crash -> client I\/O resumes')" \
			"$(time_of "$all.bare" 'v4: crash -> client I\/O resumes')"
		printf '| %s | %s | %s | %s | %s | %s | %s PASS, %s FAIL |\n' "$a" "$@" "$p" "$n"
		# run AGENT.N is agent AGENT; a time that never came is "-"
		printf '%s %s %s %s %s %s\n' "${a%.*}" "${1:--}" "${2:--}" "${3:--}" "${4:--}" "${5:--}" >>"$times"
		cat "$all" >"$out/$a.checks"
		rm -f "$all" "$all.bare"
	done
	echo
	# the median of each column per agent, when an agent ran more than
	# once; a run where the time never came counts as the slowest
	awk '{ n[$1]++; for (c = 2; c <= 6; c++) v[$1, c, n[$1]] = ($c == "-" ? 1e9 : $c) }
	function median(a, c, k,   i, j, t, x) {
		for (i = 1; i <= k; i++) x[i] = v[a, c, i]
		for (i = 2; i <= k; i++) for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
		t = x[int((k + 1) / 2)]
		return t >= 1e9 ? "never" : t
	}
	END {
		for (a in n) if (n[a] > 1) many = 1
		if (!many) exit
		print "Medians over the runs of each agent:"
		print ""
		print "| agent | runs | crash -> nfsd running on the survivor | v3: lock back | v4: lock back | v3: client I/O resumes | v4: client I/O resumes |"
		print "|---|---|---|---|---|---|---|"
		for (a in n) {
			line = "| " a " | " n[a]
			for (c = 2; c <= 6; c++) line = line " | " median(a, c, n[a])
			print line " |"
		}
		print ""
	}' "$times"
	for a in $agents; do
		echo "## $a"
		echo
		echo '```'
		cat "$out/$a.checks"
		echo '```'
		echo
	done
} >"$rep"
for a in $agents; do
	pass=$((pass + $(grep -c '^[a-z0-9]* PASS' "$out/$a.checks" || true)))
	fail=$((fail + $(grep -c '^[a-z0-9]* FAIL' "$out/$a.checks" || true)))
done
echo "failover: $pass passed, $fail failed" >>"$rep"
cat "$rep"
[ "$fail" = 0 ]
