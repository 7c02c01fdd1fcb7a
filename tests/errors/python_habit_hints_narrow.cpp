// RUN: not mscclc %s 2>&1 | FileCheck %s --implicit-check-not="keyword arguments" --implicit-check-not="put it in braces"
// The Python-habit hints stay with their habits: an assignment to a
// misspelt variable in a for or if keeps its "did you mean" (it read as a
// keyword argument, tb=0), and a conversion between containers gets no
// "put it in braces" (only one element where its list is wanted does).
// CHECK: error: use of undeclared identifier 'indx'; did you mean 'index'?
// CHECK: error: use of undeclared identifier 'cout'; did you mean 'count'?
// CHECK: error: no viable conversion from 'std::set<int>' to 'std::vector<int>'
#include <mscclpp/dsl.hpp>
#include <set>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void python_habit_hints_narrow(int num_ranks = 2) {
  CollectiveProgram program("python_habit_hints_narrow",
                            AllGather(num_ranks, 1, true), num_ranks);
  int index = 0, count = 0;
  for (indx = 0; indx < num_ranks; ++indx)
    ++count;
  if (cout = 3, count > 0)
    ++index;
  std::set<int> seen{1, 2};
  std::vector<int> order = seen;
}
