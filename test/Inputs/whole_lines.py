"""whole_lines.py FILE N: check that FILE holds N lines, each exactly
'T<t> line <4 digits> ' followed by 48 'x' (test/e2e/output-whole-lines.c)."""
import re
import sys

path, expected = sys.argv[1], int(sys.argv[2])
pattern = re.compile(r"T[0-9]+ line [0-9]{4} x{48}")
with open(path, encoding="utf-8", errors="replace") as f:
    lines = f.read().split("\n")
if lines and lines[-1] == "":
    lines.pop()
bad = [l for l in lines if not pattern.fullmatch(l)]
if len(lines) == expected and not bad:
    print("%d lines, all whole" % len(lines))
else:
    print("%d lines (expected %d), %d not whole, first: %r" %
          (len(lines), expected, len(bad), bad[0] if bad else None))
    sys.exit(1)
