/* DSM latency at P = 2: remote page fault service time while the home is
 * idle and while its thread computes without calling MPI, the time per page
 * of reading the home's pages in order (where a fault brings the pages
 * after it too), and the cost of a barrier with nothing dirty. Compare with
 * mpi_latency.c in the same run.
 *
 * usage: dsm_latency [pages [barriers]]   (run with 2 ranks, 1 thread each) */
#include <parade.h>

#include <stdio.h>
#include <stdlib.h>

enum { PAGE = 4096 };

struct args {
  unsigned char *pages;
  int npages, barriers;
  int busy_home;
  int stride; /* 2: every other page, each fault alone; 1: all in order */
  double *result; /* in the pool */
};

static void fault_region(void *arg) {
  const struct args *a = arg;
  if (parade_node_rank() == 0) {
    if (a->busy_home) {
      /* Compute without any MPI call until rank 1 is done. */
      volatile double x = 1.0;
      double until = parade_wtime() + 0.05 + 1e-4 * a->npages;
      while (parade_wtime() < until)
        for (int i = 0; i < 1000; i++)
          x = x * 1.0000001 + 1e-9;
    }
  } else {
    unsigned sum = 0;
    double start = parade_wtime();
    int touched = 0;
    for (int p = 0; p < a->npages; p += a->stride, touched++)
      sum += a->pages[(size_t)p * PAGE + 8]; /* one remote read per page */
    double elapsed = parade_wtime() - start;
    *a->result = elapsed / touched;
    if (sum == 12345678u)
      printf("(unlikely)\n");
  }
  parade_barrier();
}

static void barrier_region(void *arg) {
  const struct args *a = arg;
  parade_barrier();
  double start = parade_wtime();
  for (int i = 0; i < a->barriers; i++)
    parade_barrier();
  if (parade_thread_num() == 0)
    *a->result = (parade_wtime() - start) / a->barriers;
}

static double run_fault(struct args *a, int busy, int stride) {
  /* Rank 0 (home of everything at start) writes the pages serially, so the
   * fork invalidates them on rank 1: with values no earlier run wrote, or
   * a page the home rewrote with the same bytes would need no
   * invalidation (hlrc.c, write_ahead). */
  static int run;
  run++;
  for (int p = 0; p < a->npages; p++)
    a->pages[(size_t)p * PAGE + 8] = (unsigned char)(p + 37 * run);
  a->busy_home = busy;
  a->stride = stride;
  parade_parallel(fault_region, a, sizeof *a, 0, 1);
  return *a->result;
}

static int app_main(int argc, char **argv) {
  struct args a;
  a.npages = argc > 1 ? atoi(argv[1]) : 2000;
  a.barriers = argc > 2 ? atoi(argv[2]) : 2000;
  a.pages = parade_aligned_alloc(PAGE, (size_t)a.npages * PAGE);
  a.result = parade_malloc(sizeof(double));
  if (parade_node_count() != 2)
    fprintf(stderr, "dsm_latency: meant for 2 ranks (have %d)\n", parade_node_count());
  run_fault(&a, 0, 1); /* warm-up */
  /* A fault on a page whose neighbour before it is not valid here asks
   * for that page alone: every other page measures one fault's latency. */
  double idle = run_fault(&a, 0, 2);
  double busy = run_fault(&a, 1, 2);
  double scan = run_fault(&a, 0, 1);
  parade_parallel(barrier_region, &a, sizeof a, 0, 1);
  double barrier = *a.result;
  printf("RESULT latency=fault_idle usec=%.3f\n", idle * 1e6);
  printf("RESULT latency=fault_busy usec=%.3f\n", busy * 1e6);
  printf("RESULT latency=scan_page usec=%.3f\n", scan * 1e6);
  printf("RESULT latency=barrier usec=%.3f\n", barrier * 1e6);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
