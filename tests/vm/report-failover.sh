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
pass=0
fail=0
# time_of FILE PATTERN: the seconds of the first NOTE line matching
time_of() {
	sed -n "s/^NOTE $2 \([0-9.]*\) s\$/\1/p" "$1" 2>/dev/null | head -n 1
}
{
	echo "# Failover lab (issue 11, scenario 5)"
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
		printf '| %s | %s | %s | %s | %s | %s | %s PASS, %s FAIL |\n' "$a" \
			"$(time_of "$all.bare" 'group: crash -> nfsd running on labha[12]')" \
			"$(time_of "$all.bare" 'v3: crash -> lock back on labha[12]')" \
			"$(time_of "$all.bare" 'v4: crash -> lock back on labha[12]')" \
			"$(time_of "$all.bare" 'v3: crash -> client I\/O resumes')" \
			"$(time_of "$all.bare" 'v4: crash -> client I\/O resumes')" "$p" "$n"
		cat "$all" >"$out/$a.checks"
		rm -f "$all" "$all.bare"
	done
	echo
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
