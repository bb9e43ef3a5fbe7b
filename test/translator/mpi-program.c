// A program that uses MPI itself (a hybrid MPI+OpenMP code) expects each
// rank to be a process of its own; under parade the ranks are the nodes of
// one OpenMP program and MPI is the runtime's. It is refused at its
// #include <mpi.h> with what to build it with. Before, the translator,
// which does not search MPI's headers, stopped at "'mpi.h' file not
// found", and one given MPI's headers with -I (as a hybrid Makefile does)
// built a program whose MPI_Init failed at run time.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %paradecc -fopenmp -c %s -o hybrid.o 2> err.txt
// RUN: FileCheck %s --implicit-check-not="file not found" < err.txt
// RUN: not %paradecc -fopenmp -I%mpi-include -c %s -o hybrid.o 2> err-path.txt
// RUN: FileCheck %s < err-path.txt
// CHECK: mpi-program.c:[[# @LINE + 3]]:1: error: this program uses MPI itself (it includes <mpi.h>): parade runs an OpenMP program over MPI{{.*}}build it with mpicc -fopenmp
// CHECK-NOT: error:
#ifndef DECLARED
#include <mpi.h>
#endif
//
// A header named mpi.h of the program's own (a stand-in for a serial
// build) is the program's:
// RUN: %paradecc -fopenmp -I%S/Inputs/mpi-stub -DSTUB -c %s -o stub.o
//
// A program that declares MPI_Init itself meets the runtime's refusal:
// RUN: %paradecc -fopenmp -DDECLARED %s -o declared
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 120 -- %mpirun -np 2 ./declared > out.txt
// RUN: FileCheck --check-prefix=RUNTIME %s < out.txt
// RUNTIME: the program calls MPI_Init: it uses MPI itself{{.*}}mpicc -fopenmp
#include <stdio.h>

#ifdef DECLARED
int MPI_Init(int *argc, char ***argv);
#endif

int main(int argc, char **argv) {
  int size = 1;
#ifdef DECLARED
  MPI_Init(&argc, &argv);
#elif defined(STUB)
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#endif
  (void)argc;
  (void)argv;
  int sum = 0;
#pragma omp parallel reduction(+ : sum)
  sum += size;
  printf("not reached unless STUB: %d\n", sum > 0);
  return 0;
}
