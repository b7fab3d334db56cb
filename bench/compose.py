#!/usr/bin/env python3
"""Put the raw results of bench/host.sh and bench/lab.sh into one markdown
file (the measured part of bench/RESULTS.md):

    compose.py HOST_OUT_DIR LAB_OUT_DIR > measured.md
"""
import os
import sys


def read(path):
    try:
        with open(path) as f:
            return f.read().rstrip("\n")
    except OSError:
        return None


def table_from_columns(text):
    """Whitespace-separated columns (first line: header) -> markdown table."""
    lines = [l.split() for l in text.splitlines() if l.strip() and "links:" not in l]
    if not lines:
        return ""
    out = ["| " + " | ".join(lines[0]) + " |", "|" + "---|" * len(lines[0])]
    for l in lines[1:]:
        out.append("| " + " | ".join(l) + " |")
    return "\n".join(out)


def main():
    host, lab = sys.argv[1], sys.argv[2]
    print("## Host: `nfs-ctl exec` and `nfs-ctl plan` (bench/host.sh)\n")
    env = read(os.path.join(host, "env.txt"))
    if env:
        print("```\n" + env + "\n```\n")
    for name, title in (("walltime.txt", "Wall time, alternating runs (microseconds)"),
                        ("instructions.txt", "Instruction counts (callgrind, Ir)"),
                        ("variants-walltime.txt", "What bounds it: the same with other builds (microseconds)"),
                        ("variants-instructions.txt", "What bounds it: instruction counts of the other builds")):
        t = read(os.path.join(host, name))
        if t:
            print(f"### {title}\n")
            print(table_from_columns(t) + "\n")
            extra = [l for l in t.splitlines() if "links:" in l]
            for l in extra:
                print(f"- {l}")
            if extra:
                print()
    print("## Lab: Debian 12 VMs, one run, both inits (bench/lab.sh)\n")
    env = read(os.path.join(lab, "env.txt"))
    if env:
        print("```\n" + env + "\n```\n")
    s = read(os.path.join(lab, "summary.md"))
    print(s if s else "(no lab results)")


if __name__ == "__main__":
    main()
