//===- StdAdapters.cpp - std::queue, std::stack, std::priority_queue -----===//
//
// The container adapters tree and breadth-first algorithms use. A queue or
// a stack is held as the list of its elements (front or bottom first). A
// priority_queue is (heap, comparator): the heap is the vector libstdc++
// keeps, arranged by the same push_heap/pop_heap steps, so elements that
// compare equal leave in the order a natively compiled program gives; the
// comparator is the object the program passed (a lambda, a function object)
// or nothing for std::less and std::greater.
//
// None of them has iterators. A reference from front(), back() or top()
// ends at the next push or pop: stricter than a deque-backed std::queue,
// whose push keeps references valid, never looser.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <deque>
#include <functional>
#include <utility>

using namespace clang;

namespace mscclc::frontend {

namespace {
const char *adapterName(Evaluator::StdClass cls) {
  switch (cls) {
  case Evaluator::StdClass::Queue:
    return "queue";
  case Evaluator::StdClass::Stack:
    return "stack";
  default:
    return "priority_queue";
  }
}
} // namespace

Value Evaluator::emptyAdapter(StdClass cls) {
  if (cls != StdClass::PriorityQueue)
    return Value::makeAgg({});
  ValueList parts;
  parts.push_back(Value::makeAgg({}));
  parts.push_back(Value::makeVoid());
  return Value::makeAgg(std::move(parts));
}

// The heap's order: `less(a, b)` when a belongs nearer the bottom (the
// comparator's "a before b"; the top is the greatest).
Evaluator::HeapOrder Evaluator::heapOrder(const CXXRecordDecl *pq,
                                          const Value &comparator,
                                          LazyLoc loc) {
  QualType elem = templateArgType(pq, 0);
  QualType compType = templateArgType(pq, 2);
  const CXXRecordDecl *crd =
      compType.isNull() ? nullptr
                        : compType.getCanonicalType()->getAsCXXRecordDecl();
  if (crd && crd->isInStdNamespace() && crd->getIdentifier() &&
      (crd->getName() == "less" || crd->getName() == "greater"))
    return naturalOrder(elem, crd->getName() == "greater", "priority_queue",
                        loc);
  const FunctionDecl *call = nullptr;
  std::shared_ptr<const Closure> closure;
  std::shared_ptr<Value> object;
  if (crd && crd->isLambda()) {
    call = crd->getLambdaCallOperator();
    if (crd->isGenericLambda())
      call = genericLambdaCall(crd, {elem, elem});
    if (comparator.kind == Value::Kind::Closure) {
      closure = comparator.closure();
    } else if (crd->capture_size() == 0) {
      // A captureless lambda's type default-constructs (C++20): a closure
      // with nothing captured.
      closure = std::make_shared<Closure>();
    } else {
      call = nullptr;
    }
  } else if (const CXXMethodDecl *op = functorCallOperator(crd, {elem, elem})) {
    call = op;
    object = std::make_shared<Value>(comparator.kind == Value::Kind::Void
                                         ? defaultValue(compType, loc)
                                         : comparator);
  }
  if (!call || call->getNumParams() != 2)
    error(loc, diag::err_std_pq_comparator);
  if (!takesElements(call, 2))
    error(loc, diag::err_std_comparator_params, {"priority_queue"});
  clang::SourceLocation at = loc;
  return [this, call, closure, object, at, elem](Value &x, Value &y) {
    Value *args[2] = {&x, &y};
    QualType types[2] = {elem, elem};
    return truthy(callOnElements(call, closure, at, args, object.get(),
                                 "comparator", "priority_queue", types),
                  at);
  };
}

// The heap algorithms below read and write the heap through `at(i)`, a
// Value& for position i: the heap itself while a priority_queue is built,
// a HeapOverlay for a push or a pop. (Evaluator::HeapOrder, for these
// free functions.)
using HeapOrder = std::function<bool(Value &, Value &)>;

// libstdc++'s __push_heap: the value at `hole` rises while its parent
// orders before it.
template <typename At>
static void siftUp(At &&at, size_t hole, size_t top, Value value,
                   const HeapOrder &less) {
  while (hole > top) {
    size_t parent = (hole - 1) / 2;
    if (!less(at(parent), value))
      break;
    at(hole) = std::move(at(parent));
    hole = parent;
  }
  at(hole) = std::move(value);
}

// libstdc++'s __adjust_heap: the hole at `hole` sinks to a leaf along the
// greater children, then `value` rises from there.
template <typename At>
static void adjustHeap(At &&at, size_t hole, size_t len, Value value,
                       const HeapOrder &less) {
  size_t top = hole, child = hole;
  while (len >= 2 && child < (len - 1) / 2) {
    child = 2 * (child + 1);
    if (less(at(child), at(child - 1)))
      --child;
    at(hole) = std::move(at(child));
    hole = child;
  }
  if (len % 2 == 0 && len >= 2 && child == (len - 2) / 2) {
    child = 2 * (child + 1);
    at(hole) = std::move(at(child - 1));
    hole = child - 1;
  }
  siftUp(at, hole, top, std::move(value), less);
}

// libstdc++'s __make_heap.
static void makeHeap(ValueList &heap, const HeapOrder &less) {
  size_t len = heap.size();
  if (len < 2)
    return;
  auto at = [&heap](size_t i) -> Value & { return heap[i]; };
  for (size_t parent = (len - 2) / 2;; --parent) {
    Value v = std::move(heap[parent]);
    adjustHeap(at, parent, len, std::move(v), less);
    if (parent == 0)
      return;
  }
}

namespace {
// The positions one push or pop reads or writes, as copies taken on first
// use, written back by commit(). The comparator runs user code: it sees
// stable objects, as when the step worked on a copy of the whole heap; but
// a step touches about 2·log2(n) positions, where the copy made every push
// and pop linear. A comparator that changes the queue (through a
// std::function it calls) is an error before the next position is read.
class HeapOverlay {
public:
  // `checkUnchanged` reports the error when user code run so far changed
  // the queue: the heap may then be gone or shorter, and is not read.
  HeapOverlay(const ValueList &heap, llvm::function_ref<void()> checkUnchanged)
      : heap_(heap), checkUnchanged_(checkUnchanged) {}
  Value &operator()(size_t i) {
    // A path down and back up a heap: a few dozen positions at most.
    for (auto &[position, value] : touched_)
      if (position == i)
        return value;
    checkUnchanged_();
    // A deque: the references handed out stay valid as it grows.
    return touched_.emplace_back(i, heap_[i]).second;
  }
  void commit(ValueList &heap) {
    checkUnchanged_();
    for (auto &[position, value] : touched_)
      heap[position] = std::move(value);
  }

private:
  const ValueList &heap_;
  llvm::function_ref<void()> checkUnchanged_;
  std::deque<std::pair<size_t, Value>> touched_;
};
} // namespace

Value Evaluator::adapterConstruct(StdClass cls, const CXXConstructExpr *ce,
                                  llvm::ArrayRef<const Expr *> args) {
  LazyLoc loc(ce);
  const CXXRecordDecl *rd = ce->getConstructor()->getParent();
  Value v = emptyAdapter(cls);
  if (args.empty())
    return v;
  auto elementsOf = [&](const Expr *e) {
    // A container to start from: a std::vector (or, for queue and stack,
    // the underlying container written out).
    const CXXRecordDecl *from =
        e->getType().getNonReferenceType()->getAsCXXRecordDecl();
    StdClass fc = from ? classifyStd(from) : StdClass::None;
    if (fc != StdClass::Vector && fc != StdClass::Array &&
        fc != StdClass::InitializerList)
      error(e, diag::err_std_adapter_ctor, {adapterName(cls)});
    Value c = eval(e);
    return std::move(c.elems());
  };
  if (cls != StdClass::PriorityQueue) {
    if (args.size() != 1)
      error(loc, diag::err_std_adapter_ctor, {adapterName(cls)});
    ValueList elems = elementsOf(args[0]);
    checkContainerSize(elems.size(), loc);
    return Value::makeAgg(std::move(elems));
  }
  // priority_queue(comp), (comp, container), (first, last[, comp]).
  ValueList heap;
  const Expr *comparator = nullptr;
  QualType compType = templateArgType(rd, 2);
  auto isComparator = [&](const Expr *e) {
    return e->getType()
               .getNonReferenceType()
               .getCanonicalType()
               .getUnqualifiedType() ==
           compType.getCanonicalType().getUnqualifiedType();
  };
  if (args.size() <= 2 && isComparator(args[0])) {
    comparator = args[0];
    if (args.size() == 2)
      heap = elementsOf(args[1]);
  } else if (args.size() >= 2 && args.size() <= 3 && !isComparator(args[0]) &&
             (args.size() == 2 || isComparator(args[2]))) {
    Value *from = wholeRange(args[0], args[1], "priority_queue", loc);
    heap = from->elems();
    if (args.size() == 3)
      comparator = args[2];
  } else {
    error(loc, diag::err_std_adapter_ctor, {adapterName(cls)});
  }
  checkContainerSize(heap.size(), loc);
  QualType elem = templateArgType(rd, 0);
  for (Value &e : heap)
    if (e.kind == Value::Kind::Int || e.kind == Value::Kind::Float)
      e = convert(e, elem, loc);
  Value comp = comparator ? eval(comparator) : Value::makeVoid();
  makeHeap(heap, heapOrder(rd, comp, loc));
  v.elems()[0] = Value::makeAgg(std::move(heap));
  v.elems()[1] = std::move(comp);
  return v;
}

Value *Evaluator::adapterMethod(StdClass cls, Value *self,
                                const CXXMethodDecl *md, llvm::StringRef name,
                                llvm::ArrayRef<const Expr *> args,
                                llvm::MutableArrayRef<Value> argv,
                                const Expr *site, Value &result) {
  LazyLoc loc(site);
  const CXXRecordDecl *rd = md->getParent();
  bool pq = cls == StdClass::PriorityQueue;
  Value &list = pq ? self->elems()[0] : *self;
  ValueList &elems = list.elems();
  auto nonEmpty = [&] {
    if (elems.empty())
      error(loc, diag::err_std_adapter_empty, {name.str(), adapterName(cls)});
  };
  // A priority_queue's push or pop: `sift(heap, less)` runs the comparator,
  // user code, on copies of the positions it reaches (a HeapOverlay),
  // committed once it is done; the queue must not change meanwhile.
  auto siftThroughOverlay = [&](auto sift) {
    HeapOrder less = heapOrder(rd, self->elems()[1], loc);
    Borrow ordering(*this, &list, /*iterating=*/true);
    auto unchanged = [&] {
      if (ordering.dangling)
        invalidatedDuringUse(ordering, diag::err_std_heap_modified, loc);
    };
    HeapOverlay heap(elems, unchanged);
    sift(heap, less);
    heap.commit(elems);
  };
  if (name == "size") {
    result = Value::makeInt(int64_t(elems.size()), true);
    return nullptr;
  }
  if (name == "empty") {
    result = Value::makeInt(elems.empty());
    return nullptr;
  }
  // Where the next element leaves: a queue's front, a stack's top (its
  // last element), a priority_queue's top (the heap's first).
  if ((name == "front" || name == "back") && cls == StdClass::Queue) {
    nonEmpty();
    return name == "front" ? &elems.front() : &elems.back();
  }
  if (name == "top" && cls != StdClass::Queue) {
    nonEmpty();
    return pq ? &elems.front() : &elems.back();
  }
  if (name == "push" || name == "emplace") {
    QualType elem = templateArgType(rd, 0);
    Value v;
    if (name == "push") {
      v = std::move(argv[0]);
      if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
        v = convert(v, elem, loc);
    } else {
      v = emplacedElement(elem, args, argv, site, [&] {
        error(loc, diag::err_std_adapter_emplace, {adapterName(cls)});
      });
    }
    checkContainerSize(elems.size() + 1, loc);
    // A queue's or stack's deque keeps its elements in place when it
    // grows: references to them follow the evaluator's storage.
    const Value *oldData = elems.data();
    size_t oldSize = elems.size();
    if (pq)
      invalidateTail(list, 0, name, loc); // elements move within the heap
    else
      killIterations(list, name, loc);
    elems.push_back(std::move(v));
    if (!pq && elems.data() != oldData && hasBorrows())
      retargetBorrows(oldData, oldSize, elems.data());
    if (pq)
      siftThroughOverlay([&](HeapOverlay &heap, const HeapOrder &less) {
        Value last = elems.back();
        siftUp(heap, elems.size() - 1, 0, std::move(last), less);
      });
    result = Value::makeVoid();
    return nullptr;
  }
  if (name == "pop") {
    nonEmpty();
    if (cls == StdClass::Stack) {
      invalidateTail(list, elems.size() - 1, "pop", loc);
      elems.pop_back();
    } else if (cls == StdClass::Queue) {
      // Only the front goes; the rest move up one slot in the evaluator's
      // storage (not in C++'s deque): references to them follow.
      killIterations(list, "pop", loc);
      if (hasBorrows())
        killBorrowsWithin(elems.front(), "pop", loc);
      elems.erase(elems.begin());
      if (hasBorrows())
        retargetBorrows(elems.data() + 1, elems.size(), elems.data());
    } else {
      invalidateTail(list, 0, "pop", loc);
      // libstdc++'s __pop_heap: the last element takes the hole the top
      // leaves, the top goes to the end and is dropped (below). The sift
      // never reaches the last position, which still holds the element
      // being placed.
      if (elems.size() > 1)
        siftThroughOverlay([&](HeapOverlay &heap, const HeapOrder &less) {
          Value value = elems.back();
          adjustHeap(heap, 0, elems.size() - 1, std::move(value), less);
        });
      elems.pop_back();
    }
    result = Value::makeVoid();
    return nullptr;
  }
  unsupportedStdCall(md, loc);
}

} // namespace mscclc::frontend
