// No include guard: included twice, its function is defined twice.
inline int twice(int x) { return 2 * x; }
