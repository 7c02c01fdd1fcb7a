// RUN: mscclc --verify %s
// RUN: env MSCCLC_NO_FAST_INTEGERS=1 MSCCLC_NO_FAST_ROUTES=1 mscclc --verify %s
// RUN: mscclc -Wno-implicit-integer-truncation -Wno-clang %s -o %t.json 2>&1 | count 0
// RUN: %expect-error mscclc -Werror=implicit-integer-truncation %s
// RUN: echo old > %t.kept.json
// RUN: not mscclc -Werror=implicit-integer-truncation %s -o %t.kept.json 2> /dev/null
// RUN: grep -qx old %t.kept.json
// RUN: not mscclc %s -P flag=maybe -o %t.flag.json 2>&1 | FileCheck --check-prefix=DEFAULT %s
// DEFAULT: warning: implicit conversion from 'long long' to 'int' changes the value from 4294967301 to 5
// DEFAULT: error: invalid value 'maybe' for parameter 'flag'
// RUN: not mscclc %s -P fail=true -o %t.fail.json 2>&1 | FileCheck --check-prefix=ORDER %s
// ORDER: warning: implicit conversion from 'long long' to 'int' changes the value from 4294967298 to 2
// ORDER: error: rank 5 is out of range: the program has 2 ranks (0..1)
// A 64-bit count passed where the DSL takes an `int` (a buffer's size, a
// thread block) or stored into a narrower variable is cut to its low bits
// by C++, silently: the Python DSL would have kept the whole number. Each
// implicit conversion that loses bits (converting back does not restore
// the value, UBSan's test) warns once, on the walk and on
// the fast integer paths alike; explicit casts and same-width conversions
// do not.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

static long long huge() { return (1LL << 32) + 5; }
template <class T> int cut(long long v, T) {
  // Once for all instantiations.
  // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967298 to 2}}
  return v;
}
enum Wide : long long { WideValue = 1LL << 40 };

// expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967301 to 5}}
MSCCLPP_ALGORITHM void implicit_integer_truncation(bool fail = false, int fromDefault = huge(),
                                                   bool flag = false) {
  CollectiveProgram program("implicit_integer_truncation",
                            AllGather(2, 1, false), 2);
  long long chunks = (1LL << 32) + 2;
  long long tb = 1LL << 32;
  // A constant cut has Clang's own warning, and only that one.
  // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes value from 8589934592 to 0 [-Wclang]}}
  int constantCut = 1LL << 33;
  (void)constantCut;
  // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967298 to 2 (it does not fit: C++ keeps its low 32 bits); use a wider type, or static_cast<int>(...) where the wrap-around is intended}}
  Buffer scratch(0, chunks);
  int sum = 0;
  for (int i = 0; i < 3; ++i) {
    // Once per conversion, not once per iteration.
    // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967296 to 0}}
    int cut = tb + i * 0;
    sum += cut;
  }
  std::vector<int> sizes;
  // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967297 to 1}}
  sizes.push_back(tb + 1);
  char c = 100;
  // expected-warning@+1 {{implicit conversion from 'int' to 'char' changes the value from 200 to -56 (it does not fit: C++ keeps its low 8 bits)}}
  c += 100;
  // ++ and -- of a type narrower than int compute in int and convert back.
  signed char up = 127;
  // expected-warning@+1 {{implicit conversion from 'int' to 'signed char' changes the value from 128 to -128}}
  ++up;
  unsigned char down = 0;
  // expected-warning@+1 {{implicit conversion from 'int' to 'unsigned char' changes the value from -1 to 255}}
  down--;
  // A loop counter (the loop's own increment path), once.
  int laps = 0;
  // expected-warning@+1 {{implicit conversion from 'int' to 'unsigned char' changes the value from 256 to 0}}
  for (unsigned char k = 250; k != 4; ++k)
    ++laps;
  unsigned wide = 0;
  wide--; // unsigned arithmetic, no conversion: no warning
  // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967296 to 0}}
  std::optional<int> held = tb;
  int viaTemplate = cut(chunks, 1) + cut(chunks, 1.0);
  for (int each : std::vector<long long>{chunks})
    // expected-warning@-1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967298 to 2}}
    viaTemplate += each;
  // Clang warns of a constant arm of ?: itself; mscclc adds nothing.
  // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes value from 8589934592 to 0 [-Wclang]}}
  int arm = fail ? 0LL : 1LL << 33;
  // Constants Clang does not warn of (it counts bits without the sign).
  // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967295 to -1}}
  int allBits = 0xFFFFFFFFLL;
  Wide wideEnum = WideValue;
  // expected-warning@+1 {{implicit conversion from 'Wide' to 'int' changes the value from 1099511627776 to 0}}
  int fromEnum = wideEnum;
  (void)viaTemplate;
  (void)arm;
  (void)allBits;
  (void)fromEnum;
  (void)fromDefault;
  (void)flag;
  // Conversions the library makes of the user's argument.
  OpOptions assigned;
  // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967297 to 1}}
  assigned.tb = tb + 1;
  // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967299 to 3}}
  sizes.emplace_back(tb + 3);
  (void)assigned;
  // Written on purpose, or no bits lost: no warning.
  int explicitCast = static_cast<int>(tb) + (int)chunks + int(tb);
  unsigned allOnes = -1;
  std::vector<int> none;
  int last = none.size() - 1; // SIZE_MAX keeps every bit in -1
  int fits = 7LL;
  (void)explicitCast;
  (void)allOnes;
  (void)last;
  (void)sizes;
  (void)c;
  (void)held;
  (void)up;
  (void)down;
  (void)laps;
  (void)wide;
  if (fail)
    Rank(5).copy(Rank(5).get_output_buffer().slice(0, 1),
                 Rank(5).get_input_buffer().slice(0, 1));
  for (int r = 0; r < 2; ++r) {
    Rank rank(r);
    MemoryChannel channel(1 - r, r);
    Chunk own = rank.get_input_buffer().slice(0, 1);
    rank.copy(rank.get_output_buffer().slice(r, r + 1), own,
              {.tb = sum + fits - 7});
    // The option's std::optional<int> is made from the 64-bit value: thread
    // block 0 after the cut.
    // expected-warning@+1 {{implicit conversion from 'long long' to 'int' changes the value from 4294967296 to 0}}
    channel.put(Rank(1 - r).get_output_buffer().slice(r, r + 1), own, {.tb = tb});
    channel.signal({.tb = 0});
    channel.wait({.tb = 0});
  }
}
