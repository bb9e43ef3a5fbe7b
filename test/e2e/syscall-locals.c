// Locals of main whose address only reaches the C library's system calls
// (stat, pipe, getrusage, clock_gettime, uname, ...) stay on the stack: in
// the pool the kernel could not write to them (a protected page gives
// EFAULT, not a fault), and the calls failed silently at P > 1.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: syscall-locals: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

int main(void) {
  struct stat st;
  int fds[2];
  struct rusage ru;
  struct timespec ts;
  struct timeval tv;
  struct utsname un;
  struct tm tm;
  time_t now;
  char cwd[256];
  int r_stat = stat("/", &st);
  int r_pipe = pipe(fds);
  int r_ru = getrusage(RUSAGE_SELF, &ru);
  int r_ts = clock_gettime(CLOCK_MONOTONIC, &ts);
  int r_tv = gettimeofday(&tv, NULL);
  int r_un = uname(&un);
  time(&now);
  int r_tm = localtime_r(&now, &tm) != NULL;
  int r_cwd = getcwd(cwd, sizeof cwd) != NULL;
  long sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  int piped = 0;
  if (r_pipe == 0 && write(fds[1], "x", 1) == 1) {
    char c = 0;
    piped = read(fds[0], &c, 1) == 1 && c == 'x';
  }
  printf("stat %d dir %d pipe %d piped %d getrusage %d clock %d tv %d uname %d sys %d "
         "localtime %d getcwd %d sum %ld\n",
         r_stat, r_stat == 0 && S_ISDIR(st.st_mode), r_pipe, piped, r_ru, r_ts,
         r_tv == 0 && tv.tv_sec > 0, r_un, r_un == 0 && strlen(un.sysname) > 0, r_tm, r_cwd,
         sum);
  return 0;
}
