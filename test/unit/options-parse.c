// Unit test of the option parsers: sizes are decimal with an optional
// K/M/G/T suffix ("010M" is 10 MiB, not octal 8), and leading or trailing
// spaces, signs and overflow are refused; integers the same; the pool base
// alone may be hexadecimal; OMP_STACKSIZE follows libgomp (default unit K,
// B/K/M/G suffix, spaces around allowed).
//
// RUN: %cc-parade-internal
// RUN: %t | FileCheck %s
// CHECK-NOT: FAILED
// CHECK: options-parse: {{[0-9]+}} cases ok
#include "options.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int cases, failures;

static void expect_size(const char *text, int want_err, size_t want) {
  size_t got = 12345;
  int err = options_parse_size(text, &got);
  cases++;
  if ((err != 0) != want_err || (!want_err && got != want)) {
    failures++;
    printf("options-parse: FAILED size '%s': error %d, value %zu\n", text, err, got);
  }
}

static void expect_int(const char *text, int lo, int hi, int want_err, int want) {
  int got = 12345;
  int err = options_parse_int(text, lo, hi, &got);
  cases++;
  if ((err != 0) != want_err || (!want_err && got != want)) {
    failures++;
    printf("options-parse: FAILED int '%s' in [%d, %d]: error %d, value %d\n", text, lo, hi, err,
           got);
  }
}

static void expect_address(const char *text, int want_err, uintptr_t want) {
  uintptr_t got = 12345;
  int err = options_parse_address(text, &got);
  cases++;
  if ((err != 0) != want_err || (!want_err && got != want)) {
    failures++;
    printf("options-parse: FAILED address '%s': error %d, value %#lx\n", text, err,
           (unsigned long)got);
  }
}

static void expect_stacksize(const char *text, int want_err, size_t want) {
  size_t got = 12345;
  int err = options_parse_stacksize(text, &got);
  cases++;
  if ((err != 0) != want_err || (!want_err && got != want)) {
    failures++;
    printf("options-parse: FAILED stack size '%s': error %d, value %zu\n", text, err, got);
  }
}

int main(void) {
  const size_t K = 1024, M = K * K, G = M * K;
  expect_size("0", 0, 0);
  expect_size("123", 0, 123);
  expect_size("64K", 0, 64 * K);
  expect_size("64k", 0, 64 * K);
  expect_size("16M", 0, 16 * M);
  expect_size("16MiB", 0, 16 * M);
  expect_size("16MB", 0, 16 * M);
  expect_size("4096B", 0, 4096);
  expect_size("4096iB", 1, 0);
  expect_size("1G", 0, G);
  expect_size("2T", 0, 2 * G * K);
  expect_size("010M", 0, 10 * M);
  expect_size("0010", 0, 10);
  expect_size("08", 0, 8);
  expect_size("0x10", 1, 0);
  expect_size("", 1, 0);
  expect_size(" ", 1, 0);
  expect_size(" 16M", 1, 0);
  expect_size("16M ", 1, 0);
  expect_size("16 M", 1, 0);
  expect_size("-1", 1, 0);
  expect_size(" -1", 1, 0);
  expect_size("+1", 1, 0);
  expect_size("\t1", 1, 0);
  expect_size("1.5G", 1, 0);
  expect_size("16X", 1, 0);
  expect_size("M", 1, 0);
  expect_size("18446744073709551615", 0, SIZE_MAX);
  expect_size("18446744073709551616", 1, 0);
  expect_size("17179869184G", 1, 0);
  expect_size("16777215T", 0, (size_t)16777215 << 40);
  expect_size("16777216T", 1, 0);

  expect_int("0", 0, 3, 0, 0);
  expect_int("3", 0, 3, 0, 3);
  expect_int("4", 0, 3, 1, 0);
  expect_int("-1", 0, 3, 1, 0);
  expect_int("-1", -5, 3, 0, -1);
  expect_int("010", 0, 100, 0, 10);
  expect_int(" 2", 0, 3, 1, 0);
  expect_int("2 ", 0, 3, 1, 0);
  expect_int("+2", 0, 3, 1, 0);
  expect_int(" -1", -5, 3, 1, 0);
  expect_int("", 0, 3, 1, 0);
  expect_int("2x", 0, 3, 1, 0);
  expect_int("0x2", 0, 3, 1, 0);
  expect_int("99999999999999999999", 0, 2147483647, 1, 0);
  expect_int("2147483647", 0, 2147483647, 0, 2147483647);

  expect_address("0x100000000000", 0, (uintptr_t)0x100000000000ull);
  expect_address("0X200000000000", 0, (uintptr_t)0x200000000000ull);
  expect_address("17592186044416", 0, (uintptr_t)17592186044416ull);
  expect_address("0100000000000", 0, (uintptr_t)100000000000ull);
  expect_address(" 0x100000000000", 1, 0);
  expect_address("0x100000000000 ", 1, 0);
  expect_address("-0x100000000000", 1, 0);
  expect_address("+0x100000000000", 1, 0);
  expect_address("0x", 1, 0);
  expect_address("0x-1", 1, 0);
  expect_address("", 1, 0);
  expect_address("0x10000000000000000", 1, 0);

  /* libgomp's parse_stacksize: what gcc -fopenmp accepts. */
  expect_stacksize("32768", 0, 32768 * K);
  expect_stacksize("32M", 0, 32 * M);
  expect_stacksize("32m", 0, 32 * M);
  expect_stacksize("1G", 0, G);
  expect_stacksize("4096B", 0, 4096);
  expect_stacksize("64k", 0, 64 * K);
  expect_stacksize(" 32M ", 0, 32 * M);
  expect_stacksize("32 M", 0, 32 * M);
  expect_stacksize("010M", 0, 10 * M);
  expect_stacksize("", 1, 0);
  expect_stacksize("  ", 1, 0);
  expect_stacksize("32Q", 1, 0);
  expect_stacksize("32MB", 1, 0);
  expect_stacksize("M", 1, 0);
  expect_stacksize("-1", 1, 0);
  expect_stacksize("1.5M", 1, 0);
  expect_stacksize("17179869184G", 1, 0);

  if (failures) {
    printf("options-parse: %d of %d cases FAILED\n", failures, cases);
    return 1;
  }
  printf("options-parse: %d cases ok\n", cases);
  return 0;
}
