#!/usr/bin/env python3
"""Where a systemd server start spends its time, per mode, from the
timeline.log files that bench/guest/bench-server.sh writes (one block per
round and mode, ms from the start).  Medians over the rounds of: the last
daemon (or exports) active, nfsd active (Debian: nfs-server.service),
sm-notify active, and the unit `systemctl start` waited for (nfs-ctl:
nfs-server.target; Debian: nfs-server.service).

    bench/phases.py bench/results/systemd-start-run5/timeline.log
"""
import re
import statistics
import sys

DAEMONS = ("nfs-idmapd.service", "nfs-mountd.service", "nfsdcld.service",
           "rpc-statd.service", "nfs-exports.service")


def rounds(lines):
    cur = None
    for line in lines:
        m = re.match(r"round (\d+) (\S+) \(ms\):", line)
        if m:
            cur = {}
            yield m.group(2), cur
            continue
        f = line.split()
        # UNIT STATE left-inactive T exec T active T
        if cur is not None and len(f) >= 8 and f[6] == "active":
            cur[f[0]] = float(f[7]) if f[7] != "-" else None


def phases(units):
    nfsd = units.get("nfsd.service") or units.get("nfs-server.service")
    waited = units.get("nfs-server.target") or units.get("nfs-server.service")
    up = max(v for k, v in units.items() if k in DAEMONS and v)
    return up, nfsd, units.get("rpc-statd-notify.service"), waited


def main(paths):
    per_mode = {}
    for path in paths:
        with open(path) as f:
            for mode, units in list(rounds(f)):
                per_mode.setdefault(mode, []).append(phases(units))
    print("| mode | rounds | daemons up | nfsd active | sm-notify active | start returns |")
    print("|---|---|---|---|---|---|")
    for mode, rows in per_mode.items():
        cols = [statistics.median(c) for c in zip(*rows)]
        print("| %s | %d | %s |" % (mode, len(rows), " | ".join("%.0f" % c for c in cols)))


if __name__ == "__main__":
    main(sys.argv[1:])
