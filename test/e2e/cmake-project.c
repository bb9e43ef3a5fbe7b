// A CMake project of an OpenMP program (Inputs/cmake-project: FindOpenMP,
// a static library, find_package(parade)) configured with
// -DCMAKE_C_COMPILER=paradecc, from the build tree and from an
// installation, and run on 2 ranks x 2 threads.
//
// REQUIRES: translator
// RUN: rm -rf %t && mkdir -p %t
// RUN: cmake -S %S/Inputs/cmake-project -B %t/tree -DCMAKE_C_COMPILER=%paradecc \
// RUN:   -Dparade_DIR=%parade-build-dir | FileCheck %s --check-prefix=CONFIG
// CONFIG: demo: OpenMP {{.*}}, paradecc {{.*}}paradecc
// RUN: cmake --build %t/tree
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t/tree/prog | FileCheck %s
// RUN: cmake --install %parade-build-dir --prefix %t/inst > /dev/null
// RUN: cmake -S %S/Inputs/cmake-project -B %t/inst-tree -DCMAKE_C_COMPILER=%t/inst/bin/paradecc \
// RUN:   -Dparade_DIR=%t/inst/lib/cmake/parade | FileCheck %s --check-prefix=INSTALLED
// INSTALLED: demo: OpenMP {{.*}}, paradecc {{.*}}inst/lib/cmake/parade/../../../bin/paradecc
// RUN: cmake --build %t/inst-tree
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t/inst-tree/prog | FileCheck %s
// CHECK: pi 3.141593 field 31.607 threads>0 1
