// Unit test of diff encode/apply: random changes round-trip exactly; two
// writers' diffs of disjoint bytes (down to single bytes of one word)
// merge without loss; malformed diffs are refused.
//
// RUN: %cc-parade-internal
// RUN: %t | FileCheck %s
// CHECK: diff: 2000 round trips, 2000 merges, 4 malformed diffs refused
#include "diff.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PAGE = 4096 };
static uint8_t twin[PAGE] __attribute__((aligned(8)));
static uint8_t cur[PAGE] __attribute__((aligned(8)));
static uint8_t other[PAGE] __attribute__((aligned(8)));
static uint8_t home[PAGE] __attribute__((aligned(8)));
static uint8_t want[PAGE] __attribute__((aligned(8)));
static uint8_t out[2][16384];

static int fail(const char *what, int trial) {
  printf("diff: FAILED %s in trial %d\n", what, trial);
  return 1;
}

int main(void) {
  srand(12345);
  if (diff_max_size(PAGE) > sizeof out[0])
    return fail("buffer size", 0);
  for (int trial = 0; trial < 2000; trial++) {
    for (int i = 0; i < PAGE; i++) twin[i] = (uint8_t)rand();
    memcpy(cur, twin, PAGE);
    int changes = rand() % 200;
    int mode = trial % 3; /* scattered bytes, runs, alternate bytes */
    for (int c = 0; c < changes; c++) {
      int at = rand() % PAGE;
      int len = mode == 1 ? 1 + rand() % 64 : 1;
      for (int k = 0; k < len && at + k < PAGE; k++)
        cur[at + k] = (uint8_t)(twin[at + k] + 1 + rand() % 255);
    }
    if (mode == 2 && trial % 2)
      for (int i = 0; i < PAGE; i += 2) cur[i] = (uint8_t)(twin[i] ^ 0xff);
    size_t len = diff_encode(twin, cur, PAGE, out[0]);
    if (len > diff_max_size(PAGE)) return fail("size bound", trial);
    if ((len == 0) != (memcmp(twin, cur, PAGE) == 0)) return fail("empty diff", trial);
    memcpy(home, twin, PAGE);
    if (diff_apply(home, PAGE, out[0], len) || memcmp(home, cur, PAGE))
      return fail("round trip", trial);
  }
  for (int trial = 0; trial < 2000; trial++) {
    /* Two writers own interleaved bytes; granularity 1, 3 or 8 bytes. */
    int grain = trial % 3 == 0 ? 1 : trial % 3 == 1 ? 3 : 8;
    for (int i = 0; i < PAGE; i++) twin[i] = (uint8_t)rand();
    memcpy(cur, twin, PAGE);
    memcpy(other, twin, PAGE);
    memcpy(want, twin, PAGE);
    for (int i = 0; i < PAGE; i++) {
      if (rand() % 4) continue;
      uint8_t v = (uint8_t)(twin[i] + 1 + rand() % 255);
      ((i / grain) % 2 ? cur : other)[i] = v;
      want[i] = v;
    }
    size_t a = diff_encode(twin, cur, PAGE, out[0]);
    size_t b = diff_encode(twin, other, PAGE, out[1]);
    memcpy(home, twin, PAGE);
    if (diff_apply(home, PAGE, out[1], b) || diff_apply(home, PAGE, out[0], a) ||
        memcmp(home, want, PAGE))
      return fail("merge", trial);
  }
  int refused = 0;
  uint8_t bad[8];
  uint16_t run[2] = {4090, 10}; /* past the end of the page */
  memcpy(bad, run, 4);
  refused += diff_apply(home, PAGE, bad, 8) == EINVAL;
  run[0] = 0; run[1] = 0;       /* empty run */
  memcpy(bad, run, 4);
  refused += diff_apply(home, PAGE, bad, 4) == EINVAL;
  run[1] = 100;                 /* longer than the diff */
  memcpy(bad, run, 4);
  refused += diff_apply(home, PAGE, bad, 8) == EINVAL;
  refused += diff_apply(home, PAGE, bad, 3) == EINVAL; /* truncated header */
  printf("diff: 2000 round trips, 2000 merges, %d malformed diffs refused\n", refused);
  return refused == 4 ? 0 : 1;
}
