// Unit test of the page state machine: of many threads racing to claim an
// INVALID page exactly one wins; the others sleep (BLOCKED) and are woken
// by page_finish (page_state_settled returns the state it set); the epoch
// list holds each marked page once, and its reset clears the pages' notice
// numbers.
//
// RUN: %cc-parade-internal
// RUN: %t | FileCheck %s --implicit-check-not=FAILED
// CHECK: page-state: 200 rounds x 8 threads, one winner each, all woken, epoch list ok
#include "page.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

enum { THREADS = 8, ROUNDS = 200 };

static struct page_table table;
static _Atomic int winners, done, early_wakes;
static pthread_barrier_t barrier;

static void *racer(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int round = 0; round < ROUNDS; round++) {
    pthread_barrier_wait(&barrier);
    struct page_entry *e = &table.entries[round % 4];
    if (page_claim(e, PAGE_INVALID)) {
      atomic_fetch_add(&winners, 1);
      /* Stay TRANSIENT for a while so the losers really block. */
      for (volatile int spin = 0; spin < 20000; spin++)
        ;
      page_finish(e, PAGE_READ_ONLY);
    } else if (id % 2) {
      /* Returns only the state the winner finished with. */
      if (page_state_settled(e) != PAGE_READ_ONLY)
        atomic_fetch_add(&early_wakes, 1);
    } else {
      page_wait_while_busy(e);
    }
    if (page_state_of(e) != PAGE_READ_ONLY)
      atomic_fetch_add(&early_wakes, 1);
    atomic_fetch_add(&done, 1);
    pthread_barrier_wait(&barrier);
    if (id == 0)
      atomic_store(&e->state, PAGE_INVALID); /* one thread resets it */
    pthread_barrier_wait(&barrier);
  }
  return NULL;
}

int main(void) {
  if (page_table_init(&table, 16, 0, 0))
    return 1;
  for (int i = 0; i < 4; i++)
    atomic_store(&table.entries[i].state, PAGE_INVALID);
  pthread_barrier_init(&barrier, NULL, THREADS);
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], NULL, racer, (void *)(intptr_t)i);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  int list_ok = 1;
  for (int k = 0; k < 3; k++)
    for (int p = 0; p < 16; p += 2)
      page_mark_epoch(&table, (size_t)p, EPOCH_WRITTEN);
  list_ok &= atomic_load(&table.epoch_count) == 8;
  atomic_store(&table.notice_seq[2], 5);
  page_epoch_reset(&table);
  list_ok &= atomic_load(&table.epoch_count) == 0 && atomic_load(&table.entries[2].epoch_flags) == 0 &&
             atomic_load(&table.notice_seq[2]) == 0;
  if (winners != ROUNDS || done != ROUNDS * THREADS || early_wakes || !list_ok) {
    printf("page-state: FAILED winners=%d done=%d woken before ready=%d list=%d\n", winners, done,
           early_wakes, list_ok);
    return 1;
  }
  printf("page-state: %d rounds x %d threads, one winner each, all woken, epoch list ok\n",
         ROUNDS, THREADS);
  return 0;
}
