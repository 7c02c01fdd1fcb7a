// A switch whose body is one statement rather than a block: a labelled
// statement runs when its label matches (fall-through has nowhere to go),
// a break in it ends the switch, and a body without a label never runs.
// Printed natively (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/switch_single_statement.test).
#include <cstdio>

static int classify(int x) {
  int result = 0;
  switch (x)
  default:
    result = 10 + x;
  return result;
}

static int onlyTwo(int x) {
  int result = -1;
  switch (x)
  case 2:
    result = 2;
  return result;
}

static void body() {
  printf("switch default %d %d\n", classify(1), classify(-4));
  printf("switch case %d %d\n", onlyTwo(2), onlyTwo(3));
  int n = 0;
  for (int i = 0; i < 5; ++i)
    switch (i % 3)
    case 0: {
      ++n;
      if (i > 2)
        break;
      n += 10;
    }
  printf("switch block %d\n", n);
  int untouched = 7;
  switch (untouched)
    untouched = 0;
  printf("switch unlabelled %d\n", untouched);
  switch (int k = n * 2; k)
  default:
    printf("switch init %d\n", k);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(switch_single_statement)
