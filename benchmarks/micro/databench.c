/* The cost of moving data with a data-sharing clause, per construct, for
 * 4 KiB, 64 KiB and 1 MiB: what ParADE turns into one broadcast straight
 * into each node's copy. Each is the time of a loop of constructs minus
 * the same loop without the data:
 *   copyprivate   `single copyprivate(g)` of a threadprivate array, in one
 *                 region, minus a `single` that writes one int;
 *   copyin        a fresh region with `copyin(g)`, minus the empty region;
 *   firstprivate  a fresh region with `firstprivate(a)` of a local array of
 *                 the serial code, minus the empty region.
 * Compare with MPI_Bcast of the same bytes (benchmarks/mpi/primitives.c).
 * Every thread checks a byte at each end of its copy.
 *
 * usage: databench [repetitions] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reps = 100;
static int fails;
static int flag;

static char g4k[4096], g64k[65536], g1m[1 << 20];
#pragma omp threadprivate(g4k, g64k, g1m)

static void report(const char *name, int bytes, double t, double ref) {
  printf("RESULT data=%s bytes=%d usec=%.3f threads=%d reps=%d\n", name, bytes,
         (t - ref) / reps * 1e6, omp_get_max_threads(), reps);
}

/* One byte at each end of a copy, against what the source held. */
static void check(const char *copy, int bytes, int r) {
  if (copy[0] != (char)r || copy[bytes - 1] != (char)(r + 1)) {
#pragma omp atomic
    fails++;
  }
}

static void fill(char *buf, int bytes, int r) {
  memset(buf, 7, (size_t)bytes);
  buf[0] = (char)r;
  buf[bytes - 1] = (char)(r + 1);
}

int main(int argc, char **argv) {
  if (argc > 1)
    reps = atoi(argv[1]);
  for (int r = 0; r < 10; r++) {
#pragma omp parallel
    flag = r;
  }
  /* References: a single in one region, and the empty region. */
  double ref_single = 0;
#pragma omp parallel
  {
    double s = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
#pragma omp single
      flag = r;
    }
#pragma omp master
    ref_single = omp_get_wtime() - s;
  }
  double s = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel
    if (flag < 0)
      fails++;
  }
  double ref_region = omp_get_wtime() - s;

  double t = 0;
#pragma omp parallel
  {
    double start = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
#pragma omp single copyprivate(g4k)
      fill(g4k, (int)sizeof g4k, r);
      check(g4k, (int)sizeof g4k, r);
    }
#pragma omp master
    t = omp_get_wtime() - start;
  }
  report("copyprivate", 4096, t, ref_single);
#pragma omp parallel
  {
    double start = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
#pragma omp single copyprivate(g64k)
      fill(g64k, (int)sizeof g64k, r);
      check(g64k, (int)sizeof g64k, r);
    }
#pragma omp master
    t = omp_get_wtime() - start;
  }
  report("copyprivate", 65536, t, ref_single);
#pragma omp parallel
  {
    double start = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
#pragma omp single copyprivate(g1m)
      fill(g1m, (int)sizeof g1m, r);
      check(g1m, (int)sizeof g1m, r);
    }
#pragma omp master
    t = omp_get_wtime() - start;
  }
  report("copyprivate", 1 << 20, t, ref_single);
  s = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
    fill(g4k, (int)sizeof g4k, r);
#pragma omp parallel copyin(g4k)
    check(g4k, (int)sizeof g4k, r);
  }
  report("copyin", 4096, omp_get_wtime() - s, ref_region);
  s = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
    fill(g64k, (int)sizeof g64k, r);
#pragma omp parallel copyin(g64k)
    check(g64k, (int)sizeof g64k, r);
  }
  report("copyin", 65536, omp_get_wtime() - s, ref_region);
  s = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
    fill(g1m, (int)sizeof g1m, r);
#pragma omp parallel copyin(g1m)
    check(g1m, (int)sizeof g1m, r);
  }
  report("copyin", 1 << 20, omp_get_wtime() - s, ref_region);
  {
    char a4k[4096];
    s = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
      fill(a4k, (int)sizeof a4k, r);
#pragma omp parallel firstprivate(a4k)
      check(a4k, (int)sizeof a4k, r);
    }
    report("firstprivate", 4096, omp_get_wtime() - s, ref_region);
  }
  {
    char a64k[65536];
    s = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
      fill(a64k, (int)sizeof a64k, r);
#pragma omp parallel firstprivate(a64k)
      check(a64k, (int)sizeof a64k, r);
    }
    report("firstprivate", 65536, omp_get_wtime() - s, ref_region);
  }
  {
    char a1m[1 << 20];
    s = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
      fill(a1m, (int)sizeof a1m, r);
#pragma omp parallel firstprivate(a1m)
      check(a1m, (int)sizeof a1m, r);
    }
    report("firstprivate", 1 << 20, omp_get_wtime() - s, ref_region);
  }
  printf("RESULT data=check verified=%d\n", fails == 0);
  return fails != 0;
}
