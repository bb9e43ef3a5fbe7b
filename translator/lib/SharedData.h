//===- SharedData.h - Shared data placement in the DSM ------------------===//
//
// File-scope variables that OpenMP shares keep their names and their
// declarations; one redeclaration at the end of the file places them in the
// DSM's sections, which the runtime maps at start-up (see parade.h):
//
//   double a[100] = {1};     ==>   double a[100] = {1};
//   ... a[i] ...                   ... a[i] ...
//                                  extern __typeof__(a) a PARADE_SHARED_DATA;
//
// Other files, extern declarations and headers therefore need nothing.
// Static locals move into the pool behind a pointer that a constructor
// fills in identically on every rank, so that outlined regions can name
// them:
//
//   static int n = 1;        ==>   static int *parade_g_n_3;  (file scope)
//                                  __attribute__((constructor)) static void
//                                  parade_gc_4(void) { parade_g_n_3 =
//                                    parade_static_alloc(...); }
//   ... n ...                      ... (*parade_g_n_3) ...
//
// Automatic variables that a region shares (and writes) move to pool
// storage freed by a cleanup attribute. Calls to the malloc family and to
// read/write/fread/fwrite/fgets are renamed to parade's (by `#pragma
// redefine_extname`, which reaches calls through macros too), and main is
// renamed so that parade_main can run it on rank 0.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_SHAREDDATA_H
#define PARADE_TRANSLATOR_SHAREDDATA_H

#include "Context.h"

namespace parade {

/// Decide which static locals go to the pool and which file-scope
/// variables to the DSM's sections.
void collectPooledGlobals(Translation &T, clang::TranslationUnitDecl *TU);
/// Put the file-scope variables chosen by collectPooledGlobals in the DSM's
/// sections (PARADE_SHARED_DATA/BSS).
void placeSharedGlobals(Translation &T, clang::TranslationUnitDecl *TU);
/// Rewrite every use of a pooled variable (spelled per Translation::spell).
void rewritePooledUses(Translation &T, clang::TranslationUnitDecl *TU);
/// Rewrite the declarations of pooled variables.
void rewritePooledDecls(Translation &T, clang::TranslationUnitDecl *TU);
/// Move type declarations local to a function with parallel regions to file
/// scope, where the outlined regions can name them.
void hoistLocalTypes(Translation &T, clang::TranslationUnitDecl *TU);

/// Gives each unnamed struct, union or enum defined at file scope (`struct
/// { int t; } thr;`) a name of its own, in the text and in the AST, so that
/// the translation can spell the type of a variable declared with it (a
/// firstprivate or copyin copy, a private one).
void nameUnnamedFileScopeTypes(Translation &T, clang::TranslationUnitDecl *TU);
/// Send allocation and I/O to parade's functions; handle threadprivate.
void rewriteRuntimeCalls(Translation &T, clang::TranslationUnitDecl *TU);
void wrapMain(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
