// Lock-protected counters (the lock API and named critical sections),
// merged allreduce over several types and operators, and broadcast from a
// thread on another node, all checked exactly.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %mpirun-tcp -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: counter: lock ok, critical ok
// CHECK-NEXT: allreduce: sum ok, prod ok, min ok, max ok, land ok, lor ok, bxor ok, array ok
// CHECK-NEXT: bcast: ok
#include <parade.h>

#include <stdio.h>
#include <string.h>

enum { ROUNDS = 50 };

struct args {
  parade_lock_t *lock;
  long *counter_lock;
  long *counter_critical;
  int *fails; /* in the pool */
};

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num(), n = parade_num_threads();
  for (int i = 0; i < ROUNDS; i++) {
    parade_lock_acquire(a->lock);
    *a->counter_lock += 1;
    parade_lock_release(a->lock);
    parade_critical_enter("counter");
    *a->counter_critical += me + 1;
    parade_critical_exit("counter");
  }
  parade_barrier();
  int fails = 0;
  if (*a->counter_lock != (long)ROUNDS * n) fails |= 1;
  if (*a->counter_critical != (long)ROUNDS * n * (n + 1) / 2) fails |= 2;

  /* One merged reduction: mixed types and operators. */
  long sum = me + 1;
  double prod = (me % 2) ? 2.0 : 1.0;
  int min = 100 - me, max = me * 3;
  int land = 1, lor = me == n - 1;
  unsigned bxor = 1u << (me % 31);
  double array[3] = {me, 2.0 * me, 0.5};
  parade_reduce_var vars[] = {
      {&sum, 1, PARADE_LONG, PARADE_OP_SUM},    {&prod, 1, PARADE_DOUBLE, PARADE_OP_PROD},
      {&min, 1, PARADE_INT, PARADE_OP_MIN},     {&max, 1, PARADE_INT, PARADE_OP_MAX},
      {&land, 1, PARADE_INT, PARADE_OP_LAND},   {&lor, 1, PARADE_INT, PARADE_OP_LOR},
      {&bxor, 1, PARADE_UINT, PARADE_OP_BXOR},  {array, 3, PARADE_DOUBLE, PARADE_OP_SUM}};
  parade_allreduce(vars, 8);
  unsigned want_xor = 0;
  for (int t = 0; t < n; t++)
    want_xor ^= 1u << (t % 31);
  double want_prod = 1.0;
  for (int t = 0; t < n; t++)
    want_prod *= (t % 2) ? 2.0 : 1.0;
  if (sum != (long)n * (n + 1) / 2) fails |= 4;
  if (prod != want_prod) fails |= 8;
  if (min != 100 - (n - 1)) fails |= 16;
  if (max != 3 * (n - 1)) fails |= 32;
  if (land != 1 || lor != 1) fails |= 64;
  if (bxor != want_xor) fails |= 128;
  if (array[0] != n * (n - 1) / 2.0 || array[1] != n * (n - 1.0) || array[2] != 0.5 * n)
    fails |= 256;

  /* Broadcast from the last thread (on the last node). */
  char text[32];
  memset(text, 0, sizeof text);
  if (me == n - 1)
    snprintf(text, sizeof text, "from thread %d", me);
  parade_bcast(text, sizeof text, n - 1);
  char want[32];
  snprintf(want, sizeof want, "from thread %d", n - 1);
  if (strcmp(text, want)) fails |= 512;

  parade_reduce_var f = {&fails, 1, PARADE_INT, PARADE_OP_BOR};
  parade_allreduce(&f, 1);
  if (me == 0)
    *a->fails = fails;
}

static int app_main(int argc, char **argv) {
  struct args a;
  a.lock = parade_malloc(sizeof *a.lock);
  parade_lock_init(a.lock);
  a.counter_lock = parade_calloc(1, sizeof(long));
  a.counter_critical = parade_calloc(1, sizeof(long));
  a.fails = parade_calloc(1, sizeof(int));
  parade_parallel(region, &a, sizeof a, 0, 1);
  int f = *a.fails;
  printf("counter: lock %s, critical %s\n", f & 1 ? "WRONG" : "ok", f & 2 ? "WRONG" : "ok");
  printf("allreduce: sum %s, prod %s, min %s, max %s, land %s, lor %s, bxor %s, array %s\n",
         f & 4 ? "WRONG" : "ok", f & 8 ? "WRONG" : "ok", f & 16 ? "WRONG" : "ok",
         f & 32 ? "WRONG" : "ok", f & 64 ? "WRONG" : "ok", f & 64 ? "WRONG" : "ok",
         f & 128 ? "WRONG" : "ok", f & 256 ? "WRONG" : "ok");
  printf("bcast: %s\n", f & 512 ? "WRONG" : "ok");
  return f ? 1 : 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
