/* rand, random and the drand48 family with one state for the whole job.
 * The C library keeps one generator per process, under a mutex: its
 * threads draw from one sequence, and serial code's srand() seeds the
 * numbers that regions draw. Per rank, the other ranks would draw from an
 * unseeded state, and every rank from the same numbers. The translator
 * sends these calls here (#pragma redefine_extname); the state lives in
 * the pool and a cluster-wide lock serialises the draws, so the job draws
 * the C library's own sequence (glibc's random_r and drand48_r on it), in
 * an order the program's synchronisation may fix (an ordered loop draws in
 * iteration order, as with gcc). A draw in a region costs a lock
 * acquisition, which stays on a node that draws repeatedly; a program that
 * draws millions of numbers in parallel is faster with rand_r or a
 * generator of its own per thread, on any OpenMP implementation. */
#include "random.h"

#include "alloc.h"
#include "error.h"
#include "locks.h"
#include "node.h"
#include "parade.h"

#include <string.h>

void random_init(void) {
  struct random_shared *s = alloc_static(sizeof *s, 64, NULL);
  memset(s, 0, sizeof *s);
  /* srand(1) is the C library's start-up state; a zeroed drand48_data is
   * drand48's. */
  if (initstate_r(1, s->state, sizeof s->state, &s->random) != 0)
    err_fatal("cannot initialise the shared random number state");
  node.random.shared = s;
  node.random.lock = locks_critical_id("parade.random");
}

/* The shared state, locked; NULL where there is one rank (the C
 * library's own generator is then the job's). */
static struct random_shared *lock_state(void) {
  if (!node.random.shared || !node.dsm_active)
    return NULL;
  locks_acquire_turn(node.random.lock, 0, -1, 0);
  return node.random.shared;
}

static void unlock_state(void) { locks_release(node.random.lock); }

long parade_random(void) {
  struct random_shared *s = lock_state();
  if (!s)
    return random();
  int32_t value;
  random_r(&s->random, &value);
  unlock_state();
  return value;
}

void parade_srandom(unsigned seed) {
  struct random_shared *s = lock_state();
  if (!s) {
    srandom(seed);
    return;
  }
  srandom_r(seed, &s->random);
  unlock_state();
}

int parade_rand(void) { return (int)parade_random(); }

void parade_srand(unsigned seed) { parade_srandom(seed); }

double parade_drand48(void) {
  struct random_shared *s = lock_state();
  if (!s)
    return drand48();
  double value;
  drand48_r(&s->drand48, &value);
  unlock_state();
  return value;
}

long parade_lrand48(void) {
  struct random_shared *s = lock_state();
  if (!s)
    return lrand48();
  long value;
  lrand48_r(&s->drand48, &value);
  unlock_state();
  return value;
}

long parade_mrand48(void) {
  struct random_shared *s = lock_state();
  if (!s)
    return mrand48();
  long value;
  mrand48_r(&s->drand48, &value);
  unlock_state();
  return value;
}

void parade_srand48(long seed) {
  struct random_shared *s = lock_state();
  if (!s) {
    srand48(seed);
    return;
  }
  srand48_r(seed, &s->drand48);
  unlock_state();
}

unsigned short *parade_seed48(unsigned short seed[3]) {
  struct random_shared *s = lock_state();
  if (!s)
    return seed48(seed);
  /* The previous seed, in the shared state like the C library's own
   * static buffer (a later call overwrites it). */
  memcpy(s->seed48_old, s->drand48.__x, sizeof s->seed48_old);
  seed48_r(seed, &s->drand48);
  unlock_state();
  return s->seed48_old;
}

void parade_lcong48(unsigned short param[7]) {
  struct random_shared *s = lock_state();
  if (!s) {
    lcong48(param);
    return;
  }
  lcong48_r(param, &s->drand48);
  unlock_state();
}
