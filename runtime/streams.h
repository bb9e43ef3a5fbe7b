/* FILE * streams across ranks (see streams.c). */
#ifndef PARADE_STREAMS_H
#define PARADE_STREAMS_H

#include <pthread.h>
#include <stdio.h>

struct streams_state {
  pthread_mutex_t lock;
  FILE *volatile *rank0_streams; /* the table in the pool (streams.c) */
  FILE *rank0_std[3];            /* rank 0's stdin, stdout, stderr */
  /* stdout goes to rank 0 in whole lines (see streams.c). */
  FILE *forward;
  _Atomic int forwarding;
  /* Ranks other than 0: the stdin stream that says stdin is rank 0's. */
  FILE *no_stdin;
};

/* The stream @p f stands for on this rank, for a write (parade_stream
 * for the others): a stream rank 0 opened stands, on another rank, for a
 * stream whose text goes to rank 0, which writes it to @p f. */
FILE *parade_out_stream(FILE *f, const char *function);

/* Learn rank 0's standard streams and send every rank's standard output
 * through rank 0 in whole lines (collective, after MPI_Init, before comm_start). */
void streams_init(void);
/* Send stdout's buffer and the kept start of a line (parade_fflush of
 * stdout, and every release). */
void streams_flush_stdout(void);
/* A release of the calling thread (a lock release, a barrier, a fork, the
 * end of an ordered region, a flush): what it printed goes out first, so
 * output keeps the order the program's synchronisation gives it. */
void streams_release(void);
/* write(2) to standard output (@p fd 1, still the job's) at P > 1: sent
 * to rank 0 as one unit after what stdout holds, as stdout's text is, so
 * that it keeps the order synchronisation gives it (mpirun merges the
 * ranks' own descriptors in no order). Returns 0 where it is not that. */
int streams_write_stdout(int fd, const void *buf, size_t len);
/* Before the communication thread stops: the last output goes out, and
 * anything printed later is written here. */
void streams_shutdown(void);

#endif
