// paradecc refuses C++ sources: passed on untranslated they would build,
// and every rank would run the whole program serially.
//
// RUN: cp %s %t.cpp
// RUN: not %paradecc %t.cpp -o %t 2>&1 | FileCheck %s
// RUN: cp %s %t.cc
// RUN: not %paradecc -c %t.cc -o %t.o 2>&1 | FileCheck %s
// CHECK: paradecc: error: {{.*}}: C++ sources are not supported; parade translates OpenMP C
int main(void) { return 0; }
