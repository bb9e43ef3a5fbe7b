// A single whose block is analyzable runs on thread 0 and broadcasts the
// shared variables it wrote; no barrier.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^//" | FileCheck %s --implicit-check-not=parade_barrier
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
//
// CHECK: { if (parade_thread_num() == 0) {
// CHECK: (*parade_s_n_{{[0-9]+}}) = 10 * k;
// CHECK: scale = 0.5;
// CHECK: void *parade_st[] = {&(*parade_s_n_{{[0-9]+}}), &scale}; __SIZE_TYPE__ parade_sz[] = {sizeof (*parade_s_n_{{[0-9]+}}), sizeof scale}; parade_bcast_store(parade_st, parade_sz, 2, 0); } }
// REMARK: single-broadcast.c:[[@LINE+7]]:1: remark: single mapped to a broadcast: 12 bytes of shared data [-Rparade]
double scale;
int setup(int k) {
  int n = 0;
#pragma omp parallel
  {
    int local = k + 1;
#pragma omp single
    {
      int tmp = local;
      n = 10 * k;
      scale = 0.5;
      (void)tmp;
    }
  }
  return n;
}
