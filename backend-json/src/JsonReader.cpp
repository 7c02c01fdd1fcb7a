//===- JsonReader.cpp - MSCCL++ JSON plan to plan IR ---------------------===//
//
// Parses with nlohmann_json, then walks the DOM into plan IR. Which keys are
// required follows the executor (executor-semantics §1): what it reads
// unconditionally is required here, what it reads with a default or a
// contains() check is optional with the same default. Keys the executor
// would ignore are rejected, because in a plan they are almost always typos;
// the exceptions are keys some DSL writes (a thread block channel's "buff",
// a rank group's "size"), which are read and checked, then ignored.
//
// Errors carry the JSON path of the offending value. The path is a chain of
// stack nodes rendered only when an error is reported, so the happy path
// pays nothing for it. Errors unwind as a DiagnosticError, caught at the
// entry points; nothing escapes this file.
//
//===----------------------------------------------------------------------===//

#include "mscclc/json/JsonReader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <limits>

using namespace mscclc::plan;
using Json = nlohmann::json;

namespace mscclc::json {

namespace {

// One step of a JSON path: an object key or an array index.
struct PathNode {
  const PathNode *parent;
  std::string_view key; // empty for an array index
  size_t index = 0;
};

void renderPath(const PathNode *p, std::string &out) {
  if (!p)
    return;
  renderPath(p->parent, out);
  if (p->key.empty()) {
    out += '[';
    out += std::to_string(p->index);
    out += ']';
  } else {
    if (!out.empty())
      out += '.';
    out += p->key;
  }
}

[[noreturn]] void fail(const PathNode *p, diag::ID id,
                       std::initializer_list<DiagArg> args) {
  Diagnostic d = makeDiagnostic(id, {}, args);
  renderPath(p, d.planPath);
  // The plan object itself (a key missing from it): a path all the same,
  // so every structural message says where.
  if (d.planPath.empty())
    d.planPath = "(top level)";
  throw DiagnosticError{std::move(d)};
}

std::string jsonQuote(std::string_view s) {
  // Re-encode through JSON so control characters in a bad key stay visible.
  return Json(std::string(s)).dump(-1, ' ', true);
}

// Describes a JSON value's type for "expected X, got Y" messages; numbers
// and booleans show the value, which is usually what the user got wrong.
std::string describe(const Json &v) {
  if (v.is_number() || v.is_boolean())
    return std::string(v.type_name()) + " " + v.dump();
  return v.type_name();
}

void expectObject(const Json &v, const PathNode *p) {
  if (!v.is_object())
    fail(p, diag::err_json_expected_type, {"an object", describe(v)});
}

void expectArray(const Json &v, const PathNode *p) {
  if (!v.is_array())
    fail(p, diag::err_json_expected_type, {"an array", describe(v)});
}

const Json &member(const Json &obj, const PathNode *p, std::string_view key) {
  auto it = obj.find(key);
  if (it == obj.end())
    fail(p, diag::err_json_missing_key, {jsonQuote(key)});
  return *it;
}

const Json *optionalMember(const Json &obj, std::string_view key) {
  auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

// A small set of keys; no allocation, since it is built for every op.
class KeyList {
public:
  KeyList(std::initializer_list<std::string_view> keys) {
    for (std::string_view k : keys)
      add(k);
  }
  void add(std::string_view k) {
    if (n_ < keys_.size())
      keys_[n_++] = k;
  }
  const std::string_view *begin() const { return keys_.data(); }
  const std::string_view *end() const { return keys_.data() + n_; }

private:
  std::array<std::string_view, 20> keys_{};
  size_t n_ = 0;
};

bool contains(const KeyList &keys, std::string_view k) {
  return std::find(keys.begin(), keys.end(), k) != keys.end();
}

// Rejects keys outside `allowed`. Keys listed in `knownElsewhere` belong to
// a sibling form of the same object (another op kind, another channel type)
// and get a message saying so instead of "unknown".
void checkKeys(const Json &obj, const PathNode *p, const KeyList &allowed,
               const KeyList &knownElsewhere = {}, std::string_view what = {}) {
  std::vector<std::string_view> unknown;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    std::string_view k = it.key();
    if (contains(allowed, k))
      continue;
    if (contains(knownElsewhere, k))
      fail(p, diag::err_json_key_not_valid, {jsonQuote(k), what});
    unknown.push_back(k);
  }
  if (unknown.empty())
    return;
  std::string list;
  for (size_t i = 0; i < unknown.size(); ++i) {
    if (i)
      list += ", ";
    list += jsonQuote(unknown[i]);
  }
  fail(p,
       unknown.size() == 1 ? diag::err_json_unknown_key
                           : diag::err_json_unknown_keys,
       {list});
}

// Integers are range-checked against the IR field they land in; every
// count, index and id in a plan is non-negative.
int64_t readInt(const Json &v, const PathNode *p, int64_t min, int64_t max) {
  if (!v.is_number_integer())
    fail(p, diag::err_json_expected_type, {"an integer", describe(v)});
  if (v.is_number_unsigned()) {
    uint64_t u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(max))
      fail(p, diag::err_json_int_too_large, {v.dump(), max});
    return static_cast<int64_t>(u);
  }
  int64_t s = v.get<int64_t>();
  if (s < min) {
    if (min == 0)
      fail(p, diag::err_json_int_negative, {v.dump()});
    fail(p, diag::err_json_int_range, {v.dump()});
  }
  return s;
}

int32_t readId(const Json &v, const PathNode *p) {
  return static_cast<int32_t>(
      readInt(v, p, 0, std::numeric_limits<int32_t>::max()));
}

int64_t readCount(const Json &v, const PathNode *p) {
  return readInt(v, p, 0, std::numeric_limits<int64_t>::max());
}

uint64_t readU64(const Json &v, const PathNode *p) {
  if (!v.is_number_integer())
    fail(p, diag::err_json_expected_type, {"an integer", describe(v)});
  if (!v.is_number_unsigned() && v.get<int64_t>() < 0)
    fail(p, diag::err_json_int_negative, {v.dump()});
  return v.is_number_unsigned() ? v.get<uint64_t>()
                                : uint64_t(v.get<int64_t>()); // -0
}

bool readBool(const Json &v, const PathNode *p) {
  if (!v.is_boolean())
    fail(p, diag::err_json_expected_type, {"a boolean", describe(v)});
  return v.get<bool>();
}

const std::string &readString(const Json &v, const PathNode *p) {
  if (!v.is_string())
    fail(p, diag::err_json_expected_type, {"a string", describe(v)});
  return v.get_ref<const std::string &>();
}

// Shorthand for reading obj[key] with the key appended to the path.
template <typename F>
auto readMember(const Json &obj, const PathNode *p, std::string_view key,
                F &&read) {
  PathNode kp{p, key};
  return read(member(obj, p, key), &kp);
}

template <typename F>
void readArray(const Json &v, const PathNode *p, F &&readElement) {
  expectArray(v, p);
  size_t i = 0;
  for (const Json &e : v) {
    PathNode ep{p, {}, i++};
    readElement(e, &ep);
  }
}

std::vector<int32_t> readIdList(const Json &v, const PathNode *p) {
  std::vector<int32_t> ids;
  expectArray(v, p);
  ids.reserve(v.size());
  readArray(v, p, [&](const Json &e, const PathNode *ep) {
    ids.push_back(readId(e, ep));
  });
  return ids;
}

BufferType readBufferType(const Json &v, const PathNode *p) {
  const std::string &s = readString(v, p);
  if (auto t = parseBufferType(s))
    return *t;
  fail(p, diag::err_json_unknown_enum,
       {"buffer type", jsonQuote(s), R"( (expected "i", "o" or "s"))"});
}

ChannelType readChannelType(const Json &v, const PathNode *p) {
  const std::string &s = readString(v, p);
  if (auto t = parseChannelType(s))
    return *t;
  fail(p, diag::err_json_unknown_enum,
       {"channel type", jsonQuote(s),
        R"( (expected "memory", "port", "switch" or "none"))"});
}

Protocol readProtocol(const Json &v, const PathNode *p) {
  const std::string &s = readString(v, p);
  if (auto t = parseProtocol(s))
    return *t;
  fail(p, diag::err_json_unknown_enum,
       {"protocol", jsonQuote(s), R"( (expected "Simple" or "LL"))"});
}

ReduceOp readReduceOp(const Json &v, const PathNode *p) {
  const std::string &s = readString(v, p);
  if (auto t = parseReduceOp(s))
    return *t;
  fail(p, diag::err_json_unknown_enum,
       {"reduce op", jsonQuote(s), R"( (expected "sum", "min" or "max"))"});
}

// The encodings of dsl-semantics §4.4, told apart by their distinguishing
// key and checked against the role the op kind gives the entry
// (OpKinds.def). Mixed forms (say "type" next to "buffer_id") are rejected
// even though the executor would let buffer_id win.
enum class Form { Local, Remote, Full, Switch };

std::string_view formName(Form f) {
  switch (f) {
  case Form::Local:
    return "a local buffer reference";
  case Form::Remote:
    return "a remote buffer reference";
  case Form::Full:
    return "a rank-qualified buffer reference";
  case Form::Switch:
    return "a switch buffer reference";
  }
  return "?";
}

std::string_view formKeys(Form f) {
  switch (f) {
  case Form::Local:
    return R"({"type", "index", "size"})";
  case Form::Remote:
    return R"({"buffer_id", "index", "size"})";
  case Form::Full:
    return R"({"rank", "type", "index", "size"})";
  case Form::Switch:
    return R"({"switch_channel_id", "index", "size"})";
  }
  return "?";
}

Form formOf(OperandRole role) {
  if (isFullFormRole(role))
    return Form::Full;
  if (isLocalRole(role))
    return Form::Local;
  if (role == OperandRole::Switch)
    return Form::Switch;
  return Form::Remote;
}

BufferRef readBufferRef(const Json &v, const PathNode *p, OperandRole role,
                        OpKind kind, int32_t gpuId) {
  expectObject(v, p);
  static const KeyList AllKeys = {
      "type", "buffer_id", "rank", "switch_channel_id", "index", "size"};
  Form form;
  if (v.contains("switch_channel_id")) {
    checkKeys(v, p, {"switch_channel_id", "index", "size"}, AllKeys,
              formName(Form::Switch));
    form = Form::Switch;
  } else if (v.contains("buffer_id")) {
    checkKeys(v, p, {"buffer_id", "index", "size"}, AllKeys,
              formName(Form::Remote));
    form = Form::Remote;
  } else if (v.contains("rank")) {
    checkKeys(v, p, {"rank", "type", "index", "size"}, AllKeys,
              formName(Form::Full));
    form = Form::Full;
  } else if (v.contains("type")) {
    checkKeys(v, p, {"type", "index", "size"}, AllKeys, formName(Form::Local));
    form = Form::Local;
  } else {
    checkKeys(v, p, AllKeys);
    fail(p, diag::err_json_buffer_form,
         {jsonQuote(toString(kind)), formName(formOf(role)),
          formKeys(formOf(role)), "none of these keys"});
  }
  if (form != formOf(role))
    fail(p, diag::err_json_buffer_form,
         {jsonQuote(toString(kind)), formName(formOf(role)),
          formKeys(formOf(role)), formName(form)});
  BufferRef r;
  switch (form) {
  case Form::Switch:
    r.id = readMember(v, p, "switch_channel_id", readId);
    break;
  case Form::Remote:
    r.id = readMember(v, p, "buffer_id", readId);
    break;
  case Form::Full: {
    int32_t rank = readMember(v, p, "rank", readId);
    if (rank != gpuId) {
      PathNode rp{p, "rank"};
      fail(&rp, diag::err_json_buffer_rank, {rank, gpuId});
    }
    r.type = readMember(v, p, "type", readBufferType);
    break;
  }
  case Form::Local:
    r.type = readMember(v, p, "type", readBufferType);
    break;
  }
  r.index = readMember(v, p, "index", readCount);
  r.size = readMember(v, p, "size", readCount);
  return r;
}

// A src_buff/dst_buff list; its length must fit the kind's layout before
// the entries can be read by role.
std::vector<BufferRef> readBufferList(const Json &v, const PathNode *p,
                                      OpKind kind, const OperandLayout &layout,
                                      size_t otherCount, int32_t gpuId) {
  std::vector<BufferRef> refs;
  expectArray(v, p);
  // A '=' layout is checked against the other list by the verifier.
  if (!layout.matchOther && !layout.accepts(v.size(), otherCount))
    fail(p, diag::err_plan_op_layout,
         {toString(kind), p->key, v.size(), describeLayout(layout)});
  refs.reserve(v.size());
  readArray(v, p, [&](const Json &e, const PathNode *ep) {
    refs.push_back(
        readBufferRef(e, ep, layout.roleAt(refs.size()), kind, gpuId));
  });
  return refs;
}

const KeyList AllOpKeys = {"name",
                           "barrier_id",
                           "num_threadblocks",
                           "semaphore_ids",
                           "buffer_type",
                           "buffer_offset",
                           "size",
                           "dst_chunk",
                           "iter_context",
                           "src_buff",
                           "dst_buff",
                           "channel_ids",
                           "channel_type",
                           "reduce_op",
                           "tbg_info",
                           "ops"};

// The keys an op may carry follow from its kind (OpKinds.def): the lists
// its layouts name, channel ids and type where it takes them, reduce_op on
// reducing ops, tbg_info on ops that move data, and its own keys.
void checkOpKeys(const Json &v, const PathNode *p, OpKind kind) {
  const OpInfo &info = opInfo(kind);
  KeyList allowed = {"name"};
  if (!info.src.empty())
    allowed.add("src_buff");
  if (!info.dst.empty())
    allowed.add("dst_buff");
  if (info.channelIds != ChannelIdsRule::Never)
    allowed.add("channel_ids");
  if (info.channelType != ChannelTypeRule::Never)
    allowed.add("channel_type");
  if (info.is(opfamily::Reducing))
    allowed.add("reduce_op");
  if (info.is(opfamily::Data))
    allowed.add("tbg_info");
  switch (info.keys) {
  case OpKeys::NoKeys:
    break;
  case OpKeys::BarrierKeys:
    allowed.add("barrier_id");
    allowed.add("num_threadblocks");
    break;
  case OpKeys::SemaphoreKeys:
    allowed.add("semaphore_ids");
    break;
  case OpKeys::GlreKeys:
    for (std::string_view k :
         {"buffer_type", "buffer_offset", "size", "dst_chunk"})
      allowed.add(k);
    break;
  case OpKeys::PipelineKeys:
    allowed.add("iter_context");
    allowed.add("ops");
    break;
  }
  checkKeys(v, p, allowed, AllOpKeys, "op " + jsonQuote(info.jsonName));
}

Op readOp(const Json &v, const PathNode *p, bool insidePipeline,
          int32_t gpuId) {
  expectObject(v, p);
  Op op;
  {
    PathNode np{p, "name"};
    const std::string &name = readString(member(v, p, "name"), &np);
    auto kind = parseOpKind(name);
    if (!kind)
      fail(p, diag::err_json_unknown_op, {jsonQuote(name)});
    op.kind = *kind;
  }
  checkOpKeys(v, p, op.kind);

  switch (op.kind) {
  case OpKind::Barrier:
    op.barrierId = readMember(v, p, "barrier_id", readId);
    op.numThreadblocks = readMember(v, p, "num_threadblocks", readId);
    break;
  case OpKind::SemAcquire:
  case OpKind::SemRelease:
    op.semaphoreIds = readMember(v, p, "semaphore_ids", readIdList);
    break;
  case OpKind::Glre:
    op.bufferType = readMember(v, p, "buffer_type", readBufferType);
    op.bufferOffset = readMember(v, p, "buffer_offset", readCount);
    op.size = readMember(v, p, "size", readCount);
    op.dstChunk =
        readMember(v, p, "dst_chunk", [&](const Json &d, const PathNode *dp) {
          return readBufferRef(d, dp, OperandRole::LocalFull, op.kind, gpuId);
        });
    break;
  case OpKind::Pipeline: {
    // The executor flattens one level of pipeline body; the DSL cannot nest
    // loops, so a nested pipeline is a malformed plan.
    if (insidePipeline)
      fail(p, diag::err_json_pipeline_nested, {});
    readMember(v, p, "iter_context", [&](const Json &ic, const PathNode *ip) {
      expectObject(ic, ip);
      checkKeys(ic, ip, {"unit_size", "num_chunks"});
      op.unitSize = readMember(ic, ip, "unit_size", readU64);
      op.numChunks = readMember(ic, ip, "num_chunks", readCount);
    });
    readMember(v, p, "ops", [&](const Json &ops, const PathNode *op_) {
      expectArray(ops, op_);
      op.ops.reserve(ops.size());
      readArray(ops, op_, [&](const Json &e, const PathNode *ep) {
        op.ops.push_back(readOp(e, ep, /*insidePipeline=*/true, gpuId));
      });
    });
    break;
  }
  default:
    break;
  }

  // The executor reads both lists of every op that moves data.
  const OpInfo &info = opInfo(op.kind);
  auto listSize = [&](std::string_view key) {
    const Json *l = optionalMember(v, key);
    return l && l->is_array() ? l->size() : 0;
  };
  if (!info.src.empty())
    op.src =
        readMember(v, p, "src_buff", [&](const Json &l, const PathNode *lp) {
          return readBufferList(l, lp, op.kind, info.src, listSize("dst_buff"),
                                gpuId);
        });
  if (!info.dst.empty())
    op.dst =
        readMember(v, p, "dst_buff", [&](const Json &l, const PathNode *lp) {
          return readBufferList(l, lp, op.kind, info.dst, listSize("src_buff"),
                                gpuId);
        });
  if (const Json *c = optionalMember(v, "channel_ids")) {
    PathNode kp{p, "channel_ids"};
    op.channelIds = readIdList(*c, &kp);
  }
  if (const Json *c = optionalMember(v, "channel_type")) {
    PathNode kp{p, "channel_type"};
    op.channelType = readChannelType(*c, &kp);
  }
  if (const Json *r = optionalMember(v, "reduce_op")) {
    PathNode kp{p, "reduce_op"};
    op.reduceOp = readReduceOp(*r, &kp);
  }
  if (const Json *t = optionalMember(v, "tbg_info")) {
    PathNode kp{p, "tbg_info"};
    expectObject(*t, &kp);
    checkKeys(*t, &kp, {"tb_id", "tbg_size"});
    TbgInfo tbg;
    tbg.tbId = readMember(*t, &kp, "tb_id", readId);
    tbg.tbgSize = readMember(*t, &kp, "tbg_size", readId);
    op.tbg = tbg;
  }
  return op;
}

ThreadBlock readThreadBlock(const Json &v, const PathNode *p, int32_t gpuId) {
  expectObject(v, p);
  checkKeys(v, p, {"id", "ops", "channels", "remote_buffer_refs"});
  ThreadBlock tb;
  tb.id = readMember(v, p, "id", readId);
  readMember(v, p, "ops", [&](const Json &ops, const PathNode *op_) {
    expectArray(ops, op_);
    tb.ops.reserve(ops.size());
    readArray(ops, op_, [&](const Json &e, const PathNode *ep) {
      tb.ops.push_back(readOp(e, ep, /*insidePipeline=*/false, gpuId));
    });
  });
  readMember(v, p, "channels", [&](const Json &chs, const PathNode *cp) {
    readArray(chs, cp, [&](const Json &e, const PathNode *ep) {
      expectObject(e, ep);
      checkKeys(e, ep, {"channel_type", "channel_ids", "buff"});
      ChannelRefs c;
      c.type = readMember(e, ep, "channel_type", readChannelType);
      c.ids = readMember(e, ep, "channel_ids", readIdList);
      // Older DSLs wrote the buffer a channel serves here; the executor
      // parses it and uses it nowhere (executor-semantics §1.3, §1.9).
      if (const Json *b = optionalMember(e, "buff")) {
        PathNode bp{ep, "buff"};
        readBufferType(*b, &bp);
      }
      tb.channels.push_back(std::move(c));
    });
  });
  // Optional in the executor (contains() check); absent means none.
  if (const Json *r = optionalMember(v, "remote_buffer_refs")) {
    PathNode kp{p, "remote_buffer_refs"};
    readArray(*r, &kp, [&](const Json &e, const PathNode *ep) {
      expectObject(e, ep);
      checkKeys(e, ep, {"access_channel_type", "remote_buffer_ids"});
      RemoteBufferRefs refs;
      refs.accessType =
          readMember(e, ep, "access_channel_type", readChannelType);
      refs.ids = readMember(e, ep, "remote_buffer_ids", readIdList);
      tb.remoteBufferRefs.push_back(std::move(refs));
    });
  }
  return tb;
}

ChannelDecl readChannelDecl(const Json &v, const PathNode *p) {
  expectObject(v, p);
  static const KeyList AllKeys = {"channel_type", "connected_to", "buffer_type",
                                  "rank_groups"};
  ChannelDecl c;
  c.type = readMember(v, p, "channel_type", readChannelType);
  std::string what = "a " + std::string(toString(c.type)) + " channel";
  switch (c.type) {
  case ChannelType::Memory:
  case ChannelType::Port:
    checkKeys(v, p, {"channel_type", "connected_to"}, AllKeys, what);
    c.connectedTo = readMember(v, p, "connected_to", readIdList);
    break;
  case ChannelType::Switch:
    checkKeys(v, p, {"channel_type", "buffer_type", "rank_groups"}, AllKeys,
              what);
    c.bufferType = readMember(v, p, "buffer_type", readBufferType);
    // The executor makes one switch channel per rank group, but the plan IR
    // (like the DSL) has exactly one group per declaration, and the group's
    // "size" is derived from its ranks on output.
    readMember(v, p, "rank_groups", [&](const Json &gs, const PathNode *gp) {
      expectArray(gs, gp);
      if (gs.size() != 1)
        fail(gp, diag::err_json_rank_groups, {gs.size()});
      PathNode ep{gp, {}, 0};
      const Json &g = gs[0];
      expectObject(g, &ep);
      checkKeys(g, &ep, {"size", "ranks"});
      int64_t size = readMember(g, &ep, "size", readCount);
      c.groupRanks = readMember(g, &ep, "ranks", readIdList);
      if (size != static_cast<int64_t>(c.groupRanks.size())) {
        PathNode sp{&ep, "size"};
        fail(&sp, diag::err_json_group_size, {size, c.groupRanks.size()});
      }
    });
    break;
  case ChannelType::None:
    // Accepted and ignored by the executor.
    checkKeys(v, p, {"channel_type", "connected_to"}, AllKeys, what);
    if (const Json *t = optionalMember(v, "connected_to")) {
      PathNode kp{p, "connected_to"};
      c.connectedTo = readIdList(*t, &kp);
    }
    break;
  }
  return c;
}

Gpu readGpu(const Json &v, const PathNode *p) {
  expectObject(v, p);
  checkKeys(v, p,
            {"id", "input_chunks", "output_chunks", "scratch_chunks",
             "threadblocks", "channels", "remote_buffers", "semaphores"});
  Gpu gpu;
  gpu.id = readMember(v, p, "id", readId);
  gpu.inputChunks = readMember(v, p, "input_chunks", readCount);
  gpu.outputChunks = readMember(v, p, "output_chunks", readCount);
  gpu.scratchChunks = readMember(v, p, "scratch_chunks", readCount);
  readMember(v, p, "threadblocks", [&](const Json &tbs, const PathNode *tp) {
    expectArray(tbs, tp);
    gpu.threadblocks.reserve(tbs.size());
    readArray(tbs, tp, [&](const Json &e, const PathNode *ep) {
      gpu.threadblocks.push_back(readThreadBlock(e, ep, gpu.id));
    });
  });
  readMember(v, p, "channels", [&](const Json &chs, const PathNode *cp) {
    readArray(chs, cp, [&](const Json &e, const PathNode *ep) {
      gpu.channels.push_back(readChannelDecl(e, ep));
    });
  });
  readMember(v, p, "remote_buffers", [&](const Json &rbs, const PathNode *rp) {
    readArray(rbs, rp, [&](const Json &e, const PathNode *ep) {
      expectObject(e, ep);
      checkKeys(e, ep, {"rank", "type", "access_channel_types"});
      RemoteBufferDecl rb;
      rb.rank = readMember(e, ep, "rank", readId);
      rb.type = readMember(e, ep, "type", readBufferType);
      readMember(e, ep, "access_channel_types",
                 [&](const Json &ts, const PathNode *ap) {
                   readArray(ts, ap, [&](const Json &t, const PathNode *tp) {
                     rb.accessChannelTypes.push_back(readChannelType(t, tp));
                   });
                 });
      gpu.remoteBuffers.push_back(std::move(rb));
    });
  });
  // Optional in the executor (contains() check); absent means none.
  if (const Json *s = optionalMember(v, "semaphores")) {
    PathNode kp{p, "semaphores"};
    readArray(*s, &kp, [&](const Json &e, const PathNode *ep) {
      expectObject(e, ep);
      checkKeys(e, ep, {"init_value"});
      gpu.semaphores.push_back(readMember(
          e, ep, "init_value", [](const Json &x, const PathNode *xp) {
            return readInt(x, xp, std::numeric_limits<int64_t>::min(),
                           std::numeric_limits<int64_t>::max());
          }));
    });
  }
  return gpu;
}

Plan readPlan(const Json &v) {
  const PathNode *root = nullptr;
  expectObject(v, root);
  checkKeys(v, root,
            {"name", "collective", "protocol", "inplace", "reuse_resources",
             "gpus", "num_threads_per_block", "use_double_scratch_buffer",
             "buffer_alignment", "min_message_size", "max_message_size"});
  Plan plan;
  readMember(v, root, "name", [&](const Json &n, const PathNode *np) {
    if (!n.is_null())
      plan.name = readString(n, np);
  });
  plan.collective = readMember(v, root, "collective", readString);
  plan.protocol = readMember(v, root, "protocol", readProtocol);
  plan.inplace = readMember(v, root, "inplace", readBool);
  readMember(v, root, "gpus", [&](const Json &gs, const PathNode *gp) {
    expectArray(gs, gp);
    plan.gpus.reserve(gs.size());
    readArray(gs, gp, [&](const Json &e, const PathNode *ep) {
      plan.gpus.push_back(readGpu(e, ep));
    });
  });

  // The rest is optional with the executor's defaults (the Plan defaults).
  auto readOptional = [&](std::string_view key, auto read, auto &field) {
    if (const Json *m = optionalMember(v, key)) {
      PathNode kp{root, key};
      field = read(*m, &kp);
    }
  };
  readOptional("reuse_resources", readBool, plan.reuseResources);
  readOptional("num_threads_per_block", readCount, plan.numThreadsPerBlock);
  readOptional("use_double_scratch_buffer", readBool,
               plan.useDoubleScratchBuffer);
  readOptional("buffer_alignment", readCount, plan.bufferAlignment);
  readOptional("min_message_size", readU64, plan.minMessageSize);
  readOptional("max_message_size", readU64, plan.maxMessageSize);
  return plan;
}

// nlohmann reports how many bytes it had read, the offending one included;
// turn that into a 1-based line and column (columns count bytes, like
// nlohmann's own message, which we drop because it carries library noise).
Diagnostic diagnosticAt(std::string_view text, size_t offset,
                        std::string message, int32_t fileId,
                        diag::ID id = diag::err_json_syntax) {
  offset = std::min(offset, text.size());
  size_t line = 1 + static_cast<size_t>(
                        std::count(text.begin(), text.begin() + offset, '\n'));
  size_t lineStart = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  lineStart =
      (lineStart == std::string_view::npos || offset == 0) ? 0 : lineStart + 1;
  size_t column = offset - lineStart + 1;
  SourceLocation loc{fileId, uint32_t(line), uint32_t(column)};
  if (fileId < 0)
    message += " (line " + std::to_string(line) + ", column " +
               std::to_string(column) + ")";
  return makeDiagnostic(id, loc, {message});
}

Diagnostic syntaxError(std::string_view text,
                       const nlohmann::json::parse_error &e, int32_t fileId) {
  // Drop nlohmann's "[json.exception.parse_error.101] parse error at line
  // L, column C: " prefix; we supply our own position.
  std::string_view what = e.what();
  size_t pe = what.find("parse error");
  if (pe != std::string_view::npos) {
    size_t colon = what.find(": ", pe);
    if (colon != std::string_view::npos)
      what.remove_prefix(colon + 2);
  }
  return diagnosticAt(text, e.byte > 0 ? e.byte - 1 : 0, std::string(what),
                      fileId);
}

// nlohmann reports a number too large for any JSON number type (1e999,
// 400 digits) without a position, but quotes it: find the first number
// token spelled that way.
size_t findNumberToken(std::string_view text, std::string_view what) {
  size_t open = what.find('\'');
  size_t close = open == std::string_view::npos ? std::string_view::npos
                                                : what.find('\'', open + 1);
  if (close == std::string_view::npos || close == open + 1)
    return 0;
  std::string_view number = what.substr(open + 1, close - open - 1);
  auto isNumberChar = [](char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' ||
           c == 'e' || c == 'E';
  };
  for (size_t at = text.find(number); at != std::string_view::npos;
       at = text.find(number, at + 1)) {
    bool startsToken = at == 0 || !isNumberChar(text[at - 1]);
    size_t end = at + number.size();
    bool endsToken = end >= text.size() || !isNumberChar(text[end]);
    if (startsToken && endsToken)
      return at;
  }
  return 0;
}

// The same message with a long quoted number cut to its first digits and
// its length: the caret shows where it is, and a number of 5,000 digits
// would otherwise fill the screen.
std::string shortenQuotedNumber(std::string_view what) {
  constexpr size_t Shown = 24;
  size_t open = what.find('\'');
  size_t close = open == std::string_view::npos ? std::string_view::npos
                                                : what.find('\'', open + 1);
  if (close == std::string_view::npos || close - open - 1 <= Shown + 8)
    return std::string(what);
  std::string_view number = what.substr(open + 1, close - open - 1);
  return std::string(what.substr(0, open + 1)) +
         std::string(number.substr(0, Shown)) + "...' (" +
         std::to_string(number.size()) + " characters)" +
         std::string(what.substr(close + 1));
}

// JSON leaves duplicate keys to the reader (nlohmann keeps the last, other
// readers the first): in a plan one is a mistake that would silently drop
// data, so it is an error at the second occurrence. Runs on text that
// parsed, so it only tracks strings and brackets.
std::optional<Diagnostic> duplicateKey(std::string_view text, int32_t fileId) {
  struct Frame {
    bool object;
    bool expectKey;
    std::vector<std::string> keys;
  };
  std::vector<Frame> stack;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '{' || c == '[') {
      stack.push_back({c == '{', c == '{', {}});
    } else if (c == '}' || c == ']') {
      if (!stack.empty())
        stack.pop_back();
      if (stack.empty())
        break; // the end of the document
    } else if (c == ',') {
      if (!stack.empty() && stack.back().object)
        stack.back().expectKey = true;
    } else if (c == '"') {
      size_t start = i++;
      bool escaped = false;
      for (; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\') {
          escaped = true;
          ++i;
        }
      if (stack.empty() || !stack.back().object || !stack.back().expectKey)
        continue;
      Frame &f = stack.back();
      f.expectKey = false;
      std::string key(text.substr(start + 1, i - start - 1));
      if (escaped) { // compare what the keys mean, not how they are spelled
        Json decoded =
            Json::parse(text.substr(start, i - start + 1), nullptr, false);
        if (decoded.is_string())
          key = decoded.get<std::string>();
      }
      if (std::find(f.keys.begin(), f.keys.end(), key) != f.keys.end())
        return diagnosticAt(text, start, jsonQuote(key), fileId,
                            diag::err_json_duplicate_key);
      f.keys.push_back(std::move(key));
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<Plan> readPlanJson(std::string_view text, DiagnosticSink &diags,
                                 int32_t fileId) {
  // nlohmann stops reading at a NUL byte and would accept whatever follows
  // it: a NUL is no part of JSON text.
  if (size_t nul = text.find('\0'); nul != std::string_view::npos) {
    diags.emit(
        diagnosticAt(text, nul, "a NUL byte is not allowed in JSON", fileId));
    return std::nullopt;
  }
  Json doc;
  try {
    doc = Json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error &e) {
    diags.emit(syntaxError(text, e, fileId));
    return std::nullopt;
  } catch (const nlohmann::json::exception &e) {
    // A number too large for any JSON number type (1e999, 400 digits):
    // nlohmann reports it without a position.
    std::string_view what = e.what();
    if (size_t close = what.find("] "); close != std::string_view::npos)
      what.remove_prefix(close + 2);
    diags.emit(diagnosticAt(text, findNumberToken(text, what),
                            shortenQuotedNumber(what), fileId));
    return std::nullopt;
  }
  if (auto dup = duplicateKey(text, fileId)) {
    diags.emit(std::move(*dup));
    return std::nullopt;
  }
  try {
    return readPlan(doc);
  } catch (const DiagnosticError &e) {
    diags.emit(e.diag);
  } catch (const nlohmann::json::exception &e) {
    // Not expected (every access is type-checked first), but never let a
    // library exception escape as a crash.
    diags.report(diag::err_json_plan, {}, {e.what()});
  }
  return std::nullopt;
}

std::optional<Plan> readPlanFile(const std::string &path, DiagnosticSink &diags,
                                 std::shared_ptr<SourceFiles> files) {
  std::string text;
  bool fromStdin = path == "-";
  FILE *f = fromStdin ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) {
    diags.report(diag::err_cannot_read, {}, {path, std::strerror(errno)});
    return std::nullopt;
  }
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0)
    text.append(buf, n);
  bool readFailed = std::ferror(f);
  int savedErrno = errno;
  if (!fromStdin)
    std::fclose(f);
  if (readFailed) {
    diags.report(diag::err_cannot_read, {}, {path, std::strerror(savedErrno)});
    return std::nullopt;
  }
  // The text is kept only while reading: syntax errors are located in it
  // (and a printer holding `files` shows the line).
  if (!files)
    files = std::make_shared<SourceFiles>();
  int32_t id = files->add(path, std::move(text));
  auto plan = readPlanJson(files->text(id), diags, id);
  if (plan)
    files->dropText(id);
  return plan;
}

} // namespace mscclc::json
