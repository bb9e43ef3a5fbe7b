//===- Regions.h - Parallel regions -----------------------------*- C++ -*-===//
//
// A parallel region's body moves to a function of its own, placed before
// the enclosing function; the region becomes a fork:
//
//   #pragma omp parallel          struct parade_args_0 { int *parade_s_x_1; };
//   { x++; }               ==>    static void parade_region_0(void *parade_raw) {
//                                   ... int *parade_s_x_1 = parade_args->...;
//                                   { (*parade_s_x_1)++; } }
//                                 ... { struct parade_args_0 parade_a; ...
//                                 parade_parallel(parade_region_0, &parade_a,
//                                                 sizeof parade_a, 0, 1); }
//
// A region nested in another runs on the encountering thread alone.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_REGIONS_H
#define PARADE_TRANSLATOR_REGIONS_H

#include "ConstructContext.h"

namespace parade {

/// parallel, parallel for, parallel sections: outlined and forked.
std::string outline(ConstructContext &C, const clang::OMPExecutableDirective *D);
/// The same directive nested in another region: serialized in place.
std::string serializedRegion(ConstructContext &C, const clang::OMPExecutableDirective *D);

} // namespace parade

#endif
