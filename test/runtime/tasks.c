// Explicit tasks through the runtime API: every task runs exactly once,
// taskwait waits for children, taskgroup for all descendants, a barrier for
// every task of the node, and threads waiting at a barrier run tasks.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.1.json %t | FileCheck %s --check-prefixes=CHECK,HELPED
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); r=d[0] if isinstance(d,list) else d; assert r['tasks_deferred'] > 0, r; print('deferred', 'ok')" %t.1.json | FileCheck %s --check-prefix=STATS
// RUN: env OMP_NUM_THREADS=3 %mpirun -np 2 %t | FileCheck %s --check-prefixes=CHECK,HELPED
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 2 %t | FileCheck %s --check-prefixes=CHECK,ALONE
//
// CHECK: fib(22) = 17711
// CHECK: producer: 40 tasks, each once; helpers ran some:
// HELPED-SAME: yes
// ALONE-SAME: no
// CHECK: taskwait: all 16 children done
// CHECK: taskgroup: all 64 descendants done
// CHECK: final: 1 1, if(0) ran at once: 1
// CHECK: per-rank tasks: every iteration once
// STATS: deferred ok
#include <parade.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct fib_args {
  int n;
  long *out;
};

static long fib(int n);

static void fib_task(void *raw) {
  struct fib_args *a = raw;
  *a->out = fib(a->n);
}

static long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  struct fib_args ax = {n - 1, &x}, ay = {n - 2, &y};
  parade_task(fib_task, &ax, sizeof ax, n < 10 ? PARADE_TASK_FINAL : 0);
  parade_task(fib_task, &ay, sizeof ay, 0);
  parade_taskwait();
  return x + y;
}

static void nap(void) {
  struct timespec ts = {0, 10 * 1000 * 1000}; /* a wide window for the helpers */
  nanosleep(&ts, NULL);
}

struct mark_args {
  int *slot;
  int *by;
};

static void mark_task(void *raw) {
  struct mark_args *a = raw;
  nap();
  __atomic_fetch_add(a->slot, 1, __ATOMIC_RELAXED);
  *a->by = parade_local_thread_num();
}

struct grand_args {
  int *done;
  int depth;
};

static void grand_task(void *raw) {
  struct grand_args *a = raw;
  if (a->depth < 5) {
    struct grand_args c = {a->done, a->depth + 1};
    parade_task(grand_task, &c, sizeof c, 0);
    parade_task(grand_task, &c, sizeof c, 0);
  } else {
    __atomic_fetch_add(a->done, 1, __ATOMIC_RELAXED);
  }
}

static void final_child(void *raw) {
  int *r = *(int **)raw;
  r[1] = parade_in_final(); /* a child of a final task is final too */
}

static void final_task(void *raw) {
  int *r = *(int **)raw;
  r[0] = parade_in_final();
  parade_task(final_child, &r, sizeof r, 0);
  parade_taskwait();
}

static void flag_task(void *raw) { **(int **)raw = 1; }

enum { ITERS = 1000 };

struct region_args {
  int *hits; /* in the pool: ITERS counters */
};

static void hit_task(void *raw) {
  int *cell = *(int **)raw;
  __atomic_fetch_add(cell, 1, __ATOMIC_RELAXED);
}

static void region(void *raw) {
  struct region_args *ra = raw;
  /* Every thread creates tasks for its share of a loop; the tasks write
   * shared memory of the pool; the barrier ends them all. */
  parade_loop loop;
  long long lo, hi;
  parade_loop_begin(&loop, ITERS, PARADE_SCHED_STATIC, 0);
  while (parade_loop_next(&loop, &lo, &hi))
    for (long long i = lo; i < hi; i++) {
      int *cell = &ra->hits[i];
      parade_task(hit_task, &cell, sizeof cell, 0);
    }
  parade_barrier();
  if (parade_thread_num() != 0)
    return;
  int bad = 0;
  for (int i = 0; i < ITERS; i++)
    bad += ra->hits[i] != 1;
  printf("per-rank tasks: %s\n", bad ? "WRONG" : "every iteration once");
}

static int counts[40], by[40];
static int children_done[16];
static int grand_done;
static int final_seen[2], undeferred_ran;

static void local_region(void *unused) {
  if (parade_thread_num() == 0) {
    long r = fib(22);
    printf("fib(22) = %ld\n", r);
  }
  parade_barrier();
  /* One producer; the others wait at the barrier and should help. */
  if (parade_thread_num() == 0)
    for (int i = 0; i < 40; i++) {
      struct mark_args a = {&counts[i], &by[i]};
      parade_task(mark_task, &a, sizeof a, 0);
    }
  parade_barrier();
  if (parade_thread_num() == 0) {
    int once = 1, helped = 0;
    for (int i = 0; i < 40; i++) {
      once &= counts[i] == 1;
      helped |= by[i] != 0;
    }
    printf("producer: 40 tasks, %s; helpers ran some: %s\n", once ? "each once" : "NOT once",
           helped ? "yes" : "no");
    for (int i = 0; i < 16; i++) {
      struct mark_args a = {&children_done[i], &by[i]};
      parade_task(mark_task, &a, sizeof a, 0);
    }
    parade_taskwait();
    int all = 1;
    for (int i = 0; i < 16; i++)
      all &= children_done[i] == 1;
    printf("taskwait: %s 16 children done\n", all ? "all" : "NOT all");
    parade_taskgroup_begin();
    struct grand_args g = {&grand_done, 0};
    parade_task(grand_task, &g, sizeof g, 0);
    parade_task(grand_task, &g, sizeof g, 0);
    parade_taskgroup_end();
    printf("taskgroup: %s 64 descendants done\n",
           __atomic_load_n(&grand_done, __ATOMIC_RELAXED) == 64 ? "all" : "NOT all");
    int *seen = final_seen;
    parade_task(final_task, &seen, sizeof seen, PARADE_TASK_FINAL);
    parade_taskwait();
    int *flag = &undeferred_ran;
    parade_task(flag_task, &flag, sizeof flag, PARADE_TASK_UNDEFERRED);
    int ran_now = undeferred_ran;
    printf("final: %d %d, if(0) ran at once: %d\n", final_seen[0], final_seen[1], ran_now);
  }
}

static int app_main(int argc, char **argv) {
  /* Only rank 0's threads run local_region's work (global thread 0 is on
   * rank 0), so its statics need not be in the pool. */
  parade_parallel(local_region, NULL, 0, parade_default_threads_per_node(), 1);
  struct region_args ra = {parade_calloc(ITERS, sizeof(int))};
  parade_parallel(region, &ra, sizeof ra, 0, 1);
  parade_free(ra.hits);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
