//===- SharedData.h - Shared data placement in the DSM pool ------------===//
//
// File-scope and static variables move into the pool behind a pointer that
// a constructor fills in identically on every rank:
//
//   double a[100] = {1};     ==>   double (*parade_g_a)[100];
//   ... a[i] ...                   static const double parade_gi_a[100] = {1};
//                                  __attribute__((constructor)) static void
//                                  parade_gc_a(void) { parade_g_a =
//                                    parade_static_alloc(...); }
//                                  ... (*parade_g_a)[i] ...
//
// Automatic variables that a region shares (and writes) move to pool
// storage freed by a cleanup attribute. Calls to the malloc family and to
// read/write/fread/fwrite/fgets are renamed to parade's, and main is
// renamed so that parade_main can run it on rank 0.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_SHAREDDATA_H
#define PARADE_TRANSLATOR_SHAREDDATA_H

#include "Context.h"

namespace parade {

/// Decide which file-scope and static variables go to the pool.
void collectPooledGlobals(Translation &T, clang::TranslationUnitDecl *TU);
/// Rewrite every use of a pooled variable (spelled per Translation::spell).
void rewritePooledUses(Translation &T, clang::TranslationUnitDecl *TU);
/// Rewrite the declarations of pooled variables.
void rewritePooledDecls(Translation &T, clang::TranslationUnitDecl *TU);
/// Move type declarations local to a function with parallel regions to file
/// scope, where the outlined regions can name them.
void hoistLocalTypes(Translation &T, clang::TranslationUnitDecl *TU);
/// Rename allocation and I/O calls; wrap main; handle threadprivate.
void rewriteRuntimeCalls(Translation &T, clang::TranslationUnitDecl *TU);
void wrapMain(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
