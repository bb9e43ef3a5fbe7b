/* Run-time options: every PARADE_* and OMP_* variable the runtime reads,
 * read once from one table. A bad PARADE_* value is a fatal error (a typo
 * in a pool size must not silently run with the default). */
#ifndef PARADE_OPTIONS_H
#define PARADE_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

enum vm_method { VM_MEMFD, VM_SYSV, VM_MREMAP };
enum stats_mode { STATS_OFF, STATS_TEXT, STATS_JSON };
enum wait_policy { WAIT_DEFAULT, WAIT_ACTIVE, WAIT_PASSIVE };

struct options {
  enum vm_method map;          /* PARADE_MAP */
  size_t pool_size;            /* PARADE_POOL_SIZE */
  uintptr_t pool_base;         /* PARADE_POOL_BASE */
  size_t static_size;          /* PARADE_STATIC_SIZE */
  enum stats_mode stats;       /* PARADE_STATS */
  char stats_file[512];        /* PARADE_STATS=FILE.json */
  int verbose;                 /* PARADE_VERBOSE */
  int comm_sleep_us;           /* PARADE_COMM_SLEEP_US */
  int threads;                 /* OMP_NUM_THREADS (0: not set) */
  enum wait_policy wait;       /* OMP_WAIT_POLICY */
  char schedule[64];           /* OMP_SCHEDULE, for schedule(runtime) */
  int test_store_delay_us;     /* PARADE_TEST_STORE_DELAY_US (fault injection) */
};

/* Read the environment into @p opt. Fatal on a bad PARADE_* value. */
void options_read(struct options *opt);

/* Print the table and the values in force (PARADE_VERBOSE>=1, rank 0). */
void options_print(const struct options *opt);

/* Parse "123", "64K", "16M", "1G" into bytes; 0 on success or EINVAL. */
int options_parse_size(const char *text, size_t *out);

#endif
