//===- Evaluator.h - interprets algorithm functions over the Clang AST ---===//
//
// mscclc never runs user code natively. The evaluator walks the fully
// type-checked Clang AST of the algorithm function and interprets the
// restricted dialect (scalars, control flow, functions, lambdas, standard
// containers, DSL objects), calling the ProgramBuilder for every DSL call.
// Anything outside the dialect is an error at its source location, thrown
// as a DiagnosticError (catalog ids err_eval_*, err_std_*, err_dsl_*). Step,
// recursion and container-size limits keep hostile or buggy input from
// hanging or exhausting the compiler.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "DslBinding.h"
#include "Value.h"
#include "mscclc/frontend/ProgramBuilder.h"

#include "mscclc/support/ResourceLimits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <array>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mscclc::frontend {

struct EvalLimits {
  uint64_t maxSteps = 200'000'000;
  unsigned maxCallDepth = 256;
  // Stack the evaluation may use for nesting; the front end runs on a
  // thread whose stack is larger (FrontendStackBytes in Frontend.cpp).
  size_t maxStackBytes = size_t(192) << 20;
  size_t maxContainerElements = 1u << 24;
  size_t maxStringBytes = size_t(1) << 20;
  // Heap the evaluation may add (values, the recorded program); 0: none.
  uint64_t maxMemoryBytes = 0;
};

// A source location computed only when needed: most evaluation steps never
// report anything, and Clang computes expression locations by walking the
// expression.
// What to write instead of a standard function or method the dialect has
// no emulation for, when there is a common answer; null when there is none.
const char *stdAlternative(llvm::StringRef name, bool ofMap);

class LazyLoc {
public:
  LazyLoc(clang::SourceLocation loc) : loc_(loc) {}
  LazyLoc(const clang::Stmt *stmt) : stmt_(stmt) {}
  operator clang::SourceLocation() const {
    if (!stmt_)
      return loc_;
    if (const auto *e = llvm::dyn_cast<clang::Expr>(stmt_))
      return e->getExprLoc();
    return stmt_->getBeginLoc();
  }
  const clang::Stmt *stmt() const { return stmt_; }

private:
  const clang::Stmt *stmt_ = nullptr;
  clang::SourceLocation loc_;
};

// The direct base classes of `rd` (out of line: GCC's -Wnonnull warns,
// wrongly, about the lazy base list's null-source path once
// CXXRecordDecl::bases() is inlined).
llvm::ArrayRef<clang::CXXBaseSpecifier>
directBases(const clang::CXXRecordDecl *rd);

// The six comparisons, for any ordered type; nothing for other operators.
template <typename T>
std::optional<bool> comparison(clang::BinaryOperatorKind op, T a, T b) {
  switch (op) {
  case clang::BO_LT:
    return a < b;
  case clang::BO_GT:
    return a > b;
  case clang::BO_LE:
    return a <= b;
  case clang::BO_GE:
    return a >= b;
  case clang::BO_EQ:
    return a == b;
  case clang::BO_NE:
    return a != b;
  default:
    return std::nullopt;
  }
}

// Whether `d` is declared inside namespace std, at any depth (std::ranges,
// std::ranges::views, ...).
bool inStdTree(const clang::Decl *d);

class Evaluator {
public:
  using LocationMapper = std::function<SourceLocation(clang::SourceLocation)>;

  Evaluator(clang::ASTContext &ctx, ProgramBuilder &builder, EvalLimits limits,
            LocationMapper mapLoc);

  // Runs `fn` with the given argument values (one per parameter).
  // Throws DiagnosticError.
  void run(const clang::FunctionDecl *fn, ValueList args);

  // Evaluates one standalone expression (a parameter's default argument)
  // and converts it to `type`. Throws DiagnosticError.
  Value evaluateExpression(const clang::Expr *e, clang::QualType type);

  uint64_t steps() const { return steps_; }

  // The warnings of the evaluation so far, in the order they arose (run()
  // may have thrown after some): the caller reports them before anything
  // else it has from the evaluation.
  std::vector<Diagnostic> takeWarnings() { return std::move(warnings_); }

  enum class StdClass : uint8_t {
    None,
    Vector,
    Array,
    Map,
    Set, // held as a map whose entries are (element, void)
    Pair,
    Tuple,
    Optional,
    String,
    StringView,
    InitializerList,
    NulloptT,
    Function, // std::function: a Closure value, or Null when empty
    // The container adapters (StdAdapters.cpp): a queue or stack is the
    // list of its elements, a priority_queue (heap, comparator).
    Queue,
    Stack,
    PriorityQueue,
    // std::vector<bool>'s element proxy (std::_Bit_reference): the element
    // Value itself, reached as an lvalue (VectorBool.cpp).
    BitReference,
  };
  using DslClass = frontend::DslClass;
  // Classification by name, memoised per declaration (hot: every call and
  // construction asks).
  static void resetClassCaches();
  static void resetDslClassCache();
  static StdClass classifyStd(const clang::CXXRecordDecl *rd);
  // std::unordered_map or std::unordered_set (a Map or Set whose iteration
  // order C++ leaves unspecified).
  static bool isUnorderedContainer(const clang::CXXRecordDecl *rd);
  // The i-th template argument of a class template specialisation when it
  // is a type; null otherwise (or when `rd` is null).
  static clang::QualType templateArgType(const clang::CXXRecordDecl *rd,
                                         unsigned i);
  // Whether `pred` holds for a type argument of a class template
  // specialisation, packs included (false for anything else).
  static bool
  anyTemplateTypeArg(const clang::CXXRecordDecl *rd,
                     llvm::function_ref<bool(clang::QualType)> pred);
  // The member types of a std::pair or std::tuple specialisation in order
  // (a tuple's pack flattened); empty for anything else.
  static llvm::SmallVector<clang::QualType, 4>
  memberTypes(const clang::CXXRecordDecl *rd);
  // A value the library stores as `held` (an optional's value, a pair's
  // members): numbers converted to their types, a pair or tuple member by
  // member; anything else unchanged.
  Value convertHeld(Value v, clang::QualType held, LazyLoc loc);
  // What std::optional `optional` holds when made or assigned from `arg`
  // (evaluated to `v`): empty for std::nullopt or an empty optional, the
  // converted value of an optional of another type, or a T made from a
  // value as emplace makes it (`what` names the construct in the error).
  Value optionalValueFrom(const clang::CXXRecordDecl *optional,
                          const clang::Expr *arg, Value v,
                          const clang::Expr *site, const char *what);
  // A class's one non-template constructor of one argument, if its
  // parameter takes a value of type `from` as it is (a number for a number,
  // the class or a base of `from`); null otherwise.
  const clang::CXXConstructorDecl *
  convertingConstructor(const clang::CXXRecordDecl *rd, clang::QualType from);
  // An error for a std::optional of a std::optional (see the .cpp).
  void checkOptionalType(const clang::CXXRecordDecl *optional, LazyLoc loc);
  // Whether `rd` (or type `t`) is a std::pair or std::tuple.
  static bool isPairOrTuple(const clang::CXXRecordDecl *rd);
  static bool isPairOrTuple(clang::QualType t);
  static DslClass classifyDsl(const clang::CXXRecordDecl *rd);
  static StdClass classifyStdUncached(const clang::CXXRecordDecl *rd);
  static DslClass classifyDslUncached(const clang::CXXRecordDecl *rd);

private:
  enum class Flow { Normal, Break, Continue, Return };
  struct Frame;

  // A pointer to a Value that the evaluator keeps across evaluation steps:
  // a reference variable or parameter, a structured binding, the range and
  // the element of a range-for, an object whose method arguments are being
  // evaluated. Values live in containers that move or destroy them
  // (push_back, erase, assignment, ...); every such operation first marks
  // the borrows into what it destroys or moves as dangling, so that a later
  // use is a located error instead of a read of freed memory. Borrows link
  // themselves into the evaluator's list while they live.
  struct Borrow {
    Borrow(Evaluator &ev, const Value *target = nullptr,
           bool iterating = false);
    ~Borrow();
    Borrow(const Borrow &) = delete;
    Borrow &operator=(const Borrow &) = delete;
    void retarget(const Value *t) {
      target = t;
      dangling = 0;
    }
    Borrow *prev = nullptr, *next = nullptr;
    const Value *target = nullptr;
    // A range-for over `target`: any change of its size or contents ends
    // the iteration's validity (C++ invalidates the loop's iterators).
    bool iterating = false;
    // A frame variable bound to `target`: its slot in frame->vars is
    // replaced by a Dangling value when `target` goes.
    Frame *frame = nullptr;
    const clang::ValueDecl *decl = nullptr;
    // 1 + index into danglings_ once invalidated.
    size_t dangling = 0;
  };
  // Why and where a borrow became dangling, for the error at its next use.
  struct DanglingCause {
    std::string operation; // "push_back", "erase", "assignment", ...
    clang::SourceLocation at;
  };

  struct Frame {
    llvm::DenseMap<const clang::ValueDecl *, Value *> vars;
    std::vector<std::unique_ptr<Value>> owned;
    llvm::DenseMap<const clang::ValueDecl *, size_t> ownedIndex;
    // How often a variable was declared again (a loop body's locals are
    // re-declared each iteration): lambdas capturing it by reference
    // remember which declaration they saw.
    llvm::DenseMap<const clang::ValueDecl *, uint32_t> redeclared;
    // Reference variables and parameters, structured bindings.
    llvm::DenseMap<const clang::ValueDecl *, std::unique_ptr<Borrow>> refs;
    Value returnValue;
    // What a function returning a reference returned (`return v[i];`).
    Value *returnRef = nullptr;
    std::shared_ptr<const Closure> closure;
    // A member function's object (`this`), tracked: the call may destroy
    // it (a method that clears the vector holding its object).
    Value *self = nullptr;
    std::unique_ptr<Borrow> selfBorrow;
    const clang::FunctionDecl *fn = nullptr;
    uint64_t serial = 0;
  };
  // A frame whose `this` is `object` (a struct being built: its default
  // member initialisers run there), popped when it goes.
  struct SelfFrame {
    Evaluator &ev;
    SelfFrame(Evaluator &e, Value *object);
    ~SelfFrame() { ev.popFrame(); }
  };
  std::unique_ptr<Frame> newFrame() {
    auto f = std::make_unique<Frame>();
    f->serial = ++frameSerial_;
    return f;
  }
  Frame *frameBySerial(uint64_t serial);
  RefCapture captureByReference(const clang::ValueDecl *d);
  RefCapture captureInitReference(const clang::VarDecl *capture);
  Value *resolveCapture(const RefCapture &c, LazyLoc loc);
  // Binds the reference variable `d` of `f` to `target`, tracked.
  void bindReference(Frame &f, const clang::ValueDecl *d, Value *target);

  // --- invalidation (C++'s rules for references into containers)
  bool hasBorrows() const { return borrows_.next != &borrows_; }
  // Everything `v` holds (its elements, map entries, their contents) is
  // about to be destroyed; `v` itself stays.
  void invalidateContents(const Value &v, llvm::StringRef operation,
                          LazyLoc loc) {
    if (hasBorrows() &&
        (v.kind == Value::Kind::Agg || v.kind == Value::Kind::Map))
      invalidateContentsSlow(v, operation, loc);
  }
  void invalidateContentsSlow(const Value &v, llvm::StringRef operation,
                              LazyLoc loc);
  // Elements [from, end) of the vector `v` are about to be destroyed.
  void invalidateTail(const Value &v, size_t from, llvm::StringRef operation,
                      LazyLoc loc);
  // `v` is about to grow by `extra` elements: references to its elements
  // go if it reallocates; range-fors over it lose their iterators.
  // `elem`: the element type, whose inline parts move with the element.
  void invalidateGrowth(const Value &v, size_t extra, llvm::StringRef operation,
                        LazyLoc loc, clang::QualType elem);
  // The vector `v`'s elements are about to move to new storage (a growth
  // past its capacity, reserve, shrink_to_fit): references to them and to
  // their parts stored inside them in C++ (a struct's fields, a pair's
  // members, a std::array's elements, recursively; not what a vector,
  // string or map member holds on the heap) go, and range-fors over it lose
  // their iterators.
  void invalidateStorage(const Value &v, llvm::StringRef operation, LazyLoc loc,
                         clang::QualType elem);
  // Kills the borrows into the parts of `v` (of type `t`) that C++ stores
  // inside the object itself.
  void killInlineParts(const Value &v, clang::QualType t,
                       llvm::StringRef operation, LazyLoc loc);
  void killBorrowsAt(const Value *begin, const Value *end,
                     llvm::StringRef operation, LazyLoc loc);
  // The `count` Values at `oldBegin` now live at `newBegin` (a queue's or
  // stack's storage moved, where C++'s deque keeps its elements in place):
  // the borrows of them follow.
  void retargetBorrows(const Value *oldBegin, size_t count,
                       const Value *newBegin);
  void killBorrowsWithin(const Value &v, llvm::StringRef operation,
                         LazyLoc loc);
  void killContents(const Value &v, llvm::StringRef operation, LazyLoc loc);
  void killIterations(const Value &v, llvm::StringRef operation, LazyLoc loc);
  void kill(Borrow &b, llvm::StringRef operation, LazyLoc loc);
  [[noreturn]] void danglingUse(const clang::ValueDecl *d,
                                const Value &dangling, LazyLoc loc);
  [[noreturn]] void invalidatedDuringUse(const Borrow &b, diag::ID id,
                                         LazyLoc loc);

  // --- moves (Lifetimes.cpp): what a move leaves in its source
  // The operation that ends references into a moved-from container.
  static constexpr const char *MoveOperation = "move";
  // The operation that ends references into swapped containers.
  static constexpr const char *SwapOperation = "swap";
  // The operation that ends a reference bound, through a function's
  // returned reference, to a temporary its own declaration does not
  // extend (`const int &m = std::max(x, x + 1);`).
  static constexpr const char *EndedTemporaryOperation =
      "the end of the full-expression";
  // The temporary made at or after slot `from` that holds `target` and
  // ends with the full-expression (no `extender` declaration extends it),
  // or null.
  const clang::MaterializeTemporaryExpr *
  endedTemporary(const Value *target, size_t from,
                 const clang::ValueDecl *extender) const;
  // Whether `source`, an argument a move constructor, move assignment or
  // library call binds to an rvalue reference, is an object the move can
  // change: an xvalue naming one (`std::move(v)`, a returned local), not a
  // temporary, of a class whose move is more than a copy. `into`, when
  // given, is the type the call builds from it (a vector's element).
  static bool movesFromObject(const clang::Expr *source,
                              clang::QualType into = clang::QualType());
  // The object `source` names, for a move out of it (movesFromObject
  // holds).
  Value *moveSource(const clang::Expr *source);
  // The value moved out of `source` (movesFromObject holds): a copy, with
  // the object left as libstdc++ leaves a moved-from one. `assigned`: by a
  // move assignment, else by a move constructor.
  Value moveOut(const clang::Expr *source, bool assigned, LazyLoc loc);
  // Leaves `v`, an object of type `t`, as libstdc++'s move leaves it:
  // vectors, maps, sets, strings, queues, stacks and std::functions empty;
  // an engaged optional, a pair, tuple, array or struct moved member by
  // member; scalars, DSL handles and lambdas as they were.
  void leaveMovedFrom(Value &v, clang::QualType t, bool assigned, LazyLoc loc);
  // Moves a call makes once all its arguments are evaluated, in order (a
  // pair built from `std::move(a), a.size()` sees a whole; from
  // `std::move(a), std::move(a)`, a whole and an empty one).
  struct PendingMove {
    const clang::Expr *arg;
    Value *source;
    clang::QualType type;
    std::unique_ptr<Borrow> keep;
    size_t slot; // where the moved value goes
  };
  using PendingMoves = llvm::SmallVector<PendingMove, 2>;
  // eval(a); or, when the call's parameter `param` is an rvalue reference
  // and `a` names an object it builds an `into` from, nothing yet: the
  // move is noted in `pending`, for finishMoves to put in `slot`.
  Value evalMovedLater(const clang::Expr *a, clang::QualType param,
                       clang::QualType into, PendingMoves &pending,
                       size_t slot);
  void finishMoves(PendingMoves &pending, llvm::MutableArrayRef<Value> slots,
                   LazyLoc loc);
  // The move source `m` notes still exists (or an error at `loc`).
  void checkMoveSourceKept(const PendingMove &m, LazyLoc loc);
  static bool within(const Value &v, const Value *p);
  // Whether `p` is a temporary of the full-expression being evaluated.
  bool isTemporary(const Value *p) const;

  // --- statements
  Flow exec(const clang::Stmt *s);
  Flow execStatement(const clang::Stmt *s);
  // A range-for over an object of the program's own class.
  Flow execUserRangeFor(const clang::CXXForRangeStmt *rs);
  // The pipelines and programs a declaration statement declares (objects
  // whose end records something), in order.
  llvm::SmallVector<const clang::VarDecl *, 1>
  scopeObjectsOf(const clang::Stmt *s);
  // Whether scopeObjectsOf(s) is not empty, memoised: every declaration
  // statement and every if, switch and for with an init statement asks.
  bool hasScopeObjects(const clang::Stmt *s);
  llvm::DenseMap<const clang::Stmt *, bool> hasScopeObjects_;
  Flow execCompound(const clang::CompoundStmt *cs);
  // The variables `s` (a declaration statement) declared go out of scope:
  // a lambda that captured one by reference and is called later names an
  // ended variable (a located error), not the value the slot still holds.
  void endScope(const clang::Stmt *s);
  void endScope(const clang::VarDecl *vd);
  Flow execSwitch(const clang::SwitchStmt *ss);
  void declare(const clang::VarDecl *vd);
  // The initialiser of the (non-reference) variable being declared, or the
  // value a function is returning (into its caller's variable), stripped
  // of implicit nodes; null elsewhere. The only places a CollectiveProgram
  // or LoopIterationContext may be made: anywhere else it is a temporary,
  // which C++ destroys at the end of its statement.
  const clang::Expr *namedObjectSite_ = nullptr;
  struct NamedObjectSite {
    NamedObjectSite(Evaluator &ev, const clang::Expr *site);
    ~NamedObjectSite() { ev.namedObjectSite_ = outer; }
    Evaluator &ev;
    const clang::Expr *outer;
  };
  void requireNamedScopeObject(const clang::Expr *site, bool program);
  void declareDecomposition(const clang::DecompositionDecl *dd);
  // `v` in the frame's slot for `d` (a variable, a structured binding's
  // object, a lifetime-extended temporary): a declaration met again (a
  // loop's body) reuses its slot, as a variable's, so that a loop does not
  // grow the frame by one Value per iteration; what referred to the old
  // object is stale.
  Value *declaredSlot(Frame &f, const clang::ValueDecl *d, Value &&v,
                      LazyLoc loc);
  void finishScopeObject(const clang::VarDecl *vd);

  // --- expressions
  Value eval(const clang::Expr *e);
  Value *evalLValue(const clang::Expr *e);
  Value *evalObject(const clang::Expr *e); // lvalue or materialised temp
  Value evalBinary(const clang::BinaryOperator *bo);
  Value evalUnary(const clang::UnaryOperator *uo);
  // `++i` or `i--` of a named variable whose value is not used (a for
  // loop's increment, an expression statement): eval's steps, lookup and
  // incrementSlot without its dispatch and the copy of the result. False
  // (nothing done) for any other expression.
  bool incrementVariable(const clang::Expr *e);
  Value evalCast(const clang::CastExpr *ce);
  Value evalInitList(const clang::InitListExpr *ile);
  Value evalParenListInit(const clang::CXXParenListInitExpr *pl);
  Value evalConstruct(const clang::CXXConstructExpr *ce);
  // std::optional<T>(x) of a scalar x (ConstructRoute::OptionalOfScalar):
  // convert()'s value for T, and truncateImplicitly's warning when an
  // integer does not fit (the conversion is the library's, the argument
  // the user's).
  Value convertHeldScalar(const Value &v, const clang::CXXConstructExpr *ce);
  Value evalCall(const clang::CallExpr *call);
  Value *evalCallLValue(const clang::CallExpr *call);
  Value evalLambda(const clang::LambdaExpr *le);
  // An integer type's width and signedness (bool: 1 bit, unsigned).
  struct IntType {
    unsigned width;
    bool isSigned;
    bool isBool;
  };
  // Integer expressions computed without Values (EvalScalar.cpp).
  bool isScalarIntType(clang::QualType t);
  bool isScalarExpr(const clang::Expr *e); // memoised per node
  // The node kinds eval() may compute as a scalar root (isScalarExpr
  // decides whether this one is).
  static bool scalarRootShape(const clang::Expr *e);
  Value evalScalarRoot(const clang::Expr *e);
  __int128 evalScalar(const clang::Expr *e);
  // The value of scalar expression `e`, whose own step is counted: its
  // compiled code when it has some and the budgets allow, else the walk.
  __int128 scalarChildren(const clang::Expr *e);
  // The same computed by walking the tree, node by node.
  __int128 evalScalarTree(const clang::Expr *e);
  __int128 scalarChildrenTree(const clang::Expr *e);
  // The integer a named integer variable holds (or its read's error).
  __int128 scalarVariable(const clang::DeclRefExpr *dre);
  // A scalar expression compiled once into straight-line code over a stack
  // of exact integers: what the walk does, without its per-node dispatch,
  // type queries and recursion.
  struct ScalarInstr {
    enum class Op : uint8_t {
      Const,         // push `constant`
      Load,          // push the integer variable `node` (a DeclRefExpr) names
      Wrap,          // the top converted to `type`
      Arith,         // + - * of the top two, checked against `type`
      Bits,          // & | ^ of the top two, wrapped to `type`
      General,       // / % << >> of the top two: scalarArith(`node`)
      Compare,       // a comparison of the top two
      LNot,          // !top
      Not,           // ~top, wrapped to `type`
      Negate,        // -top, through makeTyped at the UnaryOperator `node`
      ToBool,        // top != 0
      JumpIfZero,    // pop; jump to `target` when zero
      JumpIfNonZero, // pop; jump to `target` when not zero
      Jump,          // jump to `target`
    };
    Op op;
    clang::BinaryOperatorKind bin = clang::BO_Comma; // Arith, Bits, Compare
    // The steps the walk counts for the nodes entered here: the nodes
    // ScalarCode::stepped[firstStep, firstStep + steps), the last of which
    // it leaves in current_ (`stepped`).
    uint32_t steps = 0;
    uint32_t firstStep = 0;
    uint32_t target = 0;
    IntType type{0, false, false};
    const clang::Expr *node = nullptr;
    const clang::Stmt *stepped = nullptr;
    __int128 constant = 0;
  };
  struct ScalarCode {
    // The commonest codes, which runScalar computes without its loop:
    // one variable read, maybe converted (an index: `v[r]`), and a
    // comparison of a variable with a variable or a constant (a loop's
    // condition: `p < n`, `p != r`).
    enum class Shape : uint8_t { General, Load, LoadWrap, Compare };
    Shape shape = Shape::General;
    std::vector<ScalarInstr> code;
    // Every node but the root, in the order the walk steps into them.
    std::vector<const clang::Stmt *> stepped;
    uint64_t maxSteps = 0; // the steps of every node: a bound on any run
  };
  // The code of scalar root `e` (its own step excluded), compiled on first
  // use; null when it is too large to compile.
  const ScalarCode *scalarCode(const clang::Expr *e);
  bool compileScalar(const clang::Expr *e, bool countSelf, ScalarCode &out,
                     uint32_t &pendingSteps, const clang::Stmt *&pendingAt,
                     unsigned depth, unsigned &stack, unsigned &maxStack);
  __int128 runScalar(const ScalarCode &code);
  static ScalarCode::Shape scalarCodeShape(const ScalarCode &code);
  // scalarChildren(e) with the code (scalarCode(e)) already looked up.
  __int128 runScalarRoot(const clang::Expr *e, const ScalarCode *code);
  // evalScalar(e) with its code already looked up.
  __int128 evalScalar(const clang::Expr *e, const ScalarCode *code);
  // How an expression whose shape qualifies (a condition, an index) is
  // computed, decided once: whether it is a scalar expression, and then its
  // code (null: the walk).
  struct ScalarPlan {
    bool scalar = false;
    const ScalarCode *code = nullptr;
  };
  ScalarPlan scalarPlan(const clang::Expr *e);
  // Whether the stack, with `margin` bytes more, is past the evaluation's
  // nesting budget. Always inlined: the frame measured is the caller's.
  [[gnu::always_inline]] bool stackBeyondBudget(std::ptrdiff_t margin = 0) {
    return stackBase_ - static_cast<const char *>(__builtin_frame_address(0)) +
               margin >
           std::ptrdiff_t(limits_.maxStackBytes);
  }
  static constexpr unsigned MaxScalarDepth = 64;
  static constexpr unsigned MaxScalarStack = 32;
  // More than the walk of MaxScalarDepth levels needs.
  static constexpr std::ptrdiff_t ScalarWalkStackBytes = 64 << 10;
  std::vector<std::unique_ptr<ScalarCode>> scalarCodeStore_;
  __int128 scalarArith(const clang::BinaryOperator *bo, __int128 a, __int128 b);
  __int128 wrapScalar(__int128 v, clang::QualType t);
  bool fitsScalar(__int128 v, clang::QualType t);
  // Comparisons the evaluator applies to values itself: the standard
  // library's (pair, tuple, string, optional, ...) and defaulted ones,
  // which compare member by member as compareValues orders aggregates.
  // C++20 rewrites `a != b` as `!(a == b)` and `a < b` as
  // `(a <=> b) < 0`; both come here with the operator as written.
  static bool isComparison(clang::OverloadedOperatorKind op);
  static bool isDefaultedComparison(const clang::FunctionDecl *fd);
  // `defaulted`: the defaulted comparison called, whose own class is
  // compared member by member (its hand-written operators are not used,
  // so only its members' classes are checked for them).
  Value compareOperands(clang::BinaryOperatorKind op, const clang::Expr *l,
                        const clang::Expr *r, LazyLoc loc,
                        const clang::FunctionDecl *defaulted = nullptr);
  // compareValues compares member by member; a class inside the operands
  // with a comparison operator a user wrote (not defaulted) would be
  // compared by that operator in C++. The first such class in `t` (its
  // fields, a standard container's element types), or null.
  const clang::CXXRecordDecl *userComparedIn(clang::QualType t);
  llvm::DenseSet<const clang::CXXRecordDecl *> userCompared_;
  bool userComparedKnown_ = false;
  llvm::DenseMap<const clang::Type *, const clang::CXXRecordDecl *>
      userComparedInType_;
  Value evalRewrittenComparison(const clang::CXXRewrittenBinaryOperator *rw);
  // Whether an object of class `rd` can hold another of its own class (in
  // a container member, at any depth): only then can an assignment's
  // source lie inside the object assigned.
  bool canHoldItself(const clang::CXXRecordDecl *rd);
  llvm::DenseMap<const clang::CXXRecordDecl *, bool> canHoldItself_;
  // A failing assert(): the library call it makes, reported as the
  // assertion that failed.
  [[noreturn]] void assertionFailed(const clang::CallExpr *call);
  // [[assume(e)]] reached: a false assumption is undefined behaviour in
  // C++, so one that does not hold stops the compile as assert() would.
  // One with side effects is left alone: C++ never evaluates it (Clang
  // warns that it is ignored).
  void checkAssumption(const clang::Expr *e);
  // A throw reached: nothing in algorithm code can catch it (try is
  // refused), so the compile stops there with what it throws.
  [[noreturn]] void reachedThrow(const clang::CXXThrowExpr *t);
  // Calls `fd` with `args` evaluated in the caller's frame, or with
  // `argValues` (objects the evaluator passes itself: a sort's elements),
  // of the static types `argTypes` where the caller knows them (a null
  // type, or none, where it does not).
  Value callFunction(const clang::FunctionDecl *fd,
                     llvm::ArrayRef<const clang::Expr *> args,
                     std::shared_ptr<const Closure> closure, LazyLoc callSite,
                     llvm::ArrayRef<Value *> argValues = {},
                     Value *self = nullptr,
                     llvm::ArrayRef<clang::QualType> argTypes = {});
  // Whether reference parameter `param`, given `arg` of static type
  // `argType` (null: unknown), binds a temporary converted from it, as
  // C++ binds `const T &` and `T &&` of an arithmetic T to an object of
  // another type; if so, the temporary's value is put in `converted`.
  // (std::for_each gives a std::vector<bool> element's proxy to such a
  // parameter as a converted copy itself: walkElements.)
  bool bindsConvertedTemporary(clang::QualType param, const Value &arg,
                               clang::QualType argType, Value &converted,
                               LazyLoc loc);
  // `e` if it is the no-op cast through which a reference parameter or a
  // const method sees an object as const (evaluated as one more step),
  // else null.
  static const clang::ImplicitCastExpr *addedConst(const clang::Expr *e) {
    const auto *ce = llvm::dyn_cast<clang::ImplicitCastExpr>(e);
    return ce && ce->getCastKind() == clang::CK_NoOp ? ce : nullptr;
  }
  // A constructor of one of the program's structs, and the member
  // initialisation it runs before its body.
  Value constructUserObject(const clang::CXXConstructExpr *ce);
  Value defaultUserObject(const clang::CXXRecordDecl *rd, LazyLoc loc,
                          bool valueInit);
  Value runConstructor(const clang::CXXConstructorDecl *ctor,
                       llvm::ArrayRef<const clang::Expr *> args,
                       llvm::ArrayRef<Value *> argValues, LazyLoc loc);
  const clang::CXXConstructorDecl *
  userConstructorFor(const clang::CXXRecordDecl *rd, size_t arity);
  void initializeMembers(const clang::CXXConstructorDecl *ctor, Value &object);
  // A user struct's value holds its base-class subobjects first (in
  // declaration order), then its fields: the order C++ initialises,
  // compares and copies them in. The subobject a derived-to-base cast names
  // (`v` itself for the library's and the DSL's classes).
  Value *baseSubobject(Value *v, const clang::CastExpr *ce);
  // The subobject of class `base` of an object of a class derived from it
  // (the library passing a derived element to a `const Base &`
  // parameter, where the AST has no cast); `v` itself otherwise.
  static const Value *baseSubobjectOf(const Value *v,
                                      const clang::CXXRecordDecl *base);
  // A copy of `v` made into a `base` (the library copying an element into
  // a container of the base class, or into a by-value parameter): a
  // derived object's base part, as the implicit copy constructor takes.
  // When `base` has a constructor C++ might pick instead (one of one
  // argument, or a template), this is an error, not a guess.
  Value copiedAsBase(const Value &v, const clang::CXXRecordDecl *base,
                     LazyLoc loc);
  // Whether `rd` declares a constructor of one argument (not a copy or
  // move) or a constructor template.
  static bool hasConvertingConstructor(const clang::CXXRecordDecl *rd);
  // Refuses a floating-point type other than float and double (long
  // double, __float128: the evaluator computes in double).
  void checkFloatType(clang::QualType canonical, LazyLoc loc);
  // `x` as a value of the floating type `canonical` (rounded for float).
  static Value floatOfType(double x, clang::QualType canonical);
  static Value *baseSubobjectOf(Value *v, const clang::CXXRecordDecl *base) {
    return const_cast<Value *>(
        baseSubobjectOf(static_cast<const Value *>(v), base));
  }
  static unsigned baseSlots(const clang::RecordDecl *rd);
  // The call operator of a function object of the program's own class: its
  // one const operator(), or the specialisation for arguments of types
  // `params` of its one const template operator() (among those Clang
  // instantiated); null for anything else.
  // How the caller passes the arguments, which picks between the lvalue
  // and the rvalue specialisation of a forwarding reference (A&&, auto&&):
  // the library's algorithms pass lvalues (*it), except for a parameter
  // given as an rvalue reference type; std::function passes each argument
  // as its signature declares it (only T& is an lvalue).
  enum class ArgCategory { Lvalues, AsDeclared };
  const clang::CXXMethodDecl *
  functorCallOperator(const clang::CXXRecordDecl *rd,
                      llvm::ArrayRef<clang::QualType> params,
                      ArgCategory category = ArgCategory::Lvalues);
  // `a = b` through the implicit assignment of a struct of the program's
  // own or of a DSL value: done, and the assigned object returned; null
  // for any other call.
  Value *implicitAssignment(const clang::CallExpr *call,
                            const clang::FunctionDecl *fd);
  // The object of the member function running now (`this`).
  Value *currentSelf(LazyLoc loc);
  // A call of a member function of one of the program's structs.
  bool tryUserMethodCall(const clang::CallExpr *call,
                         const clang::CXXMethodDecl *md, Value &result);
  // The type C++'s usual arithmetic conversions give `a op b`.
  clang::QualType usualArithmeticType(clang::QualType a, clang::QualType b);
  Value arith(clang::BinaryOperatorKind op, const Value &l, const Value &r,
              clang::QualType resultType, LazyLoc loc);
  Value convert(const Value &v, clang::QualType to, LazyLoc loc);
  // The value of a `t` made without an initialiser. Value-initialisation
  // (`T{}`, container elements) zeroes scalars; default-initialisation
  // (`T x;`) leaves them uninitialised, so reading one is an error.
  Value defaultValue(clang::QualType t, LazyLoc loc, bool valueInit = true);
  Value makeTyped(__int128 v, clang::QualType t, LazyLoc loc,
                  bool checkOverflow);
  bool incrementMayOverflow(clang::QualType t);
  // ++/-- of the variable or element `slot` of type `t`, in place.
  // `op`: the ++ or -- (for truncateImplicitly's warning of a narrow type
  // that wraps); null where no operator is written (std::iota).
  void incrementSlot(Value &slot, int delta, clang::QualType t, LazyLoc loc,
                     const clang::UnaryOperator *op = nullptr);
  bool truthy(const Value &v, LazyLoc loc);
  // truthy(eval(e)) for a condition (if, while, for), with a scalar
  // condition computed without a Value (same steps, same errors).
  bool evalCondition(const clang::Expr *e);
  // What evalCondition decides for a condition node on its first
  // evaluation (a scalar root of type bool, or not). A loop looks its
  // condition's plan up once, not at every iteration. Nothing where the
  // stack left is too short to decide (isScalarExpr's rule): the general
  // path runs there.
  std::optional<ScalarPlan> conditionPlan(const clang::Expr *e);
  bool runCondition(const clang::Expr *e,
                    const std::optional<ScalarPlan> &plan);
  llvm::DenseMap<const clang::Expr *, ScalarPlan> conditionPlans_;
  // Switches whose labels were found all at the top of their braces.
  llvm::DenseSet<const clang::SwitchStmt *> switchesChecked_;
  // A for loop's `++i` (or i++, --i, i--) of a non-reference variable its
  // init declares: that variable's slot, found once after the init, and
  // incremented through incrementNamed at every iteration.
  struct LoopIncrement {
    const clang::UnaryOperator *op = nullptr;
    const clang::DeclRefExpr *variable = nullptr;
    Value *slot = nullptr;
    // The variable's integer type (width 0: not an integer type).
    IntType type{0, false, false};
  };
  LoopIncrement loopIncrement(const clang::ForStmt *fs);
  // `++v` or `v--` of a named variable whose value is not used, with
  // eval's steps: incrementVariable's, and a loop's counter (its `slot`
  // known; null: looked up).
  void incrementNamed(const clang::UnaryOperator *uo,
                      const clang::DeclRefExpr *variable, Value *slot);
  // A loop's counter: incrementNamed, with the type found once.
  void incrementCounter(const LoopIncrement &counter);
  // A variable's object: one of the current frame's (inline, the
  // commonest read of all), else lookupElsewhere.
  Value *lookup(const clang::ValueDecl *d, LazyLoc loc) {
    Frame &f = *frames_.back();
    auto it = f.vars.find(d);
    if (it != f.vars.end() && it->second->kind != Value::Kind::Dangling)
      return it->second;
    return lookupElsewhere(d, loc);
  }
  // A dangling reference's error, a closure's capture, a global.
  Value *lookupElsewhere(const clang::ValueDecl *d, LazyLoc loc);
  // Refuses a read of global `vd`, about to be initialised, that C++'s
  // declaration-order initialisation would see zero-initialised.
  void checkGlobalInitOrder(const clang::VarDecl *vd, LazyLoc loc);
  // lookup()'s first probe when it finds an integer: the current frame's
  // own integer variable `d`, or null (then lookup() decides).
  const Value *frameInteger(const clang::ValueDecl *d) const {
    const auto &vars = frames_.back()->vars;
    auto it = vars.find(d);
    return it != vars.end() && it->second->kind == Value::Kind::Int ? it->second
                                                                    : nullptr;
  }
  // A class of the program's own: not the standard library's, not a DSL
  // class, not declared in a system header.
  bool isProgramClass(const clang::CXXRecordDecl *rd);
  // Whether the class declares an operator= taking a number (or a
  // template one taking anything but a class).
  static bool assignsFromNumber(const clang::CXXRecordDecl *rd);
  // Whether default-constructing a `t` runs the program's code (a
  // constructor or a member initialiser of one of its classes, maybe
  // inside a std::pair, std::tuple or std::array): then a container makes
  // each new element by itself, as C++ does, instead of copying one.
  bool defaultConstructionRunsCode(clang::QualType t);
  // `n` value-initialised elements of type `t` (std::vector's (n) and
  // resize(n)).
  ValueList defaultElements(clang::QualType t, size_t n, LazyLoc loc);
  // The element count std::size(c), std::ssize(c) or their std::ranges
  // forms give (`function`: the call's name, for the error).
  size_t containerSize(const clang::Expr *container, LazyLoc loc,
                       llvm::StringRef function);
  // std::stoi, stol, stoll, stoul, stoull.
  Value parseInteger(const clang::CallExpr *call, llvm::StringRef name);
  // std::string::npos (or std::string_view's).
  bool isStringNpos(const clang::VarDecl *vd);
  // `s[i]`, `s.at(i)`, `s.front()`, `s.back()` of a std::string or
  // std::string_view: read as a value (stringMethod), never written.
  bool isStringCharAccess(const clang::CallExpr *call);
  // The std::string and std::string_view methods: the result, or false
  // for a method mscclc does not provide.
  bool stringMethod(Value *self, const clang::CXXMethodDecl *md,
                    llvm::StringRef name, llvm::MutableArrayRef<Value> argv,
                    const clang::Expr *site, Value &result, Value *&lvalue);
  Value *temp(Value v);
  // The object a `const T &` parameter of a library function binds to
  // (std::min, std::max, std::clamp return one of them): an lvalue
  // argument's own object, read as eval would (an uninitialised variable
  // is an error there), or a temporary holding a prvalue argument.
  Value *referenceArgument(const clang::Expr *arg);
  // std::min(a, b) or std::max(a, b) (and std::ranges::'s) returning the
  // argument it picks, as libstdc++'s `b < a ? b : a` and `a < b ? b : a`:
  // both arguments' objects (referenceArgument), held while the second is
  // evaluated and the comparison runs; `makeLess`, called once both are
  // evaluated (it may evaluate a comparator), compares the objects
  // themselves. The first argument destroyed by the second, or the one
  // picked destroyed by the comparison, is an error at that argument;
  // with `destroyedBy` (two entries), the comparison's victims are not:
  // each gets its borrow's dangling index (0 if it still exists), the one
  // picked first. Returns the one picked, then the other.
  std::array<Value *, 2> pickArgument(
      bool isMin, const clang::Expr *first, const clang::Expr *second,
      llvm::function_ref<std::function<bool(Value &, Value &)>()> makeLess,
      llvm::MutableArrayRef<size_t> destroyedBy = {});
  // `auto [lo, hi] = std::minmax(a, b);`: C++'s pair holds references,
  // so the names are bound to the arguments' objects themselves (lo to
  // the one std::min would pick; a temporary argument's name to a copy of
  // its own). False, with nothing evaluated, for any other initializer.
  bool bindMinmaxReferences(const clang::DecompositionDecl *dd);
  // The object the last user function returning a reference returned
  // (null after any other user function): evalCallLValue's result.
  Value *returnedRef_ = nullptr;
  // Refuses a construct the evaluator has no route for, by its C++ name
  // and what to write instead where one is known.
  [[noreturn]] void unsupportedNode(const clang::Stmt *s);
  // The last few % that gave a negative remainder, newest last: a rank,
  // index or bound showing one of their values gets a note saying that
  // C++'s % (unlike Python's) keeps the left operand's sign
  // (locateDslError).
  // A remainder stored into a variable (`int prev = (r - 1) % n;`) counts
  // while the variable still holds it (not once `if (prev < 0) prev += n;`
  // fixed it); one used in place, within a few steps of being made.
  struct NegativeRemainder {
    clang::SourceLocation at;
    int64_t value = 0, left = 0, right = 0;
    uint64_t step = 0;
    const clang::ValueDecl *variable = nullptr;
  };
  llvm::SmallVector<NegativeRemainder, 8> negativeRemainders_;
  // Records a negative remainder computed at `loc`; when `loc` is the %
  // (or %=) itself, with the variable it is stored into.
  void noteNegativeRemainder(LazyLoc loc, int64_t value, int64_t left,
                             int64_t right);
  // The variable the value of `bo` (a % or %=) is stored into, if any.
  const clang::ValueDecl *remainderTarget(const clang::BinaryOperator *bo);
  // The call whose caller takes the object a returned reference names
  // (returnedRef_), not a copy of it: its callFunction returns void.
  const clang::Expr *referenceWantedAt_ = nullptr;

  // --- the standard library (StdLibrary.cpp) and the DSL (DslBinding.cpp)
  // std::vector<bool>'s element proxies (VectorBool.cpp). A vector<bool>
  // holds its elements as bools like any vector; `v[i]` is a proxy class
  // in C++, modelled as the element itself: assigning through it writes
  // the vector, converting it reads, and a proxy kept in a variable
  // (`auto x = v[i];`, a range-for's `auto x`) refers to the element, as
  // in C++.
  static bool isBitReference(clang::QualType t) {
    const clang::CXXRecordDecl *rd = t->getAsCXXRecordDecl();
    return rd && isBitReferenceClass(rd);
  }
  static bool isBitReferenceClass(const clang::CXXRecordDecl *rd);
  // The element a proxy expression refers to.
  Value *bitElement(const clang::Expr *e);
  // A member of the proxy called on `objE` with `args` (operator bool,
  // =, the comparisons, flip).
  bool bitReferenceCall(const clang::CallExpr *call,
                        const clang::CXXMethodDecl *md, const clang::Expr *objE,
                        llvm::ArrayRef<const clang::Expr *> args, Value &result,
                        Value **lvalueResult);
  // std::tie(...) as `e` (through its temporary), or null; tie is allowed
  // only where it is assigned to or compared.
  static const clang::CallExpr *tieCall(const clang::Expr *e);
  static std::optional<std::vector<clang::QualType>>
  tupleElementTypes(const clang::Expr *e);
  void convertTupleElements(const clang::Expr *l, const clang::Expr *r,
                            Value &lv, Value &rv, LazyLoc loc);
  void convertTupleValues(llvm::ArrayRef<clang::QualType> lt,
                          llvm::ArrayRef<clang::QualType> rt, Value &lv,
                          Value &rv, LazyLoc loc);
  // `std::tie(a, b, ...) = pair_or_tuple;`.
  void assignThroughTie(const clang::CallExpr *tie, const clang::Expr *from,
                        LazyLoc loc);
  // Whether tryProgramOutput may take a call of fd (`<<`, printf, puts,
  // fprintf): read from the declaration only.
  static bool mayBeProgramOutput(const clang::FunctionDecl *fd);
  bool tryStdCall(const clang::CallExpr *call, const clang::FunctionDecl *fd,
                  Value &result, Value **lvalueResult);
  // How a call reaches its callee. The checks that decide it read the
  // declaration only, never a value, so calleeRoute makes them once per
  // callee and evalCall skips the ones that cannot match: most calls of an
  // algorithm's inner loops are container accesses and DSL methods.
  enum class CallRoute : uint8_t {
    General,   // every check of evalCall in order
    StdMethod, // stdMethodCall(route.stdClass)
    DslMethod, // dslMethod(route.dslClass), when called as a member
  };
  // The element accesses of StdMethod callees that stdElementAccess does
  // without stdMethod's search by name.
  enum class StdAccess : uint8_t {
    None,
    Element, // operator[] or at of a vector, array or initializer_list
    MapAt,   // at of a map
  };
  struct CalleeRoute {
    CallRoute route = CallRoute::General;
    StdClass stdClass = StdClass::None;
    DslClass dslClass = DslClass::None;
    StdAccess access = StdAccess::None;
  };
  // A member of a modelled library class (not static, no iterator in its
  // signature): the method part of tryStdCall; `access` is its route's.
  void stdMethodCall(const clang::CallExpr *call,
                     const clang::CXXMethodDecl *md, StdClass cls,
                     StdAccess access, Value &result, Value **lvalueResult);
  // A member call's object and arguments: `v.at(i)`'s v and (i), or an
  // operator's first argument and the rest (`v[i]`).
  struct MethodOperands {
    const clang::Expr *object;
    llvm::ArrayRef<const clang::Expr *> args;
  };
  static MethodOperands methodOperands(const clang::CallExpr *call);
  // Whether `call` is `a = b` or `a op= b` through a class's operator
  // with a right operand C++17 evaluates to a value before the left one:
  // a prvalue, or a temporary a reference parameter binds to.
  static bool rightOperandFirst(const clang::CallExpr *call,
                                llvm::ArrayRef<const clang::Expr *> args);
  Value *stdElementAccess(StdClass cls, StdAccess access, Value *self,
                          const clang::Expr *indexExpr,
                          const clang::CallExpr *call);
  // How stdElementAccess computes an index (a map's key is never scalar).
  ScalarPlan indexPlan(StdAccess access, const clang::Expr *indexExpr) {
    return access == StdAccess::MapAt ? ScalarPlan() : scalarPlan(indexExpr);
  }
  // stdElementAccess with the index's plan decided already.
  Value *elementAccess(StdClass cls, StdAccess access, Value *self,
                       const clang::Expr *indexExpr,
                       const clang::CallExpr *call, const ScalarPlan &index);
  // --- element access chains (EvalAccess.cpp)
  // `channel[r][t].at(p)`: element accesses (StdAccess routes) over a
  // variable, with only parentheses and const views between them.
  struct AccessLevel {
    const clang::CallExpr *call;
    const clang::Expr *index; // the index or key expression
    StdClass cls;
    StdAccess access;
    ScalarPlan plan; // decided when the path is made
  };
  struct AccessPath {
    // The nodes the walk steps into before the variable's lookup, the
    // outermost call first and the variable last.
    llvm::SmallVector<const clang::Expr *, 6> descent;
    const clang::DeclRefExpr *variable = nullptr;
    llvm::SmallVector<AccessLevel, 3> levels; // the innermost access first
  };
  // The chain `call` ends, or null when it is not one (or the walk's
  // nesting check is near: the walk then reports at the very node).
  const AccessPath *accessPath(const clang::CallExpr *call);
  // The element, with the walk's steps, checks and errors; `outerStepped`
  // when eval has counted the outermost call's step already.
  Value *runAccessPath(const AccessPath &path, bool outerStepped);
  static constexpr std::ptrdiff_t AccessWalkStackBytes = 64 << 10;
  // Null for calls that are not chains.
  llvm::DenseMap<const clang::CallExpr *, std::unique_ptr<AccessPath>>
      accessPaths_;
  bool fastRoutes_ = true; // MSCCLC_NO_FAST_ROUTES unset
  // C++17 evaluates the object before the arguments, and all arguments
  // before the call: they are evaluated with `self` tracked, since an
  // argument may destroy it (`vv[0].push_back((vv.clear(), 1))`).
  // `moveLastInto`: the call moves its last argument into an object of
  // this type (push_back(T&&), a move assignment), which leaves a named
  // source moved-from (moveOut).
  llvm::SmallVector<Value, 2>
  evaluateArguments(Value *self, llvm::ArrayRef<const clang::Expr *> args,
                    const clang::Expr *site,
                    clang::QualType moveLastInto = clang::QualType());
  // Whether the last of `args` names an object (movesFromObject) that the
  // call binds to an rvalue-reference parameter.
  static bool bindsLastToMove(const clang::FunctionDecl *fd,
                              llvm::ArrayRef<const clang::Expr *> args);
  // The type a std method moves its last argument into, when it moves it
  // whatever happens (push_back(T&&), a move assignment); null otherwise.
  static clang::QualType
  argumentMovedInto(StdClass cls, const clang::CXXMethodDecl *md,
                    llvm::ArrayRef<const clang::Expr *> args);
  // The type std::map's emplace(k, std::move(v)), try_emplace and
  // insert(std::move(pair)) move their last argument into when they make
  // the entry (and only then); null for any other call.
  clang::QualType movedIntoNewEntry(StdClass cls,
                                    const clang::CXXMethodDecl *md,
                                    llvm::ArrayRef<const clang::Expr *> args);
  // Whether libstdc++'s map looks a key of type `given` up before it
  // makes an entry: the key type itself, or a scalar for a scalar key.
  bool lookedUpBeforeMaking(clang::QualType given, clang::QualType key);
  // Parts of stdMethod that stdElementAccess shares: the object must hold
  // a value; an index within the sequence; a map's entry for a key.
  void checkStdObject(StdClass cls, const Value &self, LazyLoc loc);
  size_t elementIndex(const Value &sequence, const Value &index,
                      const clang::Expr *indexExpr);
  size_t elementIndex(const Value &sequence, __int128 index,
                      const clang::Expr *indexExpr);
  Value *mapAt(Value &map, const Value &key, LazyLoc loc);
  CalleeRoute calleeRoute(const clang::FunctionDecl *fd);
  llvm::DenseMap<const clang::FunctionDecl *, CalleeRoute> calleeRoutes_;
  // A call site's direct callee (null for an indirect call) and its route,
  // found once per site: a loop body's calls are evaluated many times.
  struct CallSite {
    const clang::FunctionDecl *callee = nullptr;
    CalleeRoute route;
  };
  CallSite callSite(const clang::CallExpr *call);
  // A braced list of a struct whose checks passed: its record and field
  // count, so that the options list of every recorded op (`{.tb = t}`) is
  // not classified and checked again.
  struct InitListConstants;
  struct RecordInitList {
    const clang::CXXRecordDecl *record;
    unsigned fields;
    // A default member initialiser in the list reads another member
    // (`int b = a * 2;`): the object is built with `this` bound to it.
    bool defaultsUseThis;
    // From the second evaluation on: the fields whose value is fixed.
    const InitListConstants *constants = nullptr;
  };
  // The fields of a struct's braced list for which eval steps the field's
  // node and returns a value it keeps (a literal, a constant default
  // member initialiser once evaluated): `{.tb = t}`'s defaults.
  struct InitListConstants {
    std::vector<Value> values; // Uninit where the field is evaluated
  };
  const InitListConstants *initListConstants(const clang::InitListExpr *ile,
                                             unsigned fields);
  std::vector<std::unique_ptr<InitListConstants>> initListConstantsStore_;
  static bool defaultsUseThis(const clang::InitListExpr *ile);
  // An aggregate of `slots` bases and fields from `inits` (a braced or
  // parenthesised list's, defaults included), `this` bound to it while a
  // default member initialiser runs.
  Value aggregateWithThis(const clang::CXXRecordDecl *rd,
                          llvm::ArrayRef<const clang::Expr *> inits,
                          unsigned slots, LazyLoc loc);
  // A C array's elements from `inits`, the rest from `filler` (or
  // value-initialised).
  Value arrayElements(const clang::ConstantArrayType *cat,
                      llvm::ArrayRef<const clang::Expr *> inits,
                      const clang::Expr *filler, LazyLoc loc);
  // A default member initialiser run for an object built at `builtAt`:
  // an error in it also names that place, as a call names its caller.
  Value evalMemberDefault(const clang::FieldDecl *fd, const clang::Expr *init,
                          clang::SourceLocation builtAt);
  llvm::DenseMap<const clang::InitListExpr *, RecordInitList> recordInitLists_;
  llvm::DenseMap<const clang::CallExpr *, CallSite> callSites_;
  // How a construction is evaluated, decided from its constructor only
  // (never a value), once per site: `.tb = t` builds a std::optional for
  // every recorded op.
  enum class ConstructRoute : uint8_t {
    Lambda,   // a lambda's closure object
    CopyMove, // a copy or move: the argument's value
    Std,      // stdConstruct(site.stdClass)
    Dsl,      // dslConstruct(site.dslClass)
    // std::optional<T>(x) with T and x's type not classes (`.tb = t`):
    // x converted to T, what stdConstruct computes after its checks.
    OptionalOfScalar,
    Other, // the remaining checks of evalConstruct, in order
  };
  struct ConstructSite {
    ConstructRoute route = ConstructRoute::Other;
    StdClass stdClass = StdClass::None;
    DslClass dslClass = DslClass::None;
    const clang::Expr *scalarArg = nullptr; // OptionalOfScalar: x
    clang::QualType held;                   // OptionalOfScalar: T
    bool movesFrom = false; // CopyMove: a move out of a named object
  };
  ConstructSite constructSite(const clang::CXXConstructExpr *ce);
  llvm::DenseMap<const clang::CXXConstructExpr *, ConstructSite>
      constructSites_;
  Value dslMemberCall(const clang::CXXMemberCallExpr *mce, DslClass cls);
  // --- DSL call arguments compiled once (EvalDslArguments.cpp)
  // What eval computes for an argument, without its dispatch: the options
  // list, chunks and chunk lists of every recorded op.
  struct DslArgumentNode {
    enum class Kind : uint8_t {
      Scalar,   // scalar code of an integer expression, typed
      Literal,  // an integer or bool literal, as eval makes it
      Load,     // a variable's value as stored
      Optional, // std::optional of the child's scalar
      Rank,     // Rank(children...)
      Method,   // a pure DSL method: object, then arguments
      Patched,  // a braced list: `shape` with children at `slots`
    };
    Kind kind = Kind::Scalar;
    DslClass dslClass = DslClass::None; // Method
    const clang::Expr *expr = nullptr;  // the node computed
    const ScalarCode *code = nullptr;   // Scalar
    clang::QualType type;               // Optional: the held type
    // Optional: the held type is a builtin integer type (not bool) of at
    // most 64 bits, which convert() gives an integer makeTyped's value.
    bool heldInteger = false;
    IntType heldType{0, false, false}; // when heldInteger: its range
    std::vector<DslArgumentNode> children;
    std::vector<uint32_t> slots; // Patched: each child's element
    Value shape;                 // Patched: the walk's first value
  };
  struct DslArgumentCode {
    // Measure the walk's steps; check the compiled value against the
    // walk's once; then run it (or leave every evaluation to the walk).
    enum class State : uint8_t { Measure, Check, Ready, Walk };
    State state = State::Measure;
    uint8_t failedChecks = 0;
    uint64_t steps = 0;                // the walk's, for the whole argument
    const clang::Stmt *last = nullptr; // the node it steps last
    DslArgumentNode root;
    // A braced list's last value, handed back after its call: the next
    // evaluation patches it in place instead of copying `shape` again.
    Value spare;
    bool hasSpare = false;
  };
  // Checks that could not run the compiled form (an unset variable) before
  // the argument is left to the walk.
  static constexpr uint8_t MaxDslArgumentChecks = 8;
  // `recycle`, when given, is set to the argument's code when its value
  // may be handed back there (recycleDslArgument) once the call is done.
  Value evalDslArgument(const clang::Expr *arg,
                        DslArgumentCode **recycle = nullptr);
  static void recycleDslArgument(DslArgumentCode &code, Value &&v) {
    code.spare = std::move(v);
    code.hasSpare = true;
  }
  bool compileDslArgument(const clang::Expr *e, DslArgumentNode &out,
                          bool atRoot);
  bool compilePatchedList(const clang::InitListExpr *list,
                          DslArgumentNode &out);
  bool compileVariableRead(const clang::DeclRefExpr *dre, DslArgumentNode &out);
  bool isFixedListItem(const clang::Expr *item);
  static bool isStraightScalarCode(const ScalarCode &code);
  // `reused`: `out` holds this node's value from an earlier run (a braced
  // list's fixed parts are in place; only its children are written).
  bool runDslArgument(const DslArgumentNode &node, Value &out,
                      bool reused = false);
  llvm::DenseMap<const clang::Expr *, std::unique_ptr<DslArgumentCode>>
      dslArguments_;
  Value dslConstruct(DslClass cls, const clang::CXXRecordDecl *rd,
                     ValueList args, const clang::Expr *site);
  // `args` are the call's evaluated arguments, defaults included (the
  // binding's arity is the declaration's: tests/unit checks every one).
  Value dslMethod(DslClass cls, const Value &self,
                  const clang::CXXMethodDecl *md, llvm::ArrayRef<Value> args,
                  const clang::Expr *site);
  // Each called method's binding, found once.
  llvm::DenseMap<const clang::CXXMethodDecl *, std::optional<DslMethod>>
      dslMethods_;
  // The same for constructors, by class (a `Rank(p)` per recorded op).
  llvm::DenseMap<const clang::CXXRecordDecl *, std::optional<DslConstructor>>
      dslConstructors_;
  Value dslFreeFunction(const clang::FunctionDecl *fd, ValueList args,
                        const clang::Expr *site);
  Value stdConstruct(StdClass cls, const clang::CXXConstructExpr *ce);
  // std::queue, std::stack and std::priority_queue (StdAdapters.cpp).
  static bool isAdapter(StdClass cls) {
    return cls == StdClass::Queue || cls == StdClass::Stack ||
           cls == StdClass::PriorityQueue;
  }
  static Value emptyAdapter(StdClass cls);
  // The element emplace_back/emplace(args...) makes: the element itself,
  // value-initialised (no arguments), a pair's or tuple's members each
  // converted, a DSL object or a struct constructed from them; `refuse`
  // reports anything else.
  Value emplacedElement(clang::QualType elem,
                        llvm::ArrayRef<const clang::Expr *> args,
                        llvm::MutableArrayRef<Value> argv,
                        const clang::Expr *site,
                        llvm::function_ref<void()> refuse);
  Value adapterConstruct(StdClass cls, const clang::CXXConstructExpr *ce,
                         llvm::ArrayRef<const clang::Expr *> args);
  Value *adapterMethod(StdClass cls, Value *self,
                       const clang::CXXMethodDecl *md, llvm::StringRef name,
                       llvm::ArrayRef<const clang::Expr *> args,
                       llvm::MutableArrayRef<Value> argv,
                       const clang::Expr *site, Value &result);
  // A priority_queue's order over its elements (StdAdapters.cpp).
  using HeapOrder = std::function<bool(Value &, Value &)>;
  HeapOrder heapOrder(const clang::CXXRecordDecl *pq, const Value &comparator,
                      LazyLoc loc);
  // A standard-library class the dialect does not emulate (std::set,
  // std::function, iterators, ...): the error says what to use instead.
  [[noreturn]] void unsupportedStdType(const clang::CXXRecordDecl *rd,
                                       LazyLoc loc);
  // A standard function or method without emulation: the error names it,
  // and what to write instead where there is a common answer.
  [[noreturn]] void unsupportedStdCall(const clang::FunctionDecl *fd,
                                       LazyLoc loc);
  // An argument of the standard library's code. A character array (a
  // string literal given to a template's parameter, `v.emplace_back("a\0b")`,
  // `std::pair<std::string, int>{"a\0b", 1}`) is read as the C string the
  // library makes of it, which ends at its first NUL.
  Value evalLibraryArgument(const clang::Expr *a);
  // std::swap(a, b) and a.swap(b).
  void swapObjects(const clang::Expr *first, const clang::Expr *second,
                   LazyLoc loc);
  // Swaps the objects `a` and `b` of type `type` as std::swap's moves
  // do (swapParts).
  void swapValues(Value *a, Value *b, clang::QualType type, LazyLoc loc);
  // An object of fixed shape (a C array, std::array, std::pair,
  // std::tuple, a struct of the program's own) swaps member by member, so
  // a reference to a member keeps naming it and reads the value it was
  // given, and so do two engaged optionals' values; anything else (a
  // vector, map, set, string) exchanges its value, ending references into
  // either side.
  void swapParts(Value &a, Value &b, clang::QualType type, LazyLoc loc);
  // The member types of `type` when it has a fixed shape of `count`
  // members (swapParts); false otherwise.
  bool fixedShapeMembers(clang::QualType type, size_t count,
                         llvm::SmallVectorImpl<clang::QualType> &members);
  // Numeric, bit and whole-range calls (StdAlgorithms.cpp).
  bool tryCLibraryCall(const clang::CallExpr *call,
                       const clang::FunctionDecl *fd, Value &result);
  bool tryStdNumericCall(const clang::CallExpr *call, llvm::StringRef name,
                         Value &result);
  bool tryNumericLimits(const clang::CallExpr *call,
                        const clang::CXXMethodDecl *md, Value &result);
  bool tryStdRangeAlgorithm(const clang::CallExpr *call, llvm::StringRef name,
                            Value &result);
  // std::inner_product and std::transform_reduce (`name`).
  Value innerProduct(const clang::CallExpr *call, llvm::StringRef name);
  // `lvalueResult`, when given, receives the object a call returning a
  // reference names (std::ranges::min(a, b)).
  bool tryStdFunctionObject(const clang::CallExpr *call,
                            const clang::CXXMethodDecl *md, Value &result,
                            Value **lvalueResult = nullptr);
  // The container of `first`, `last` when they are its begin() and end().
  Value *wholeRange(const clang::Expr *first, const clang::Expr *last,
                    llvm::StringRef algorithm, LazyLoc loc);
  // The std::vector or std::array of `c.rbegin(), c.rend()` (or their
  // const forms), or null when the two are not that.
  // begin() and end() of one std::set or std::map (cbegin, cend): the
  // container (its entries in order), `isSet` set for a set; null for
  // anything else. An unordered container is refused (its order is the
  // library's).
  Value *wholeTreeRange(const clang::Expr *first, const clang::Expr *last,
                        bool &isSet);
  // The one container two iterator-making calls (`c.begin()`, `c.end()`)
  // are made on, of kind `kind`: a located error for two containers.
  Value *sameContainer(const clang::CXXMemberCallExpr *first,
                       const clang::CXXMemberCallExpr *last, Value::Kind kind);
  Value *reverseWholeRange(const clang::Expr *first, const clang::Expr *last);
  const clang::Expr *iteratorSourceObject(const clang::Expr *e);
  // A position in a std::vector or std::array written as an expression:
  // c.begin() or c.end(), a search's result, or an iterator value, plus
  // steps.
  struct IteratorPosition {
    const clang::Expr *container = nullptr;
    bool fromEnd = false;
    // Steps added to the start: an expression times a sign (no expression:
    // one step).
    llvm::SmallVector<std::pair<const clang::Expr *, int>, 2> steps;
    // The start is what std::find, find_if, min_element or max_element
    // returns, rather than begin() or end().
    const clang::CallExpr *search = nullptr;
    // The start is an iterator value (a variable, a call returning one):
    // its container and index are found when the container is looked up
    // (positionContainer), which sets `iteratorIndex`.
    const clang::Expr *iterator = nullptr;
    mutable size_t iteratorIndex = 0;
    // The container's type (std::vector<T> or std::array<T, N>).
    clang::QualType containerType;
  };
  bool parseIteratorPosition(const clang::Expr *e, IteratorPosition &pos);
  size_t resolveIteratorPosition(const IteratorPosition &pos, size_t size,
                                 LazyLoc loc);
  size_t searchPosition(const clang::CallExpr *call, bool *matched = nullptr);
  // Elements [lo, hi) of `range` copied for the program's code (a
  // predicate, a comparator) to see, each checked initialised.
  ValueList elementCopies(const Value &range, size_t lo, size_t hi,
                          LazyLoc loc);
  size_t boundPosition(llvm::StringRef name, ValueList &copy,
                       clang::QualType elem, const clang::Expr *valueE,
                       clang::QualType valueParam,
                       const clang::Expr *comparatorE, LazyLoc loc,
                       bool *matched = nullptr, size_t *upperEnd = nullptr);
  // `rest`: the algorithm's arguments after its range.
  size_t searchCopy(llvm::ArrayRef<const clang::Expr *> rest, LazyLoc loc,
                    llvm::StringRef name, ValueList &copy,
                    clang::QualType elem);
  struct PositionRange {
    Value *range;
    size_t lo, hi;
  };
  PositionRange positionRange(const IteratorPosition &first,
                              const IteratorPosition &last,
                              const clang::CallExpr *call,
                              llvm::StringRef algorithm, Borrow &keep);
  // The same, for positions written at `firstE` and `lastE` in `site` (a
  // call or a constructor).
  PositionRange positionRange(const IteratorPosition &first,
                              const IteratorPosition &last,
                              const clang::Expr *firstE,
                              const clang::Expr *lastE, const clang::Expr *site,
                              llvm::StringRef algorithm, Borrow &keep);
  // The `countE` elements from `first` (std::fill_n(first, n, x) and its
  // kin); none when the count is not positive, as in the library.
  PositionRange countedRange(const IteratorPosition &first,
                             const clang::Expr *firstE,
                             const clang::Expr *countE,
                             llvm::StringRef algorithm, Borrow &keep);
  Value countedAlgorithm(const clang::CallExpr *call, llvm::StringRef name);
  const clang::Expr *backInsertedContainer(const clang::Expr *e);
  // std::copy(first, last, out), std::copy_if(first, last, out, pred),
  // std::transform(first, last, out, op) as a statement (result unused).
  bool tryCopyStatement(const clang::Expr *e);
  // std::erase(c, value) / std::erase_if(c, pred): the count removed.
  Value eraseFromContainer(const clang::CallExpr *call, bool byPredicate);
  bool tryIteratorOperator(const clang::CXXOperatorCallExpr *oc, Value &result,
                           Value **lvalueResult);
  // it - jt (BO_Sub, typed `difference`) and the comparisons of two
  // positions in one vector.
  // The element at the position `e` names in a std::array or std::string
  // (whose iterators are pointers); null when `e` names none.
  Value *arrayPositionElement(const clang::Expr *e, LazyLoc loc);
  bool iteratorDifference(const clang::Expr *l, const clang::Expr *r,
                          clang::BinaryOperatorKind op,
                          clang::QualType difference, LazyLoc loc,
                          Value &result);
  // --- printf and std::cout (ProgramOutput.cpp)
  bool tryProgramOutput(const clang::CallExpr *call,
                        const clang::FunctionDecl *fd, Value &result);
  std::string formatPrintf(const clang::CallExpr *call, unsigned formatArg);
  void writeStreamChain(const clang::Expr *e, std::string &out);
  // Writes what the program prints (to stderr, never into a plan on
  // stdout), within the output limit.
  void printProgramOutput(llvm::StringRef text, LazyLoc loc);
  size_t programOutput_ = 0;

  // --- iterator values (Iterators.cpp)
  enum class IterKind { None, Sequence, Reverse, Tree };
  // What kind of iterator `t` is: a std::vector's (libstdc++'s
  // __normal_iterator), its reverse_iterator, or a map's or set's.
  IterKind iteratorKind(clang::QualType t);
  IterKind classifyIterator(clang::QualType t);
  llvm::DenseMap<const clang::Type *, IterKind> iterKinds_;
  // Whether a library function takes, returns or is a member of an
  // iterator (the iterator paths of tryStdCall), per callee.
  bool calleeUsesIterators(const clang::FunctionDecl *fd);
  llvm::DenseMap<const clang::FunctionDecl *, bool> iteratorCallees_;
  const clang::Type *lastIterType_ = nullptr;
  IterKind lastIterKind_ = IterKind::None;
  // The container type a vector iterator type belongs to.
  static clang::QualType iteratorContainerType(clang::QualType t);
  enum IterFlags : uint8_t {
    IterTree = 1,
    IterEnd = 2,
    IterReverse = 4,
    IterSet = 8
  };
  // An iterator into `container` at `index` (a map's or set's: at the
  // entry `entry`, or end() when null).
  Value makeIterator(Value *container, size_t index, uint8_t flags,
                     const Value *entry, LazyLoc loc);
  // The container an iterator value points into; an error once that
  // container was destroyed or changed in a way that invalidates it.
  Value *iteratorContainer(const Value &it, LazyLoc loc);
  // The element an iterator points to (an error at end()).
  Value *iteratorElement(const Value &it, LazyLoc loc);
  // Moves an iterator by `n` steps (an error outside [begin, end]).
  void advanceIterator(Value &it, __int128 n, LazyLoc loc);
  // Where a map or set iterator is: its entry (end() of the store if it is
  // end()); an error if its entry was erased.
  MapStore::iterator treePosition(const Value &it, Value &map, LazyLoc loc);
  // An iterator made by `call` as a value (`auto it = v.begin();`,
  // m.find(k), std::next(it), it + 2, ...).
  bool tryIteratorValue(const clang::CallExpr *call, Value &result);
  // ++, --, +=, -=, =, ->, [] and the comparisons on iterator objects.
  bool tryIteratorObjectOperator(const clang::CXXOperatorCallExpr *oc,
                                 Value &result, Value **lvalueResult);
  // m.erase(it), m.erase(first, last) on a map or set (the iterator
  // after), m.equal_range(key).
  bool tryTreeMethod(Value *self, const clang::CXXMethodDecl *md,
                     llvm::ArrayRef<const clang::Expr *> args,
                     const clang::CallExpr *call, Value &result);
  // The insertion result (iterator, inserted) of a map's or set's insert.
  Value treeInsertionResult(Value *self, const Value &key, bool inserted,
                            bool isSet, LazyLoc loc);
  // Whether the comparison `op` (==, !=, <, <=, >, >=) holds of operands
  // that compare as `c` (negative, zero, positive).
  static bool comparisonHolds(clang::BinaryOperatorKind op, int c);
  // ==, !=, <, <=, >, >= of two iterators.
  Value compareIterators(clang::BinaryOperatorKind op, const clang::Expr *l,
                         const clang::Expr *r, LazyLoc loc);
  // count, count_if, any_of, all_of, none_of, accumulate, find, find_if,
  // min_element, max_element over map, set or reverse iterators.
  bool tryWalkedRangeAlgorithm(const clang::CallExpr *call,
                               llvm::StringRef name, Value &result);
  // std::advance and std::distance on iterator values.
  bool tryIteratorFunction(const clang::CallExpr *call, llvm::StringRef name,
                           Value &result);
  // The container of a position (IteratorPosition::container evaluated,
  // or the iterator value's).
  Value *positionContainer(const IteratorPosition &pos);
  bool tryVectorEdit(Value *self, const clang::CXXMethodDecl *md,
                     llvm::ArrayRef<const clang::Expr *> args,
                     const clang::CallExpr *call, Value &result);
  Value rangeAlgorithm(llvm::StringRef algorithm, Value &range,
                       clang::QualType elem,
                       llvm::ArrayRef<const clang::Expr *> rest,
                       const clang::CallExpr *call);
  // rangeAlgorithm over elements [lo, hi) of `range`, run on a copy of
  // them, which is written back (the elements' contents invalidated by
  // `operation`) when `writesBack`; `keep` follows the range.
  Value partAlgorithm(llvm::StringRef algorithm, Value &range, size_t lo,
                      size_t hi, clang::QualType elem,
                      llvm::ArrayRef<const clang::Expr *> rest,
                      const clang::CallExpr *call, Borrow &keep,
                      llvm::StringRef operation, bool writesBack);
  Value walkElements(llvm::StringRef algorithm, Value &range, size_t lo,
                     size_t hi, clang::QualType elem,
                     llvm::ArrayRef<const clang::Expr *> rest,
                     const clang::CallExpr *call);
  void sortRange(Value &range, clang::QualType elem,
                 const clang::Expr *comparator, llvm::StringRef algorithm,
                 LazyLoc loc);
  // std::function: made from a lambda, a function or another one; its
  // call operator, assignment and test.
  Value makeStdFunction(const clang::Expr *from,
                        const clang::CXXRecordDecl *functionClass);
  // The specialisation of a generic lambda's call operator for arguments
  // of these types (by value, reference or const: the plain types match),
  // among those Clang instantiated; null if there is none.
  static const clang::FunctionDecl *
  genericLambdaCall(const clang::CXXRecordDecl *lambda,
                    llvm::ArrayRef<clang::QualType> params,
                    ArgCategory category = ArgCategory::Lvalues);
  // The same for any function template: parameters of a fixed type match
  // any argument (it converts to them); a forwarding reference prefers the
  // specialisation for the arguments' value category (`category`).
  static const clang::FunctionDecl *
  templateCallSpecialization(const clang::FunctionTemplateDecl *ft,
                             llvm::ArrayRef<clang::QualType> params,
                             ArgCategory category = ArgCategory::Lvalues);
  const clang::FunctionDecl *
  callOperatorFor(const std::shared_ptr<const Closure> &lambda,
                  const clang::CXXRecordDecl *functionClass, LazyLoc loc);
  Value *stdFunctionMethod(Value *self, const clang::CXXMethodDecl *md,
                           llvm::ArrayRef<const clang::Expr *> args,
                           const clang::CallExpr *call, Value &result);
  // Whether `fd` takes `n` elements as the library passes them to a
  // comparator or predicate: by value or const reference.
  static bool takesElementsReadOnly(const clang::FunctionDecl *fd, unsigned n);
  // A parameter of type `t` cannot change its argument (by value, const &).
  static bool takesReadOnly(clang::QualType t);
  // Whether `fd` takes `n` elements as a comparator or predicate may in
  // C++: by value or by lvalue reference, const or not (the library passes
  // lvalues; callOnElements checks that a non-const one is left as is).
  static bool takesElements(const clang::FunctionDecl *fd, unsigned n);
  // An object `v` of the program's own class `type` where the library
  // needs a number of type `target` (an operation's result stored in an
  // arithmetic init, an argument for a callback's arithmetic parameter):
  // converted as C++ converts it, through the class's non-explicit
  // conversion operator to an arithmetic type (the one to `target` when
  // there are several). The value and its type; none when no one operator
  // applies. (Not for operands of the library's `+`: there C++ may pick an
  // operator of the program's own instead.)
  std::optional<std::pair<Value, clang::QualType>>
  arithmeticThroughConversion(Value &v, clang::QualType type,
                              clang::QualType target, LazyLoc loc);
  // An element `arg` (of static type `argType`) of the program's own class
  // given to a callback's arithmetic parameter of type `param` (by value,
  // const & or &&): its conversion operator's result. None when `param`
  // or `arg` is not of that kind; a located error for such an element no
  // one conversion operator turns into a number. (callOnElements, and
  // std::for_each's walkElements.)
  std::optional<Value> classElementAsNumber(Value &arg, clang::QualType argType,
                                            clang::QualType param, LazyLoc loc);
  // An operation's result `r` (of declared type `returned`) as the
  // numeric algorithms store it in their running value of type `t`:
  // numbers converted to `t`, an object of the program's own class through
  // its conversion operator (arithmeticThroughConversion).
  Value storedInInit(Value r, clang::QualType returned, clang::QualType t,
                     LazyLoc loc);
  // A library operation written as an expression with side effects
  // (`[&] { ++k; return std::plus<>(); }()`): evaluated once, as C++
  // evaluates the argument, although only its type is used.
  void evaluateOperationForEffects(const clang::Expr *e) {
    if (e->HasSideEffects(ctx_))
      eval(e);
  }
  // Calls the comparator or predicate `fd` of std::`algorithm` on `args`
  // as the library does. A parameter that takes its element by non-const
  // reference is given a copy, and a call that changes it is an error: the
  // library's callables must not change the elements they are given.
  Value callOnElements(const clang::FunctionDecl *fd,
                       std::shared_ptr<const Closure> closure, LazyLoc site,
                       llvm::ArrayRef<Value *> args, Value *object,
                       const char *role, llvm::StringRef algorithm,
                       llvm::ArrayRef<clang::QualType> argTypes = {});
  // The value std::find, count, remove, lower_bound and their kin compare
  // elements of type `elem` with. C++ computes `*it == value` and
  // `*it < value` in the usual arithmetic conversions of the two types (an
  // int element against 2.5 as double, an unsigned one against -1 as
  // unsigned; an enumeration as its underlying type): `common` is that
  // type, and `value` is converted to it.
  struct SearchValue {
    Value value;
    clang::QualType common;
    // The elements' hand-written operator==, which the library calls.
    const clang::FunctionDecl *equal = nullptr;
    clang::SourceLocation at;
  };
  // `evaluated`: the value, when the caller has evaluated `valueE` already
  // (std::remove looks at where it lies).
  SearchValue searchValue(const clang::Expr *valueE, clang::QualType elem,
                          LazyLoc loc, const Value *evaluated = nullptr);
  // A standard or aggregate type holding a class compared by an operator
  // of the program's own, which the library would call: an error.
  void refuseUserComparedParts(clang::QualType t, LazyLoc loc);
  // `x op y` through an operator of the program's own (member or free).
  bool callBinaryOperator(const clang::FunctionDecl *op, Value &x, Value &y,
                          clang::SourceLocation at);
  // Equality as std::equal_to<> computes it for elements of type `elem`.
  std::function<bool(Value &, Value &)> naturalEquality(clang::QualType elem,
                                                        LazyLoc loc);
  std::optional<clang::QualType>
  arithmeticOrderType(const clang::Expr *comparator, clang::QualType elem);
  // -1, 0 or 1 as `element` is before, equal to or after the search value.
  int compareWithSearch(const Value &element, const SearchValue &search,
                        LazyLoc loc);
  const clang::FunctionDecl *
  userComparator(const clang::Expr *comparator, clang::QualType elem,
                 std::shared_ptr<const Closure> &closure, unsigned arity = 2,
                 clang::QualType firstParam = clang::QualType(),
                 std::shared_ptr<Value> *functor = nullptr);
  // `searchCopy`, when given, receives a second predicate (comparator)
  // whose state (a mutable lambda's captures, a function object's
  // members) is a copy of the first's, made before either is called:
  // libstdc++'s remove_if and unique search with such a copy first.
  std::function<bool(Value &)>
  predicateFunction(const clang::Expr *pred, clang::QualType elem,
                    llvm::StringRef algorithm,
                    std::function<bool(Value &)> *searchCopy = nullptr);
  std::function<bool(Value &, Value &)> comparatorFunction(
      const clang::Expr *comparator, clang::QualType elem,
      llvm::StringRef algorithm,
      std::function<bool(Value &, Value &)> *searchCopy = nullptr);
  // A comparator of the program's own given to lower_bound, upper_bound or
  // binary_search, which call it as comp(element, value) and
  // comp(value, element) with the value of its own type (`value`, the
  // algorithm's `const T&`): the two calls, `elementFirst` and
  // `valueFirst`. The comparator object is evaluated once.
  // The call of a resolved comparator on (first, second) as the library
  // makes it; `compare` null is an error at the first call.
  std::function<bool(Value &, Value &)>
  comparatorCall(const clang::FunctionDecl *compare,
                 std::shared_ptr<const Closure> closure,
                 std::shared_ptr<Value> object, const clang::Expr *comparator,
                 llvm::StringRef algorithm, clang::QualType first,
                 clang::QualType second);
  void searchComparators(const clang::Expr *comparator, clang::QualType elem,
                         clang::QualType value, llvm::StringRef algorithm,
                         std::function<bool(Value &, Value &)> &elementFirst,
                         std::function<bool(Value &, Value &)> &valueFirst);
  // The order std::less (or, `descending`, std::greater) gives `elem`s:
  // by value, or through the program's own operator< (operator>) of a
  // struct; an error naming `algorithm` for any other type.
  std::function<bool(Value &, Value &)> naturalOrder(clang::QualType elem,
                                                     bool descending,
                                                     llvm::StringRef algorithm,
                                                     LazyLoc loc);
  // The order std::min, std::max, std::minmax and std::clamp compare
  // `elem`s by: `comparator` when there is one, else a struct's own
  // operator< (naturalOrder), else the values' built-in order.
  std::function<bool(Value &, Value &)>
  minMaxOrder(const clang::Expr *comparator, clang::QualType elem,
              llvm::StringRef name, LazyLoc loc);
  // The program's one operator `op` comparing two `rd`s (a const member,
  // a friend or a function of the struct's namespace, taking them by value
  // or const reference), or null.
  const clang::FunctionDecl *
  userOrderOperator(const clang::CXXRecordDecl *rd,
                    clang::OverloadedOperatorKind op);
  void sortWithComparator(Value &range,
                          const std::function<bool(Value &, Value &)> &less,
                          LazyLoc comparatorLoc, llvm::StringRef algorithm,
                          LazyLoc loc);
  double numberArg(const clang::Expr *e);
  uint64_t unsignedArg(const clang::Expr *e, unsigned &width);
  [[noreturn]] void unsupportedStdName(const std::string &qualified,
                                       LazyLoc loc);
  // Whether a method call on a std::map or std::unordered_map is a form
  // stdMethod inserts with (asked by tryTreeMethod): not emplace's piecewise
  // form, nor a form with a hint first (emplace_hint, try_emplace, insert or
  // insert_or_assign with one), nor insert's of a range insertRange does not
  // take.
  bool mapInsertionForm(const clang::CXXMethodDecl *md, size_t nargs);
  // insert(first, last) of a map or set, `first` and `last` positions of
  // a std::vector or std::array: each element inserted in order, as
  // insert(element) inserts it. False (nothing evaluated) for other
  // iterators.
  bool insertRange(StdClass cls, Value *self, const clang::CXXMethodDecl *md,
                   const clang::CallExpr *call);
  // What insertRange does for the map or set `self` of class `container`,
  // the positions written at `firstE` and `lastE` in `site` (also a map's
  // or set's constructor from them).
  bool insertPositions(StdClass cls, Value &self,
                       const clang::CXXRecordDecl *container,
                       const clang::Expr *firstE, const clang::Expr *lastE,
                       const clang::Expr *site, llvm::StringRef what);
  // Whether parameter `i` of `fd` is a std::initializer_list (insert's
  // overload for a braced list of elements).
  bool isInitializerListParam(const clang::FunctionDecl *fd, unsigned i);
  // `evaluated`: the value of the only argument, when the caller had to
  // evaluate it before the object (rightOperandFirst).
  Value *stdMethod(StdClass cls, Value *self, const clang::CXXMethodDecl *md,
                   llvm::ArrayRef<const clang::Expr *> args,
                   const clang::Expr *site, Value &result,
                   Value *evaluated = nullptr);
  chunk::Chunk toChunk(const Value &v, LazyLoc loc);
  std::vector<chunk::Chunk> toChunkList(const Value &v, LazyLoc loc);
  std::vector<int64_t> toIntList(const Value &v, LazyLoc loc);
  // The field `name` of a DSL options struct, or null. `name` must be a
  // string literal: its address keys fieldSlots_.
  // Its slot's probe is inline: options are read for every recorded op.
  [[gnu::always_inline]] const Value *field(const Value &agg,
                                            llvm::StringRef name) {
    if (agg.kind != Value::Kind::Agg || !agg.record)
      return nullptr;
    FieldSlot &slot = fieldSlot(agg.record, name);
    if (slot.record != agg.record || slot.name != name.data() ||
        slot.nameSize != name.size())
      findField(agg.record, name, slot);
    if (slot.index < 0 || size_t(slot.index) >= agg.elems().size())
      return nullptr;
    return &agg.elems()[size_t(slot.index)];
  }
  llvm::DenseMap<const clang::RecordDecl *, llvm::SmallVector<llvm::StringRef>>
      fieldNames_;
  // ctx_.getAsConstantArrayType(t), memoised: for a qualified array type
  // (`const Chunk[1]`, an initializer_list's backing array) Clang builds
  // the element-qualified type again at every call.
  const clang::ConstantArrayType *constantArrayType(clang::QualType t);
  llvm::DenseMap<void *, const clang::ConstantArrayType *> constantArrayTypes_;
  // field()'s answers by (record, name): the names are the binding's
  // string literals, so their addresses tell them apart.
  struct FieldSlot {
    const clang::RecordDecl *record = nullptr;
    const char *name = nullptr;
    size_t nameSize = 0;
    int32_t index = -1;
  };
  std::array<FieldSlot, 64> fieldSlots_{};
  FieldSlot &fieldSlot(const clang::RecordDecl *record, llvm::StringRef name) {
    size_t h = (reinterpret_cast<uintptr_t>(record) >> 4) ^
               (reinterpret_cast<uintptr_t>(name.data()) >> 1);
    return fieldSlots_[(h ^ (h >> 6)) % fieldSlots_.size()];
  }
  // Fills `slot` with the index of the field `name` of `record`.
  void findField(const clang::RecordDecl *record, llvm::StringRef name,
                 FieldSlot &slot);
  void readProgramOptions(const Value &options, ProgramSettings &s);
  TbSelection tbSelection(const Value &opts);
  std::optional<int64_t> optInt(const Value *v);
  Value *mapFind(Value &map, const Value &key);
  // The entry mapFind found last, valid while mapRemovals() is `removals`.
  struct MapFindCache {
    const MapStore *store = nullptr;
    MapStore::iterator at;
    uint64_t removals = 0;
  } lastMapFind_;
  static Value setEntry(const Value &k);
  // Inserts `key` (converted to `keyType`) into a std::set; false when it
  // was there.
  bool setInsert(Value &set, Value key, clang::QualType keyType, LazyLoc loc);
  Value *mapInsert(Value &map, Value key, Value val, bool overwrite,
                   LazyLoc loc);
  void checkContainerSize(size_t n, LazyLoc loc);
  void checkStringLength(size_t n, LazyLoc loc);
  // The text of a list of characters ({'a', 'b'}, {65, 66}, {}), as
  // std::string's initializer_list<char> forms take it.
  std::string charactersOf(const Value &list, LazyLoc loc);
  // The first `count` characters of a character array holding `text` and
  // its terminating NUL, as (const char *s, count) reads them; an error
  // past the array.
  std::string arrayPrefix(const std::string &text, const Value &count,
                          const char *what, LazyLoc loc);
  // The characters of `text` from position `from` on, at most `count`, as
  // substr takes them; a position past the end is an error (C++ throws),
  // reported as `what`'s.
  std::string textFrom(const std::string &text, size_t from, size_t count,
                       const char *what, LazyLoc loc);
  // A container about to be made or resized to `n` elements in one step:
  // the element limit, and the memory budget before the allocation.
  void reserveElements(size_t n, LazyLoc loc);
  // At the first multiple of MemoryCheckInterval steps from
  // nextMemoryCheck_ on: the heap grown since the start must stay
  // under limits_.maxMemoryBytes. The release build also has the process
  // ceiling (an allocation past it throws, which is reported here); a
  // sanitizer build has none, so it checks far more often (its allocator's
  // count is cheap to read).
  void checkMemory(const clang::Stmt *at);
  // The same before making or copying `elements` elements at once, once
  // the elements made or copied since the last reading outnumber the free
  // blocks it walked: a reading then costs no more than they did, and what
  // goes unchecked stays under one Value per free block.
  void checkMemoryBefore(uint64_t elements, const clang::Stmt *at) {
    if (bulkReadingDue(elements))
      checkMemory(at);
  }
  bool bulkReadingDue(uint64_t elements) {
    elementsSinceReading_ += elements;
    return elementsSinceReading_ >= freeBlocksWalked_;
  }
  // Reads the heap in use (support::heapUsage) and schedules the next
  // periodic check: MemoryCheckInterval steps on, or StepsPerFreeBlock
  // steps for each free block the reading walked, so that reading a
  // fragmented heap stays a small share of the evaluation (a reading of
  // about 100,000 free blocks took 5 to 20 ms, and checks 16,384 steps
  // apart made up 82% of an evaluation).
  uint64_t readHeap();
  static constexpr uint64_t MemoryCheckInterval =
      support::SanitizerBuild ? 1u << 8 : 1u << 14;
  static constexpr uint64_t StepsPerFreeBlock = 256;
  static constexpr uint64_t MaxMemoryCheckInterval = uint64_t(1) << 26;
  uint64_t nextMemoryCheck_ = MemoryCheckInterval;
  uint64_t freeBlocksWalked_ = 0;     // by the last reading
  uint64_t elementsSinceReading_ = 0; // made or copied in bulk since
  [[noreturn]] void memoryLimitExceeded(LazyLoc loc,
                                        bool allocationFailed = false);
  uint64_t heapAtStart_ = 0;
  // The statement or expression evaluated last, for errors raised outside
  // any (running out of memory).
  const clang::Stmt *current_ = nullptr;
  const clang::Stmt *statement_ = nullptr; // the statement executed last
  // Where evaluation entered code that may be a system header's (a
  // default argument, a global constant's initialiser): an error inside a
  // header is reported at the program's line, with a note at the header's.
  // Every such entry, innermost last; the error goes to the innermost one
  // in the program's own file. (Only recorded here: which are in a system
  // header is asked when an error is reported.)
  llvm::SmallVector<clang::SourceLocation, 4> libraryEntries_;
  struct LibraryEntry {
    Evaluator &ev;
    LibraryEntry(Evaluator &e, clang::SourceLocation from) : ev(e) {
      ev.libraryEntries_.push_back(from);
    }
    ~LibraryEntry() { ev.libraryEntries_.pop_back(); }
  };
  void finishProgramIfActive();

  // Throws the catalog diagnostic `id` at `loc` (mapped only now).
  [[noreturn]] void error(LazyLoc loc, diag::ID id,
                          std::initializer_list<DiagArg> args = {});
  // A builder diagnostic has no location: give it the DSL call's. Rethrown
  // by the caller.
  void locateDslError(DiagnosticError &e, LazyLoc loc);
  void step(const clang::Stmt *at) {
    current_ = at;
    if (++steps_ > limits_.maxSteps)
      stepLimitExceeded(at);
    // The mask keeps the hot path one test of a constant; the reading
    // itself waits for nextMemoryCheck_.
    if ((steps_ & (MemoryCheckInterval - 1)) == 0 && steps_ >= nextMemoryCheck_)
      checkMemory(at);
    // Nesting (deep expressions, statements, calls) is bounded by the stack
    // the evaluation may use, checked before the real one runs out.
    if (stackBeyondBudget())
      nestingTooDeep(at);
  }
  [[noreturn]] void stepLimitExceeded(const clang::Stmt *at);
  // Library work over n elements (an algorithm's range, the elements an
  // insert moves, n default-constructed elements) costs n steps, as a loop
  // over them would: a loop around std::count of a large vector is not a
  // few steps per iteration, or --max-steps would never stop it.
  void chargeElements(uint64_t n, LazyLoc loc);
  // Copying a container costs steps in proportion (4 per element, about
  // what a copied element costs next to an evaluation step; 1 per 16
  // characters of a string): a loop copying a million-element vector is
  // not "one step" per iteration, or --max-steps would never stop it. A
  // large copy checks the memory budget at once.
  void chargeCopy(const Value &v, const clang::Stmt *at) {
    if (v.kind != Value::Kind::Agg && v.kind != Value::Kind::String &&
        v.kind != Value::Kind::Map)
      return;
    uint64_t elements = v.elems().size() + (v.map() ? v.map()->size() : 0);
    steps_ += 4 * elements + (v.s().size() >> 4);
    if (steps_ > limits_.maxSteps)
      stepLimitExceeded(at);
    if (elements >= (1u << 12) || v.s().size() >= (1u << 16))
      checkMemoryBefore(elements + (v.s().size() >> 4), at);
  }
  [[noreturn]] void nestingTooDeep(const clang::Stmt *at);
  void checkEnumerator(const clang::EnumDecl *ed, __int128 value, LazyLoc loc);
  void checkUserStruct(const clang::CXXRecordDecl *rd, LazyLoc loc);
  // std::map keys are ordered field by field: refuse what would need a
  // user comparator or operator< (mscclc never calls them).
  void checkMapType(const clang::CXXRecordDecl *rd, LazyLoc loc);
  // Map types that passed checkMapType (it walks the key's type each time).
  llvm::DenseSet<const clang::CXXRecordDecl *> checkedMaps_;
  // Memoised: the same call site records many ops.
  SourceLocation irLoc(clang::SourceLocation loc) {
    auto [it, inserted] = locCache_.try_emplace(loc.getRawEncoding());
    if (inserted)
      it->second = mapLoc_(loc);
    return it->second;
  }
  // irLoc of where a DSL construction begins, memoised by site: Clang
  // finds a functional cast's beginning through its type's location, about
  // 300 instructions for every channel a loop makes.
  SourceLocation irBeginLoc(const clang::Expr *site) {
    auto [it, inserted] = beginLocs_.try_emplace(site);
    if (inserted)
      it->second = irLoc(site->getBeginLoc());
    return it->second;
  }
  IntType intType(clang::QualType t);
  // The range and the wrap-around of makeTyped, shared with EvalScalar.cpp.
  // Whether `v` is a value of the integer type `info` describes (at most 64
  // bits wide; bool is 1 bit, unsigned).
  static bool fitsIntType(__int128 v, const IntType &info) {
    if (info.isSigned)
      return v >= -(__int128(1) << (info.width - 1)) &&
             v <= (__int128(1) << (info.width - 1)) - 1;
    return v >= 0 && v <= (__int128(1) << info.width) - 1;
  }
  static __int128 wrapToIntType(__int128 v, const IntType &info);
  // An implicit conversion at `at` of `v`, of the integer type `from`, to
  // the integer type `to`: `v` wrapped to `to`. When `to` is narrower and
  // `v` does not fit, C++ keeps its low bits, which is almost never what an
  // algorithm meant (a 64-bit size passed to an `int` parameter): the
  // first time at each conversion, a -Wimplicit-integer-truncation warning.
  // Slow path only: callers test fitsIntType first.
  __int128 truncateImplicitly(const clang::Expr *at, __int128 v,
                              clang::QualType from, clang::QualType to);
  // The Value-level form, for the conversions the evaluator makes of a
  // whole value (a cast, a compound assignment's store, a range-for's
  // element, a library's argument): when `v` is an integer of the integer
  // type `from` that does not fit the integer type `to` (not bool, not an
  // enumeration), `v` cut to `to` with truncateImplicitly's warning at
  // `at`; nullopt otherwise, for the caller's own conversion.
  std::optional<Value> cutImplicitly(const Value &v, const clang::Expr *at,
                                     clang::QualType from, clang::QualType to,
                                     LazyLoc loc);
  // runScalar's Wrap of a value that does not fit: truncateImplicitly at
  // the instruction's cast (out of line: the loop stays small).
  [[gnu::cold, gnu::noinline]] __int128 wrapConversion(__int128 v,
                                                       const ScalarInstr &wrap);
  // Whether Clang's own -Wconstant-conversion warned of the value `v` that
  // `e` gave (a constant, or a ?: arm that is one, needing more than
  // `width` bits).
  bool clangWarnedOfConstant(const clang::Expr *e, __int128 v, unsigned width);
  llvm::DenseSet<clang::SourceLocation> truncationsReported_;
  std::vector<Diagnostic> warnings_;
  // Whether an integer slot can take `v` in place as `info`'s type (a
  // builtin integer of at most 64 bits, not bool, `v` in its range), and
  // the store: the fields makeTyped would give, without a new Value.
  static bool storableInPlace(__int128 v, const IntType &info) {
    return info.width != 0 && !info.isBool && info.width <= 64 &&
           fitsIntType(v, info);
  }
  static void storeInPlace(Value &slot, __int128 v, const IntType &info) {
    slot.i = info.isSigned ? int64_t(v) : int64_t(uint64_t(v));
    slot.isUnsigned = !info.isSigned && info.width == 64;
  }
  // a * b of two values of at most 64 bits (signed or unsigned), modulo
  // 2^128: two unsigned 64-bit operands can overflow a signed __int128,
  // which is undefined; the product's low 64 bits, all a 64-bit type
  // keeps, are the same either way.
  static __int128 multiplyWide(__int128 a, __int128 b) {
    return __int128((unsigned __int128)a * (unsigned __int128)b);
  }

  clang::ASTContext &ctx_;
  ProgramBuilder &builder_;
  EvalLimits limits_;
  LocationMapper mapLoc_;
  // The stack address where evaluation started (stacks grow down here).
  const char *stackBase_ =
      static_cast<const char *>(__builtin_frame_address(0));
  // Default member initialisers made only of constants (the options
  // structs' `= std::nullopt`, `= SyncType::both`, ...) are evaluated once.
  bool isConstantInitializer(const clang::Expr *e);
  llvm::DenseMap<const clang::Expr *, Value> constantInits_;
  llvm::DenseMap<const clang::Expr *, bool> constantInitKnown_;
  // Borrows live (a circular list with this as its head) and the causes of
  // those that went dangling; the head outlives every frame and global.
  Borrow borrows_{*this};
  std::vector<DanglingCause> danglings_;
  // What iterator values point into: one iterating borrow per container
  // (shared by every iterator into it until it is invalidated), or, once
  // invalidated and swept, the cause (an index into danglings_ + 1).
  struct IterRecord {
    std::unique_ptr<Borrow> borrow;
    size_t dangling = 0;
    // A temporary's: its slot in temps_.
    size_t tempSlot = SIZE_MAX;
  };
  // The expression statement being evaluated, whose value is discarded.
  const clang::Expr *discardedResult_ = nullptr;
  // Records into temporaries, ended when their slot is reused.
  std::vector<size_t> tempIterRecords_;
  void endTemporaryIterators(size_t from);
  // The iterators into `v` (about to be destroyed) end.
  void endIteratorsInto(const Value &v, LazyLoc loc);
  // Pops the innermost frame; iterators into its variables end. With
  // `keep`, a frame no iterator points into is moved there instead of
  // freed (the algorithm's frame, freed with the evaluator).
  void popFrame(std::unique_ptr<Frame> *keep = nullptr);
  std::vector<IterRecord> iterRecords_;
  llvm::DenseMap<const Value *, size_t> iterRecordOf_;
  std::vector<size_t> liveIterRecords_;
  size_t iterRecord(Value *container, LazyLoc loc);
  std::deque<Value> danglingValues_;
  uint64_t frameSerial_ = 0;
  // Whether a lambda ever captured a local variable by reference, and
  // which: only those must have their generation ended with their block.
  bool capturedByReference_ = false;
  llvm::DenseSet<const clang::ValueDecl *> capturedByReferenceDecls_;
  std::vector<std::unique_ptr<Frame>> frames_;
  std::vector<std::shared_ptr<const DslObject>> rankObjects_;
  std::vector<std::shared_ptr<const DslObject>> bufferObjects_;
  llvm::DenseMap<unsigned, SourceLocation> locCache_;
  llvm::DenseMap<const clang::Expr *, SourceLocation> beginLocs_;
  llvm::DenseMap<const clang::Type *, IntType> intTypes_;
  // intType of the builtin integer types, by kind, without the map: loop
  // counters and indices are mostly plain `int`. width 0: not known yet.
  std::array<IntType, clang::BuiltinType::LastKind + 1> builtinIntTypes_{};
  unsigned intWidth_ = 0; // of `int`, for incrementMayOverflow
  // isScalarExpr's answers.
  // Per node: whether it is a scalar expression; per root, once compiled,
  // its code (null when too large to compile).
  struct ScalarShape {
    bool ok = false;
    bool compiled = false;
    const ScalarCode *code = nullptr;
  };
  llvm::DenseMap<const clang::Expr *, ScalarShape> scalarShapes_;
  // The entry isScalarExpr or scalarCode saw last (a copy: the map moves
  // its entries when it grows).
  const clang::Expr *lastShapeExpr_ = nullptr;
  ScalarShape lastShape_;
  bool fastIntegers_ = true; // MSCCLC_NO_FAST_INTEGERS unset
  // Temporaries of the full-expression being evaluated. Slots are reused
  // (a deque never moves its elements), so evaluating allocates nothing
  // once the deepest expression has been seen.
  std::deque<Value> temps_;
  // The temporary of the program each slot holds (its
  // MaterializeTemporaryExpr), null for the evaluator's own copies.
  std::vector<const clang::MaterializeTemporaryExpr *> tempOrigins_;
  size_t tempTop_ = 0;
  uint64_t steps_ = 0;
  // "in call to" notes already added to the diagnostic being unwound: they
  // come first (innermost call first), before the notes of its origin. The
  // three innermost calls are shown, then the outermost one (where the
  // algorithm started the chain), after a note counting those between.
  unsigned callNotes_ = 0;
  // How many of them name a default member initialiser (not limited).
  unsigned memberNotes_ = 0;
  // Calls beyond the three innermost: whether the outermost so far is
  // shown, and how many between are not.
  bool outermostCallShown_ = false;
  unsigned hiddenCalls_ = 0;
  // Call notes before the chain being built: a default member initialiser
  // after a cut chain starts a new one, with its own three innermost.
  unsigned chainStart_ = 0;
  void resetCallNotes() {
    callNotes_ = memberNotes_ = chainStart_ = 0;
    outermostCallShown_ = false;
    hiddenCalls_ = 0;
  }
  // Globals are stored behind pointers: references to them stay valid
  // while more are added.
  llvm::DenseMap<const clang::VarDecl *, std::unique_ptr<Value>> globals_;
  // The globals whose initialisers are running, innermost last.
  llvm::SmallVector<const clang::VarDecl *, 2> globalsInitialising_;
  // The algorithm's frame once run() has returned: its values (a channel
  // map per thread block, hundreds of thousands of entries at 128 ranks)
  // are freed with the evaluator, after the front end has handed the
  // program over, not before. Last, so it goes first.
  std::unique_ptr<Frame> finishedFrame_;
};

// std::cout, cerr, clog; C's stdout, stderr (ProgramOutput.cpp).
bool isOutputStream(const clang::VarDecl *vd);

} // namespace mscclc::frontend
