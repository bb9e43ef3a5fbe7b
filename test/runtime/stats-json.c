// PARADE_STATS=FILE.json writes one JSON object per rank with every
// documented key, and the counters move when the DSM works.
//
// RUN: %cc-parade
// RUN: rm -f %t.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.json %mpirun -np 3 %t
// RUN: %python %S/../Inputs/check_stats_json.py %t.json 3 barriers=3 pages_fetched=1 write_notices=1 lock_acquires=6 collectives=1 msgs_sent=1 | FileCheck %s
//
// CHECK: stats: 3 ranks, all keys present
#include <parade.h>

struct args {
  long *data;
  parade_lock_t *lock;
};

static void region(void *arg) {
  const struct args *a = arg;
  a->data[parade_thread_num() * 512] = parade_thread_num();
  parade_barrier();
  long sum = 0;
  for (int t = 0; t < parade_num_threads(); t++)
    sum += a->data[t * 512];
  parade_lock_acquire(a->lock);
  a->data[0] += sum;
  parade_lock_release(a->lock);
  parade_reduce_var v = {&sum, 1, PARADE_LONG, PARADE_OP_SUM};
  parade_allreduce(&v, 1);
}

static int app_main(int argc, char **argv) {
  struct args a;
  a.data = parade_calloc(8 * 512, sizeof(long));
  a.lock = parade_malloc(sizeof *a.lock);
  parade_lock_init(a.lock);
  parade_parallel(region, &a, sizeof a, 0, 1);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
