//===- Tile.h - tile constructs written out as loops ------------*- C++ -*-===//
//
// `tile sizes(s0, ..., sd-1)` stands for loops: d floor loops over the
// tiles, then d tile loops over a tile's iterations, each counting logical
// iterations, and the original loop variables set from them:
//
//   #pragma omp tile sizes(4)          for (long long parade_tf1_0 = 0; ... += (4))
//   for (i = lb; i < ub; i += st)  ==>  for (long long parade_tt1_0 = parade_tf1_0; ...)
//     body;                             { int i = (int)(lb + parade_tt1_0 * st); body; }
//
// The loops are written into the source, which is then parsed again: a
// loop directive over the tile (`for`, `parallel for collapse(2)`) sees
// the floor loops as ordinary loops, and the rest of the translation never
// meets a tile. Lines keep their numbers. A tile on its own gives the
// original loop variables declared outside it their values after the loops.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_TILE_H
#define PARADE_TRANSLATOR_TILE_H

#include "Context.h"

namespace parade {

/// Rewrites every tile construct of the main file; returns how many.
unsigned expandTiles(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
