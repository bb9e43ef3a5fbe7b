"""Run parade-translate and print its output without the test's own check
lines: the translation keeps the file's comments, so a `// CHECK: text`
line would otherwise match itself, and a check could not fail.

Usage: translate_without_checks.py PARADE-TRANSLATE ARGS...
"""
import re
import subprocess
import sys

CHECK_LINE = re.compile(rb"^\s*//\s*[A-Z][A-Z0-9]*(-[A-Z0-9]+)*:")

proc = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE)
for line in proc.stdout.splitlines(keepends=True):
    if not CHECK_LINE.match(line):
        sys.stdout.buffer.write(line)
sys.stdout.flush()
sys.exit(proc.returncode)
