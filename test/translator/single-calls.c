// A single whose block calls a function this file defines: the call is
// looked into as if its body were in the block. The shared scalars it
// assigns (directly or through further calls) are broadcast; anything that
// would keep the block itself from a broadcast keeps the call from it, and
// the remark says where.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^//" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
//
// CHECK: { if (parade_thread_num() == 0) {
// CHECK: update(3);
// CHECK: void *parade_st[] = {&count, &level}; __SIZE_TYPE__ parade_sz[] = {sizeof count, sizeof level}; parade_bcast_store(parade_st, parade_sz, 2, 0); } }
#include <stdarg.h>

int count;
double level;
int table[8];
int later_global_user(void);

static void set_level(double x) { level = x; }
static void update(int k) {
  int local = k * 2; /* the function's own */
  count += local;
  set_level(local * 0.5);
}

void looked_into(void) {
#pragma omp parallel
  {
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single mapped to a broadcast: 12 bytes of shared data [-Rparade]
#pragma omp single
    update(3);
  }
}

static void store(int *p) { *p = 1; }
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static void fill(int at) { table[at] = 1; }
static int counted(void) {
  static int calls;
  return ++calls;
}
static void orphaned(void) {
#pragma omp barrier
}
static int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = va_arg(ap, int);
  va_end(ap);
  return s;
}

int ext_total;
static void add_ext(int k) {
  extern int ext_total; /* the global, not a local of the function */
  ext_total += k;
}

void block_extern(void) {
#pragma omp parallel
  {
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single mapped to a broadcast: 4 bytes of shared data [-Rparade]
#pragma omp single
    add_ext(2);
  }
}
// CHECK: add_ext(2); } { void *parade_st[] = {&ext_total}; __SIZE_TYPE__ parade_sz[] = {sizeof ext_total}; parade_bcast_store(parade_st, parade_sz, 1, 0); } }

__attribute__((weak)) void hook(void) { count = 9; }
inline void set_count(void) { count = 1; }
static void done(int *x) { count += *x; }
static void scoped(void) {
  int guard __attribute__((cleanup(done))) = 1;
  (void)guard;
}

void not_the_code_that_runs(void) {
#pragma omp parallel
  {
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block calls 'hook', whose definition here may not be the one that runs [-Rparade]
#pragma omp single
    hook();
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block calls 'set_count', whose definition here may not be the one that runs [-Rparade]
#pragma omp single
    set_count();
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block declares 'guard' with a cleanup function (in 'scoped', called by the block) [-Rparade]
#pragma omp single
    scoped();
  }
}

void refused(int *p) {
  int r;
#pragma omp parallel private(count)
  {
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block writes through a pointer or an array element (in 'store', called by the block) [-Rparade]
#pragma omp single
    store(p);
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block calls 'fact' recursively (in 'fact', called by the block) [-Rparade]
#pragma omp single
    r = fact(4);
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block writes through a pointer or an array element (in 'fill', called by the block) [-Rparade]
#pragma omp single
    fill(2);
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block's call writes the static local 'calls' in 'counted' (in 'counted', called by the block) [-Rparade]
#pragma omp single
    r = counted();
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block holds another OpenMP construct (in 'orphaned', called by the block) [-Rparade]
#pragma omp single
    orphaned();
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block calls 'sum', which takes variable arguments [-Rparade]
#pragma omp single
    r = sum(1, 2);
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block's call writes 'count' in 'update', which is private where the single is (in 'update', called by the block) [-Rparade]
#pragma omp single
    update(1);
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block's call writes 'late' in 'later_global_user', declared after the single (in 'later_global_user', called by the block) [-Rparade]
#pragma omp single
    later_global_user();
  }
  (void)r;
}

void shadowed(void) {
  double level = 0;
#pragma omp parallel firstprivate(level)
  {
// REMARK: single-calls.c:[[@LINE+1]]:1: remark: single uses a barrier: the block's call writes 'level' in 'set_level', which a local of the same name hides where the single is (in 'set_level', called by the block) [-Rparade]
#pragma omp single
    set_level(2);
  }
}

int late;
int later_global_user(void) { return late = 4; }
