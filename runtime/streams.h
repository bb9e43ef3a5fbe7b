/* FILE * streams across ranks (see streams.c). */
#ifndef PARADE_STREAMS_H
#define PARADE_STREAMS_H

#include <pthread.h>
#include <stdio.h>

struct streams_state {
  pthread_mutex_t lock;
  FILE *volatile *rank0_streams; /* the table in the pool (streams.c) */
  FILE *rank0_std[3];            /* rank 0's stdin, stdout, stderr */
};

/* Learn rank 0's standard streams (collective, after MPI_Init). */
void streams_init(void);

#endif
