// Unit test of the copy hints a flush walks instead of the whole page
// table: every page starts hinted (a table of 200 pages, not a multiple of
// 64, has exactly 200 hints); page_take_hinted returns hinted pages in
// order, clears each, and skips whole empty words; page_hint_valid sets a
// hint again (once); a range that ends inside a word stops there. And a
// hint set by one thread while another takes hints is never lost: after
// every round, each page the setter marked is taken exactly once later.
//
// RUN: %cc-parade-internal
// RUN: %t | FileCheck %s --implicit-check-not=FAILED
// CHECK: page-hints: initial 200, retaken 5, range stops, concurrent sets kept over 2000 rounds
#include "page.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static struct page_table table;
static int failed;

static void check(int ok, const char *what) {
  if (!ok) {
    printf("FAILED: %s\n", what);
    failed = 1;
  }
}

static size_t take_all(size_t from, size_t end, size_t *pages, size_t max) {
  size_t n = 0;
  for (size_t p = from; (p = page_take_hinted(&table, p, end)) < end; p++)
    if (n < max)
      pages[n++] = p;
    else
      n++;
  return n;
}

enum { ROUNDS = 2000 };
static _Atomic int round_no = -1, set_done = -1;

static void *setter(void *unused) {
  (void)unused;
  for (int r = 0; r < ROUNDS; r++) {
    while (atomic_load(&round_no) < r)
      ;
    page_hint_valid(&table, (size_t)(r * 7) % 200);
    atomic_store(&set_done, r);
  }
  return NULL;
}

int main(void) {
  if (page_table_init(&table, 200, 0, 0) != 0) {
    printf("FAILED: init\n");
    return 1;
  }
  size_t pages[256];
  size_t n = take_all(0, 200, pages, 256);
  int in_order = 1;
  for (size_t i = 0; i < n && i < 256; i++)
    in_order &= pages[i] == i;
  check(n == 200 && in_order, "every page hinted at first, in order");
  check(take_all(0, 200, pages, 256) == 0, "taking clears the hints");
  size_t marked[5] = {0, 63, 64, 130, 199};
  for (int i = 0; i < 5; i++) {
    page_hint_valid(&table, marked[i]);
    page_hint_valid(&table, marked[i]);
  }
  n = take_all(0, 200, pages, 256);
  int same = n == 5;
  for (size_t i = 0; same && i < 5; i++)
    same &= pages[i] == marked[i];
  check(same, "hints set again are taken once each");
  page_hint_valid(&table, 70);
  page_hint_valid(&table, 100);
  check(page_take_hinted(&table, 0, 80) == 70, "first hint in range");
  check(page_take_hinted(&table, 71, 90) == 90, "a range ending inside a word stops at its end");
  check(page_take_hinted(&table, 90, 200) == 100, "the hint beyond the range is kept");

  pthread_t t;
  pthread_create(&t, NULL, setter, NULL);
  int lost = 0;
  for (int r = 0; r < ROUNDS; r++) {
    atomic_store(&round_no, r);
    /* Take hints while the setter may be setting this round's. */
    size_t seen = take_all(0, 200, pages, 256);
    while (atomic_load(&set_done) < r)
      ;
    seen += take_all(0, 200, pages, 256);
    lost += seen != 1;
  }
  pthread_join(t, NULL);
  check(lost == 0, "a hint set during a walk is taken by that walk or the next, once");
  if (!failed)
    printf("page-hints: initial 200, retaken 5, range stops, concurrent sets kept over %d rounds\n",
           ROUNDS);
  page_table_free(&table);
  return failed;
}
