#!/usr/bin/env python3
"""Issue 20's goals, each as a figure against its named baseline measured in the same run.

Every benchmark script records its goal lines here when BENCH_SUMMARY names a file (bench/all sets it), and
bench/all prints them together at the end, so one `make bench` shows every goal as met or not.

  bench/goals.py record GOAL FIGURE BASELINE RATIO MET      (MET: met / not met)
  bench/goals.py show FILE
"""
import os
import sys


def record(goal, figure, baseline, ratio, met):
    """Appends one goal line to $BENCH_SUMMARY, if set (the scripts also print their own detail)."""
    path = os.environ.get("BENCH_SUMMARY")
    if not path:
        return
    with open(path, "a") as summary:
        summary.write("\t".join([goal, figure, baseline, ratio, "met" if met else "not met"]) + "\n")


def show(path):
    rows = [line.rstrip("\n").split("\t") for line in open(path) if line.strip()]
    header = ["goal", "authflow", "baseline (same run)", "ratio", ""]
    widths = [max(len(row[i]) for row in rows + [header]) for i in range(5)]
    load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"] * 3
    print()
    print(f"Goals of issue 20 (load average now {' '.join(load)}):")
    for row in [header] + rows:
        print("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths)))


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(*sys.argv[2:6], sys.argv[6] == "met")
    elif sys.argv[1] == "show":
        show(sys.argv[2])
