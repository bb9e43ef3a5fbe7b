// Forks whose arguments are large follow one another, larger and smaller
// in turn: each reaches the other ranks in the buffer it was received in,
// which is kept for the next large message and replaced when too small.
// Every thread checks its whole firstprivate copy and the copyin of a
// threadprivate array against the round's values, then writes its copy
// (which no other thread may see); a 64-byte-aligned member must stay
// aligned where the arguments are read in place. A small fork between the
// large ones must find its own arguments, not the large ones' buffer.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: large-forks-in-turn: all {{[0-9]+}} configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

struct big {
  _Alignas(64) double head[8];
  unsigned char body[200000];
};

static unsigned char small_a[65536 + 8], large_b[400000];
static int tp[30000];
#pragma omp threadprivate(tp)

static unsigned char value(int round, long i) { return (unsigned char)(round * 31 + i * 7 + i / 251); }

int main(void) {
  struct big c;
  /* 185 KB, 200 KB, 400 KB, then smaller again. */
  for (int round = 0; round < 5; round++) {
    long bad = 0;
    switch (round % 3) {
    case 2:
      for (long i = 0; i < (long)sizeof large_b; i++)
        large_b[i] = value(round, i);
#pragma omp parallel firstprivate(large_b) reduction(+ : bad)
      {
        for (long i = 0; i < (long)sizeof large_b; i++)
          bad += large_b[i] != value(round, i);
        large_b[omp_get_thread_num()] = 0; /* this thread's copy only */
      }
      break;
    case 0:
      for (long i = 0; i < (long)sizeof small_a; i++)
        small_a[i] = value(round, i);
      for (int i = 0; i < 30000; i++)
        tp[i] = round * 30000 + i;
#pragma omp parallel firstprivate(small_a) copyin(tp) reduction(+ : bad)
      {
        for (long i = 0; i < (long)sizeof small_a; i++)
          bad += small_a[i] != value(round, i);
        for (int i = 0; i < 30000; i++)
          bad += tp[i] != round * 30000 + i;
        small_a[0] = 0;
        tp[0] = -1;
      }
      break;
    default:
      for (int i = 0; i < 8; i++)
        c.head[i] = round + i * 0.5;
      for (long i = 0; i < (long)sizeof c.body; i++)
        c.body[i] = value(round, i);
#pragma omp parallel firstprivate(c) reduction(+ : bad)
      {
        bad += ((unsigned long)&c.head % 64) != 0;
        for (int i = 0; i < 8; i++)
          bad += c.head[i] != round + i * 0.5;
        for (long i = 0; i < (long)sizeof c.body; i++)
          bad += c.body[i] != value(round, i);
        c.body[0] ^= 1;
      }
      break;
    }
    /* A small fork between the large ones. */
    int token = round * 11;
    long seen = 0;
#pragma omp parallel firstprivate(token) reduction(+ : seen)
    seen += token == round * 11;
    printf("round %d: bad %ld, small fork seen by all: %d\n", round, bad,
           seen == omp_get_max_threads());
  }
  /* The master's copies are its own too. */
  printf("after: %d %d %d\n", large_b[0], small_a[0], tp[0]);
  return 0;
}
