"""Start-up benchmark driver (see bench/startup): median and p90 wall time from spawn to exit, interleaved runs."""
import os
import statistics
import sys
import time

import goals

LIBRARIES = ["libcurl.so.4", "libxml2.so.2", "libmicrohttpd.so.12", "libqrencode.so.4"]


def spawn_time(argv, env):
    devnull = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    os.waitpid(pid, 0)
    elapsed = time.perf_counter() - start
    os.close(devnull)
    return elapsed * 1000


def main():
    binary, bare, empty, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    env = dict(os.environ)
    preload = dict(env, LD_PRELOAD=" ".join(LIBRARIES))
    cases = {
        "C empty main": ([empty], env),
        "Swift+Foundation (static)": ([bare], env),
        "authflow --version": ([binary, "--version"], env),
        "authflow --version, 4 libraries at exec": ([binary, "--version"], preload),
        # --version with a second argument is answered by ArgumentParser, as every --version was before.
        "before: ArgumentParser, 4 libraries at exec": ([binary, "--version", "--verbose"], preload),
    }
    times = {name: [] for name in cases}
    for _ in range(runs):
        for name, (argv, environment) in cases.items():
            times[name].append(spawn_time(argv, environment))
    medians = {}
    for name, values in times.items():
        values.sort()
        medians[name] = statistics.median(values)
        p90 = values[int(len(values) * 0.9) - 1]
        print(f"{name:45} median {medians[name]:6.2f} ms   p90 {p90:6.2f} ms")
    ratio = medians["authflow --version"] / medians["Swift+Foundation (static)"]
    before = medians["authflow --version, 4 libraries at exec"] / medians["authflow --version"]
    print(f"goal: --version within 1.5x of bare Swift+Foundation: {ratio:.2f}x "
          f"({'met' if ratio <= 1.5 else 'not met'})")
    goals.record("--version <= 1.5x bare Swift+Foundation", f"{medians['authflow --version']:.2f} ms",
                 f"{medians['Swift+Foundation (static)']:.2f} ms", f"{ratio:.2f}x", ratio <= 1.5)
    print(f"opening the 4 libraries on first use instead of at exec: {before:.2f}x faster --version")
    whole = medians["before: ArgumentParser, 4 libraries at exec"] / medians["authflow --version"]
    print(f"--version now against before (parser path, libraries at exec): {whole:.2f}x faster")


main()
