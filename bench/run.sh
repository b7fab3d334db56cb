#!/bin/sh
# Everything `make bench` runs: the host-side benchmarks, then one lab run
# (both inits), then the measured tables in bench/out/measured.md (the
# figures bench/RESULTS.md quotes).
#   bench/run.sh        (environment: see host.sh and lab.sh)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
BENCH_VARIANTS=${BENCH_VARIANTS:-1} "$here/host.sh" "$here/out/host"
"$here/lab.sh" "$here/out/lab"
python3 "$here/compose.py" "$here/out/host" "$here/out/lab" >"$here/out/measured.md"
echo "bench: tables in $here/out/measured.md" >&2
