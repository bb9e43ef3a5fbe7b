/* Memory-consistency cost in the style of MCBENCH (Wong et al., IWOMP'08):
 * Change and Read phases alternate, separated by barriers. In each Change
 * phase every thread writes its own chunk of a shared array; in the Read
 * phase it reads data another thread wrote:
 *   neighbour  the chunk of the thread one node further on;
 *   random     the chunk of a thread chosen by a fixed permutation;
 *   all        a slice of every thread's chunk (all-to-all).
 * Reports MB/s of data read per Read phase, and checks every value read.
 *
 * usage: mcbench [bytes [iterations]] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  long bytes = argc > 1 ? atol(argv[1]) : 1 << 20;
  int iterations = argc > 2 ? atoi(argv[2]) : 10;
  int threads = omp_get_max_threads();
  long per_thread = bytes / (long)sizeof(double) / threads;
  if (per_thread < 1)
    per_thread = 1;
  double *data = malloc(sizeof(double) * per_thread * threads);
  int *perm = malloc(sizeof(int) * threads);
  /* A fixed derangement: a random cyclic shift of a random order. */
  for (int t = 0; t < threads; t++)
    perm[t] = t;
  unsigned long long s = 12345;
  for (int t = threads - 1; t > 0; t--) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    int k = (int)((s >> 33) % (unsigned long long)(t + 1));
    int tmp = perm[t];
    perm[t] = perm[k];
    perm[k] = tmp;
  }
  int *target = malloc(sizeof(int) * threads);
  for (int t = 0; t < threads; t++)
    target[perm[t]] = perm[(t + 1) % threads];
  const char *names[3] = {"neighbour", "random", "all"};
  int all_ok = 1;
  for (int pattern = 0; pattern < 3; pattern++) {
    long bad = 0;
    double start = omp_get_wtime();
#pragma omp parallel reduction(+:bad)
    {
      int me = omp_get_thread_num(), nt = omp_get_num_threads();
      /* One node further on: a thread of another rank under parade. */
      int per_node = nt;
      int neighbour = (me + (nt > 1 ? nt / 2 : 0)) % nt;
      (void)per_node;
      for (int it = 0; it < iterations; it++) {
        for (long i = 0; i < per_thread; i++)
          data[me * per_thread + i] = it * 1000.0 + me;
#pragma omp barrier
        if (pattern == 2) {
          long slice = per_thread / nt;
          for (int t = 0; t < nt; t++)
            for (long i = me * slice; i < (me + 1) * slice; i++)
              bad += data[t * per_thread + i] != it * 1000.0 + t;
        } else {
          int from = pattern == 0 ? neighbour : target[me];
          for (long i = 0; i < per_thread; i++)
            bad += data[from * per_thread + i] != it * 1000.0 + from;
        }
#pragma omp barrier
      }
    }
    double elapsed = omp_get_wtime() - start;
    double read_bytes = (double)per_thread * threads * sizeof(double) * iterations;
    if (pattern == 2)
      read_bytes = (double)(per_thread / threads) * threads * threads * sizeof(double) * iterations;
    all_ok &= bad == 0;
    printf("RESULT micro=mcbench pattern=%s bytes=%ld MBps=%.2f time=%.6f verified=%d\n",
           names[pattern], per_thread * threads * (long)sizeof(double),
           read_bytes / elapsed / 1e6, elapsed, bad == 0);
  }
  return all_ok ? 0 : 1;
}
