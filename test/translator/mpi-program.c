// A program that uses MPI itself (a hybrid MPI+OpenMP code) expects each
// rank to be a process of its own; under parade the ranks are the nodes of
// one OpenMP program and MPI is the runtime's.
//
// The translator does not search MPI's headers: an #include <mpi.h> it
// does not find is an error that says why. Before, it stopped at "'mpi.h'
// file not found".
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %paradecc -fopenmp -c %s -o hybrid.o 2> err.txt
// RUN: FileCheck %s --check-prefix=ERROR --implicit-check-not="file not found" < err.txt
// The reason comes first (Clang then reads on without the header):
// ERROR-NOT: error:
// ERROR: mpi-program.c:[[# @LINE + 12]]:1: error: this program uses MPI itself (it includes <mpi.h>): parade runs an OpenMP program over MPI{{.*}}build it with mpicc -fopenmp
//
// Given MPI's headers (-I, as a hybrid Makefile does; -isystem, as CMake's
// FindMPI does for its probe) the file compiles, with a warning, and the
// program's MPI_Init stops the job with the reason. Before, it failed in
// MPI_Init with Open MPI's "attempted to initialize MPI twice".
// RUN: %paradecc -fopenmp -I%mpi-include %s -o hybrid 2> warn.txt
// RUN: FileCheck %s --check-prefix=WARN < warn.txt
// WARN: mpi-program.c:[[# @LINE + 4]]:1: warning: this program uses MPI itself{{.*}}(its MPI_Init will stop the job); build it with mpicc -fopenmp
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 120 -- %mpirun -np 2 ./hybrid > out.txt
// RUN: FileCheck --check-prefix=RUNTIME %s < out.txt --implicit-check-not="not reached"
// RUNTIME: the program calls MPI_Init: it uses MPI itself{{.*}}mpicc -fopenmp
#include <mpi.h>
//
// A header named mpi.h of the program's own (a stand-in for a serial
// build) is the program's: no warning.
// RUN: %paradecc -fopenmp -I%S/Inputs/mpi-stub -DSTUB %s -o stub 2> stub-warn.txt
// RUN: not grep -c warning stub-warn.txt
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 ./stub | FileCheck %s --check-prefix=STUB
// STUB: size 1 sum 4
#include <stdio.h>

int main(int argc, char **argv) {
  int size = 0;
#ifdef STUB
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#else
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  printf("not reached: %d\n", size);
#endif
  (void)argc;
  (void)argv;
  int sum = 0;
#pragma omp parallel reduction(+ : sum)
  sum += size;
  printf("size %d sum %d\n", size, sum);
  return 0;
}
