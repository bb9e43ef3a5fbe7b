/* A loop directive in a fragment header, as hypre's hypre_smp_forloop.h
 * (AMGmk): the including function names the private variables in a macro,
 * and the fragment forgets it after the directive. */
#pragma omp parallel for private(SMP_PRIVATE) schedule(static)
#undef SMP_PRIVATE
