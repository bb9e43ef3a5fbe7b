//===- AstUtil.cpp - Small questions about directives and expressions ---===//
#include "AstUtil.h"

#include "Purity.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <functional>

using namespace clang;
using llvm::omp::Directive;

namespace parade {

bool isParallel(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_parallel:
  case Directive::OMPD_parallel_for:
  case Directive::OMPD_parallel_for_simd:
  case Directive::OMPD_parallel_loop:
  case Directive::OMPD_parallel_master:
  case Directive::OMPD_parallel_masked:
  case Directive::OMPD_parallel_master_taskloop:
  case Directive::OMPD_parallel_master_taskloop_simd:
  case Directive::OMPD_parallel_masked_taskloop:
  case Directive::OMPD_parallel_masked_taskloop_simd:
  case Directive::OMPD_parallel_sections:
  // The host is the device: a target construct runs in place, so its
  // parallel or teams part starts a region there.
  case Directive::OMPD_target_parallel:
  case Directive::OMPD_target_parallel_for:
  case Directive::OMPD_target_parallel_for_simd:
  case Directive::OMPD_target_parallel_loop: return true;
  default: return isLeague(D);
  }
}

bool isLeague(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_teams:
  case Directive::OMPD_teams_distribute:
  case Directive::OMPD_teams_distribute_simd:
  case Directive::OMPD_teams_distribute_parallel_for:
  case Directive::OMPD_teams_distribute_parallel_for_simd:
  case Directive::OMPD_teams_loop:
  case Directive::OMPD_target_teams:
  case Directive::OMPD_target_teams_distribute:
  case Directive::OMPD_target_teams_distribute_simd:
  case Directive::OMPD_target_teams_distribute_parallel_for:
  case Directive::OMPD_target_teams_distribute_parallel_for_simd:
  case Directive::OMPD_target_teams_loop: return true;
  default: return false;
  }
}

bool isDistribute(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_distribute:
  case Directive::OMPD_distribute_simd:
  case Directive::OMPD_distribute_parallel_for:
  case Directive::OMPD_distribute_parallel_for_simd: return true;
  default:
    return isLeague(D) && D->getDirectiveKind() != Directive::OMPD_teams &&
           D->getDirectiveKind() != Directive::OMPD_target_teams;
  }
}

bool isSimdInPlace(const OMPExecutableDirective *D) {
  return D->getDirectiveKind() == Directive::OMPD_simd ||
         D->getDirectiveKind() == Directive::OMPD_target_simd;
}

bool isLoop(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_for:
  case Directive::OMPD_for_simd:
  case Directive::OMPD_parallel_for:
  case Directive::OMPD_parallel_for_simd:
  case Directive::OMPD_parallel_loop:
  case Directive::OMPD_target_parallel_for:
  case Directive::OMPD_target_parallel_for_simd:
  case Directive::OMPD_target_parallel_loop: return true;
  case Directive::OMPD_loop: { // bind(thread): the encountering thread runs it all
    const auto *Bind = clause<OMPBindClause>(D);
    return !Bind || Bind->getBindKind() != OMPC_BIND_thread;
  }
  default: return isDistribute(D);
  }
}

const OMPExecutableDirective *enclosingDirective(ASTContext &Ctx, const OMPExecutableDirective *D,
                                                 bool (*Pred)(const OMPExecutableDirective *)) {
  DynTypedNode Node = DynTypedNode::create(*D);
  for (;;) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (const auto *P = Node.get<OMPExecutableDirective>())
      if (Pred(P))
        return P;
  }
}

bool isTaskLoop(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_taskloop:
  case Directive::OMPD_taskloop_simd:
  case Directive::OMPD_master_taskloop:
  case Directive::OMPD_master_taskloop_simd:
  case Directive::OMPD_masked_taskloop:
  case Directive::OMPD_masked_taskloop_simd:
  case Directive::OMPD_parallel_master_taskloop:
  case Directive::OMPD_parallel_master_taskloop_simd:
  case Directive::OMPD_parallel_masked_taskloop:
  case Directive::OMPD_parallel_masked_taskloop_simd: return true;
  default: return false;
  }
}

const VarDecl *varOf(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

const VarDecl *objectVar(const Expr *E) {
  const Expr *Base = E->IgnoreParens();
  for (;;) {
    if (const auto *M = dyn_cast<MemberExpr>(Base); M && !M->isArrow())
      Base = M->getBase()->IgnoreParens();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(Base);
             A && A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      Base = A->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *R = dyn_cast<DeclRefExpr>(Base);
  return R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
}

const Stmt *trailingSubStmt(const Stmt *S) {
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getBody();
  if (const auto *I = dyn_cast<IfStmt>(S))
    return I->getElse() ? I->getElse() : I->getThen();
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return Sw->getBody();
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return L->getSubStmt();
  if (const auto *C = dyn_cast<SwitchCase>(S))
    return C->getSubStmt();
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return A->getSubStmt();
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return CS->getCapturedStmt();
  return nullptr;
}

std::optional<unsigned> collapseDepth(const OMPExecutableDirective *D, ASTContext &Ctx) {
  if (const auto *Sizes = clause<OMPSizesClause>(D)) // tile: a loop per size
    return Sizes->getNumSizes();
  const auto *Co = clause<OMPCollapseClause>(D);
  if (!Co)
    return 1;
  Expr::EvalResult R;
  if (!Co->getNumForLoops()->EvaluateAsInt(R, Ctx) || R.Val.getInt() < 1)
    return std::nullopt;
  return (unsigned)R.Val.getInt().getZExtValue();
}

void collectSizeVars(ASTContext &Ctx, QualType Ty, llvm::SetVector<const VarDecl *> &Out) {
  std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Out.insert(V);
    for (const Stmt *C : S->children())
      Find(C);
  };
  for (unsigned Depth = 0; Depth < 64 && !Ty.isNull(); Depth++) {
    if (const ArrayType *A = Ctx.getAsArrayType(Ty)) {
      if (const auto *VA = dyn_cast<VariableArrayType>(A))
        Find(VA->getSizeExpr());
      Ty = A->getElementType();
    } else if (Ty->isPointerType()) {
      Ty = Ty->getPointeeType();
    } else {
      break;
    }
  }
}

const FunctionDecl *enclosingFunction(ASTContext &Ctx, const Stmt *S) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (auto Parents = Ctx.getParents(Node); !Parents.empty(); Parents = Ctx.getParents(Parents[0]))
    if (const auto *F = Parents[0].get<FunctionDecl>())
      return F;
  return nullptr;
}

const Expr *addressTaken(ASTContext &Ctx, const VarDecl *Base) {
  struct Finder : RecursiveASTVisitor<Finder> {
    ASTContext &Ctx;
    const VarDecl *Base;
    const Expr *Found = nullptr;
    Finder(ASTContext &Ctx, const VarDecl *Base) : Ctx(Ctx), Base(Base) {}
    // A captured statement's capture inits name what the region uses, not
    // where an address goes.
    bool TraverseCapturedStmt(CapturedStmt *S) { return TraverseDecl(S->getCapturedDecl()); }
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      if (R->getDecl() != Base || Found)
        return !Found;
      // Up through what keeps designating (part of) the object.
      DynTypedNode Node = DynTypedNode::create(*static_cast<const Expr *>(R));
      const Expr *Top = R;
      for (;;) {
        auto Parents = Ctx.getParents(Node);
        if (Parents.empty())
          break;
        const auto *P = Parents[0].get<Expr>();
        if (!P)
          break;
        if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P)) {
          // A value read that is no pointer gives no address; a pointer's
          // value (the variable's, or a member's: s.v) goes on up.
          if (Cast->getCastKind() == CK_LValueToRValue && !Top->getType()->isPointerType())
            return true;
          if (Cast->getCastKind() == CK_ArrayToPointerDecay ||
              Cast->getCastKind() == CK_LValueToRValue || Cast->getCastKind() == CK_NoOp) {
            Node = Parents[0];
            Top = P;
            continue;
          }
          break;
        }
        if (isa<ParenExpr>(P) || (isa<MemberExpr>(P) && !cast<MemberExpr>(P)->isArrow())) {
          Node = Parents[0];
          Top = P;
          continue;
        }
        if (const auto *A = dyn_cast<ArraySubscriptExpr>(P)) {
          if (A->getBase()->IgnoreParenImpCasts() != Top->IgnoreParenImpCasts())
            return true; // an index
          Node = Parents[0];
          Top = P;
          continue;
        }
        if (const auto *U = dyn_cast<UnaryOperator>(P)) {
          if (U->getOpcode() == UO_AddrOf) {
            Found = U;
            return false;
          }
          if (U->getOpcode() == UO_Deref) {
            Node = Parents[0];
            Top = P;
            continue;
          }
          return true; // ++, --: the object itself
        }
        if (const auto *M = dyn_cast<MemberExpr>(P); M && M->isArrow())
          return true; // a member read through the pointer
        break;
      }
      // A C library function that keeps no pointer it is given (and
      // returns none into it), and free, use it only while they run.
      for (auto Parents = Ctx.getParents(Node); !Parents.empty();) {
        const auto *P = Parents[0].get<Expr>();
        if (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(P)) {
          Parents = Ctx.getParents(Parents[0]);
          continue;
        }
        if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
          const FunctionDecl *F = Call->getDirectCallee();
          if ((callEffect(F) == CallEffect::ThroughArguments &&
               !Call->getType()->isPointerType()) ||
              (F && (F->getBuiltinID() == Builtin::BIfree ||
                     F->getBuiltinID() == Builtin::BI__builtin_free)))
            return true;
        }
        break;
      }
      // Anything else that receives a pointer (an assignment, an
      // initialiser, an argument, a return) keeps it.
      if (Top->getType()->isPointerType())
        Found = Top;
      return !Found;
    }
  } F(Ctx, Base);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.Found;
}

} // namespace parade
