// interop with the host as the only device: init leaves the object
// omp_interop_none (no foreign runtime), use and destroy accept it, and
// depend waits for the task it names; the interop routines answer for
// omp_interop_none with OpenMP's property names, types and return-code
// descriptions. gcc 12 has no interop: the expected output is written
// below, at 1 x 2 and 2 x 2, with the object a variable the region shares.
//
// REQUIRES: translator
// RUN: %paradecc -Rparade %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// REMARK-COUNT-3: remark: interop: no foreign runtime here, the object is omp_interop_none
// CHECK: none=1 props=0 int=0 rc=-1 ptr=1 str=1
// CHECK: names=fr_id,targetsync,(null) types=omp_interop_fr_t,void *
// CHECK: rc_desc=the interop object is omp_interop_none
// CHECK: produced=42 after_destroy=1
#include <omp.h>
#include <stdio.h>

int produced;

int main(void) {
  omp_interop_t obj = (omp_interop_t)&produced; /* not none before init */
#pragma omp parallel shared(obj)
#pragma omp single
  {
#pragma omp task depend(out : produced)
    produced = 42;
#pragma omp interop init(targetsync : obj) depend(in : produced)
    int rc = 7;
    omp_intptr_t v = omp_get_interop_int(obj, omp_ipr_fr_id, &rc);
    int rc2 = 7, rc3 = 7;
    void *p = omp_get_interop_ptr(obj, omp_ipr_device, &rc2);
    const char *s = omp_get_interop_str(obj, omp_ipr_vendor_name, &rc3);
    printf("none=%d props=%d int=%ld rc=%d ptr=%d str=%d\n", obj == omp_interop_none,
           omp_get_num_interop_properties(obj), (long)v, rc, p == NULL && rc2 == omp_irc_empty,
           s == NULL && rc3 == omp_irc_empty);
    const char *bad = omp_get_interop_name(obj, (omp_interop_property_t)5);
    printf("names=%s,%s,%s types=%s,%s\n", omp_get_interop_name(obj, omp_ipr_fr_id),
           omp_get_interop_name(obj, omp_ipr_targetsync), bad ? bad : "(null)",
           omp_get_interop_type_desc(obj, omp_ipr_fr_id),
           omp_get_interop_type_desc(obj, omp_ipr_device));
    printf("rc_desc=%s\n", omp_get_interop_rc_desc(obj, omp_irc_empty));
#pragma omp interop use(obj)
    obj = (omp_interop_t)&produced;
#pragma omp interop destroy(obj)
    printf("produced=%d after_destroy=%d\n", produced, obj == omp_interop_none);
  }
  return 0;
}
