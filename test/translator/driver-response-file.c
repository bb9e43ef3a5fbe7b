// A response file (@FILE) stands for the arguments it holds: its -D, -I
// and -O reach the translation and the compile, not only the link, where
// they went before (the program built with its defaults, silently: N=100
// where the options said 1000). Found by a helper acting as a new user.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: printf '%%s\n' '-O2 -DCFG_N=1000' '"-DLABEL=\"from file\""' '-I%S/Inputs/driver/after' > opts.rsp
// RUN: %paradecc @opts.rsp %s -o prog && ./prog | FileCheck %s
// CHECK: from file N=1000 sum 499500
// RUN: %paradecc -E @opts.rsp %s | FileCheck %s --check-prefix=CPP
// CPP: int n = 1000;
#include <after.h>
#include <stdio.h>

#ifndef CFG_N
#define CFG_N 100
#endif
#ifndef LABEL
#define LABEL "default"
#endif

int n = CFG_N;

int main(void) {
  long sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < CFG_N; i++)
    sum += i;
  printf("%s N=%d sum %ld\n", LABEL, CFG_N, sum);
  return 0;
}
