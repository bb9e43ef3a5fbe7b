// A write notice handed on through a second lock keeps what it says. W
// writes page P (homed at rank 0) under lock A; D takes A, reads P, then
// takes lock C; E, which read P before W wrote it and has not taken A,
// takes C after D. D's release of C names P with the number of W's
// change (W's diff was acknowledged with it, and D learned it at A's
// grant): E's copy is older and must be dropped. The manager sends each
// node only the notices it has not had, so E's grant of C must still carry
// D's notice of P though E had C's earlier notices.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=1 %mpirun-tcp -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: chain: D saw W's write, E saw W's write
#include <parade.h>

#include <stdio.h>

enum { WORDS = 4096 / sizeof(long) };

struct args {
  parade_lock_t *a, *c;
  long *p;     /* page P */
  long *flags; /* its own pages: [0] E read, [WORDS] W done, [2 * WORDS] D done */
  long *seen;  /* [0] D saw the write, [1] E saw it */
};

static int all(const long *p, long value) {
  for (int w = 0; w < (int)WORDS; w++)
    if (p[w] != value)
      return 0;
  return 1;
}

/* Wait, under @p lock, until @p flag is set; then run the check, if any,
 * under it too. */
static void wait_flag(parade_lock_t *lock, long *flag, const long *p, long *seen) {
  for (;;) {
    parade_lock_acquire(lock);
    long set = *flag;
    if (set && p)
      *seen = all(p, 42);
    parade_lock_release(lock);
    if (set)
      return;
  }
}

static void set_flag(parade_lock_t *lock, long *flag) {
  parade_lock_acquire(lock);
  *flag = 1;
  parade_lock_release(lock);
}

static void region(void *arg) {
  const struct args *x = arg;
  int me = parade_thread_num(), n = parade_num_threads();
  int w = n - 3, d = n - 2, e = n - 1; /* on different ranks at 4x1 */
  if (me == e) {
    (void)*(volatile long *)x->p; /* E's copy of P, before W writes it */
    set_flag(x->c, &x->flags[0]);
    wait_flag(x->c, &x->flags[2 * WORDS], x->p, &x->seen[1]);
  } else if (me == w) {
    wait_flag(x->c, &x->flags[0], NULL, NULL);
    parade_lock_acquire(x->a);
    for (int i = 0; i < (int)WORDS; i++)
      x->p[i] = 42;
    x->flags[WORDS] = 1;
    parade_lock_release(x->a);
  } else if (me == d) {
    wait_flag(x->a, &x->flags[WORDS], x->p, &x->seen[0]);
    set_flag(x->c, &x->flags[2 * WORDS]);
  }
}

static int app_main(int argc, char **argv) {
  (void)argc, (void)argv;
  struct args x;
  x.a = parade_malloc(sizeof *x.a);
  x.c = parade_malloc(sizeof *x.c);
  parade_lock_init(x.a);
  parade_lock_init(x.c);
  x.p = parade_memalign(4096, 4096);
  x.flags = parade_memalign(4096, 3 * 4096);
  x.seen = parade_memalign(4096, 4096);
  for (int i = 0; i < (int)WORDS; i++)
    x.p[i] = 7;
  x.flags[0] = x.flags[WORDS] = x.flags[2 * WORDS] = 0;
  x.seen[0] = x.seen[1] = 0;
  parade_parallel(region, &x, sizeof x, 0, 1);
  printf("chain: D %s W's write, E %s W's write\n", x.seen[0] ? "saw" : "did NOT see",
         x.seen[1] ? "saw" : "did NOT see");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
