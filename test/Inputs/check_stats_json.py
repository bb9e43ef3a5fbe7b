#!/usr/bin/env python3
"""Check a PARADE_STATS JSON file: one object per rank, every documented
integer key present, and totals over the ranks within bounds.
usage: check_stats_json.py FILE RANKS [KEY=MIN | KEY<=MAX | KEY>=KEY2]...
KEY>=KEY2 holds on every rank. In KEY=MIN and KEY<=MAX, KEY may be a
difference of two keys, A-B (the totals' difference)."""
import json
import sys

REQUIRED = ["page_faults_read", "page_faults_write", "pages_fetched", "twins", "diffs_sent",
            "diff_bytes", "write_notices", "home_migrations", "barriers", "collectives",
            "lock_acquires", "msgs_sent", "bytes_sent", "poll_sleeps", "poll_sleep_asked_ns",
            "poll_sleep_ns"]

path, ranks = sys.argv[1], int(sys.argv[2])
with open(path) as f:
    data = json.load(f)
if len(data) != ranks or sorted(obj["rank"] for obj in data) != list(range(ranks)):
    sys.exit("stats: wanted one object per rank for %d ranks, got %r" % (ranks, data))
for obj in data:
    for key in REQUIRED:
        if not isinstance(obj.get(key), int):
            sys.exit("stats: rank %d lacks integer key %s" % (obj["rank"], key))
def total_of(key):
    """The total over the ranks of KEY, or of A minus B for KEY = A-B."""
    if "-" in key:
        a, b = key.split("-")
        return sum(obj[a] - obj[b] for obj in data)
    return sum(obj[key] for obj in data)


# Totals over ranks must reach the given minimums and stay under the maximums.
for arg in sys.argv[3:]:
    if ">=" in arg:
        key, other = arg.split(">=")
        for obj in data:
            if obj[key] < obj[other]:
                sys.exit("stats: rank %d has %s = %d < %s = %d" % (obj["rank"], key, obj[key],
                                                                   other, obj[other]))
        print("stats: %s >= %s on every rank" % (key, other))
        continue
    if "<=" in arg:
        key, maximum = arg.split("<=")
        total = total_of(key)
        if total > int(maximum):
            sys.exit("stats: total %s = %d, expected at most %s" % (key, total, maximum))
        print("stats: total %s <= %s" % (key, maximum))
        continue
    key, minimum = arg.split("=")
    total = total_of(key)
    if total < int(minimum):
        sys.exit("stats: total %s = %d, expected at least %s" % (key, total, minimum))
    print("stats: total %s >= %s" % (key, minimum))
print("stats: %d ranks, all keys present" % ranks)
