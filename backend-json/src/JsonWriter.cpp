//===- JsonWriter.cpp - plan IR to MSCCL++ JSON text ---------------------===//
//
// A hand-rolled streaming writer: plans reach hundreds of megabytes, and
// building a JSON DOM first would cost several allocations per value. Text
// is written into a std::string's storage; written to a sink, it is handed over
// in pieces of about a megabyte (between ops), so the whole text never sits in
// memory. Returned as a string, it is sized from a cheap estimate up front.
//
// A large plan's gpus are made on two threads: a helper makes every second
// gpu's text (in pieces of its own) while the calling thread writes the
// others, and the calling thread hands the helper's pieces over in their
// place, so the text is the same. The helper stays at most two gpus ahead.
//
// The layout reproduces CPython's `json.dumps(obj, indent=2)`: every
// non-empty container puts one element per line, empty ones are `[]`/`{}`,
// keys are separated by ": ", and non-ASCII text is escaped (ensure_ascii).
//
//===----------------------------------------------------------------------===//

#include "mscclc/json/JsonWriter.h"

#include "mscclc/ir/Utf8.h"
#include "mscclc/support/Parallel.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

using namespace mscclc::plan;

namespace mscclc::json {

namespace {

class Emitter {
public:
  // Text is handed over, or collected, in pieces ending at the first op
  // boundary past FlushBytes.
  static constexpr size_t FlushBytes = size_t(1) << 20;
  static constexpr size_t PieceCapacity = FlushBytes + (size_t(1) << 16);

  explicit Emitter(std::string &out, const PlanTextSink *sink = nullptr)
      : out(out), sink(sink) {
    open.reserve(16);
  }

  // Keeps the pieces instead of handing them to a sink: each is moved into
  // `into` whole (a helper's gpu, handed over later by handOver).
  void collectPieces(std::vector<std::string> &into) { pieces = &into; }
  // Writes as if `depth` containers were open around the text (a gpu is
  // inside the plan object and its "gpus" array).
  void nestIn(size_t depth) { open.assign(depth, true); }

  // With a sink: hands the text so far over once it is large. Called
  // between ops, where a piece may end.
  void flushIfLarge() {
    if (!(sink || pieces) || used() < FlushBytes)
      return;
    flush();
    if (pieces) // the next piece, in the one allocation
      out.reserve(PieceCapacity);
  }

  // Ends the text: `out` holds exactly what was written (with a sink, the
  // rest is handed over).
  void finish() {
    settle();
    if ((sink || pieces) && !out.empty())
      flush();
  }
  // Text made by another emitter at this point of the text (collected
  // pieces): with a sink each piece is handed over as it is, after the
  // text before it.
  void handOver(const std::vector<std::string> &made) {
    // A small gpu's text joins this one's (one write for many gpus);
    // large pieces go to the sink as they are.
    if (!sink || (made.size() == 1 && made[0].size() < FlushBytes / 4)) {
      for (const std::string &piece : made)
        put(piece.data(), piece.size());
      flushIfLarge();
      return;
    }
    if (used())
      flush();
    for (const std::string &piece : made)
      if (!(*sink)(piece))
        throw SinkFailed{};
  }
  void newline() { put('\n'); }
  // Thrown when the sink fails: nothing more is made or handed over.
  struct SinkFailed {};

  // Starts an object member: separator, indentation and the quoted key.
  // Keys are compile-time ASCII identifiers, so they need no escaping.
  void key(std::string_view k) {
    nextItem();
    char buf[64];
    if (k.size() + 4 <= sizeof(buf)) { // one append: the hot path
      buf[0] = '"';
      std::memcpy(buf + 1, k.data(), k.size());
      std::memcpy(buf + 1 + k.size(), "\": ", 3);
      put(buf, k.size() + 4);
      return;
    }
    put('"');
    put(k.data(), k.size());
    put("\": ", 3);
  }
  // Starts an array element.
  void element() { nextItem(); }

  void beginObject() { begin('{'); }
  void endObject() { end('}'); }
  void beginArray() { begin('['); }
  void endArray() { end(']'); }

  void value(int64_t v) { appendNumber(v); }
  void value(uint64_t v) { appendNumber(v); }
  void value(int32_t v) { appendNumber(v); }
  void value(bool v) { v ? put("true", 4) : put("false", 5); }
  void null() { put("null", 4); }
  void value(std::string_view s) { appendString(s); }

  // Convenience for the common "key: scalar" member.
  template <typename T> void field(std::string_view k, T v) {
    key(k);
    value(v);
  }
  template <typename T>
  void intArray(std::string_view k, const std::vector<T> &v) {
    key(k);
    beginArray();
    for (T x : v) {
      element();
      value(x);
    }
    endArray();
  }

private:
  std::string &out;
  const PlanTextSink *sink;
  std::vector<std::string> *pieces = nullptr;
  // The text is written straight into out's characters: out is sized
  // ahead (by GrowBytes) and [out.data(), cur) is what was written, so an
  // append is a bounds test and a copy, not std::string's bookkeeping.
  // settle() trims out to the text.
  static constexpr size_t GrowBytes = size_t(1) << 16;

  char *cur = nullptr, *limit = nullptr;
  size_t used() const { return cur ? size_t(cur - out.data()) : out.size(); }
  char *room(size_t n) {
    if (size_t(limit - cur) < n) {
      size_t u = used();
      out.resize(u + std::max(n, GrowBytes));
      cur = out.data() + u;
      limit = out.data() + out.size();
    }
    return cur;
  }
  void put(const char *p, size_t n) {
    std::memcpy(room(n), p, n);
    cur += n;
  }
  void put(char c) {
    *room(1) = c;
    ++cur;
  }
  void settle() {
    if (cur)
      out.resize(used());
    cur = limit = nullptr;
  }
  void flush() {
    settle();
    if (pieces) {
      pieces->push_back(std::move(out));
      out.clear();
      return;
    }
    if (!(*sink)(out))
      throw SinkFailed{};
    out.clear();
  }
  // One entry per open container: whether it has an element yet. Python
  // decides between "[]" and "[\n...\n]" on emptiness, and so do we.
  std::vector<char> open;

  // A separator, a line break and the indentation of `depth` levels, as one
  // append while the depth fits the template (writing a plan is mostly
  // this).
  void breakLine(bool comma, size_t depth) {
    static constexpr size_t MaxWidth = 126;
    static constexpr auto Template = [] {
      std::array<char, 2 + MaxWidth> t{};
      t[0] = ',';
      t[1] = '\n';
      for (size_t i = 2; i < t.size(); ++i)
        t[i] = ' ';
      return t;
    }();
    size_t width = 2 * depth;
    if (width <= MaxWidth) {
      // A copy of constant size (compiled to a few moves), then only the
      // line's part counts; the rest is overwritten or trimmed.
      std::memcpy(room(Template.size()), Template.data() + (comma ? 0 : 1),
                  Template.size() - 1);
      cur += (comma ? 2 : 1) + width;
      return;
    }
    comma ? put(",\n", 2) : put('\n');
    std::memset(room(width), ' ', width);
    cur += width;
  }

  void nextItem() {
    if (open.empty())
      return; // the root value
    breakLine(open.back(), open.size());
    open.back() = true;
  }

  void begin(char c) {
    put(c);
    open.push_back(false);
  }
  void end(char c) {
    bool hadItems = open.back();
    open.pop_back();
    if (hadItems)
      breakLine(false, open.size());
    put(c);
  }

  template <typename T> void appendNumber(T v) {
    constexpr size_t Digits = 24;
    char *p = room(Digits);
    cur = std::to_chars(p, p + Digits, v).ptr;
  }

  void appendUnicodeEscape(uint32_t cp) {
    static const char Hex[] = "0123456789abcdef";
    char buf[6] = {'\\',
                   'u',
                   Hex[(cp >> 12) & 0xF],
                   Hex[(cp >> 8) & 0xF],
                   Hex[(cp >> 4) & 0xF],
                   Hex[cp & 0xF]};
    put(buf, sizeof(buf));
  }

  // Decodes one UTF-8 sequence starting at s[i]; returns the code point and
  // advances i. Malformed input yields U+FFFD and skips one byte: Python
  // strings are always valid Unicode, so there is no reference behaviour to
  // match, and the replacement keeps the output valid JSON.
  static uint32_t decodeUtf8(std::string_view s, size_t &i) {
    const size_t len = utf8SequenceLength(s, i);
    if (len == 0) {
      ++i;
      return 0xFFFD;
    }
    // The lead byte's payload bits, then six from each continuation byte.
    static constexpr unsigned char LeadBits[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    uint32_t cp = static_cast<unsigned char>(s[i]) & LeadBits[len];
    for (size_t k = 1; k < len; ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += len;
    return cp;
  }

  // Matches json.encoder.py_encode_basestring_ascii: short escapes for the
  // usual five control characters, \u00XX for the other controls, lowercase
  // hex, UTF-16 surrogate pairs above the BMP. Only printable ASCII (0x20
  // to 0x7E) is copied as is, so DEL is escaped too.
  void appendString(std::string_view s) {
    put('"');
    size_t i = 0;
    while (i < s.size()) {
      auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x80) {
        uint32_t cp = decodeUtf8(s, i);
        if (cp >= 0x10000) {
          cp -= 0x10000;
          appendUnicodeEscape(0xD800 | (cp >> 10));
          appendUnicodeEscape(0xDC00 | (cp & 0x3FF));
        } else {
          appendUnicodeEscape(cp);
        }
        continue;
      }
      ++i;
      switch (c) {
      case '"':
        put("\\\"", 2);
        break;
      case '\\':
        put("\\\\", 2);
        break;
      case '\n':
        put("\\n", 2);
        break;
      case '\r':
        put("\\r", 2);
        break;
      case '\t':
        put("\\t", 2);
        break;
      case '\b':
        put("\\b", 2);
        break;
      case '\f':
        put("\\f", 2);
        break;
      default:
        if (c < 0x20 || c == 0x7F)
          appendUnicodeEscape(c);
        else
          put(static_cast<char>(c));
      }
    }
    put('"');
  }
};

// The entry's JSON form follows from its role in the op (OpKinds.def):
// local {"type"}, remote {"buffer_id"}, switch {"switch_channel_id"}, and
// the rank-qualified local form {"rank", "type"} of switch ops.
void writeBufferRef(Emitter &e, const BufferRef &r, OperandRole role,
                    int32_t rank) {
  e.beginObject();
  if (isFullFormRole(role)) {
    e.field("rank", rank);
    e.field("type", toString(r.type));
  } else if (isLocalRole(role)) {
    e.field("type", toString(r.type));
  } else if (role == OperandRole::Switch) {
    e.field("switch_channel_id", r.id);
  } else {
    e.field("buffer_id", r.id);
  }
  e.field("index", r.index);
  e.field("size", r.size);
  e.endObject();
}

void writeBufferList(Emitter &e, std::string_view k,
                     const std::vector<BufferRef> &refs,
                     const OperandLayout &layout, int32_t rank) {
  e.key(k);
  e.beginArray();
  for (size_t i = 0; i < refs.size(); ++i) {
    e.element();
    writeBufferRef(e, refs[i], layout.roleAt(i), rank);
  }
  e.endArray();
}

void writeOp(Emitter &e, const Op &op, int32_t rank);

void writeOpList(Emitter &e, std::string_view k, const std::vector<Op> &ops,
                 int32_t rank) {
  e.key(k);
  e.beginArray();
  for (const Op &op : ops) {
    e.element();
    writeOp(e, op, rank);
    e.flushIfLarge();
  }
  e.endArray();
}

// One canonical field order serves every kind; each kind's reference field
// list (dsl-semantics §4.5) is a subsequence of it:
//   name, barrier_id, num_threadblocks, semaphore_ids, buffer_type,
//   buffer_offset, size, dst_chunk, iter_context, src_buff, dst_buff,
//   channel_ids, channel_type, reduce_op, tbg_info, ops
// Which optional keys an op carries follows from its kind (OpKinds.def).
void writeOp(Emitter &e, const Op &op, int32_t rank) {
  const OpInfo &info = opInfo(op.kind);
  e.beginObject();
  e.field("name", info.jsonName);
  switch (op.kind) {
  case OpKind::Barrier:
    e.field("barrier_id", op.barrierId);
    e.field("num_threadblocks", op.numThreadblocks);
    break;
  case OpKind::SemAcquire:
  case OpKind::SemRelease:
    e.intArray("semaphore_ids", op.semaphoreIds);
    break;
  case OpKind::Glre:
    e.field("buffer_type", toString(op.bufferType));
    e.field("buffer_offset", op.bufferOffset);
    e.field("size", op.size);
    e.key("dst_chunk");
    writeBufferRef(e, op.dstChunk, OperandRole::LocalFull, rank);
    break;
  case OpKind::Pipeline:
    e.key("iter_context");
    e.beginObject();
    e.field("unit_size", op.unitSize);
    e.field("num_chunks", op.numChunks);
    e.endObject();
    break;
  default:
    break;
  }
  if (!info.src.empty())
    writeBufferList(e, "src_buff", op.src, info.src, rank);
  if (!info.dst.empty())
    writeBufferList(e, "dst_buff", op.dst, info.dst, rank);
  bool ids = false;
  switch (info.channelIds) {
  case ChannelIdsRule::Never:
    break;
  case ChannelIdsRule::PortOnly:
    ids = op.channelType == ChannelType::Port;
    break;
  case ChannelIdsRule::Always:
  case ChannelIdsRule::One:
    ids = true;
    break;
  }
  if (ids)
    e.intArray("channel_ids", op.channelIds);
  if (info.channelType == ChannelTypeRule::Always ||
      (info.channelType == ChannelTypeRule::IfSet &&
       op.channelType != ChannelType::None))
    e.field("channel_type", toString(op.channelType));
  if (op.reduceOp)
    e.field("reduce_op", toString(*op.reduceOp));
  if (op.tbg) {
    e.key("tbg_info");
    e.beginObject();
    e.field("tb_id", op.tbg->tbId);
    e.field("tbg_size", op.tbg->tbgSize);
    e.endObject();
  }
  if (op.kind == OpKind::Pipeline)
    writeOpList(e, "ops", op.ops, rank);
  e.endObject();
}

void writeThreadBlock(Emitter &e, const ThreadBlock &tb, int32_t rank) {
  e.beginObject();
  e.field("id", tb.id);
  writeOpList(e, "ops", tb.ops, rank);
  e.key("channels");
  e.beginArray();
  for (const ChannelRefs &c : tb.channels) {
    e.element();
    e.beginObject();
    e.field("channel_type", toString(c.type));
    e.intArray("channel_ids", c.ids);
    e.endObject();
  }
  e.endArray();
  e.key("remote_buffer_refs");
  e.beginArray();
  for (const RemoteBufferRefs &r : tb.remoteBufferRefs) {
    e.element();
    e.beginObject();
    e.field("access_channel_type", toString(r.accessType));
    e.intArray("remote_buffer_ids", r.ids);
    e.endObject();
  }
  e.endArray();
  e.endObject();
}

void writeChannelDecl(Emitter &e, const ChannelDecl &c) {
  e.beginObject();
  e.field("channel_type", toString(c.type));
  switch (c.type) {
  case ChannelType::Memory:
  case ChannelType::Port:
    e.intArray("connected_to", c.connectedTo);
    break;
  case ChannelType::Switch:
    e.field("buffer_type", toString(c.bufferType));
    // The DSL always emits exactly one group whose size is its rank count.
    e.key("rank_groups");
    e.beginArray();
    e.element();
    e.beginObject();
    e.field("size", static_cast<int64_t>(c.groupRanks.size()));
    e.intArray("ranks", c.groupRanks);
    e.endObject();
    e.endArray();
    break;
  case ChannelType::None:
    // The executor ignores "none" declarations; keep peers only if given.
    if (!c.connectedTo.empty())
      e.intArray("connected_to", c.connectedTo);
    break;
  }
  e.endObject();
}

void writeGpu(Emitter &e, const Gpu &gpu) {
  e.beginObject();
  e.field("id", gpu.id);
  e.field("input_chunks", gpu.inputChunks);
  e.field("output_chunks", gpu.outputChunks);
  e.field("scratch_chunks", gpu.scratchChunks);
  e.key("threadblocks");
  e.beginArray();
  for (const ThreadBlock &tb : gpu.threadblocks) {
    e.element();
    writeThreadBlock(e, tb, gpu.id);
  }
  e.endArray();
  e.key("channels");
  e.beginArray();
  for (const ChannelDecl &c : gpu.channels) {
    e.element();
    writeChannelDecl(e, c);
  }
  e.endArray();
  e.key("remote_buffers");
  e.beginArray();
  for (const RemoteBufferDecl &r : gpu.remoteBuffers) {
    e.element();
    e.beginObject();
    e.field("rank", r.rank);
    e.field("type", toString(r.type));
    e.key("access_channel_types");
    e.beginArray();
    for (ChannelType t : r.accessChannelTypes) {
      e.element();
      e.value(toString(t));
    }
    e.endArray();
    e.endObject();
  }
  e.endArray();
  e.key("semaphores");
  e.beginArray();
  for (int64_t v : gpu.semaphores) {
    e.element();
    e.beginObject();
    e.field("init_value", v);
    e.endObject();
  }
  e.endArray();
  e.endObject();
}

// Output size estimate, so the string is allocated once instead of doubling
// its way up (each doubling copies everything written so far). It counts
// lines at their real indentation with typical line lengths, and aims a
// little high: overshooting costs only untouched address space.
constexpr size_t Slack = 3; // per line, for longer-than-typical values

// A line at indentation `ind` with `text` bytes of content.
constexpr size_t line(size_t ind, size_t text) { return ind + text + Slack; }

// An array of ints under a key at indentation `ind`.
size_t intListSize(size_t ind, size_t n) {
  return line(ind, 16) + n * line(ind + 2, 4) + line(ind, 2);
}

size_t bufferListSize(size_t ind, const std::vector<BufferRef> &refs) {
  size_t n = line(ind, 16) + line(ind, 2);
  // Each entry: braces plus three or four "key": value lines.
  n += refs.size() * (2 * line(ind + 2, 2) + 4 * line(ind + 4, 14));
  return n;
}

size_t estimateOpSize(const Op &op, size_t ind) {
  size_t f = ind + 2; // field indentation
  size_t n = 2 * line(ind, 2) + line(f, 20);
  n += bufferListSize(f, op.src) + bufferListSize(f, op.dst);
  n += intListSize(f, op.channelIds.size());
  if (op.kind == OpKind::SemAcquire || op.kind == OpKind::SemRelease)
    n += intListSize(f, op.semaphoreIds.size());
  n += (1 + op.reduceOp.has_value() + 2 * (op.kind == OpKind::Barrier)) *
       line(f, 26);
  if (op.tbg)
    n += 2 * line(f, 14) + 2 * line(f + 2, 16);
  if (op.kind == OpKind::Glre)
    n += 4 * line(f, 24) + 4 * line(f + 2, 16);
  if (op.kind == OpKind::Pipeline) {
    n += 2 * line(f, 18) + 2 * line(f + 2, 20) + 2 * line(f, 10);
    for (const Op &inner : op.ops)
      n += estimateOpSize(inner, f + 2);
  }
  return n;
}

size_t estimateGpuSize(const Gpu &gpu) {
  // Nesting: plan 0, gpus 4, threadblocks 8, ops 12, and so on.
  size_t n = 16 * line(6, 28) + gpu.semaphores.size() * 3 * line(8, 20);
  for (const ChannelDecl &c : gpu.channels)
    n += 8 * line(8, 24) + intListSize(10, c.connectedTo.size()) +
         intListSize(12, c.groupRanks.size());
  for (const RemoteBufferDecl &r : gpu.remoteBuffers)
    n += 6 * line(8, 24) + r.accessChannelTypes.size() * line(10, 10);
  for (const ThreadBlock &tb : gpu.threadblocks) {
    n += 8 * line(10, 28);
    for (const ChannelRefs &c : tb.channels)
      n += 3 * line(12, 28) + intListSize(14, c.ids.size());
    for (const RemoteBufferRefs &r : tb.remoteBufferRefs)
      n += 3 * line(12, 32) + intListSize(14, r.ids.size());
    for (const Op &op : tb.ops)
      n += estimateOpSize(op, 12);
  }
  return n;
}

size_t estimateSize(const Plan &plan) {
  size_t n = 16 * line(2, 40);
  for (const Gpu &gpu : plan.gpus)
    n += estimateGpuSize(gpu);
  return n;
}

// Makes the odd-numbered gpus' text on a helper thread, in order, at most
// two ahead of the calling thread (memory: three gpus' text at most).
class GpuHelper {
public:
  explicit GpuHelper(const std::vector<Gpu> &gpus) : gpus(gpus) {}
  // Signals are sent with the lock held, so a checker (helgrind) sees
  // each waiter's wake-up ordered with the change it waits for.
  ~GpuHelper() {
    {
      std::lock_guard<std::mutex> hold(lock);
      stopping = true;
      changed.notify_all();
    }
    thread.join();
  }

  bool start() {
    return thread.start([this] { run(); });
  }
  static bool makes(size_t gpu) { return gpu % 2 == 1; }

  // The next gpu's text the helper makes (in order: every gpu for which
  // makes() holds), once made. A failure to make it (std::bad_alloc) is
  // rethrown here.
  std::vector<std::string> takeNext() {
    Made next;
    {
      std::unique_lock<std::mutex> hold(lock);
      changed.wait(hold, [&] { return !made.empty(); });
      next = std::move(made.front());
      made.pop_front();
      changed.notify_all();
    }
    if (next.failure)
      std::rethrow_exception(next.failure);
    return std::move(next.pieces);
  }

private:
  static constexpr size_t MaxAhead = 2;
  struct Made {
    std::vector<std::string> pieces;
    std::exception_ptr failure;
  };
  const std::vector<Gpu> &gpus;
  support::HelperThread thread;
  std::mutex lock;
  std::condition_variable changed;
  std::deque<Made> made;
  bool stopping = false;

  void run() {
    for (size_t i = 0; i < gpus.size(); ++i) {
      if (!makes(i))
        continue;
      {
        std::unique_lock<std::mutex> hold(lock);
        changed.wait(hold, [&] { return stopping || made.size() < MaxAhead; });
        if (stopping)
          return;
      }
      Made next;
      try {
        std::string text;
        // Room for the first piece, or the whole of a small gpu.
        text.reserve(
            std::min(estimateGpuSize(gpus[i]), Emitter::PieceCapacity));
        Emitter e(text);
        e.collectPieces(next.pieces);
        e.nestIn(2);
        writeGpu(e, gpus[i]);
        e.finish();
      } catch (...) {
        next.pieces.clear();
        next.failure = std::current_exception();
      }
      bool failed = bool(next.failure);
      // Out of memory here (the queue's own allocation) ends the process
      // with mscclc's report: this thread is never in a recoverable region
      // (mscclc/support/ResourceLimits.h), so no std::bad_alloc escapes the
      // body.
      {
        std::lock_guard<std::mutex> hold(lock);
        made.push_back(std::move(next));
        changed.notify_all();
      }
      if (failed)
        return;
    }
  }
};

// Gpus are made on a helper thread with two or more gpus, at least
// `helperFromEntries` ops, and a second thread to be had (MSCCLC_THREADS).
void startGpuHelper(std::optional<GpuHelper> &helper, const Plan &plan,
                    size_t helperFromEntries) {
  if (plan.gpus.size() < 2 || support::workerThreads() < 2)
    return;
  if (countOpEntries(plan) < helperFromEntries)
    return;
  if (!helper.emplace(plan.gpus).start())
    helper.reset();
}

} // namespace

namespace {
void writePlan(Emitter &e, const Plan &plan, GpuHelper *helper) {
  e.beginObject();
  e.key("name");
  if (plan.name)
    e.value(std::string_view(*plan.name));
  else
    e.null();
  e.field("collective", std::string_view(plan.collective));
  e.field("protocol", toString(plan.protocol));
  e.field("inplace", plan.inplace);
  e.field("reuse_resources", plan.reuseResources);
  e.key("gpus");
  e.beginArray();
  for (size_t i = 0; i < plan.gpus.size(); ++i) {
    e.element();
    if (helper && GpuHelper::makes(i))
      e.handOver(helper->takeNext());
    else
      writeGpu(e, plan.gpus[i]);
  }
  e.endArray();
  e.field("num_threads_per_block", plan.numThreadsPerBlock);
  e.field("use_double_scratch_buffer", plan.useDoubleScratchBuffer);
  e.field("buffer_alignment", plan.bufferAlignment);
  e.field("min_message_size", plan.minMessageSize);
  e.field("max_message_size", plan.maxMessageSize);
  e.endObject();
}
} // namespace

std::string writePlanJson(const Plan &plan) {
  std::string out;
  out.reserve(estimateSize(plan));
  Emitter e(out);
  std::optional<GpuHelper> helper;
  startGpuHelper(helper, plan, DefaultHelperFromEntries);
  writePlan(e, plan, helper ? &*helper : nullptr);
  e.newline();
  e.finish();
  return out;
}

bool writePlanJson(const Plan &plan, const PlanTextSink &sink,
                   size_t helperFromEntries) {
  std::string out;
  out.reserve(size_t(1) << 21);
  Emitter e(out, &sink);
  try {
    std::optional<GpuHelper> helper;
    startGpuHelper(helper, plan, helperFromEntries);
    writePlan(e, plan, helper ? &*helper : nullptr);
    e.newline();
    e.finish();
  } catch (const Emitter::SinkFailed &) {
    return false; // the rest of the plan is not even made
  }
  return true;
}

} // namespace mscclc::json
