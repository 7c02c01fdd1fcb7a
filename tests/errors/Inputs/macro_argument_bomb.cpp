// Each level of X pre-expands its argument and pastes it twice: 2^26 tokens
// built inside the preprocessor's own buffers (few macro expansions, no
// token reaches the parser), where a failed malloc is reported by LLVM.
#include <mscclpp/dsl.hpp>
#define X(a) a a
MSCCLPP_ALGORITHM void algo() {
  int a = 0 X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(X(+1))))))))))))))))))))))))));
}
