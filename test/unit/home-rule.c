// Unit test of the barrier master's home-migration rule (home_rule.h),
// exhaustively over 2 and 3 nodes: every current home, every way each node
// may have written the page (not at all, clean after a flush, dirty, dirty
// after a flush) and every order in which the notices arrive, against a
// direct transcription of DESIGN.md's rule written here.
//
// RUN: %cc-parade-internal
// RUN: %t | FileCheck %s --implicit-check-not=FAILED
// CHECK: home-rule: 2 nodes: 30 cases, 3 nodes: 189 cases, all agree
#include "home_rule.h"

#include <stdint.h>
#include <stdio.h>

enum { MAX_NODES = 3 };

/* How one node wrote the page in the epoch. */
enum way { NOT_WRITTEN, FLUSHED_CLEAN, DIRTY, FLUSHED_DIRTY, WAYS };

/* DESIGN.md, "Release": if one node was the only writer of a page since the
 * last barrier, it becomes the home. Otherwise the current home keeps it if
 * it wrote; if not, the lowest-numbered writer takes it. A diff that a lock
 * release flushed to the home puts writes of the epoch at the home, so the
 * home counts as a writer then. The new home sends itself no diff; every
 * other node with a dirty copy sends it one. */
static struct depart_entry expected(uint32_t page, int nodes, uint32_t home,
                                    const enum way *ways) {
  int wrote[MAX_NODES] = {0}, writers = 0;
  uint32_t nwriters = 0;
  for (int n = 0; n < nodes; n++)
    if (ways[n] != NOT_WRITTEN) {
      wrote[n] = 1;
      nwriters++;
    }
  for (int n = 0; n < nodes; n++)
    if (ways[n] == FLUSHED_CLEAN || ways[n] == FLUSHED_DIRTY)
      wrote[home] = 1;
  for (int n = 0; n < nodes; n++)
    writers += wrote[n];
  uint32_t new_home = home;
  if (writers == 1) {
    for (int n = 0; n < nodes; n++)
      if (wrote[n])
        new_home = (uint32_t)n;
  } else if (!wrote[home]) {
    for (int n = nodes - 1; n >= 0; n--)
      if (wrote[n])
        new_home = (uint32_t)n;
  }
  uint32_t ndiffs = 0;
  for (int n = 0; n < nodes; n++)
    if ((uint32_t)n != new_home && (ways[n] == DIRTY || ways[n] == FLUSHED_DIRTY))
      ndiffs++;
  return (struct depart_entry){page, new_home, nwriters, ndiffs};
}

static uint16_t flags_of(enum way w) {
  switch (w) {
  case FLUSHED_CLEAN: return NOTICE_FLUSHED;
  case DIRTY: return NOTICE_DIRTY;
  case FLUSHED_DIRTY: return NOTICE_DIRTY | NOTICE_FLUSHED;
  default: return 0;
  }
}

static int failures;

/* Feed the writers' notices in the order @p order and compare. */
static void check(int nodes, uint32_t home, const enum way *ways, const int *order) {
  const uint32_t page = 7;
  struct home_tally tally;
  home_tally_init(&tally);
  for (int i = 0; i < nodes; i++) {
    int n = order[i];
    if (ways[n] != NOT_WRITTEN)
      home_tally_add(&tally, (uint32_t)n, flags_of(ways[n]), home);
  }
  struct depart_entry got = home_rule_decide(page, &tally, home);
  struct depart_entry want = expected(page, nodes, home, ways);
  if (got.page == want.page && got.new_home == want.new_home &&
      got.nwriters == want.nwriters && got.ndiffs == want.ndiffs)
    return;
  if (failures++ < 10) {
    printf("home-rule: FAILED %d nodes, home %u, ways", nodes, home);
    for (int n = 0; n < nodes; n++)
      printf(" %d", (int)ways[n]);
    printf(", order");
    for (int i = 0; i < nodes; i++)
      printf(" %d", order[i]);
    printf(": got home %u writers %u diffs %u, want home %u writers %u diffs %u\n",
           got.new_home, got.nwriters, got.ndiffs, want.new_home, want.nwriters, want.ndiffs);
  }
}

/* Every permutation of 0..nodes-1 (at most 3! = 6). */
static int orders(int nodes, int out[][MAX_NODES]) {
  int count = 0;
  for (int a = 0; a < nodes; a++)
    for (int b = 0; b < nodes; b++)
      for (int c = 0; c < (nodes == 3 ? nodes : 1); c++) {
        if (b == a || (nodes == 3 && (c == a || c == b)))
          continue;
        out[count][0] = a;
        out[count][1] = b;
        out[count][2] = c;
        count++;
      }
  return count;
}

/* Cases with at least one writer: the master decides only pages that
 * some node wrote. */
static int run(int nodes) {
  int perm[6][MAX_NODES];
  int nperm = orders(nodes, perm);
  int combos = 1, cases = 0;
  for (int n = 0; n < nodes; n++)
    combos *= WAYS;
  for (uint32_t home = 0; home < (uint32_t)nodes; home++)
    for (int combo = 0; combo < combos; combo++) {
      enum way ways[MAX_NODES];
      int any = 0;
      for (int n = 0, rest = combo; n < nodes; n++, rest /= WAYS) {
        ways[n] = (enum way)(rest % WAYS);
        any |= ways[n] != NOT_WRITTEN;
      }
      if (!any)
        continue;
      for (int p = 0; p < nperm; p++)
        check(nodes, home, ways, perm[p]);
      cases++;
    }
  return cases;
}

int main(void) {
  int two = run(2), three = run(3);
  if (failures) {
    printf("home-rule: FAILED %d comparisons\n", failures);
    return 1;
  }
  printf("home-rule: 2 nodes: %d cases, 3 nodes: %d cases, all agree\n", two, three);
  return 0;
}
