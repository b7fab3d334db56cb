#!/usr/bin/env python3
"""Summarize the in-VM benchmark samples (bench/guest/*.sh) as markdown.

    summarize.py SAMPLES.tsv

Columns of SAMPLES.tsv: init bench mode round metric microseconds ok note.
Only samples with ok=1 enter the statistics; failures are counted.  Medians
and spread (min..max, and the interquartile range) per init, bench, metric,
mode; then the ratios the speed targets are about."""
import statistics
import sys
from collections import defaultdict


def load(path):
    rows = []
    with open(path) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 7:
                continue
            init, bench, mode, rnd, metric, us, ok = parts[:7]
            note = parts[7] if len(parts) > 7 else ""
            rows.append(dict(init=init, bench=bench, mode=mode, round=rnd,
                             metric=metric, s=int(us) / 1e6, ok=ok == "1", note=note))
    return rows


def quartiles(v):
    if len(v) < 4:
        return min(v), max(v)
    q = statistics.quantiles(v, n=4)
    return q[0], q[2]


def main():
    rows = load(sys.argv[1])
    groups = defaultdict(list)
    fails = defaultdict(list)
    for r in rows:
        key = (r["init"], r["bench"], r["metric"], r["mode"])
        (groups if r["ok"] else fails)[key].append(r)
    keys = sorted(set(groups) | set(fails))
    med = {}
    print("| init | benchmark | metric | mode | n ok | failed | median s | IQR s | min..max s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for k in keys:
        v = [r["s"] for r in groups.get(k, [])]
        f = fails.get(k, [])
        if v:
            m = statistics.median(v)
            med[k] = m
            q1, q3 = quartiles(v)
            print(f"| {k[0]} | {k[1]} | {k[2]} | {k[3]} | {len(v)} | {len(f)} | {m:.3f} | "
                  f"{q1:.3f}..{q3:.3f} | {min(v):.3f}..{max(v):.3f} |")
        else:
            print(f"| {k[0]} | {k[1]} | {k[2]} | {k[3]} | 0 | {len(f)} | - | - | - |")
    print()
    for k, f in sorted(fails.items()):
        notes = sorted(set(r["note"] for r in f))
        print(f"- failed samples {k}: {len(f)} ({'; '.join(notes)})")
    print()

    def ratio(label, a, b, target=None):
        if a in med and b in med:
            r = med[a] / med[b]
            verdict = ""
            if target is not None:
                verdict = " — target <= %.1fx: %s" % (target, "met" if r <= target else "MISSED")
            print(f"| {label} | {med[a]:.3f} / {med[b]:.3f} | {r:.2f}x{verdict} |")
        else:
            print(f"| {label} | not measured | - |")

    print("| ratio (medians, same run) | seconds | ratio |")
    print("|---|---|---|")
    ratio("sysv: nfs-ctl server start / Debian init scripts",
          ("sysv", "server", "start", "nfs-ctl"), ("sysv", "server", "start", "distro"), 0.5)
    ratio("nfs-ctl sysv server start / systemd start of nfs-utils' units",
          ("sysv", "server", "start", "nfs-ctl"), ("systemd", "server", "start", "distro"), 1.0)
    ratio("sysv: nfs-ctl serial runner (NFS_CTL_PARALLEL=0) start / Debian init scripts",
          ("sysv", "server", "start", "nfs-ctl-serial"), ("sysv", "server", "start", "distro"))
    ratio("sysv: nfs-ctl parallel start / nfs-ctl serial start",
          ("sysv", "server", "start", "nfs-ctl"), ("sysv", "server", "start", "nfs-ctl-serial"))
    ratio("sysv: nfs-ctl until serving / Debian until serving",
          ("sysv", "server", "ready", "nfs-ctl"), ("sysv", "server", "ready", "distro"))
    ratio("nfs-ctl sysv until serving / nfs-utils' units until serving",
          ("sysv", "server", "ready", "nfs-ctl"), ("systemd", "server", "ready", "distro"))
    ratio("systemd: nfs-ctl units start / nfs-utils' units start",
          ("systemd", "server", "start", "nfs-ctl"), ("systemd", "server", "start", "distro"), 1.0)
    ratio("systemd: nfs-ctl units with the exec hops replaced by their programs / nfs-utils' units start",
          ("systemd", "server", "start", "nfs-ctl-direct"), ("systemd", "server", "start", "distro"))
    ratio("systemd: nfs-ctl units start / the same with the exec hops replaced",
          ("systemd", "server", "start", "nfs-ctl"), ("systemd", "server", "start", "nfs-ctl-direct"))
    ratio("systemd: nfs-ctl units until serving / nfs-utils' units until serving",
          ("systemd", "server", "ready", "nfs-ctl"), ("systemd", "server", "ready", "distro"))
    ratio("systemd boot -> nfs-server.service active (from systemd's start), nfs-ctl / nfs-utils",
          ("systemd", "boot", "serving-since-init", "nfs-ctl"),
          ("systemd", "boot", "serving-since-init", "distro"), 1.0)
    ratio("systemd boot -> nfs-server.service active (from the kernel's start), nfs-ctl / nfs-utils",
          ("systemd", "boot", "serving-since-kernel", "nfs-ctl"),
          ("systemd", "boot", "serving-since-kernel", "distro"))
    ratio("sysv: nfs-ctl server stop / Debian init scripts",
          ("sysv", "server", "stop", "nfs-ctl"), ("sysv", "server", "stop", "distro"))
    ratio("systemd: nfs-ctl server stop / nfs-utils' units",
          ("systemd", "server", "stop", "nfs-ctl"), ("systemd", "server", "stop", "distro"))
    ratio("sysv: nfs-ctl until stopped / Debian until stopped",
          ("sysv", "server", "stopped", "nfs-ctl"), ("sysv", "server", "stopped", "distro"))
    ratio("systemd: nfs-ctl until stopped / nfs-utils' units until stopped",
          ("systemd", "server", "stopped", "nfs-ctl"), ("systemd", "server", "stopped", "distro"))
    ratio("systemd: nfs-ctl start-statd / nfs-utils' start-statd",
          ("systemd", "start-statd", "start-statd", "nfs-ctl"),
          ("systemd", "start-statd", "start-statd", "distro"), 0.2)  # issue 32: <= 0.2x
    ratio("systemd: nfs-ctl start-statd over sd-bus / through a systemctl process",
          ("systemd", "start-statd", "start-statd", "nfs-ctl"),
          ("systemd", "start-statd", "start-statd-via-systemctl", "nfs-ctl"))
    ratio("systemd: v3 mount starting statd, nfs-ctl / nfs-utils",
          ("systemd", "start-statd", "mount-cold", "nfs-ctl"),
          ("systemd", "start-statd", "mount-cold", "distro"))
    ratio("sysv: nfs-ctl start-statd / nfs-utils' start-statd",
          ("sysv", "start-statd", "start-statd", "nfs-ctl"),
          ("sysv", "start-statd", "start-statd", "distro"))
    ratio("sysv: v3 mount starting statd, nfs-ctl / nfs-utils",
          ("sysv", "start-statd", "mount-cold", "nfs-ctl"),
          ("sysv", "start-statd", "mount-cold", "distro"))
    for init in ("systemd", "sysv"):
        ratio(f"{init}: 20 concurrent v3 mounts, nfs-ctl / nfs-utils",
              (init, "mounts20", "all-mounted", "nfs-ctl"), (init, "mounts20", "all-mounted", "distro"))
    for init in ("systemd", "sysv"):
        ratio(f"{init}: nfs-ctl exec mountd (/bin/true as daemon) / the daemon alone",
              (init, "exec", "run", "nfs-ctl"), (init, "exec", "run", "direct"))
    print()
    print("| nfs-ctl exec overhead in the guest (median of the build - median direct) | seconds |")
    print("|---|---|")
    for init in ("systemd", "sysv"):
        for variant in ("nfs-ctl", "nfs-ctl-before", "nfs-ctl-nosd-lazytirpc"):
            a, b = (init, "exec", "run", variant), (init, "exec", "run", "direct")
            if a in med and b in med:
                print(f"| {init}, {variant} | {med[a] - med[b]:.4f} |")
    print()
    print("| start-statd path inside the mount (mount-cold - mount-warm, medians) | seconds |")
    print("|---|---|")
    for init in ("systemd", "sysv"):
        for mode in ("distro", "nfs-ctl"):
            a, b = (init, "start-statd", "mount-cold", mode), (init, "start-statd", "mount-warm", mode)
            if a in med and b in med:
                print(f"| {init} {mode} | {med[a] - med[b]:.3f} |")


if __name__ == "__main__":
    main()
