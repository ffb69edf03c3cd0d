#!/usr/bin/env python3
"""Handoff and flood figures for authflow's redirect listener, each against a baseline measured in the same run.

1. `authflow handle-url` latency: from starting the process to its exit, which comes only after the waiting
   `authflow listen` acknowledged the URL. Baseline: a trivial C program doing one loopback HTTP POST to the same
   listener with the secret it was handed (no rendezvous lookup), the floor for any handoff helper. For context,
   the same runs time `bench/swift/bare.swift` (a static Swift program that imports Foundation, parses a URL and
   exits, built like authflow): what any Swift program built this way costs before it does anything.
2. Junk flood: answers/s the waiting listener gives to a flood of stray requests (C keep-alive flood, 8
   connections), the time a valid callback takes to complete during the flood, and the listener's memory before
   and after. Baseline: the same flood against Python's ThreadingHTTPServer answering 404.

Usage: bench/handoff.py AUTHFLOW LOOPBACK_POST FLOOD BARE_SWIFT [RUNS]
"""
import glob
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import goals

authflow, post, flood, bare = sys.argv[1:5]
runs = int(sys.argv[5]) if len(sys.argv) > 5 else 200
runtime = tempfile.mkdtemp(prefix="authflow-bench.")
env = dict(os.environ, XDG_RUNTIME_DIR=runtime, BROWSER="", no_proxy="*")
scheme = "com.example.bench"


def start_listen():
    process = subprocess.Popen(
        [authflow, "listen", "--json", "--scheme", scheme, "--state", "st", "--timeout", "120"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    listening = json.loads(process.stdout.readline())
    files = glob.glob(os.path.join(runtime, "authflow", f"flow-{process.pid}-*.json"))
    record = json.load(open(files[0]))
    return process, listening, record


def finish(process):
    line = process.stdout.readline()
    assert json.loads(line)["event"] == "callback", line
    process.wait(timeout=10)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def handoff_latency():
    url = f"{scheme}://firebaseauth/link?state=st&code=1"
    ours, floor, bare_swift = [], [], []
    for index in range(runs):
        # Alternate which goes first so drift (CPU frequency, caches) falls on both alike.
        for kind in (("ours", "floor") if index % 2 == 0 else ("floor", "ours")):
            process, _, record = start_listen()
            command = [authflow, "handle-url", url] if kind == "ours" else [post, str(record["port"]), record["secret"], url]
            start = time.perf_counter_ns()
            result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            elapsed = (time.perf_counter_ns() - start) / 1e6
            assert result.returncode == 0, f"{kind} handoff failed"
            finish(process)
            (ours if kind == "ours" else floor).append(elapsed)
        start = time.perf_counter_ns()
        subprocess.run([bare], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        bare_swift.append((time.perf_counter_ns() - start) / 1e6)
    print(f"handle-url handoff, {runs} runs (ms, process start to the waiting flow's acknowledgement):")
    for name, values in (("authflow handle-url", ours), ("C loopback POST (floor)", floor),
                         ("bare Swift, no handoff", bare_swift)):
        print(f"  {name:26s} median {statistics.median(values):6.2f}  p99 {percentile(values, 0.99):6.2f}")
    ratio = statistics.median(ours) / statistics.median(floor)
    bare_ratio = statistics.median(bare_swift) / statistics.median(floor)
    print(f"  ratio (median)             {ratio:6.2f}x")
    print(f"  bare Swift / C POST        {bare_ratio:6.2f}x  (a static Swift+Foundation program that does nothing)")
    goals.record("handle-url <= 2x the C loopback POST", f"{statistics.median(ours):.2f} ms",
                 f"{statistics.median(floor):.2f} ms", f"{ratio:.2f}x", ratio <= 2)
    goals.record("  context: bare static Swift+Foundation, no work", f"{statistics.median(bare_swift):.2f} ms",
                 f"{statistics.median(floor):.2f} ms", f"{bare_ratio:.2f}x", bare_ratio <= 2)


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def run_flood(port, seconds=3.0, connections=8):
    result = subprocess.run([flood, str(port), str(seconds), str(connections), "/junk"], capture_output=True, text=True)
    answered, elapsed = result.stdout.split()
    return int(answered) / float(elapsed)


def flood_ours():
    process, listening, record = start_listen()
    before = rss_kib(process.pid)
    outcome = {}

    def valid_callback_midway():
        time.sleep(1.5)
        start = time.perf_counter()
        with urllib.request.urlopen(listening["redirectUri"] + "?state=st&code=during-flood", timeout=30) as page:
            outcome["status"] = page.status
        outcome["latency_ms"] = (time.perf_counter() - start) * 1000
        outcome["rss_after"] = rss_kib(process.pid)

    helper = threading.Thread(target=valid_callback_midway)
    helper.start()
    rate = run_flood(record["port"])
    helper.join()
    finish(process)
    return rate, outcome, before


class NotFound(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; without this, Nagle's algorithm and delayed ACKs would
    # hold each answer ~40 ms and make the baseline look far worse than Python is.
    disable_nagle_algorithm = True

    def do_GET(self):
        body = b"Not found.\n"
        self.send_response(404)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def flood_baseline():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), NotFound)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    rate = run_flood(server.server_address[1])
    server.shutdown()
    return rate


handoff_latency()
ours, outcome, before = flood_ours()
baseline = flood_baseline()
print("junk flood, 8 keep-alive connections, 3 s:")
print(f"  authflow listen            {ours:9.0f} answers/s; valid callback completed in {outcome['latency_ms']:.1f} ms "
      f"(status {outcome['status']}); RSS {before} KiB before, {outcome['rss_after']} KiB after")
print(f"  Python ThreadingHTTPServer {baseline:9.0f} answers/s (baseline)")
print(f"  ratio                      {ours / baseline:9.2f}x")
goals.record("flood >= 20,000 answers/s, valid callback < 50 ms",
             f"{ours:,.0f}/s, callback {outcome['latency_ms']:.1f} ms", f"{baseline:,.0f}/s (Python)",
             f"{ours / baseline:.2f}x", ours >= 20000 and outcome["latency_ms"] < 50)
