// A work-shared loop reads a pooled scalar global once, before the loop,
// when nothing in the loop can write it: not by its name, not through a
// pointer that may hold its address (this file takes it, or another file
// could: it has linkage) and whose type may alias its own, not through
// memcpy and the like, not in a call that is not pure.
//
// RUN: %translate %s -- | grep -v "^//" | FileCheck %s
// Without the type-based aliasing rule (-fno-strict-aliasing, or below
// -O2: paradecc passes this), a double written through a pointer may be n.
// RUN: %translate -fparade-no-strict-aliasing %s -- | grep -v "^//" | FileCheck %s --check-prefix=NOSTRICT
// RUN: %paradecc --show -O2 -fno-strict-aliasing -c %s -o %t.o | FileCheck %s --check-prefix=DRIVER
// RUN: %paradecc --show -c %s -o %t.o | FileCheck %s --check-prefix=DRIVER
// RUN: %paradecc --show -O3 -c %s -o %t.o | FileCheck %s --check-prefix=DRIVER-STRICT
// DRIVER: parade-translate {{.*}}-fparade-no-strict-aliasing
// DRIVER-STRICT-NOT: -fparade-no-strict-aliasing
#include <string.h>

int n = 8;                 /* another file may point to it */
static double scale = 2;   /* only its name reaches it */
static double offset = 1;  /* this file points to it, below */
double unknown_fn(double);

double *point_at_offset(void) { return &offset; }

// Writes of doubles through a pointer change neither the int n nor the
// static scale, whose address no one takes.
// CHECK-LABEL: void plain(double *v) {
// CHECK-DAG: int parade_c_parade_g_n = (*parade_g_n);
// CHECK-DAG: double parade_c_parade_g_scale_{{[0-9]+}} = (*parade_g_scale_{{[0-9]+}});
// CHECK: v[i] = parade_c_parade_g_scale_{{[0-9]+}} * i + parade_c_parade_g_n;
// NOSTRICT-LABEL: void plain(double *v) {
// NOSTRICT-NOT: parade_c_parade_g_n =
// NOSTRICT: v[i] = parade_c_parade_g_scale_{{[0-9]+}} * i + (*parade_g_n);
void plain(double *v) {
#pragma omp for
  for (int i = 0; i < 100; i++)
    v[i] = scale * i + n;
}

// A double written through a pointer may be offset, which this file
// points to; scale is still cached.
// CHECK-LABEL: void aliased(double *v) {
// CHECK-NOT: parade_c_parade_g_offset
// CHECK: double parade_c_parade_g_scale_{{[0-9]+}} = (*parade_g_scale_{{[0-9]+}});
// CHECK-NOT: parade_c_parade_g_offset
// CHECK: v[i] = parade_c_parade_g_scale_{{[0-9]+}} * (*parade_g_offset_{{[0-9]+}});
// CHECK-LABEL: void aliased_int(int *w) {
void aliased(double *v) {
#pragma omp for
  for (int i = 0; i < 100; i++)
    v[i] = scale * offset;
}

// An int written through a pointer may be n (another file may point to
// it); an unsigned int too.
// CHECK-NOT: parade_c_parade_g_n
// CHECK: w[i] = (*parade_g_n) + 1;
// CHECK-LABEL: void aliased_unsigned(unsigned *w) {
// CHECK-NOT: parade_c_parade_g_n
// CHECK: w[i] = (*parade_g_n) + 1;
void aliased_int(int *w) {
#pragma omp for
  for (int i = 0; i < 100; i++)
    w[i] = n + 1;
}

void aliased_unsigned(unsigned *w) {
#pragma omp for
  for (int i = 0; i < 100; i++)
    w[i] = n + 1;
}

// memcpy writes bytes: whatever a pointer may reach, here n and offset
// (a float written through a pointer could be neither).
// CHECK-LABEL: void copies(float *dst, const float *src) {
// CHECK-NOT: parade_c_parade_g_n
// CHECK-NOT: parade_c_parade_g_offset
// CHECK: double parade_c_parade_g_scale_{{[0-9]+}} = (*parade_g_scale_{{[0-9]+}});
// CHECK-NOT: parade_c_parade_g_n
// CHECK-NOT: parade_c_parade_g_offset
// CHECK: dst[i] = (float)((*parade_g_n) + parade_c_parade_g_scale_{{[0-9]+}} + (*parade_g_offset_{{[0-9]+}}));
void copies(float *dst, const float *src) {
#pragma omp for
  for (int i = 0; i < 100; i++) {
    memcpy(dst + 100, src, sizeof *src);
    dst[i] = (float)(n + scale + offset);
  }
}

// A call that is not pure may write anything: nothing is cached.
// CHECK-LABEL: void calls(double *v) {
// CHECK-NOT: parade_c_
// CHECK: v[i] = unknown_fn(i) * (*parade_g_scale_{{[0-9]+}});
void calls(double *v) {
#pragma omp for
  for (int i = 0; i < 100; i++)
    v[i] = unknown_fn(i) * scale;
}
