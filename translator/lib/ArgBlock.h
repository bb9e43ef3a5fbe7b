//===- ArgBlock.h - The argument block of an outlined body ------*- C++ -*-===//
//
// A parallel region's or a task's body moves to a function of its own; a
// struct carries what it needs from the encountering function. The
// encountering thread fills it (packing), the outlined function reads it
// (its prologue):
//
//   ArgBlock A(T, "struct parade_args_0", "parade_a");
//   A.value(int *, "parade_s_x_1", "(void *)parade_s_x_1");
//   A.unpack(ArgBlock::Plain, int *, "parade_s_x_1", "parade_s_x_1");
//
//   definition(): struct parade_args_0 { int *parade_s_x_1; };
//   packing():    { struct parade_args_0 parade_a; __builtin_memset(...);
//                   parade_a.parade_s_x_1 = (void *)parade_s_x_1;
//   prologue():   int *parade_s_x_1 = parade_args->parade_s_x_1;
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_ARGBLOCK_H
#define PARADE_TRANSLATOR_ARGBLOCK_H

#include "Context.h"

#include <string>

namespace parade {

class ArgBlock {
public:
  /// The prologue's parts, in the order they are emitted: variables
  /// declared by name, the bounds of variably modified types, variables of
  /// those types (which name the bounds), and copyin copies.
  enum Stage { Plain, Sizes, VariablyModified, CopyIn, StageCount };

  /// A block of type @p Struct (`struct ...`), packed into a local @p Var.
  ArgBlock(Translation &T, std::string Struct, std::string Var)
      : T(T), Struct(std::move(Struct)), Var(std::move(Var)) {}

  /// A field of type @p Ty, packed as `Var.Field = Value`.
  void value(clang::QualType Ty, llvm::StringRef Field, const std::string &Value);
  /// A `void *` field (it may point to a variably modified type, which a
  /// struct at file scope cannot name), packed as `(void *)Value`.
  void pointer(llvm::StringRef Field, const std::string &Value);
  /// A field of type @p Ty, packed by copying the bytes of @p Source.
  void copy(clang::QualType Ty, llvm::StringRef Field, const std::string &Source);

  /// Prologue: declare @p Name of type @p Ty from the field @p Field.
  void unpack(Stage S, clang::QualType Ty, llvm::StringRef Name, llvm::StringRef Field);
  /// Prologue: a statement of its own.
  void unpackText(Stage S, const std::string &Text);

  /// The member a field named @p Field is, in the struct: a program's
  /// name gets a prefix, since where the block is packed a macro may stand
  /// for the name (a pooled local's alias, `#define bf (*parade_s_bf_1)`),
  /// and `parade_a.bf` would be that macro's text.
  static std::string member(llvm::StringRef Field);

  /// `struct ... { fields };` (a block with no field gets a dummy one).
  std::string definition() const;
  /// Opens a block that declares, clears and fills the local `Var`.
  std::string packing() const;
  /// The prologue's statements (after `parade_args` is declared).
  std::string prologue() const;

private:
  Translation &T;
  std::string Struct, Var;
  std::string Fields, Pack;
  std::string Prologue[StageCount];
};

} // namespace parade

#endif
