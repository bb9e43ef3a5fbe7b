#!/usr/bin/env python3
"""Feed parade-translate mutated OpenMP programs and random bytes.

usage: fuzz_translate.py TRANSLATE SEED COUNT WORKDIR INCLUDE_DIR SOURCE...

The tool must never crash or hang: each run must exit 0 (translated) or 1
(diagnosed). When it exits 0 its output must have no `#pragma omp` line,
and when gcc -fopenmp accepts the input, gcc must accept the output.
Prints a summary; exits 1 on the first violation, with the input kept.
"""
import os
import random
import re
import subprocess
import sys

translate, seed, count, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
include_dir = sys.argv[5]
sources = [open(p).read() for p in sys.argv[6:]]
rng = random.Random(seed)
os.makedirs(work, exist_ok=True)

PRAGMAS = ["#pragma omp parallel", "#pragma omp for", "#pragma omp critical", "#pragma omp single",
           "#pragma omp atomic", "#pragma omp barrier", "#pragma omp master", "#pragma omp task",
           "#pragma omp sections", "#pragma omp section", "#pragma omp parallel for reduction(+:x)",
           "#pragma omp for schedule(dynamic,", "#pragma omp threadprivate(", "#pragma omp flush",
           "#pragma omp ordered", "#pragma omp parallel private(", "#pragma omp simd collapse(2)"]
TOKENS = ["{", "}", "(", ")", ";", "int", "x", "i", "=", "+", "for", "if", "return", "*", "[", "]",
          "0", "-1", "\"", "#", "\\", ",", "double", "static", "omp_get_thread_num()"]


def mutate(text):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(5)
        at = rng.randrange(len(lines))
        if kind == 0:
            del lines[at]
        elif kind == 1:
            lines.insert(at, rng.choice(PRAGMAS))
        elif kind == 2:
            lines.insert(at, lines[rng.randrange(len(lines))])
        else:
            toks = re.findall(r"\w+|\S", lines[at]) or [""]
            pos = rng.randrange(len(toks))
            if kind == 3:
                toks[pos] = rng.choice(TOKENS)
            else:
                toks.insert(pos, rng.choice(TOKENS))
            lines[at] = " ".join(toks)
    return "\n".join(lines)


translated = diagnosed = compiled = 0
for n in range(count):
    if n % 10 == 9:
        text = "".join(chr(rng.randrange(1, 256)) for _ in range(rng.randrange(1, 400)))
    else:
        text = mutate(rng.choice(sources))
    path = os.path.join(work, "case.c")
    with open(path, "w", encoding="latin-1") as f:
        f.write(text)
    try:
        p = subprocess.run([translate, path, "--"], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        print("fuzz: case %d hangs; input kept in %s" % (n, path))
        sys.exit(1)
    out = p.stdout.decode("latin-1")
    if p.returncode not in (0, 1):
        print("fuzz: case %d: exit status %d; input kept in %s\n%s" %
              (n, p.returncode, path, p.stderr.decode("latin-1")[-3000:]))
        sys.exit(1)
    if p.returncode == 0:
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", out, flags=re.S)  # comments may say anything
        if re.search(r"^\s*#\s*pragma\s+omp\b", code, re.M):
            print("fuzz: case %d: output still has #pragma omp; input kept in %s" % (n, path))
            sys.exit(1)
        translated += 1
        valid_input = subprocess.run(["gcc", "-fopenmp", "-fsyntax-only", "-w", path],
                                     capture_output=True).returncode == 0
        if valid_input:
            out_path = os.path.join(work, "translated.c")
            with open(out_path, "w", encoding="latin-1") as f:
                f.write(out)
            q = subprocess.run(["gcc", "-fsyntax-only", "-w", "-I" + include_dir, out_path],
                               capture_output=True, text=True)
            if q.returncode != 0:
                print("fuzz: case %d: gcc accepts the input but not its translation; input kept "
                      "in %s\n%s" % (n, path, q.stderr[-3000:]))
                sys.exit(1)
            compiled += 1
    else:
        diagnosed += 1
print("fuzz: %d inputs, %d translated (%d valid C checked by gcc), %d diagnosed, "
      "no crash, no hang" % (count, translated, compiled, diagnosed))
