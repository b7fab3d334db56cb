#!/bin/sh
# The package scenario's report: report-package.sh OUT/package
# One row per release and init (checks passed and failed, boots, the last
# step reached), then every FAIL and NOTE line. Exit 1 if any boot sequence
# failed a check or did not reach the purge.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$1
releases=${LAB_RELEASES:-$(sed "s/#.*//" "$here/releases.txt" | xargs)}
inits=${LAB_INITS:-systemd sysv}
rep=$out/report.md
passed=0 failed=0
{
	echo "# Package switch (run-package.sh)"
	echo
	echo "| release | init | checks passed | checks failed | boots | last step | host wall | verdict |"
	echo "|---|---|---|---|---|---|---|---|"
	for r in $releases; do
		for i in $inits; do
			c=$out/$r/$i/out/p1-switch/checks
			p=0 f=0 boots=- last=- verdict=FAIL
			if [ -f "$c" ]; then
				p=$(grep -c '^PASS' "$c" || true)
				f=$(grep -c '^FAIL' "$c" || true)
				boots=$(ls -d "$out/$r/$i/out/p1-switch"/boot-* 2>/dev/null | wc -l)
				last=$(sed -n 's/^\(PASS\|FAIL\) \([^:]*\):.*/\2/p' "$c" | tail -n 1)
				[ "$f" = 0 ] && [ "$last" = e-purge ] && verdict=pass
			fi
			if [ "$verdict" = pass ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
			echo "| $r | $i | $p | $f | $boots | $last | $(cat "$out/$r/$i/wall-seconds" 2>/dev/null || echo -) s | $verdict |"
		done
	done
	for r in $releases; do
		for i in $inits; do
			c=$out/$r/$i/out/p1-switch/checks
			echo
			echo "## $r, $i"
			echo
			if [ -f "$c" ]; then
				grep -v '^PASS' "$c" | sed 's/^/    /'
			else
				echo "    no results (see $r/$i/console.log)"
			fi
		done
	done
	echo
	echo "package: $passed passed, $failed failed"
} >"$rep"
cat "$rep"
[ "$failed" = 0 ]
