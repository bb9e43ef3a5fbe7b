// A reduction becomes thread-private partials and one merged allreduce,
// whatever the number of variables; with -fparade-sync=lock it takes the
// conventional path (the distributed lock). A parallel region's own
// reduction (here of a combined parallel for), and that of a loop that
// ends its region (which then needs no barrier of its own), is combined by
// the region's join instead: the runtime folds the partials there, small
// ones inside the join's exchange of write notices, so the nodes meet once.
//
// RUN: %translate %s -- | grep -v "^//" | FileCheck %s
// RUN: %translate -fparade-sync=lock %s -- | grep -v "^//" | FileCheck %s --check-prefix=LOCK
// RUN: %translate -Rparade %s -- 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
//
// CHECK: double s = (double)0; long m = (long)(-9223372036854775807ll - 1);
// The runtime gets copies made after the loop, so the partials themselves
// never have their address taken (they stay in registers).
// CHECK: { double [[S:parade_rt_[0-9]+]] = s; long [[M:parade_rt_[0-9]+]] = m;
// CHECK-SAME: parade_reduce_var parade_rv[] = {{[{][{]}}&[[S]], 1, PARADE_DOUBLE, PARADE_OP_SUM}, {&[[M]], 1, PARADE_LONG, PARADE_OP_MAX}}; void *const parade_rto[] = {(void *)parade_ro_{{[0-9]+}}, (void *)parade_ro_{{[0-9]+}}, }; parade_reduce_at_join(parade_rv, parade_rto, 2);
// CHECK: double s = (double)0; long m = (long)(-9223372036854775807ll - 1);
// CHECK: { double [[S2:parade_rt_[0-9]+]] = s; long [[M2:parade_rt_[0-9]+]] = m;
// CHECK-SAME: parade_reduce_var parade_rv[] = {{[{][{]}}&[[S2]], 1, PARADE_DOUBLE, PARADE_OP_SUM}, {&[[M2]], 1, PARADE_LONG, PARADE_OP_MAX}}; parade_allreduce(parade_rv, 2);
// Thread 0 combines; under the lock only in a team nested in an active one.
// CHECK-SAME: if (parade_thread_num() == 0) { int parade_nest = parade_level() > 1 && parade_in_parallel(); if (parade_nest) parade_critical_enter("parade.reduction"); (*parade_ro_{{[0-9]+}}) = (*parade_ro_{{[0-9]+}}) + [[S2]]; (*parade_ro_{{[0-9]+}}) = [[M2]] > (*parade_ro_{{[0-9]+}}) ? [[M2]] : (*parade_ro_{{[0-9]+}}); if (parade_nest) parade_critical_exit("parade.reduction"); }
// LOCK-NOT: parade_allreduce
// LOCK-NOT: parade_reduce_at_join
// LOCK: parade_critical_enter("parade.reduction");
// REMARK: reduction-allreduce.c:[[@LINE+6]]:1: remark: reduction combined at the region's join: 2 variable(s), 16 bytes [-Rparade]
// REMARK: reduction-allreduce.c:[[@LINE+5]]:1: remark: 'parallel for' outlined to parade_region_{{[0-9]+}}
double sum_and_max(const double *x, const long *y, int n) {
  double s = 0;
  long m = -5;
  (void)m;
#pragma omp parallel for reduction(+:s) reduction(max:m)
  for (int i = 0; i < n; i++) {
    s += x[i];
    m = y[i] > m ? y[i] : m;
  }
  return s + m;
}

// REMARK: reduction-allreduce.c:[[@LINE+7]]:1: remark: reduction mapped to one merged allreduce: 2 variable(s), 16 bytes [-Rparade]
double sum_and_max_in_region(const double *x, const long *y, int n) {
  double s = 0;
  long m = -5;
  (void)m;
#pragma omp parallel
  {
#pragma omp for reduction(+:s) reduction(max:m)
    for (int i = 0; i < n; i++) {
      s += x[i];
      m = y[i] > m ? y[i] : m;
    }
    (void)n;
  }
  return s + m;
}

// CHECK: parade_region_tail(); {{.*}}parade_reduce_at_join(parade_rv, parade_rto, 1); }
// CHECK-NEXT: (void)parade_last; }
// REMARK: reduction-allreduce.c:[[@LINE+5]]:1: remark: reduction combined at the region's join: 1 variable(s), 8 bytes [-Rparade]
double sum_at_region_end(const double *x, int n) {
  double s = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+:s)
    for (int i = 0; i < n; i++)
      s += x[i];
  }
  return s;
}

// A region with a local of its own keeps the loop's barrier (a thread
// leaving the body early would free what others may still use).
// CHECK: parade_allreduce(parade_rv, 1);
// CHECK: parade_barrier(); }
// REMARK: reduction-allreduce.c:[[@LINE+6]]:1: remark: reduction mapped to one merged allreduce: 1 variable(s), 8 bytes [-Rparade]
double sum_with_local(const double *x, int n) {
  double s = 0;
#pragma omp parallel
  {
    double scale = 2.0;
#pragma omp for reduction(+:s)
    for (int i = 0; i < n; i++)
      s += scale * x[i];
  }
  return s;
}
