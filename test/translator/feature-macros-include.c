// Feature-test macros from a header given on the command line (`-include
// config.h`, as autoconf'd builds do) stay defined after parade.h: the
// program's text does not define them again, and its later `#ifdef
// _XOPEN_SOURCE` must still see them. They were #undef'd for good.
//
// RUN: %translate %s -- -include %S/Inputs/config-xopen.h | FileCheck %s --implicit-check-not='#undef {{_XOPEN_SOURCE}}'
// CHECK: #include <parade.h>
// RUN: %translate %s -- -include %S/Inputs/config-xopen.h | %gcc-openmp -include %S/Inputs/config-xopen.h -Werror -I%S/../../include -x c -c - -o %t.o
#include <stdlib.h>

#ifndef _XOPEN_SOURCE
#error the -include'd feature macro is gone
#endif

int main(void) { return 0; }
