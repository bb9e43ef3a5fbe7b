// Unit test of the signal-safe formatter: every combination of flags,
// width, precision and length modifier that the runtime's messages can use
// gives exactly what snprintf gives, text and returned length, also when
// the buffer is too small; fmt_strerror gives strerror's text.
//
// RUN: %cc-parade-internal
// RUN: %t | FileCheck %s
// CHECK-NOT: FAILED
// CHECK: format: {{[0-9]+}} cases agree with snprintf
#include "format.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

static int cases, failures;

static void check(const char *fmt, ...) {
  char want[512], got[512];
  va_list a, b;
  va_start(a, fmt);
  int want_len = vsnprintf(want, sizeof want, fmt, a);
  va_end(a);
  memset(got, 'Z', sizeof got);
  va_start(b, fmt);
  size_t got_len = fmt_vformat(got, sizeof got, fmt, b);
  va_end(b);
  cases++;
  if ((size_t)want_len != got_len || strcmp(want, got)) {
    failures++;
    printf("format: FAILED \"%s\": snprintf \"%s\" (%d), fmt_vformat \"%s\" (%zu)\n", fmt, want,
           want_len, got, got_len);
  }
}

/* The same output cut short at every buffer size. */
static void check_truncation(const char *fmt, ...) {
  char want[64], got[64];
  for (size_t cap = 0; cap < sizeof want; cap++) {
    va_list a, b;
    memset(want, 'Z', sizeof want);
    memset(got, 'Z', sizeof got);
    va_start(a, fmt);
    int want_len = vsnprintf(want, cap, fmt, a);
    va_end(a);
    va_start(b, fmt);
    size_t got_len = fmt_vformat(got, cap, fmt, b);
    va_end(b);
    cases++;
    if ((size_t)want_len != got_len || memcmp(want, got, sizeof want)) {
      failures++;
      printf("format: FAILED \"%s\" cut to %zu bytes\n", fmt, cap);
    }
  }
}

static const char *flag_sets[] = {"", "-", "0", "+", " ", "#", "-0", "+0", "-+", " 0", "#0", "-#"};
static const char *widths[] = {"", "1", "5", "12", "25"};
static const char *precisions[] = {"", ".", ".0", ".1", ".3", ".10"};

static void integers(void) {
  static const long long values[] = {0, 1, -1, 7, 42, -42, 255, 4096, 65535, -32768,
                                     INT_MAX, INT_MIN, 1ll << 40, -(1ll << 40),
                                     LLONG_MAX, LLONG_MIN};
  static const char *lengths[] = {"hh", "h", "", "l", "ll", "j", "z", "t"};
  static const char convs[] = "diuoxX";
  char fmt[32];
  for (size_t f = 0; f < sizeof flag_sets / sizeof *flag_sets; f++)
    for (size_t w = 0; w < sizeof widths / sizeof *widths; w++)
      for (size_t p = 0; p < sizeof precisions / sizeof *precisions; p++)
        for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++)
          for (const char *c = convs; *c; c++) {
            snprintf(fmt, sizeof fmt, "<%%%s%s%s%s%c>", flag_sets[f], widths[w], precisions[p],
                     lengths[l], *c);
            for (size_t v = 0; v < sizeof values / sizeof *values; v++) {
              long long x = values[v];
              switch (l) {
              case 0: case 1: case 2: check(fmt, (int)x); break;
              case 3: check(fmt, (long)x); break;
              case 4: check(fmt, x); break;
              case 5: check(fmt, (intmax_t)x); break;
              case 6: check(fmt, (ssize_t)x); break;
              default: check(fmt, (ptrdiff_t)x); break;
              }
            }
          }
  /* The runtime's own shapes. */
  check("%zu bytes, %zu free in rank %d's arena (now %zu)", (size_t)1 << 20, (size_t)12345, 3,
        SIZE_MAX);
  check("lock %#llx, page %llu, module %u", 0xdeadbeefcafeull, 18446744073709551615ull, 7u);
  check("pool at %#lx", 0x100000000000ul);
  check("%*d|%-*d|%.*d|%*.*u", 6, 42, 6, 42, 4, 7, -8, 3, 5u);
  check("%.*d", -1, 5);
}

static void strings_and_chars(void) {
  static const char *texts[] = {"", "a", "hello", "a longer string of text"};
  char fmt[32];
  for (size_t f = 0; f < 2; f++)
    for (size_t w = 0; w < sizeof widths / sizeof *widths; w++)
      for (size_t p = 0; p < sizeof precisions / sizeof *precisions; p++) {
        snprintf(fmt, sizeof fmt, "[%%%s%s%ss]", flag_sets[f], widths[w], precisions[p]);
        for (size_t t = 0; t < sizeof texts / sizeof *texts; t++)
          check(fmt, texts[t]);
        snprintf(fmt, sizeof fmt, "[%%%s%sc]", flag_sets[f], widths[w]);
        check(fmt, 'x');
      }
  check("%s%%%c%s", "100", '!', "");
  check("%.*s|%-*s|", 3, "abcdef", 8, "ab");
  char unterminated[4] = {'a', 'b', 'c', 'd'};
  check("%.4s", unterminated);
}

static void pointers(void) {
  int local;
  void *values[] = {NULL, &local, (void *)1, (void *)0x100000000000ul, (void *)UINTPTR_MAX};
  for (size_t v = 0; v < sizeof values / sizeof *values; v++) {
    check("%p", values[v]);
    check("%20p|%-20p|", values[v], values[v]);
    check("segmentation fault at address %p (outside the shared pool)", values[v]);
  }
}

static void floats(void) {
  static const double values[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, 0.25, 0.125, 3.14159,
                                  -2.75, 100.0, 123456.789, 1e-5, 0.001, 65536.0, 1e15,
                                  1.0 / 0.0, -1.0 / 0.0};
  static const char *shapes[] = {"%f", "%.0f", "%.1f", "%.2f", "%.3f", "%10.2f", "%-10.2f|",
                                 "%010.3f", "%+.1f", "% .1f", "%#.0f", "%F"};
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
    for (size_t v = 0; v < sizeof values / sizeof *values; v++)
      check(shapes[s], values[v]);
  check("%.3f", 0.0 / 0.0);
}

static void strerror_texts(void) {
  for (int err = 1; err < 140; err++) {
    const char *got = fmt_strerror(err);
    cases++;
    if (strncmp(got, "errno ", 6) && strcmp(got, strerror(err))) {
      failures++;
      printf("format: FAILED fmt_strerror(%d) \"%s\", strerror \"%s\"\n", err, got,
             strerror(err));
    }
  }
  static const int common[] = {ENOMEM, EINVAL, EADDRINUSE, EPERM, EACCES, EEXIST, ENOSPC};
  for (size_t i = 0; i < sizeof common / sizeof *common; i++) {
    cases++;
    if (strcmp(fmt_strerror(common[i]), strerror(common[i]))) {
      failures++;
      printf("format: FAILED fmt_strerror(%d) has no text\n", common[i]);
    }
  }
  cases++;
  if (strcmp(fmt_strerror(98765), "errno 98765")) {
    failures++;
    printf("format: FAILED fmt_strerror(98765) \"%s\"\n", fmt_strerror(98765));
  }
}

int main(void) {
  integers();
  strings_and_chars();
  pointers();
  floats();
  check_truncation("parade: %s: [rank %d] %zu bytes at %p", "error", 12, (size_t)4096,
                   (void *)0x7fff12345678ul);
  check_truncation("%-20s|%08.3f|%#x", "left", 3.25, 255u);
  strerror_texts();
  if (failures) {
    printf("format: %d of %d cases FAILED\n", failures, cases);
    return 1;
  }
  printf("format: %d cases agree with snprintf\n", cases);
  return 0;
}
