// samples/baked for GPUs: main.cpp compiled by nvcc (a source file has one
// language per directory in CMake, so the GPU build includes it).
#include "main.cpp"
