// Data handed on through a flag and flush, as NAS LU's pipeline does, with
// the two windows in which a node saw the flag but older data (LU gave
// wrong results about one run in eight at 2x1, silently):
// - the writer: its data goes to a page homed on the reader's node (it
//   travels at the writer's next release), its flag to a page it is home
//   of (written in place, seen by a fetch at once). The flush comes after
//   the flag, late. Now a store to a flag named in a flush list releases
//   the writes before it.
// - the reader: it holds a copy of the data's page from before the flag
//   was raised, and its first test of the flag already sees it raised, so
//   no flush runs in its polling loop. Now a flush follows a loop that
//   polls with flush.
// The sleeps hold each window open; on a loaded machine a window may close
// by itself, so the test can pass without the fix, never fail with it.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: flag-handoff-order: all 5 configurations match gcc -fopenmp
// RUN: %paradecc -Rparade -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: :[[@LINE+37]]:{{.*}}a store to 'flag_a', a flag named in a flush list, releases this node's writes first
// REMARK-DAG: :[[@LINE+41]]:{{.*}}this loop polls with flush: a flush follows it
// REMARK-DAG: :[[@LINE+54]]:{{.*}}this loop polls with flush: a flush follows it
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

#define WORDS 512 /* a page of longs each */

static long to_reader_home[WORDS] __attribute__((aligned(4096)));
static long to_writer_home[WORDS] __attribute__((aligned(4096)));
static int flag_a[16] __attribute__((aligned(4096)));
static int flag_b[16] __attribute__((aligned(4096)));

int main(void) {
  long bad_a = 0, bad_b = 0;
  /* Homes: each page goes to the node of its only writer here. */
#pragma omp parallel
  {
    int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
    if (me == last)
      for (int i = 0; i < WORDS; i++)
        to_reader_home[i] = -1;
    if (me == 0) {
      for (int i = 0; i < WORDS; i++)
        to_writer_home[i] = -1;
      flag_a[0] = 0;
      flag_b[0] = 0;
    }
  }
  /* The writer's window: the flag is seen before the flush. */
#pragma omp parallel reduction(+ : bad_a)
  {
    int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
    if (me == 0) {
      for (int i = 0; i < WORDS; i++)
        to_reader_home[i] = i + 1;
      flag_a[0] = 1;
      usleep(200000);
#pragma omp flush(flag_a)
    }
    if (me == last) {
      while (flag_a[0] == 0) {
#pragma omp flush(flag_a)
      }
      for (int i = 0; i < WORDS; i++)
        bad_a += to_reader_home[i] != i + 1;
    }
  }
  /* The reader's window: a copy older than the flag. */
#pragma omp parallel reduction(+ : bad_b)
  {
    int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
    if (me == last) {
      bad_b += to_writer_home[0] != -1 && to_writer_home[0] != 1;
      usleep(200000);
      while (flag_b[0] == 0) {
#pragma omp flush(flag_b)
      }
      for (int i = 0; i < WORDS; i++)
        bad_b += to_writer_home[i] != 2 * i + 1;
    }
    if (me == 0) {
      usleep(50000);
      for (int i = 0; i < WORDS; i++)
        to_writer_home[i] = 2 * i + 1;
      flag_b[0] = 1;
#pragma omp flush(flag_b)
    }
  }
  printf("writer's window: %s (%ld stale)\n", bad_a ? "STALE" : "ok", bad_a);
  printf("reader's window: %s (%ld stale)\n", bad_b ? "STALE" : "ok", bad_b);
  return 0;
}
