// Collectives larger than MPI's int counts move in pieces. The piece size
// is lowered for the test (PARADE_TEST_COLLECTIVE_CHUNK) so that many
// pieces, a short last piece, the per-variable path of mixed reductions
// a chunked broadcast and a copyprivate larger than its exchange carries
// are all exercised on small data.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 PARADE_TEST_COLLECTIVE_CHUNK=7 %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error' --implicit-check-not=thread
// RUN: env OMP_NUM_THREADS=1 PARADE_TEST_COLLECTIVE_CHUNK=64 %mpirun -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error' --implicit-check-not=thread
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error' --implicit-check-not=thread
//
// CHECK: collective-chunks: sums, mixed reductions, broadcasts and copyprivate exact
#include <parade.h>

#include <stdio.h>
#include <string.h>

enum { N = 1001, BYTES = 10007 };

static void region(void *arg) {
  int *bad = *(int **)arg;
  int me = parade_thread_num(), n = parade_num_threads();
  long sums[N];
  for (int i = 0; i < N; i++)
    sums[i] = (long)me * N + i;
  parade_reduce_var one[1] = {{sums, N, PARADE_LONG, PARADE_OP_SUM}};
  parade_allreduce(one, 1);
  for (int i = 0; i < N; i++)
    if (sums[i] != (long)N * n * (n - 1) / 2 + (long)n * i && (*bad)++ < 3)
      printf("thread %d: sums[%d] = %ld\n", me, i, sums[i]);
  /* Two types: the packed path, or variable by variable when too large. */
  int maxes[N];
  double prods[40];
  for (int i = 0; i < N; i++)
    maxes[i] = (i * 7 + me * 13) % 1000;
  for (int i = 0; i < 40; i++)
    prods[i] = (me % 2) ? 2.0 : 1.0;
  parade_reduce_var two[2] = {{maxes, N, PARADE_INT, PARADE_OP_MAX},
                              {prods, 40, PARADE_DOUBLE, PARADE_OP_PROD}};
  parade_allreduce(two, 2);
  for (int i = 0; i < N; i++) {
    int want = 0;
    for (int t = 0; t < n; t++)
      if ((i * 7 + t * 13) % 1000 > want)
        want = (i * 7 + t * 13) % 1000;
    if (maxes[i] != want && (*bad)++ < 6)
      printf("thread %d: maxes[%d] = %d, want %d\n", me, i, maxes[i], want);
  }
  double want_prod = 1.0;
  for (int t = 0; t < n; t++)
    want_prod *= (t % 2) ? 2.0 : 1.0;
  for (int i = 0; i < 40; i++)
    if (prods[i] != want_prod && (*bad)++ < 9)
      printf("thread %d: prods[%d] = %g, want %g\n", me, i, prods[i], want_prod);
  unsigned char buf[BYTES];
  int root = n - 1;
  for (int i = 0; i < BYTES; i++)
    buf[i] = me == root ? (unsigned char)(i * 31 + 7) : 0;
  parade_bcast(buf, BYTES, root);
  for (int i = 0; i < BYTES; i++)
    if (buf[i] != (unsigned char)(i * 31 + 7) && (*bad)++ < 12)
      printf("thread %d: broadcast byte %d = %d\n", me, i, buf[i]);
  /* copyprivate from the last thread: small data inside the exchange,
   * then more than it carries (in pieces, or overlapping it whole). */
  int word = me == root ? 4242 : -1;
  void *const small_vars[1] = {&word};
  const size_t small_sizes[1] = {sizeof word};
  parade_copyprivate(small_vars, small_sizes, 1, root);
  if (word != 4242 && (*bad)++ < 15)
    printf("thread %d: copyprivate word = %d\n", me, word);
  for (int i = 0; i < BYTES; i++)
    buf[i] = me == root ? (unsigned char)(i * 17 + 3) : 0;
  long tail = me == root ? -77 : 0;
  void *const vars[3] = {&word, buf, &tail};
  const size_t sizes[3] = {sizeof word, BYTES, sizeof tail};
  word = me == root ? 99 : 0;
  parade_copyprivate(vars, sizes, 3, root);
  if ((word != 99 || tail != -77) && (*bad)++ < 18)
    printf("thread %d: copyprivate word = %d, tail = %ld\n", me, word, tail);
  for (int i = 0; i < BYTES; i++)
    if (buf[i] != (unsigned char)(i * 17 + 3) && (*bad)++ < 21)
      printf("thread %d: copyprivate byte %d = %d\n", me, i, buf[i]);
}

static int app_main(int argc, char **argv) {
  int *bad = parade_calloc(1, sizeof(int));
  parade_parallel(region, &bad, sizeof bad, 0, 1);
  parade_barrier();
  if (*bad)
    return 1;
  printf("collective-chunks: sums, mixed reductions, broadcasts and copyprivate exact\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
