// Sizes that cannot be allocated fail as the C library's do, with NULL and
// errno ENOMEM, instead of wrapping around to a small block that the next
// allocation hands out again: malloc, calloc, realloc (the old block stays
// valid), posix_memalign and aligned_alloc, near SIZE_MAX and past
// PTRDIFF_MAX; absurd alignments too. Ordinary requests still work after.
//
// RUN: %cc-parade
// RUN: %t 2>&1 | FileCheck %s --implicit-check-not=FAILED --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not=FAILED --implicit-check-not='parade: error'
//
// CHECK: alloc-overflow: {{[0-9]+}} checks passed
#include <parade.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int checks, failures;

static void expect(int ok, const char *what) {
  checks++;
  if (!ok) {
    failures++;
    printf("alloc-overflow: FAILED %s\n", what);
  }
}

static void expect_enomem(void *result, const char *what) {
  expect(result == NULL, what);
  expect(errno == ENOMEM, what);
}

static int app_main(int argc, char **argv) {
  static const size_t huge[] = {SIZE_MAX, SIZE_MAX - 10, SIZE_MAX - 4095, SIZE_MAX / 2 + 1,
                                (size_t)PTRDIFF_MAX + 1};
  for (size_t i = 0; i < sizeof huge / sizeof *huge; i++) {
    errno = 0;
    void *p = parade_malloc(huge[i]);
    char *next = parade_malloc(8192);
    expect(p != next, "malloc(huge) returns the next block's address");
    expect_enomem(p, "malloc(huge)");
    memset(next, 1, 8192);
    parade_free(next);

    errno = 0;
    expect_enomem(parade_calloc(huge[i], 1), "calloc(huge, 1)");
    errno = 0;
    expect_enomem(parade_calloc(2, huge[i] / 2 + 1), "calloc(2, huge / 2 + 1)");

    char *old = parade_malloc(100);
    memset(old, 7, 100);
    errno = 0;
    expect_enomem(parade_realloc(old, huge[i]), "realloc(p, huge)");
    expect(old[0] == 7 && old[99] == 7, "realloc(p, huge) keeps the old block");
    parade_free(old);

    void *aligned = (void *)1;
    expect(parade_posix_memalign(&aligned, 64, huge[i]) == ENOMEM,
           "posix_memalign(64, huge) is ENOMEM");
    errno = 0;
    expect_enomem(parade_aligned_alloc(4096, huge[i]), "aligned_alloc(4096, huge)");
  }
  /* An alignment no pool can honour: 2^62 and the largest power of two. */
  static const size_t alignments[] = {(size_t)1 << 62, (size_t)1 << 63};
  for (size_t i = 0; i < sizeof alignments / sizeof *alignments; i++) {
    void *p = (void *)1;
    expect(parade_posix_memalign(&p, alignments[i], 16) == ENOMEM,
           "posix_memalign(huge alignment) is ENOMEM");
    errno = 0;
    expect_enomem(parade_aligned_alloc(alignments[i], 16), "aligned_alloc(huge alignment)");
  }
  char *ok = parade_malloc(1 << 20);
  memset(ok, 3, 1 << 20);
  void *aligned = NULL;
  expect(parade_posix_memalign(&aligned, 1 << 16, 100) == 0 &&
             ((uintptr_t)aligned & 0xffff) == 0,
         "posix_memalign(65536, 100) after the failures");
  parade_free(aligned);
  parade_free(ok);
  printf("alloc-overflow: %d checks passed\n", checks - failures);
  return failures != 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
