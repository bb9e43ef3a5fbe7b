/* Run-time options: every PARADE_* and OMP_* variable the runtime reads,
 * read once from one table. A bad PARADE_* value is a fatal error (a typo
 * in a pool size must not silently run with the default). */
#ifndef PARADE_OPTIONS_H
#define PARADE_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The most threads one rank runs. OMP_NUM_THREADS above it is refused at
 * start-up, and every per-thread table of the runtime (team workers, wait
 * slots, collective contributions) is sized from it. */
#define OPTIONS_MAX_THREADS 1024

/* Nesting levels an OMP_NUM_THREADS or OMP_PROC_BIND list may describe. */
#define OPTIONS_MAX_LEVELS 8
/* Most pages one page request may ask for (PARADE_PREFETCH_PAGES). */
#define OPTIONS_MAX_PREFETCH_PAGES 256

enum vm_method { VM_MEMFD, VM_SYSV, VM_MREMAP };
enum stats_mode { STATS_OFF, STATS_TEXT, STATS_JSON };
enum wait_policy { WAIT_DEFAULT, WAIT_ACTIVE, WAIT_PASSIVE };

struct options {
  enum vm_method map;                     /* PARADE_MAP */
  size_t pool_size;                       /* PARADE_POOL_SIZE */
  uintptr_t pool_base;                    /* PARADE_POOL_BASE */
  size_t static_size;                     /* PARADE_STATIC_SIZE */
  enum stats_mode stats;                  /* PARADE_STATS */
  char stats_file[512];                   /* PARADE_STATS=FILE.json */
  int verbose;                            /* PARADE_VERBOSE */
  int comm_sleep_us;                      /* PARADE_COMM_SLEEP_US */
  int prefetch_pages;                     /* PARADE_PREFETCH_PAGES */
  int threads;                            /* OMP_NUM_THREADS (0: not set) */
  int nested_threads[OPTIONS_MAX_LEVELS]; /* its list's later entries, level 2 on */
  int nested_levels;                      /* entries in nested_threads */
  size_t stacksize;                       /* OMP_STACKSIZE of team threads (0: not set) */
  enum wait_policy wait;                  /* OMP_WAIT_POLICY */
  char schedule[64];                      /* OMP_SCHEDULE, for schedule(runtime) */
  /* The OpenMP ICVs the environment sets (-1: not set). */
  int max_active_levels;      /* OMP_MAX_ACTIVE_LEVELS, OMP_NESTED */
  int thread_limit;           /* OMP_THREAD_LIMIT */
  int dynamic;                /* OMP_DYNAMIC */
  int proc_bind;              /* OMP_PROC_BIND, first level (omp_proc_bind_t) */
  char places[4096];          /* OMP_PLACES ("": not set) */
  char affinity_format[4096]; /* OMP_AFFINITY_FORMAT ("": the default) */
  int display_affinity;       /* OMP_DISPLAY_AFFINITY */
  int display_env;            /* OMP_DISPLAY_ENV: 0, 1 (true) or 2 (verbose) */
  int allocator;              /* OMP_ALLOCATOR (omp_allocator_handle_t) */
  int cancellation;           /* OMP_CANCELLATION */
  int default_device;         /* OMP_DEFAULT_DEVICE */
  int max_task_priority;      /* OMP_MAX_TASK_PRIORITY */
  int num_teams;              /* OMP_NUM_TEAMS */
  int teams_thread_limit;     /* OMP_TEAMS_THREAD_LIMIT */
  int test_store_delay_us;    /* PARADE_TEST_STORE_DELAY_US (fault injection) */
  int test_collective_chunk;  /* PARADE_TEST_COLLECTIVE_CHUNK (0: MPI's int limit) */
};

/* Read the environment into @p opt. Fatal on a bad PARADE_* value. */
void options_read(struct options *opt);

/* Print the table and the values in force (PARADE_VERBOSE>=1, rank 0). */
void options_print(const struct options *opt);

/* Print the rows of the table that are parade's own (PARADE_*), each as
 * `  [host] NAME = 'value'`, for OMP_DISPLAY_ENV. */
void options_print_parade(FILE *out);

/* The parsers behind the table; each returns 0 or EINVAL. None accepts
 * spaces or a sign that the format does not call for. */

/* Decimal bytes with an optional K, M, G or T suffix (KiB, MB... too):
 * "123", "64K", "16M", "1G". */
int options_parse_size(const char *text, size_t *out);

/* A decimal integer in [@p lo, @p hi]; a leading '-' only. */
int options_parse_int(const char *text, int lo, int hi, int *out);

/* An address: hexadecimal after 0x, else decimal. */
int options_parse_address(const char *text, uintptr_t *out);

/* OMP_STACKSIZE as libgomp reads it: a decimal number with an optional B,
 * K, M or G suffix (K if none), spaces around allowed. */
int options_parse_stacksize(const char *text, size_t *out);

#endif
