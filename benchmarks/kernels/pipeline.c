/* A pipeline across threads with point-to-point synchronisation: thread t
 * works on block b once thread t-1 has finished it, waiting on t-1's flag
 * with flush and atomic reads (the wavefront sweeps of NAS LU, and the
 * OpenMP examples' producer/consumer). The threads of one rank wait on a
 * thread of the rank before: every poll is a flush, which drops the
 * rank's copies of pages homed elsewhere, and a read of the flag's page.
 * Verified against the same recurrence computed serially.
 *
 * usage: pipeline small|large */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXT 64
#define WIDTH 128

static int flags[MAXT * 16]; /* a cache line per thread */
static double *data;

#define AT(b, t, i) data[((size_t)(b) * MAXT + (t)) * WIDTH + (i)]

static double step(int b, int t, int i) {
  double left = t > 0 ? AT(b, t - 1, i) : 1.0 + i * 0.001;
  double before = b > 0 ? AT(b - 1, t, i) : 0.0;
  return 0.5 * left + 0.25 * before + 0.125;
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "small";
  int blocks = !strcmp(which, "large") ? 400 : 100;
  int nt = 1;
  data = calloc((size_t)blocks * MAXT * WIDTH, sizeof(double));
  double start = omp_get_wtime();
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp single
    nt = omp_get_num_threads();
    if (t < MAXT)
      for (int b = 0; b < blocks; b++) {
        if (t > 0) {
          int ready;
          do {
#pragma omp flush
#pragma omp atomic read
            ready = flags[(t - 1) * 16];
          } while (ready <= b);
#pragma omp flush
        }
        for (int i = 0; i < WIDTH; i++)
          AT(b, t, i) = step(b, t, i);
#pragma omp flush
#pragma omp atomic write
        flags[t * 16] = b + 1;
#pragma omp flush
      }
  }
  double elapsed = omp_get_wtime() - start;
  int used = nt < MAXT ? nt : MAXT, ok = 1;
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < used; t++)
      for (int i = 0; i < WIDTH; i++)
        ok &= AT(b, t, i) == step(b, t, i);
  printf("RESULT kernel=pipeline size=%s threads=%d blocks=%d time=%.6f verified=%d\n", which, nt,
         blocks, elapsed, ok);
  return ok ? 0 : 1;
}
