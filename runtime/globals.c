/* The program's shared globals. The translator puts each file-scope variable
 * that OpenMP shares in parade_data or parade_bss (see parade.h); the linker
 * gathers each section from every object, in link order, and defines
 * __start_ and __stop_ symbols around it. The runtime is linked last, so its
 * guard page ends each section: the guard's alignment makes the section
 * start on a page boundary, and the guard's start is the first page boundary
 * after the program's last global. The range before the guard therefore
 * holds nothing but the program's globals, in whole pages. */
#include "globals.h"

#include "error.h"
#include "parade.h"

#include <stdint.h>

#define GUARD_SIZE 4096

__attribute__((section("parade_data"), aligned(GUARD_SIZE),
               used)) static char data_guard[GUARD_SIZE] = {1};
PARADE_SHARED_BSS __attribute__((aligned(GUARD_SIZE), used)) static char bss_guard[GUARD_SIZE];

extern char __start_parade_data[], __stop_parade_data[];
extern char __start_parade_bss[], __stop_parade_bss[];

/* The compiler may assume that distinct objects never meet and fold the
 * comparisons below: hide where the addresses come from. */
static uintptr_t address(const void *p) {
  uintptr_t a = (uintptr_t)p;
  __asm__("" : "+r"(a));
  return a;
}

static void range_of(const char *name, char *start, char *stop, char *guard, size_t page_size,
                     struct globals_range *out) {
  uintptr_t begin = address(start), end = address(guard);
  if (address(stop) != end + GUARD_SIZE || (begin & (page_size - 1)) || (end & (page_size - 1)))
    err_fatal("the program's shared globals (section %s) do not end with parade's guard page: "
              "link with paradecc, which puts the parade runtime after every object",
              name);
  out->begin = (char *)begin;
  out->size = (size_t)(end - begin);
}

void globals_ranges(size_t page_size, struct globals_range *data, struct globals_range *bss) {
  if (page_size > GUARD_SIZE)
    err_fatal("page size %zu is larger than the %d-byte guard of the shared globals", page_size,
              GUARD_SIZE);
  range_of("parade_data", __start_parade_data, __stop_parade_data, data_guard, page_size, data);
  range_of("parade_bss", __start_parade_bss, __stop_parade_bss, bss_guard, page_size, bss);
}
