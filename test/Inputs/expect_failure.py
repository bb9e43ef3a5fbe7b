#!/usr/bin/env python3
"""Run a command that must fail, and fail quickly.

usage: expect_failure.py --within SECONDS [--status N] -- command...

Exits 0 only if the command ended by itself within SECONDS with a non-zero
status (exactly N if --status is given). A hang is a test failure, not a
pass: that is why this is not lit's `not`. The command's output is passed
through so FileCheck can read it.
"""
import argparse
import subprocess
import sys
import time

parser = argparse.ArgumentParser()
parser.add_argument("--within", type=float, required=True)
parser.add_argument("--status", type=int)
parser.add_argument("command", nargs=argparse.REMAINDER)
args = parser.parse_args()
command = args.command[1:] if args.command[:1] == ["--"] else args.command

start = time.monotonic()
proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                        start_new_session=True)
try:
    out, _ = proc.communicate(timeout=args.within)
except subprocess.TimeoutExpired:
    import os, signal
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate()
    print("expect_failure: command still running after %.0f s: it hangs" % args.within)
    sys.exit(1)
sys.stdout.write(out.decode(errors="replace"))
elapsed = time.monotonic() - start
print("expect_failure: exit status %d after %.1f s" % (proc.returncode, elapsed))
if proc.returncode == 0:
    print("expect_failure: the command succeeded, but it must fail")
    sys.exit(1)
if args.status is not None and proc.returncode != args.status:
    print("expect_failure: wanted exit status %d" % args.status)
    sys.exit(1)
sys.exit(0)
