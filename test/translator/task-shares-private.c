// A task that shares a variable an enclosing construct made private (its
// shared clause, or default(shared) when the task writes it; one it only
// reads is captured by value) is refused at the task: the task is
// given the pool's storage of the original, not the thread's copy (it
// failed to compile: "'cnt' undeclared" in the outlined task).
//
// RUN: not %translate %s -- > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not="internal error" < %t.err
// RUN: not test -s %t.out
int main(void) {
  int cnt = 0, k = 0;
#pragma omp parallel private(cnt)
  {
    cnt = 0;
// CHECK: task-shares-private.c:[[@LINE+1]]:{{[0-9]+}}: error: a task sharing 'cnt', which an enclosing construct makes private to the thread, is not supported by parade; share the original or make it firstprivate
#pragma omp task shared(cnt)
    cnt += 5;
#pragma omp taskwait
  }
  int w = 0;
#pragma omp parallel for private(w)
  for (int i = 0; i < 4; i++) {
// CHECK: task-shares-private.c:[[@LINE+1]]:{{[0-9]+}}: error: a task sharing 'w', which an enclosing construct makes private to the thread, is not supported by parade; share the original or make it firstprivate
#pragma omp task default(shared)
    w = k + i;
#pragma omp taskwait
  }
  return k;
}
