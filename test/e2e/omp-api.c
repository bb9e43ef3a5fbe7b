// The OpenMP 5.x host routines beyond the 3.x API, compared with gcc
// -fopenmp: allocators (traits, alignment, calloc, realloc, the null
// fallback, default values, realloc keeping the block's allocator), device memory with the host as the device (target_alloc,
// target_memcpy, target_memcpy_rect), the affinity
// format and its capture, teams and device queries, pause, and
// omp_get_max_threads inside a region (nthreads-var persists). Memory
// from an allocator is shared: the threads of every rank fill it.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: omp-api: all {{[0-9]+}} configurations match gcc -fopenmp
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int bad = 0;
  omp_alloctrait_t traits[] = {{omp_atk_alignment, 256}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 2, traits);
  double *a = omp_alloc(1000 * sizeof(double), al);
  if (al == omp_null_allocator || !a || ((uintptr_t)a % 256))
    bad |= 1;
  double *b = omp_aligned_calloc(64, 1000, sizeof(double), omp_default_mem_alloc);
  if (!b || ((uintptr_t)b % 64))
    bad |= 2;
  for (int i = 0; i < 1000; i++)
    if (b[i] != 0)
      bad |= 4;
  if (omp_alloc(0, omp_default_mem_alloc) != NULL)
    bad |= 8;
  omp_alloctrait_t odd[] = {{omp_atk_alignment, 3}};
  if (omp_init_allocator(omp_default_mem_space, 1, odd) != omp_null_allocator)
    bad |= 16;
  double sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 1000; i++) {
    a[i] = i;
    b[i] = 2 * i;
    sum += a[i] + b[i];
  }
  omp_alloctrait_t defaults[] = {{omp_atk_alignment, omp_atv_default},
                                  {omp_atk_fallback, omp_atv_default}};
  omp_allocator_handle_t plain = omp_init_allocator(omp_default_mem_space, 2, defaults);
  if (plain == omp_null_allocator)
    bad |= 1024;
  omp_destroy_allocator(plain);
  /* A null allocator reallocates with the block's own allocator. */
  a = omp_realloc(a, 1500 * sizeof(double), omp_null_allocator, omp_null_allocator);
  if (!a || ((uintptr_t)a % 256))
    bad |= 2048;
  a = omp_realloc(a, 2000 * sizeof(double), al, al);
  for (int i = 0; i < 1000; i++)
    if (a[i] != i || b[i] != 2 * i)
      bad |= 32;
  omp_free(a, al);
  omp_free(b, omp_default_mem_alloc);
  omp_destroy_allocator(al);

  int host = omp_get_initial_device();
  int src[6] = {1, 2, 3, 4, 5, 6}, dst[6] = {0};
  if (omp_target_memcpy(dst, src, sizeof src, 0, 0, host, host) != 0 ||
      memcmp(dst, src, sizeof src))
    bad |= 64;
  int grid[3][4] = {{0}}, sub[2][2] = {{7, 8}, {9, 10}};
  size_t vol[2] = {2, 2}, doff[2] = {1, 2}, soff[2] = {0, 0}, ddim[2] = {3, 4}, sdim[2] = {2, 2};
  if (omp_target_memcpy_rect(grid, sub, sizeof(int), 2, vol, doff, soff, ddim, sdim, host, host))
    bad |= 128;
  if (grid[1][2] != 7 || grid[1][3] != 8 || grid[2][2] != 9 || grid[2][3] != 10 || grid[0][0])
    bad |= 256;
  int *t = omp_target_alloc(64 * sizeof(int), host);
  if (!t || !omp_target_is_present(t, host))
    bad |= 512;
#pragma omp parallel for
  for (int i = 0; i < 64; i++)
    t[i] = i * i;
  long squares = 0;
  for (int i = 0; i < 64; i++)
    squares += t[i];
  omp_target_free(t, host);

  omp_lock_t l;
  omp_init_lock(&l);
  omp_nest_lock_t nl;
  omp_init_nest_lock(&nl);
  int count = 0, nested = 0;
#pragma omp parallel
  {
    omp_set_lock(&l);
    count++;
    omp_unset_lock(&l);
    omp_set_nest_lock(&nl);
    omp_set_nest_lock(&nl);
    nested++;
    omp_unset_nest_lock(&nl);
    omp_unset_nest_lock(&nl);
  }
  omp_destroy_lock(&l);
  omp_destroy_nest_lock(&nl);

  int in_region_max = 0, level = 0;
#pragma omp parallel
  {
#pragma omp single
    {
      in_region_max = omp_get_max_threads();
      level = omp_get_level();
    }
  }
  char cap[64];
  size_t caplen = omp_capture_affinity(cap, sizeof cap, "L=%L n=%0.3n N=%{num_threads} T=%T|");
  char small[8];
  size_t smalllen = omp_capture_affinity(small, sizeof small, "%.6{team_num}x");
  omp_set_affinity_format("x%Ly");
  char fmt[16];
  size_t fl = omp_get_affinity_format(fmt, sizeof fmt);

  printf("bad=%d sum=%g squares=%ld\n", bad, sum, squares);
  printf("count=%d nested=%d\n", count == omp_get_max_threads(), nested == omp_get_max_threads());
  printf("max threads in a region = outside: %d, level %d\n",
         in_region_max == omp_get_max_threads(), level);
  printf("capture=%s len=%zu small=%s len=%zu fmt=%s len=%zu\n", cap, caplen, small, smalllen,
         fmt, fl);
  printf("devices=%d initial=%d is_initial=%d teams=%d/%d\n", omp_get_num_devices(),
         omp_get_initial_device(), omp_is_initial_device(), omp_get_num_teams(),
         omp_get_team_num());
  printf("pause=%d supported_levels=%d max_active=%d dynamic=%d\n",
         omp_pause_resource_all(omp_pause_soft), omp_get_supported_active_levels() >= 1,
         omp_get_max_active_levels(), omp_get_dynamic());
  return 0;
}
