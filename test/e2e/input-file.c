// A program that reads an input file into a shared array (fread and fgets
// into pool memory), then works on it in parallel.
//
// REQUIRES: translator
// RUN: %python -c "open('%t.in','w').write('4 values\n' + ''.join(chr(65 + i % 26) for i in range(5000)))"
// RUN: %compare-with-gcc %s -- %t.in | FileCheck %s
// CHECK: e2e: input-file: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "r");
  if (!f)
    return 1;
  char *header = malloc(64);
  if (!fgets(header, 64, f))
    return 1;
  unsigned char *data = malloc(8192);
  size_t n = fread(data, 1, 8192, f);
  fclose(f);
  long histogram[26];
  memset(histogram, 0, sizeof histogram);
#pragma omp parallel for
  for (int letter = 0; letter < 26; letter++)
    for (size_t i = 0; i < n; i++)
      if (data[i] == 'A' + letter)
        histogram[letter]++;
  header[strcspn(header, "\n")] = 0;
  printf("header='%s' bytes=%zu A=%ld Z=%ld\n", header, n, histogram[0], histogram[25]);
  return 0;
}
