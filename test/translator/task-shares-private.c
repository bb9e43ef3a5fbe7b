// A task that shares a variable an enclosing construct made private (by
// its shared clause, or default(shared) when the task writes it) is given
// the address of the encountering thread's copy, and its body reaches the
// copy through that pointer (it was refused; before that, the task was
// given the pool's storage of the original and failed to compile).
// e2e/task-shares-private.c runs such tasks.
//
// RUN: %translate %s -- > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR --allow-empty < %t.err
// ERR-NOT: error
int main(void) {
  int cnt = 0, k = 0;
#pragma omp parallel private(cnt)
  {
    cnt = 0;
#pragma omp task shared(cnt)
    cnt += 5;
#pragma omp taskwait
  }
  int w = 0;
#pragma omp parallel for private(w)
  for (int i = 0; i < 4; i++) {
#pragma omp task default(shared)
    w = k + i;
#pragma omp taskwait
  }
  return k;
}
// CHECK: (*[[CNT:parade_sp_cnt_[0-9]+]]) += 5;
// CHECK: parade_ta.[[CNT]] = &cnt;
// CHECK: (*[[W:parade_sp_w_[0-9]+]]) = (*parade_s_k_{{[0-9]+}}) + i;
// CHECK: parade_ta.[[W]] = &w;
