/* The C library's random number generators across ranks (see random.c). */
#ifndef PARADE_RANDOM_H
#define PARADE_RANDOM_H

#include <stdint.h>
#include <stdlib.h>

/* One generator state for the whole job, in the pool. */
struct random_shared {
  struct random_data random; /* rand, random: points into state */
  char state[128];           /* glibc's default (TYPE_3) state size */
  struct drand48_data drand48;
  unsigned short seed48_old[3];
};

struct random_state {
  struct random_shared *shared;
  uint64_t lock; /* the lock id that serialises the generators */
};

/* Allocate the shared state, seeded as the C library is at start-up
 * (every rank, at the same point of start-up: the same address on all). */
void random_init(void);

#endif
