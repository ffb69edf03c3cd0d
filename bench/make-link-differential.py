#!/usr/bin/env python3
"""Writes the differential corpus for `link inspect -` (Tests/Corpora/link-inspect/links.txt): the first 400
links of bench/make-link-corpus.py (same seed) and, for each of the first 24, variants that reach the byte-level
fast paths' edges: scheme case and leading blanks, inert schemes (also with a combining mark after the colon),
escapes that are malformed, decode outside ASCII, or decode to invalid UTF-8, raw non-ASCII, `&amp;`, tabs,
quotes and angle brackets, blank lines.

The expected output (expected.jsonl) is what `authflow link inspect --json --offline -` printed for this corpus
before the batch-inspection work of issue 20; LinkBatchDifferentialTests compares the current binary with it.
Usage: bench/make-link-differential.py >Tests/Corpora/link-inspect/links.txt
"""
import importlib.util
import io
import os
import sys
from contextlib import redirect_stdout

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("corpus", os.path.join(here, "make-link-corpus.py"))
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)
buffer = io.StringIO()
sys.argv = ["make-link-corpus.py", "400"]
with redirect_stdout(buffer):
    corpus.main()
links = buffer.getvalue().splitlines()

def variants(link):
    scheme, _, rest = link.partition(":")
    yield scheme.upper() + ":" + rest
    yield " \t" + link
    yield "<" + link + ">"
    yield '"' + link + "'"
    yield link.replace("&", "&amp;")
    yield link.replace("&", "&\t", 1)
    for inert in ("javascript", "JavaScript", "DATA", "file", "bLoB", "vbscript"):
        yield inert + ":" + rest
        yield "  " + inert + ":" + rest
        yield inert + ":\u0301" + rest
        yield inert + "\u0301:" + rest
    yield link.replace("%3A", "%3a")
    yield link.replace("%2F", "%2", 1)
    yield link.replace("%2F", "%zz", 1)
    yield link + "%"
    yield link + "&x=%C3%A9t%C3%A9"
    yield link + "&x=%E9"
    yield link + "&x=%ff%fe"
    yield link + "&x=\u00e9t\u00e9"
    yield link.replace("apiKey", "%61piKey")
    yield link.replace("mode=", "mo%64e=")
    yield link + "#frag%20ment"
    yield ""
    yield "   "

out = sys.stdout
for link in links:
    out.write(link + "\n")
for link in links[:24]:
    for variant in variants(link):
        out.write(variant + "\n")
