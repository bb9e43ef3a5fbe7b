// A fault also brings the pages after it, of the same home, that this node
// read lately and lost since, in whatever order it reads them
// (hlrc.c, fetch_window); a page that only came along and was never read
// does not count as read:
//   - "scrambled": thread 0 (rank 0, their home) writes DATA pages in every
//     round; after the barrier one thread of the last node reads them with
//     a stride of 7 pages. From the second round on a fault brings the
//     pages the reader lost at the barrier: few requests (each asks for one
//     page and brings pages_prefetched more), where reading in this order
//     asked for every page alone (about 240).
//   - "halo": the reader reads all BLOCK pages once, then 2 of them (a
//     halo) in every round, while the home writes them all. The pages after
//     the halo came along once, untouched, and must not come again in every
//     round (counting every copy as read: about 190 pages fetched).
//   - "initial": rank 0 writes SPARSE x 16 pages in serial code, then one
//     thread of the last node reads the first page of every 16. Its copies
//     of those pages were valid from the start, never read, and dropped at
//     the fork: they count as never held. Before, they counted as read
//     lately, and every fault brought the 15 pages after it (about 380
//     pages fetched, as the pipeline kernel's 15 unneeded pages a fetch).
// The home, for its part, takes a write fault on each page a reader
// fetched, in every round; its fault on the first of a run it wrote lately
// makes the rest of the run writable too (hlrc.c, write_ahead): about 50
// write faults in 10 rounds instead of 250.
// Every value read is checked. PARADE_PREFETCH_PAGES=1 fetches every page
// alone and reads the same values.
//
// RUN: %cc-parade
// RUN: rm -f %t.s.json %t.h.json %t.off.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.s.json %mpirun -np 2 %t scrambled 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.s.json 2 'pages_fetched-pages_prefetched<=100' 'prefetched_touched=100' 'page_faults_write<=120' 'pages_written_ahead=100' | FileCheck %s --check-prefix=SCRAMBLED
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.h.json %mpirun-tcp -np 3 %t halo 2>&1 | FileCheck %s --check-prefix=HALO --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.h.json 3 'pages_fetched<=100'
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.i.json %mpirun -np 2 %t initial 2>&1 | FileCheck %s --check-prefix=INITIAL --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.i.json 2 'pages_fetched<=40'
// RUN: env OMP_NUM_THREADS=2 PARADE_PREFETCH_PAGES=1 PARADE_STATS=%t.off.json %mpirun -np 2 %t scrambled 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.off.json 2 'pages_prefetched<=0' 'pages_fetched=200'
//
// CHECK: scrambled: ok
// SCRAMBLED: stats: total pages_fetched-pages_prefetched <= 100
// SCRAMBLED-NEXT: stats: total prefetched_touched >= 100
// SCRAMBLED-NEXT: stats: total page_faults_write <= 120
// SCRAMBLED-NEXT: stats: total pages_written_ahead >= 100
// HALO: halo: ok
// INITIAL: initial: ok
#include <parade.h>

#include <stdio.h>
#include <string.h>

enum { DATA = 24, BLOCK = 32, SPARSE = 24, ROUNDS = 10, WORDS = 4096 / sizeof(long) };

struct args {
  long *data; /* DATA pages, or BLOCK, or SPARSE x 16 */
  int halo, initial;
  int *fail; /* the first round that read wrong */
};

static long value(int round, int page, int word) { return 1000000L * round + 1000L * page + word; }

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num();
  int reader = parade_node_rank() == parade_node_count() - 1 &&
               me == parade_num_threads() - parade_local_num_threads();
  int pages = a->halo ? BLOCK : DATA;
  if (a->initial) {
    if (reader)
      for (int k = 0; k < SPARSE; k++)
        for (int w = 0; w < WORDS; w += 64)
          if (a->data[k * 16 * WORDS + w] != value(0, k * 16, w) && !*a->fail)
            *a->fail = 1;
    return;
  }
  for (int round = 1; round <= ROUNDS; round++) {
    if (me == 0)
      for (int p = 0; p < pages; p++)
        for (int w = 0; w < WORDS; w += 64)
          a->data[p * WORDS + w] = value(round, p, w);
    parade_barrier();
    if (reader) {
      int ok = 1;
      if (!a->halo) {
        for (int k = 0; k < DATA; k++) {
          int p = k * 7 % DATA;
          for (int w = 0; w < WORDS; w += 64)
            ok &= a->data[p * WORDS + w] == value(round, p, w);
        }
      } else {
        int first = round == 1 ? 0 : BLOCK / 2, last = round == 1 ? BLOCK : BLOCK / 2 + 2;
        for (int p = first; p < last; p++)
          for (int w = 0; w < WORDS; w += 64)
            ok &= a->data[p * WORDS + w] == value(round, p, w);
      }
      if (!ok && !*a->fail)
        *a->fail = round;
    }
    parade_barrier();
  }
}

static int app_main(int argc, char **argv) {
  struct args a;
  a.halo = argc > 1 && !strcmp(argv[1], "halo");
  a.initial = argc > 1 && !strcmp(argv[1], "initial");
  const char *name = a.halo ? "halo" : a.initial ? "initial" : "scrambled";
  int pages = a.initial ? SPARSE * 16 : BLOCK;
  a.data = parade_aligned_alloc(4096, (size_t)pages * 4096);
  a.fail = parade_malloc(sizeof(int));
  for (int p = 0; p < pages; p++)
    for (int w = 0; w < (int)WORDS; w++)
      a.data[p * WORDS + w] = a.initial ? value(0, p, w) : 0;
  *a.fail = 0;
  parade_parallel(region, &a, sizeof a, 0, 1);
  if (*a.fail)
    printf("%s: wrong in round %d\n", name, *a.fail);
  else
    printf("%s: ok\n", name);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
