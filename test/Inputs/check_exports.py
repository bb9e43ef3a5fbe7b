#!/usr/bin/env python3
"""Check that a static library defines no global symbol outside the given
prefixes, so that a user program may use any other name.

usage: check_exports.py --prefix P [--prefix P...] --require NAME... LIBRARY

Reads `nm -g --defined-only LIBRARY`. Prints every offending symbol and
exits 1 if there is one; also fails if a --require'd symbol is not defined
(a check that sees no symbol at all must not pass). Otherwise prints one
summary line.
"""
import argparse
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--prefix", action="append", required=True)
parser.add_argument("--require", action="append", default=[])
parser.add_argument("library")
opts = parser.parse_args()

out = subprocess.run(["nm", "-g", "--defined-only", opts.library], check=True,
                     capture_output=True, text=True).stdout
defined = set()
for line in out.splitlines():
    fields = line.split()
    # "address type name"; member headers ("x.o:") and blank lines have fewer fields.
    if len(fields) == 3:
        defined.add(fields[2])
stray = sorted(s for s in defined if not s.startswith(tuple(opts.prefix)))
missing = [s for s in opts.require if s not in defined]
for s in stray:
    print("exports: FAILED %s is global" % s)
for s in missing:
    print("exports: FAILED %s is not defined" % s)
if stray or missing:
    sys.exit(1)
print("exports: %d global symbols, all prefixed %s" % (len(defined), " or ".join(opts.prefix)))
