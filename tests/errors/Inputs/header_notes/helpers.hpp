// Helpers of header_notes.test: a warning (a shift past the width) and
// three overloads, none of which takes a string.
inline long wide(int x) { return x << 40; }
inline int pick(int x) { return x; }
inline int pick(double x) { return int(x); }
inline int pick(int x, int y) { return x + y; }
