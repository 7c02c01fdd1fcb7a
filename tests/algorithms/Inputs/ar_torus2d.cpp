// All-reduce in place over a rows × cols grid of ranks (rank i·cols + j
// sits in row i, column j), in three phases on two thread blocks:
//  1. row reduce-scatter (thread block 0): the input is cut into cols
//     blocks of rows chunks; rank (i, j) reduces block j from each rank of
//     its row, reading their copies through the row channels;
//  2. column all-reduce (thread block 1): rank (i, j) owns chunk i of its
//     block; each rank of its column puts its copy of that chunk into
//     (i, j)'s scratch, which reduces the copies into its own and puts the
//     sum back to them;
//  3. row all-gather (thread block 0): each rank puts its finished block to
//     every rank of its row.
// A semaphore hands the block from thread block 0 to 1 and back; each phase
// that reads or writes a peer's buffer first hears that the peer is ready.
#include <cassert>
#include <map>
#include <utility>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ar_torus2d(std::string_view name = "ar_torus2d",
                                  int rows = 2, int cols = 3,
                                  int instances = 1) {
  assert(rows >= 1 && cols >= 1 && rows * cols >= 2);
  const int n = rows * cols;
  AllReduce collective(n, 1, /*inplace=*/true);
  CollectiveProgram program(name, collective, n, {.instances = instances});
  auto rank_at = [cols](int i, int j) { return i * cols + j; };
  // Chunk i of block j, one of the rows chunks [j·rows, (j + 1)·rows); the
  // phases move single chunks, so that instances replicate every access the
  // same way.
  auto chunk = [rows](int rank, int j, int i) {
    const int k = j * rows + i;
    return Rank(rank).get_input_buffer().slice(k, k + 1);
  };
  std::map<std::pair<int, int>, MemoryChannel> row, col;
  std::vector<Buffer> scratch;
  for (int q = 0; q < n; ++q) {
    const int i = q / cols, j = q % cols;
    for (int jj = 0; jj < cols; ++jj)
      if (jj != j)
        row.emplace(std::make_pair(q, rank_at(i, jj)),
                    MemoryChannel(rank_at(i, jj), q));
    for (int ii = 0; ii < rows; ++ii)
      if (ii != i)
        col.emplace(std::make_pair(q, rank_at(ii, j)),
                    MemoryChannel(rank_at(ii, j), q));
    scratch.push_back(Buffer(q, rows));
  }
  // Everyone is ready to be read and written.
  for (auto &[key, ch] : row)
    ch.signal({.tb = 0, .relaxed = true});
  for (auto &[key, ch] : row)
    ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});

  for (int q = 0; q < n; ++q) {
    const int i = q / cols, j = q % cols;
    // 1. Row reduce-scatter of block j.
    for (int jj = 0; jj < cols; ++jj)
      if (jj != j)
        for (int ii = 0; ii < rows; ++ii)
          row.at({q, rank_at(i, jj)})
              .reduce(chunk(q, j, ii), {chunk(rank_at(i, jj), j, ii)},
                      {.tb = 0});
    Semaphore reduced(q, 0);
    reduced.release({.tb = 0, .data_sync = SyncType::before});
    reduced.acquire({.tb = 1, .data_sync = SyncType::after});
    // 2. Column all-reduce of chunk i of block j. The column's scratch is
    // free (and our copies row sums) once its owners say so; each rank
    // sends the owner of chunk ii its copy of it, into slot i.
    for (int ii = 0; ii < rows; ++ii)
      if (ii != i)
        col.at({q, rank_at(ii, j)}).signal({.tb = 1});
    for (int ii = 0; ii < rows; ++ii)
      if (ii != i)
        col.at({q, rank_at(ii, j)})
            .wait({.tb = 1, .data_sync = SyncType::after});
    for (int ii = 0; ii < rows; ++ii)
      if (ii != i)
        col.at({q, rank_at(ii, j)})
            .put(scratch[rank_at(ii, j)].slice(i, i + 1), chunk(q, j, ii),
                 {.tb = 1});
    for (int ii = 0; ii < rows; ++ii)
      if (ii != i)
        col.at({q, rank_at(ii, j)})
            .signal({.tb = 1, .data_sync = SyncType::before});
    for (int ii = 0; ii < rows; ++ii)
      if (ii != i)
        col.at({q, rank_at(ii, j)})
            .wait({.tb = 1, .data_sync = SyncType::after});
    std::vector<Chunk> copies;
    for (int ii = 0; ii < rows; ++ii)
      if (ii != i)
        copies.push_back(scratch[q].slice(ii, ii + 1));
    if (!copies.empty())
      Rank(q).reduce(chunk(q, j, i), copies, {.tb = 1});
    for (int ii = 0; ii < rows; ++ii)
      if (ii != i)
        col.at({q, rank_at(ii, j)})
            .put(chunk(rank_at(ii, j), j, i), chunk(q, j, i), {.tb = 1});
    for (int ii = 0; ii < rows; ++ii)
      if (ii != i)
        col.at({q, rank_at(ii, j)})
            .signal({.tb = 1, .data_sync = SyncType::before});
    for (int ii = 0; ii < rows; ++ii)
      if (ii != i)
        col.at({q, rank_at(ii, j)})
            .wait({.tb = 1, .data_sync = SyncType::after});
    Semaphore summed(q, 0);
    summed.release({.tb = 1, .data_sync = SyncType::before});
    summed.acquire({.tb = 0, .data_sync = SyncType::after});
    // 3. Row all-gather of the finished block j.
    for (int jj = 0; jj < cols; ++jj)
      if (jj != j)
        for (int ii = 0; ii < rows; ++ii)
          row.at({q, rank_at(i, jj)})
              .put(chunk(rank_at(i, jj), j, ii), chunk(q, j, ii), {.tb = 0});
    for (int jj = 0; jj < cols; ++jj)
      if (jj != j)
        row.at({q, rank_at(i, jj)})
            .signal({.tb = 0, .data_sync = SyncType::before});
    for (int jj = 0; jj < cols; ++jj)
      if (jj != j)
        row.at({q, rank_at(i, jj)})
            .wait({.tb = 0, .data_sync = SyncType::after});
  }
}
