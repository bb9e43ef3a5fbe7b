// A critical met once by every thread whose block updates small shared
// scalars becomes one parade_reduce_store: no lock, no barrier.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^//" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
//
// The lock is taken only by a team serialized inside an active region.
// CHECK: if (parade_level() > 1 && parade_in_parallel()) { parade_critical_enter(0);
// CHECK: } else { double parade_c0 = (double)(mine); long parade_c1 = (-(long)(2)); long parade_c2 = (long)1;
// CHECK-SAME: parade_reduce_var parade_cv[] = {{[{][{]}}&parade_c0, 1, PARADE_DOUBLE, PARADE_OP_SUM}, {&parade_c1, 1, PARADE_LONG, PARADE_OP_SUM}, {&parade_c2, 1, PARADE_LONG, PARADE_OP_SUM}};
// CHECK-SAME: void *parade_ct[] = {&((*parade_s_sum_{{[0-9]+}})), &((*parade_s_budget_{{[0-9]+}})), &(visits)};
// CHECK-SAME: parade_reduce_store(parade_cv, parade_ct, 3); }
// REMARK: critical-collective.c:[[@LINE+8]]:1: remark: critical mapped to a collective: 24 bytes of shared data [-Rparade]
long visits;
double total(const double *x) {
  double sum = 0;
  long budget = 100;
#pragma omp parallel
  {
    double mine = x[0] * 2;
#pragma omp critical
    {
      sum += mine;
      budget -= 2;
      visits++;
    }
  }
  return sum + budget;
}
