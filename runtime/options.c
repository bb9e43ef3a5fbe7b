#include "options.h"

#include "error.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define STRINGIFY(x) #x
#define STRING_OF(x) STRINGIFY(x)

/* Decimal digits only. strtoull would also take leading spaces, a sign
 * (" -1" is then 2^64 - 1) and, in base 0, octal ("010M" is then 8 MiB). */
static int parse_decimal(const char *text, const char **end, unsigned long long *out) {
  if (*text < '0' || *text > '9')
    return EINVAL;
  unsigned long long value = 0;
  for (; *text >= '0' && *text <= '9'; text++) {
    unsigned digit = (unsigned)(*text - '0');
    if (value > (ULLONG_MAX - digit) / 10)
      return EINVAL;
    value = value * 10 + digit;
  }
  *end = text;
  *out = value;
  return 0;
}

int options_parse_size(const char *text, size_t *out) {
  const char *end;
  unsigned long long value;
  if (parse_decimal(text, &end, &value))
    return EINVAL;
  unsigned shift = 0;
  switch (*end) {
  case 'k':
  case 'K':
    shift = 10;
    end++;
    break;
  case 'm':
  case 'M':
    shift = 20;
    end++;
    break;
  case 'g':
  case 'G':
    shift = 30;
    end++;
    break;
  case 't':
  case 'T':
    shift = 40;
    end++;
    break;
  default: break;
  }
  if (shift && (*end == 'i' || *end == 'I'))
    end++;
  if (*end == 'b' || *end == 'B')
    end++;
  if (*end != '\0' || (shift && value > (SIZE_MAX >> shift)))
    return EINVAL;
  *out = (size_t)(value << shift);
  return 0;
}

int options_parse_int(const char *text, int lo, int hi, int *out) {
  int negative = text[0] == '-';
  const char *end;
  unsigned long long magnitude;
  if (parse_decimal(text + negative, &end, &magnitude) || *end != '\0' ||
      magnitude > (unsigned long long)INT_MAX + negative)
    return EINVAL;
  long long value = negative ? -(long long)magnitude : (long long)magnitude;
  if (value < lo || value > hi)
    return EINVAL;
  *out = (int)value;
  return 0;
}

int options_parse_address(const char *text, uintptr_t *out) {
  if (text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) {
    const char *end;
    unsigned long long value;
    if (parse_decimal(text, &end, &value) || *end != '\0')
      return EINVAL;
    *out = (uintptr_t)value;
    return 0;
  }
  const char *at = text + 2;
  uintptr_t value = 0;
  if (*at == '\0')
    return EINVAL;
  for (; *at; at++) {
    unsigned digit;
    if (*at >= '0' && *at <= '9')
      digit = (unsigned)(*at - '0');
    else if (*at >= 'a' && *at <= 'f')
      digit = (unsigned)(*at - 'a' + 10);
    else if (*at >= 'A' && *at <= 'F')
      digit = (unsigned)(*at - 'A' + 10);
    else
      return EINVAL;
    if (value > (UINTPTR_MAX >> 4))
      return EINVAL;
    value = value << 4 | digit;
  }
  *out = value;
  return 0;
}

static int is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* As libgomp reads it, so a setting made for gcc -fopenmp means the same
 * here: spaces around, a number in K unless a B, K, M or G follows. */
int options_parse_stacksize(const char *text, size_t *out) {
  while (is_space(*text))
    text++;
  const char *end;
  unsigned long long value;
  if (parse_decimal(text, &end, &value))
    return EINVAL;
  while (is_space(*end))
    end++;
  unsigned shift = 10;
  if (*end != '\0') {
    switch (*end) {
    case 'b':
    case 'B': shift = 0; break;
    case 'k':
    case 'K': shift = 10; break;
    case 'm':
    case 'M': shift = 20; break;
    case 'g':
    case 'G': shift = 30; break;
    default: return EINVAL;
    }
    end++;
    while (is_space(*end))
      end++;
    if (*end != '\0')
      return EINVAL;
  }
  if (value > (SIZE_MAX >> shift))
    return EINVAL;
  *out = (size_t)(value << shift);
  return 0;
}

/* One row per variable: how to parse it and what it means. */
typedef int (*option_parser)(struct options *opt, const char *text);

static int parse_map(struct options *opt, const char *text) {
  if (!strcmp(text, "memfd"))
    opt->map = VM_MEMFD;
  else if (!strcmp(text, "sysv"))
    opt->map = VM_SYSV;
  else if (!strcmp(text, "mremap"))
    opt->map = VM_MREMAP;
  else
    return EINVAL;
  return 0;
}

static int parse_pool_size(struct options *opt, const char *text) {
  size_t size;
  if (options_parse_size(text, &size) || size < (1u << 20))
    return EINVAL;
  opt->pool_size = size;
  return 0;
}

static int parse_pool_base(struct options *opt, const char *text) {
  uintptr_t base;
  if (options_parse_address(text, &base) || base == 0 || (base & 0xfffff))
    return EINVAL; /* must be 1 MiB aligned */
  opt->pool_base = base;
  return 0;
}

static int parse_static_size(struct options *opt, const char *text) {
  size_t size;
  if (options_parse_size(text, &size))
    return EINVAL;
  opt->static_size = size;
  return 0;
}

static int parse_stats(struct options *opt, const char *text) {
  if (!strcmp(text, "0") || !*text) {
    opt->stats = STATS_OFF;
  } else if (!strcmp(text, "1")) {
    opt->stats = STATS_TEXT;
  } else {
    size_t len = strlen(text);
    if (len < 6 || len >= sizeof opt->stats_file || strcmp(text + len - 5, ".json"))
      return EINVAL;
    opt->stats = STATS_JSON;
    memcpy(opt->stats_file, text, len + 1);
  }
  return 0;
}

static int parse_verbose(struct options *opt, const char *text) {
  return options_parse_int(text, 0, 3, &opt->verbose);
}

static int parse_comm_sleep(struct options *opt, const char *text) {
  return options_parse_int(text, 1, 100000, &opt->comm_sleep_us);
}

static int parse_prefetch_pages(struct options *opt, const char *text) {
  return options_parse_int(text, 1, OPTIONS_MAX_PREFETCH_PAGES, &opt->prefetch_pages);
}

/* One entry of OMP_NUM_THREADS's list, spaces around allowed (as libgomp
 * reads it). */
static int parse_thread_count(const char **text, int *out) {
  const char *at = *text;
  while (is_space(*at))
    at++;
  const char *end;
  unsigned long long threads;
  if (parse_decimal(at, &end, &threads) || threads == 0)
    return EINVAL;
  while (is_space(*end))
    end++;
  if (*end != '\0' && *end != ',')
    return EINVAL;
  if (threads > OPTIONS_MAX_THREADS)
    return ERANGE;
  *out = (int)threads;
  *text = end;
  return 0;
}

/* A list for nested levels: the first entry is the threads per rank of
 * the outermost regions, the others the nthreads-var of the levels below
 * (omp_get_max_threads inside a region answers them). */
static int parse_threads(struct options *opt, const char *text) {
  int first, err = parse_thread_count(&text, &first);
  if (err)
    return err;
  int levels = 0;
  while (*text == ',') {
    text++;
    int next;
    if ((err = parse_thread_count(&text, &next)))
      return err == ERANGE ? ERANGE : EINVAL;
    if (levels < OPTIONS_MAX_LEVELS)
      opt->nested_threads[levels++] = next;
  }
  opt->threads = first;
  opt->nested_levels = levels;
  return 0;
}

/* true/false, yes/no, 1/0 as libgomp reads booleans. */
static int parse_bool(const char *text, int *out) {
  while (is_space(*text))
    text++;
  size_t len = strlen(text);
  while (len && is_space(text[len - 1]))
    len--;
  if ((len == 4 && !strncasecmp(text, "true", 4)) || (len == 3 && !strncasecmp(text, "yes", 3)) ||
      (len == 1 && text[0] == '1'))
    *out = 1;
  else if ((len == 5 && !strncasecmp(text, "false", 5)) ||
           (len == 2 && !strncasecmp(text, "no", 2)) || (len == 1 && text[0] == '0'))
    *out = 0;
  else
    return EINVAL;
  return 0;
}

static int parse_nonnegative(const char *text, int *out) {
  while (is_space(*text))
    text++;
  char copy[32];
  size_t len = strlen(text);
  while (len && is_space(text[len - 1]))
    len--;
  if (len == 0 || len >= sizeof copy)
    return EINVAL;
  memcpy(copy, text, len);
  copy[len] = '\0';
  return options_parse_int(copy, 0, INT_MAX, out);
}

static int parse_max_active_levels(struct options *opt, const char *text) {
  return parse_nonnegative(text, &opt->max_active_levels);
}

/* Deprecated: true allows nested parallelism, which OMP_MAX_ACTIVE_LEVELS
 * says more precisely (it wins when both are set). */
static int parse_nested(struct options *opt, const char *text) {
  int nested;
  if (parse_bool(text, &nested))
    return EINVAL;
  if (getenv("OMP_MAX_ACTIVE_LEVELS") == NULL)
    opt->max_active_levels = nested ? OPTIONS_MAX_LEVELS : 1;
  return 0;
}

static int parse_thread_limit(struct options *opt, const char *text) {
  int limit;
  if (parse_nonnegative(text, &limit) || limit == 0)
    return EINVAL;
  opt->thread_limit = limit;
  return 0;
}

static int parse_dynamic(struct options *opt, const char *text) {
  return parse_bool(text, &opt->dynamic);
}

/* The first entry of the list: nested regions are serialized, so the
 * binding of the levels below never places a thread. */
static int parse_proc_bind(struct options *opt, const char *text) {
  static const char *names[] = {"false", "true", "primary", "close", "spread", "master"};
  while (is_space(*text))
    text++;
  size_t len = strcspn(text, ", \t");
  for (int i = 0; i < 6; i++)
    if (strlen(names[i]) == len && !strncasecmp(text, names[i], len)) {
      opt->proc_bind = i == 5 ? 2 : i;
      return 0;
    }
  return EINVAL;
}

static int parse_places(struct options *opt, const char *text) {
  if (strlen(text) >= sizeof opt->places)
    return EINVAL;
  strcpy(opt->places, text); /* parsed against the machine by places.c */
  return 0;
}

static int parse_affinity_format(struct options *opt, const char *text) {
  if (strlen(text) >= sizeof opt->affinity_format)
    return EINVAL;
  strcpy(opt->affinity_format, text);
  return 0;
}

static int parse_display_affinity(struct options *opt, const char *text) {
  return parse_bool(text, &opt->display_affinity);
}

static int parse_display_env(struct options *opt, const char *text) {
  while (is_space(*text))
    text++;
  if (!strncasecmp(text, "verbose", 7)) {
    opt->display_env = 2;
    return 0;
  }
  return parse_bool(text, &opt->display_env);
}

static int parse_allocator(struct options *opt, const char *text) {
  static const char *names[] = {"omp_default_mem_alloc", "omp_large_cap_mem_alloc",
                                "omp_const_mem_alloc",   "omp_high_bw_mem_alloc",
                                "omp_low_lat_mem_alloc", "omp_cgroup_mem_alloc",
                                "omp_pteam_mem_alloc",   "omp_thread_mem_alloc"};
  while (is_space(*text))
    text++;
  size_t len = strlen(text);
  while (len && is_space(text[len - 1]))
    len--;
  for (int i = 0; i < 8; i++)
    if (strlen(names[i]) == len && !strncmp(text, names[i], len)) {
      opt->allocator = i + 1;
      return 0;
    }
  int value;
  if (parse_nonnegative(text, &value) == 0 && value >= 1 && value <= 8) {
    opt->allocator = value;
    return 0;
  }
  return EINVAL;
}

static int parse_cancellation(struct options *opt, const char *text) {
  int err = parse_bool(text, &opt->cancellation);
  if (!err && opt->cancellation) {
    /* Cancelling would need every node's threads to see a flag at their
     * cancellation points: parade keeps cancel-var false, the default. */
    err_warn("OMP_CANCELLATION=%s: parade does not cancel; cancel constructs do nothing, as "
             "when cancellation is disabled",
             text);
    opt->cancellation = 0;
  }
  return err;
}

static int parse_default_device(struct options *opt, const char *text) {
  return parse_nonnegative(text, &opt->default_device);
}

static int parse_max_task_priority(struct options *opt, const char *text) {
  return parse_nonnegative(text, &opt->max_task_priority);
}

static int parse_num_teams(struct options *opt, const char *text) {
  int teams;
  if (parse_nonnegative(text, &teams) || teams == 0)
    return EINVAL;
  opt->num_teams = teams;
  return 0;
}

static int parse_teams_thread_limit(struct options *opt, const char *text) {
  int limit;
  if (parse_nonnegative(text, &limit) || limit == 0)
    return EINVAL;
  opt->teams_thread_limit = limit;
  return 0;
}

static int parse_stacksize(struct options *opt, const char *text) {
  size_t size;
  if (options_parse_stacksize(text, &size) || size < (size_t)PTHREAD_STACK_MIN)
    return EINVAL;
  opt->stacksize = size;
  return 0;
}

static int parse_wait_policy(struct options *opt, const char *text) {
  if (!strcasecmp(text, "active"))
    opt->wait = WAIT_ACTIVE;
  else if (!strcasecmp(text, "passive"))
    opt->wait = WAIT_PASSIVE;
  else
    return EINVAL;
  return 0;
}

static int parse_schedule(struct options *opt, const char *text) {
  if (strlen(text) >= sizeof opt->schedule)
    return EINVAL;
  strcpy(opt->schedule, text);
  return 0;
}

static int parse_store_delay(struct options *opt, const char *text) {
  return options_parse_int(text, 0, 10000000, &opt->test_store_delay_us);
}

static int parse_collective_chunk(struct options *opt, const char *text) {
  return options_parse_int(text, 1, 1 << 28, &opt->test_collective_chunk);
}

struct option_row {
  const char *name;
  option_parser parse;
  int fatal; /* PARADE_* values are ours: a bad one is an error */
  const char *help;
};

static const struct option_row option_table[] = {
    {"PARADE_MAP", parse_map, 1, "double mapping method: memfd (default), sysv, mremap"},
    {"PARADE_POOL_SIZE", parse_pool_size, 1, "DSM pool size in bytes, K/M/G suffix (default 4G)"},
    {"PARADE_POOL_BASE", parse_pool_base, 1,
     "DSM pool address, 1 MiB aligned (default 0x100000000000)"},
    {"PARADE_STATIC_SIZE", parse_static_size, 1,
     "pool part for static data (default 64M, at most 1/8 of the pool)"},
    {"PARADE_STATS", parse_stats, 1, "0, 1 (text summary on stderr) or FILE.json"},
    {"PARADE_VERBOSE", parse_verbose, 1, "0-3; 1 prints this table at start"},
    {"PARADE_COMM_SLEEP_US", parse_comm_sleep, 1,
     "longest sleep of the idle communication thread (default 200)"},
    {"PARADE_PREFETCH_PAGES", parse_prefetch_pages, 1,
     "most pages one fetch brings: a thread reading pages in order, or pages read lately and lost "
     "since (default 16, 1: none)"},
    {"PARADE_TEST_STORE_DELAY_US", parse_store_delay, 1,
     "testing only: odd ranks wait this long before their collective stores"},
    {"PARADE_TEST_COLLECTIVE_CHUNK", parse_collective_chunk, 1,
     "testing only: elements per MPI call of a collective (default 2^28)"},
    {"OMP_NUM_THREADS", parse_threads, 0,
     "threads per rank, at most " STRING_OF(OPTIONS_MAX_THREADS)},
    {"OMP_STACKSIZE", parse_stacksize, 0,
     "stack size of team threads: N[B|K|M|G], in K without a suffix"},
    {"OMP_WAIT_POLICY", parse_wait_policy, 0, "active or passive"},
    {"OMP_SCHEDULE", parse_schedule, 0, "schedule for schedule(runtime)"},
    {"OMP_MAX_ACTIVE_LEVELS", parse_max_active_levels, 0,
     "active levels of nested parallelism (parade supports 1)"},
    {"OMP_NESTED", parse_nested, 0, "deprecated: true or false"},
    {"OMP_THREAD_LIMIT", parse_thread_limit, 0, "threads of a contention group, over all ranks"},
    {"OMP_DYNAMIC", parse_dynamic, 0, "true or false (parade never adjusts a team)"},
    {"OMP_PROC_BIND", parse_proc_bind, 0, "false, true, primary, close or spread"},
    {"OMP_PLACES", parse_places, 0,
     "threads, cores, sockets, ll_caches, numa_domains or a list of {cpus}: each rank's places"},
    {"OMP_AFFINITY_FORMAT", parse_affinity_format, 0, "format of omp_display_affinity"},
    {"OMP_DISPLAY_AFFINITY", parse_display_affinity, 0, "true: each thread shows its affinity"},
    {"OMP_DISPLAY_ENV", parse_display_env, 0, "true or verbose: print the ICVs at start"},
    {"OMP_ALLOCATOR", parse_allocator, 0, "a predefined allocator (all give shared memory)"},
    {"OMP_CANCELLATION", parse_cancellation, 0, "true or false"},
    {"OMP_DEFAULT_DEVICE", parse_default_device, 0, "device number (the host is the only one)"},
    {"OMP_MAX_TASK_PRIORITY", parse_max_task_priority, 0, "largest task priority"},
    {"OMP_NUM_TEAMS", parse_num_teams, 0, "teams of a teams construct"},
    {"OMP_TEAMS_THREAD_LIMIT", parse_teams_thread_limit, 0, "threads of each team"},
};

void options_read(struct options *opt) {
  memset(opt, 0, sizeof *opt);
  opt->map = VM_MEMFD;
  /* Serial code allocates from rank 0's arena, half the pool's heap: 4G
   * lets a program allocate about 2 GiB there (1G stopped one of 1.5 GiB at
   * P > 1). Only touched pages take memory; the page table costs about 28
   * bytes a page (29 MB a rank) and 20 ms at start at 4 ranks. */
  opt->pool_size = (size_t)4 << 30;
  opt->pool_base = (uintptr_t)0x100000000000ull;
  opt->static_size = 0; /* 0: chosen from the pool size below */
  opt->comm_sleep_us = 200;
  opt->prefetch_pages = 16;
  strcpy(opt->schedule, "static");
  opt->max_active_levels = 1;
  opt->allocator = 1; /* omp_default_mem_alloc */
  for (size_t i = 0; i < sizeof option_table / sizeof option_table[0]; i++) {
    const struct option_row *row = &option_table[i];
    const char *text = getenv(row->name);
    if (!text)
      continue;
    int err = row->parse(opt, text);
    if (err == 0)
      continue;
    /* Well formed, but more than the runtime is built for: running with
     * the default instead would be a different program. */
    if (err == ERANGE)
      err_fatal("%s=%s is too large (%s)", row->name, text, row->help);
    if (row->fatal)
      err_fatal("invalid value '%s' for %s (%s)", text, row->name, row->help);
    err_warn("ignoring invalid value '%s' for %s (%s)", text, row->name, row->help);
  }
  if (!getenv("PARADE_STATIC_SIZE")) {
    opt->static_size = (size_t)64 << 20;
    if (opt->static_size > opt->pool_size / 8)
      opt->static_size = opt->pool_size / 8;
  }
  if (opt->static_size >= opt->pool_size / 2)
    err_fatal("PARADE_STATIC_SIZE (%zu) must be less than half of PARADE_POOL_SIZE (%zu)",
              opt->static_size, opt->pool_size);
}

void options_print(const struct options *opt) {
  static const char *maps[] = {"memfd", "sysv", "mremap"};
  fprintf(stderr, "parade: options in force\n");
  for (size_t i = 0; i < sizeof option_table / sizeof option_table[0]; i++) {
    const char *text = getenv(option_table[i].name);
    fprintf(stderr, "  %-22s %-12s %s\n", option_table[i].name, text ? text : "(unset)",
            option_table[i].help);
  }
  fprintf(stderr, "  map=%s pool=%zu@%#lx static=%zu comm_sleep=%dus\n", maps[opt->map],
          opt->pool_size, (unsigned long)opt->pool_base, opt->static_size, opt->comm_sleep_us);
}

void options_print_parade(FILE *out) {
  for (size_t i = 0; i < sizeof option_table / sizeof option_table[0]; i++) {
    if (!option_table[i].fatal)
      continue;
    const char *text = getenv(option_table[i].name);
    fprintf(out, "  [host] %s = '%s'\n", option_table[i].name, text ? text : "");
  }
}
