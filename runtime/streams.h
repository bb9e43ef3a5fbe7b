/* FILE * streams across ranks (see streams.c). */
#ifndef PARADE_STREAMS_H
#define PARADE_STREAMS_H

/* Learn rank 0's standard streams (collective, after MPI_Init). */
void streams_init(void);

#endif
