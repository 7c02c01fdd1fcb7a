#include "allgather.hpp"
