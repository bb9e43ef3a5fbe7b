//===- Directives.h - Translating OpenMP directives -------------*- C++ -*-===//
//
// The rewriting pass over every function of the main file (after the
// analysis of Pooling.h). It rewrites the directives innermost first, so an
// outer construct's body text already holds its inner constructs'
// translation, and dispatches each directive by a table to the unit that
// translates it:
//
//   parallel, parallel for/sections     Regions.h
//   for, sections, single, ordered      WorkSharing.h
//   critical, atomic, flush             Synchronisation.h
//   task                                Tasks.h
//   master, barrier, taskwait, ...      here (a line each)
//
// Anything else is an error at the directive.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_DIRECTIVES_H
#define PARADE_TRANSLATOR_DIRECTIVES_H

#include "Context.h"

namespace parade {

void translateDirectives(Translation &T, clang::TranslationUnitDecl *TU);
/// Before any other rewriting: resolve the #if groups that a directive's
/// copied statement cuts in two (the branch taken stays, the group's lines
/// and other branches become blank lines), which the copy would split
/// between outlined code and the function.
void resolveSplitConditionals(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
