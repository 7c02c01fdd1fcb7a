# Prints an algorithm whose scratch size is a deeply nested expression:
#   nested.py add N    1+1+...+1 (N terms, a left-deep tree)
#   nested.py cond N   c ? (c ? ... : 0) : 0 (N levels)
import sys

kind, n = sys.argv[1], int(sys.argv[2])
if kind == "add":
    expr = "+".join(["1"] * n)
else:
    expr = "c ? " * n + "1" + " : 0" * n
print("#include <mscclpp/dsl.hpp>")
print("using namespace mscclpp::dsl;")
print("MSCCLPP_ALGORITHM void nested() {")
print("  bool c = true;")
print("  int x = %s;" % expr)
print("  (void)c; (void)x;")
print("  TestCollective collective(1, 1, 1);")
print('  CollectiveProgram program("nested", collective, 1);')
print("  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),")
print("               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});")
print("}")
