#!/usr/bin/env python3
"""Build an OpenMP program with paradecc and with gcc -fopenmp, run the
parade build at several ranks x threads (and once built with
-fparade-sync=lock), and compare each output with gcc's exactly.

usage: compare_with_gcc.py --paradecc P --mpirun "M" [--mpirun-tcp "M"] --work DIR
                           source.c|project-dir [-- program args]
A project directory holds a Makefile that builds `prog` with $(CC) and
$(CFLAGS), as a user's would: it is copied and built three times, with
`make CC=gcc CFLAGS="-O2 -fopenmp"`, `make CC=paradecc CFLAGS=-O2` and with
-fparade-sync=lock added.
The ranks x threads configurations run over shared memory; with
--mpirun-tcp, 2 x 2 runs over TCP too. Prints one line per configuration and a summary line; exits 1 on any
mismatch or failure.
"""
import argparse
import os
import shlex
import shutil
import subprocess
import sys

CONFIGS = [(1, 2), (2, 2), (4, 1)]

parser = argparse.ArgumentParser()
parser.add_argument("--paradecc", required=True)
parser.add_argument("--mpirun", required=True)
parser.add_argument("--mpirun-tcp")
parser.add_argument("--work", required=True)
parser.add_argument("source")
parser.add_argument("args", nargs=argparse.REMAINDER)
opts = parser.parse_args()
args = opts.args[1:] if opts.args[:1] == ["--"] else opts.args
os.makedirs(opts.work, exist_ok=True)
name = os.path.splitext(os.path.basename(opts.source))[0]
src_dir = os.path.dirname(os.path.abspath(opts.source))


def run(cmd, env=None, timeout=300):
    full_env = dict(os.environ)
    full_env.update(env or {})
    p = subprocess.run(cmd, cwd=src_dir, env=full_env, capture_output=True, text=True,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


gcc_bin = os.path.join(opts.work, name + ".gcc")
par_bin = os.path.join(opts.work, name + ".parade")
lock_bin = os.path.join(opts.work, name + ".lock")
if os.path.isdir(opts.source):
    name = os.path.basename(os.path.abspath(opts.source))
    src_dir = os.path.abspath(opts.source)
    builds = []
    for suffix, cc, cflags in (("gcc", "gcc", "-O2 -fopenmp -w"),
                               ("parade", opts.paradecc, "-O2"),
                               ("lock", opts.paradecc, "-O2 -fparade-sync=lock")):
        tree = os.path.join(opts.work, suffix)
        shutil.rmtree(tree, ignore_errors=True)
        shutil.copytree(src_dir, tree)
        builds.append((["make", "-C", tree, "CC=" + cc, "CFLAGS=" + cflags],
                       os.path.join(tree, "prog")))
    gcc_bin, par_bin, lock_bin = (b for _, b in builds)
    commands = [c for c, _ in builds]
else:
    commands = [["gcc", "-fopenmp", "-O2", "-w", opts.source, "-o", gcc_bin, "-lm"],
                [opts.paradecc, "-O2", opts.source, "-o", par_bin, "-lm"],
                [opts.paradecc, "-O2", "-fparade-sync=lock", opts.source, "-o", lock_bin, "-lm"]]
for cmd in commands:
    rc, out, err = run(cmd)
    if rc != 0:
        print("e2e: %s: build failed: %s\n%s%s" % (name, " ".join(cmd), out, err))
        sys.exit(1)

rc, expected, err = run([gcc_bin] + args, {"OMP_NUM_THREADS": "3"})
if rc != 0:
    print("e2e: %s: the gcc -fopenmp build failed (%d): %s" % (name, rc, err))
    sys.exit(1)

failures = 0
runs = [(p, t, par_bin, "collective", opts.mpirun) for p, t in CONFIGS]
if opts.mpirun_tcp:
    runs.append((2, 2, par_bin, "collective tcp", opts.mpirun_tcp))
runs.append((2, 2, lock_bin, "lock", opts.mpirun))
for ranks, threads, binary, mode, launcher in runs:
    if ranks == 1:
        cmd = [binary] + args
    else:
        cmd = shlex.split(launcher) + ["-np", str(ranks), binary] + args
    rc, out, err = run(cmd, {"OMP_NUM_THREADS": str(threads)})
    label = "P=%d T=%d %s" % (ranks, threads, mode)
    if rc != 0 or out != expected:
        failures += 1
        print("e2e: %s: %s differs from gcc -fopenmp (exit %d)" % (name, label, rc))
        print("--- gcc -fopenmp:\n%s--- parade:\n%s--- stderr:\n%s" % (expected, out, err[-2000:]))
    else:
        print("e2e: %s: %s matches" % (name, label))
if failures:
    sys.exit(1)
print("e2e: %s: all %d configurations match gcc -fopenmp" % (name, len(runs)))
