//===- CudaWriter.cpp - plan IR -> baked CUDA kernels on runtime-min ------===//
//
// See CudaWriter.h. The emitted file has, in order: one device function
// per (rank, thread block) with the ops in plan order; one kernel per rank
// that switches over the block index; the plan's resource declarations
// (`plan_info`) and the kernel table per element type (`kernels<T>`), which
// runtime-min's communicator reads.
//
//===----------------------------------------------------------------------===//
#include "mscclc/cuda/CudaWriter.h"
#include "mscclc/cuda/PerThread.h"

#include "mscclc/ir/PlanQuery.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

namespace mscclc::cuda {

using namespace plan;

const std::vector<std::string> &knownDtypes() {
  static const std::vector<std::string> names = {"f32", "f16", "bf16",
                                                 "i32", "u32", "u8"};
  return names;
}

std::vector<std::string> namespaceComponents(std::string_view name) {
  std::vector<std::string> parts;
  for (size_t from = 0;;) {
    size_t colons = name.find("::", from);
    parts.emplace_back(name.substr(from, colons - from));
    if (colons == std::string_view::npos)
      return parts;
    from = colons + 2;
  }
}

bool isCppKeyword(std::string_view word) {
  static const std::set<std::string_view> keywords = {
      "alignas",  "alignof",   "and",       "asm",       "auto",     "bool",
      "break",    "case",      "catch",     "char",      "class",    "concept",
      "const",    "consteval", "constexpr", "constinit", "continue", "decltype",
      "default",  "delete",    "do",        "double",    "else",     "enum",
      "explicit", "export",    "extern",    "false",     "float",    "for",
      "friend",   "goto",      "if",        "inline",    "int",      "long",
      "mutable",  "namespace", "new",       "noexcept",  "not",      "nullptr",
      "operator", "or",        "private",   "protected", "public",   "register",
      "requires", "return",    "short",     "signed",    "sizeof",   "static",
      "struct",   "switch",    "template",  "this",      "throw",    "true",
      "try",      "typedef",   "typeid",    "typename",  "union",    "unsigned",
      "using",    "virtual",   "void",      "volatile",  "while",    "xor",
  };
  return keywords.count(word) != 0;
}

namespace {

const char *cppType(const std::string &dtype) {
  if (dtype == "f16")
    return "::mscclc::rt::f16";
  if (dtype == "bf16")
    return "::mscclc::rt::bf16";
  if (dtype == "i32")
    return "int32_t";
  if (dtype == "u32")
    return "uint32_t";
  if (dtype == "u8")
    return "uint8_t";
  return "float";
}

const char *dtypeEnum(const std::string &dtype) {
  if (dtype == "f16")
    return "F16";
  if (dtype == "bf16")
    return "BF16";
  if (dtype == "i32")
    return "I32";
  if (dtype == "u32")
    return "U32";
  if (dtype == "u8")
    return "U8";
  return "F32";
}

// A plan name as an identifier of the emitted code: other characters become
// '_', and what C++ reserves (a keyword, "__" anywhere, a leading '_' and
// capital) or forbids (a leading digit) is avoided.
std::string identifier(std::string_view name) {
  std::string out;
  for (char c : name) {
    char k = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (!(k == '_' && !out.empty() && out.back() == '_'))
      out += k;
  }
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])))
    out = "plan_" + out;
  else if (out[0] == '_')
    out = "plan" + out;
  if (isCppKeyword(out))
    out += "_plan";
  return out;
}

// The identifiers `code` uses unqualified (not after `::`, `.` or `->`),
// outside comments, literals and preprocessor lines, less the ones it
// declares itself (a name after a type: `int t`, `RankArgs &a`, `void
// rank0_tb0(`), which lookup finds before any enclosing namespace's.
std::set<std::string> unqualifiedNames(std::string_view code) {
  std::set<std::string> names, declared;
  // Words after which a name is used, not declared.
  static const std::set<std::string_view> notTypes = {
      "return",   "case",      "else",    "throw",  "new",    "delete",
      "const",    "constexpr", "inline",  "static", "extern", "volatile",
      "unsigned", "signed",    "using",   "goto",   "struct", "class",
      "enum",     "namespace", "template"};
  std::string_view lastWord;
  size_t lastWordEnd = 0;
  auto identifierChar = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  auto skipTo = [&](size_t from, std::string_view end) {
    size_t at = code.find(end, from);
    return at == std::string_view::npos ? code.size() : at + end.size();
  };
  bool lineStart = true;
  size_t i = 0;
  while (i < code.size()) {
    char c = code[i];
    if (c == '\n' || (lineStart && (c == ' ' || c == '\t'))) {
      lineStart = c == '\n' || lineStart;
      ++i;
      continue;
    }
    if (lineStart && c == '#') {
      i = skipTo(i, "\n");
      continue;
    }
    lineStart = false;
    if (code.substr(i, 2) == "//") {
      i = skipTo(i, "\n");
    } else if (code.substr(i, 2) == "/*") {
      i = skipTo(i + 2, "*/");
    } else if (c == '"' || c == '\'') {
      for (++i; i < code.size() && code[i] != c; ++i)
        i += code[i] == '\\';
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      while (i < code.size() && (identifierChar(code[i]) || code[i] == '.'))
        ++i;
    } else if (identifierChar(c)) {
      size_t start = i;
      while (i < code.size() && identifierChar(code[i]))
        ++i;
      std::string_view word = code.substr(start, i - start);
      size_t k = start;
      while (k > 0 && code[k - 1] == ' ')
        --k;
      std::string_view before = code.substr(k >= 2 ? k - 2 : 0, k >= 2 ? 2 : k);
      bool qualified = before == "::" || before == "->" ||
                       (!before.empty() && before.back() == '.');
      // After a type: a word (then spaces), a template's `>` (then
      // spaces), or a reference's or pointer's `&` or `*` right before it.
      bool afterType =
          k > 0 &&
          ((k < start && lastWordEnd == k && !notTypes.count(lastWord)) ||
           (k < start && code[k - 1] == '>') ||
           (k == start && (code[k - 1] == '&' || code[k - 1] == '*') &&
            (k < 2 || code[k - 2] != code[k - 1])));
      if (afterType)
        declared.emplace(word);
      else if (!qualified)
        names.emplace(word);
      lastWord = word;
      lastWordEnd = i;
    } else {
      ++i;
    }
  }
  for (const std::string &d : declared)
    names.erase(d);
  return names;
}

// A C++ string literal of `s`, byte for byte: control characters and every
// byte outside ASCII as three-digit octal escapes (a hex escape would run
// into a following digit). A name or file name with a newline stays on its
// line, even inside a // comment, and none can put a bidirectional control
// or a line separator into the .cu (text that reads differently from how
// it compiles); the literal holds the same bytes.
std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u >= 0x7f) {
      out += '\\';
      out += char('0' + (u >> 6));
      out += char('0' + ((u >> 3) & 7));
      out += char('0' + (u & 7));
    } else {
      out += c;
    }
  }
  return out + "\"";
}

class Writer {
public:
  Writer(const Plan &plan, const CudaOptions &options, DiagnosticSink &diags)
      : plan_(plan), query_(plan), options_(options), diags_(diags) {}

  std::optional<std::string> run() {
    if (!checkPlanLevel())
      return std::nullopt;
    packets_ = hasPacketOps();
    usesFlag_ = plan_.useDoubleScratchBuffer || packets_;
    syncers_.resize(plan_.gpus.size());
    header();
    for (size_t r = 0; r < plan_.gpus.size(); ++r)
      for (const ThreadBlock &tb : plan_.gpus[r].threadblocks)
        threadBlock(int32_t(r), tb);
    if (failed_)
      return std::nullopt;
    kernels();
    planInfo();
    out_ << "} // namespace " << ns_ << "\n";
    std::string text = out_.str();
    if (!keepNamesVisible(text))
      return std::nullopt;
    return text;
  }

private:
  // What an op's code is generated in: the thread block, the op's path in
  // the plan (for diagnostics), and the pipeline around it, if any.
  struct Site {
    int32_t rank;
    const ThreadBlock &tb;
    std::string path;
    const Op *pipeline = nullptr;
    std::string indent = "  ";
  };

  bool unsupported(const std::string &what, const std::string &why,
                   SourceLocation loc = {}, std::string path = "") {
    failed_ = true;
    // One report per source line: a program makes the same op on many
    // ranks and thread blocks.
    if (loc.isValid() && !reported_.insert({what, loc}).second)
      return false;
    auto d = diags_.report(diag::err_cuda_unsupported, loc, {what, why});
    if (!path.empty())
      d.at(std::move(path));
    d.note(diag::note_cuda_unsupported, {}, {});
    return false;
  }

  // What an NVLS switch can reduce (multimem ld_reduce): sums of f32,
  // f16x2, bf16x2 and 32-bit integers; min/max of all of those but f32;
  // nothing of u8. The rest is refused for the requested element types.
  static bool switchReduces(const std::string &dtype, ReduceOp op) {
    if (dtype == "u8")
      return false;
    return op == ReduceOp::Sum || dtype != "f32";
  }

  bool checkPlanLevel() {
    auto scan = [&](const std::vector<Op> &ops, const std::string &path,
                    auto &self) -> void {
      for (size_t i = 0; i < ops.size(); ++i) {
        const Op &op = ops[i];
        std::string at = path + ".ops[" + std::to_string(i) + "]";
        ReduceOp rop = op.reduceOp.value_or(ReduceOp::Sum);
        if (op.kind == OpKind::Glres || op.kind == OpKind::Glre)
          for (const std::string &d : options_.dtypes)
            if (!switchReduces(d, rop)) {
              std::string what = std::string(toString(rop)) + " of " + d;
              unsupported("'" + std::string(toString(op.kind)) + "' (" + what +
                              ")",
                          "an NVLS switch cannot reduce it (multimem "
                          "ld_reduce sums f32, f16, bf16 and 32-bit "
                          "integers, and takes min/max of all but f32); "
                          "drop " +
                              d + " from --dtypes",
                          op.loc, at);
            }
        self(op.ops, at, self);
      }
    };
    for (size_t r = 0; r < plan_.gpus.size(); ++r)
      for (const ThreadBlock &tb : plan_.gpus[r].threadblocks)
        scan(tb.ops,
             "gpus[" + std::to_string(r) + "].threadblocks[" +
                 std::to_string(tb.id) + "]",
             scan);
    return !failed_;
  }

  bool hasPacketOps() const {
    auto any = [](const std::vector<Op> &ops, auto &self) -> bool {
      for (const Op &op : ops)
        if (isPacketOp(op.kind) || self(op.ops, self))
          return true;
      return false;
    };
    for (const Gpu &g : plan_.gpus)
      for (const ThreadBlock &tb : g.threadblocks)
        if (any(tb.ops, any))
          return true;
    return false;
  }

  // A namespace component named like something the code uses unqualified
  // (a runtime function such as reduce, a type such as uint32_t) would be
  // found instead of it, and the file would not compile: the name made
  // from the plan's takes a suffix; a --cuda-namespace is refused.
  bool keepNamesVisible(std::string &text) {
    std::string opening = "namespace " + ns_ + " {\n";
    size_t body = text.find(opening);
    std::set<std::string> used =
        unqualifiedNames(std::string_view(text).substr(body + opening.size()));
    std::vector<std::string> parts = namespaceComponents(ns_);
    // Macros are not in the text: the headers' (all capitals by convention,
    // and the few lower-case ones C and GNU define) would replace the name.
    auto hidden = [&](const std::string &name) {
      static const std::set<std::string> lowerCaseMacros = {
          "errno", "linux", "unix", "i386", "assert", "offsetof"};
      bool capitals =
          !name.empty() && std::isupper(static_cast<unsigned char>(name[0]));
      for (char c : name)
        capitals = capitals &&
                   (std::isupper(static_cast<unsigned char>(c)) ||
                    std::isdigit(static_cast<unsigned char>(c)) || c == '_');
      return used.count(name) || capitals || lowerCaseMacros.count(name) ||
             isCppKeyword(name);
    };
    for (const std::string &part : parts) {
      if (!hidden(part))
        continue;
      if (!options_.ns.empty()) {
        diags_.report(diag::err_cuda_namespace_hides, {}, {options_.ns, part});
        return false;
      }
      std::string last = parts.back();
      while (hidden(last))
        last += "_plan";
      std::string renamed = "mscclc_gen::" + last;
      std::string closing = "} // namespace " + ns_ + "\n";
      text.replace(text.size() - closing.size(), closing.size(),
                   "} // namespace " + renamed + "\n");
      text.replace(body, opening.size(), "namespace " + renamed + " {\n");
      ns_ = renamed;
      return true;
    }
    return true;
  }

  void header() {
    ns_ = options_.ns.empty()
              ? "mscclc_gen::" + identifier(plan_.name.value_or("plan"))
              : options_.ns;
    out_ << "// Generated by mscclc --emit-cuda";
    if (!options_.inputName.empty())
      out_ << " from " << quoted(options_.inputName);
    out_ << "; do not edit.\n"
         << "// Plan " << quoted(plan_.name.value_or("")) << " ("
         << quoted(plan_.collective) << ", " << plan_.gpus.size()
         << " ranks): one kernel per rank, one function per thread block.\n"
         << "// Builds with nvcc, or as host C++ with -DMSCCLC_HOST "
            "(runtime-min).\n"
         << "#include <mscclc/rt/device.hpp>\n\n"
         << "namespace " << ns_ << " {\n\n";
  }

  // ------------------------------------------------------------ operands

  // Where an operand's bytes start: a runtime-min pointer plus an offset
  // expression. `scale` is 2 in packet space.
  struct Place {
    std::string base;
    bool half = false; // + H (double scratch)
    int scale = 1;
    // reuse_resources: chunk indices of scratch count in slots, and
    // pipeline offsets in scratch wrap around the slot.
    bool slotIndex = false, slotWrap = false;
    // A peer's scratch slot when it differs from this rank's: its chunks
    // sit in the peer's slots (0: this rank's, the launch's).
    uint64_t peerSlot = 0;
  };

  // reuse_resources (executor-semantics §2.5): a rank's scratch slot, fixed
  // by the plan; 0 for a rank without scratch chunks.
  uint64_t reuseSlot(int32_t rank) const {
    if (rank < 0 || size_t(rank) >= plan_.gpus.size())
      return 0;
    return plan::reuseScratchSlotBytes(plan_, plan_.gpus[size_t(rank)]);
  }

  static bool isPortSourced(const Op &op) {
    return op.channelType == ChannelType::Port &&
           (op.kind == OpKind::Put || op.kind == OpKind::Pws ||
            op.kind == OpKind::Pwsf || op.kind == OpKind::Ppkt);
  }

  // The simulator's intended addressing (sim/src/Layout.cpp, resolve()),
  // as runtime-min pointers.
  std::optional<Place> place(const Site &s, const Op &op, Operand which,
                             size_t i) {
    const std::vector<BufferRef> &list =
        which == Operand::Src ? op.src : op.dst;
    std::string path = s.path +
                       (which == Operand::Src ? ".src_buff[" : ".dst_buff[") +
                       std::to_string(i) + "]";
    if (i >= list.size()) {
      unsupported("this operand", "it is missing", op.loc, path);
      return std::nullopt;
    }
    const BufferRef &ref = list[i];
    const OpInfo &info = opInfo(op.kind);
    OperandRole role = (which == Operand::Src ? info.src : info.dst).roleAt(i);
    const bool dbl = plan_.useDoubleScratchBuffer;
    Place p;
    switch (role) {
    case OperandRole::Local:
    case OperandRole::LocalFull: {
      bool portSource = which == Operand::Src && isPortSourced(op);
      p.base = base("buffer", int(ref.type));
      p.half = ref.type == BufferType::Scratch && dbl &&
               (!portSource || op.kind == OpKind::Ppkt);
      p.scale = op.kind == OpKind::Ppkt && portSource ? 2 : 1;
      p.slotIndex = p.slotWrap = ref.type == BufferType::Scratch;
      return p;
    }
    case OperandRole::LocalPacket:
    case OperandRole::LocalFullPacket: {
      BufferType t = which == Operand::Src && role == OperandRole::LocalPacket
                         ? BufferType::Scratch
                         : ref.type;
      p.base = base("buffer", int(t));
      p.half = t == BufferType::Scratch && dbl;
      p.scale = 2;
      p.slotIndex = ref.type == BufferType::Scratch;
      return p;
    }
    case OperandRole::Remote:
    case OperandRole::RemotePacket: {
      ChannelType access =
          isReduceFamily(op.kind) ? ChannelType::Memory : op.channelType;
      int32_t id = query_.gpuRemoteBuffer(s.rank, s.tb.id, access, ref.id);
      const auto &decls = plan_.gpus[size_t(s.rank)].remoteBuffers;
      if (id < 0 || size_t(id) >= decls.size()) {
        unsupported("this operand", "its remote buffer does not resolve",
                    op.loc, path);
        return std::nullopt;
      }
      bool scratch = decls[size_t(id)].type == BufferType::Scratch;
      p.slotIndex = p.slotWrap = scratch;
      // The simulator's intended semantics places a peer's scratch chunks
      // by the peer's slot (the 0.9.0 executor by this rank's).
      if (scratch && plan_.reuseResources)
        if (const uint64_t theirs = reuseSlot(decls[size_t(id)].rank);
            theirs != 0 && theirs != reuseSlot(s.rank))
          p.peerSlot = theirs;
      if (role == OperandRole::RemotePacket) {
        p.base = base("remotePacket", id);
        p.half = dbl;
        p.scale = 2;
      } else {
        p.base = base("remote", id);
        p.half = scratch && dbl && op.channelType != ChannelType::Port;
      }
      return p;
    }
    case OperandRole::Switch:
      break;
    }
    unsupported("this operand", "a switch buffer is not a pointer", op.loc,
                path);
    return std::nullopt;
  }

  // base + (H) + scale * (index * chunk + slice + pipeline offset).
  std::string address(const Place &p, const BufferRef &ref, bool sliced,
                      bool piped) {
    const bool reuse = plan_.reuseResources;
    const std::string peerSlot = std::to_string(p.peerSlot) + "ull";
    // A scratch chunk is a slot once chunks outgrow the slot.
    const std::string scratchChunk =
        p.peerSlot ? "(" + launchSize("chunk") + " > " + peerSlot + " ? " +
                         peerSlot + " : " + launchSize("chunk") + ")"
                   : launchSize("scratchChunk");
    std::string inner =
        std::to_string(ref.index) + " * " +
        (reuse && p.slotIndex ? scratchChunk : launchSize("chunk"));
    if (ref.index == 0)
      inner = "";
    auto add = [&](const std::string &term) {
      inner += (inner.empty() ? "" : " + ") + term;
    };
    if (sliced)
      add("part.offset");
    if (piped)
      add(reuse && p.slotWrap
              ? "o % " + (p.peerSlot ? peerSlot : launchSize("slot"))
              : "o");
    std::string e = p.base;
    if (p.half)
      e += " + H";
    if (!inner.empty())
      e += " + " + (p.scale == 1
                        ? inner
                        : std::to_string(p.scale) + " * (" + inner + ")");
    return e;
  }

  std::string pointer(const Site &s, const Op &op, Operand which, size_t i,
                      bool piped) {
    std::optional<Place> p = place(s, op, which, i);
    if (!p)
      return "nullptr";
    const BufferRef &ref = (which == Operand::Src ? op.src : op.dst)[i];
    return address(*p, ref, op.tbg.has_value(), piped);
  }

  // An offset (for switch operands) in data or packet space.
  std::string offset(const BufferRef &ref, bool sliced, bool piped, bool half,
                     int scale, bool scratch) {
    Place p;
    p.base = "0";
    p.half = half;
    p.scale = scale;
    p.slotIndex = p.slotWrap = scratch;
    std::string e = address(p, ref, sliced, piped);
    return e.rfind("0 + ", 0) == 0 ? e.substr(4) : e;
  }

  // ---------------------------------------------------------------- code

  void threadBlock(int32_t rank, const ThreadBlock &tb) {
    out_ << "template <class T, class P>\nMSCCLC_DEVICE void rank" << rank
         << "_tb" << tb.id << "(const ::mscclc::rt::RankArgs &a, "
         << "const ::mscclc::rt::Launch &l) {\n"
         << "  using namespace ::mscclc::rt;\n"
         << "  const uint32_t t = tid();\n"
         << "  (void)t;\n";
    if (usesFlag_)
      out_ << "  const uint32_t flag = begin_epoch(a);\n";
    if (plan_.useDoubleScratchBuffer)
      out_ << "  const uint64_t H = scratch_half(l, flag);\n  (void)H;\n";
    for (size_t i = 0; i < tb.ops.size(); ++i) {
      Site s{rank, tb,
             "gpus[" + std::to_string(rank) + "].threadblocks[" +
                 std::to_string(tb.id) + "].ops[" + std::to_string(i) + "]"};
      op(s, tb.ops[i], std::to_string(i));
    }
    if (usesFlag_)
      out_ << "  end_epoch(a, flag);\n";
    out_ << "}\n\n";
  }

  std::string comment(const Op &op, const std::string &index) {
    std::string c = "// op " + index + " " + std::string(toString(op.kind));
    // The file's name without its directory, as the header comment gives
    // it: the .cu is the same wherever the source was compiled from. As
    // visible text: a newline in it would end the comment.
    if (op.loc.isValid() && plan_.files &&
        size_t(op.loc.fileId) < plan_.files->size()) {
      std::string_view path = plan_.files->path(op.loc.fileId);
      std::string where = std::string(path.substr(path.rfind('/') + 1)) + ":" +
                          std::to_string(op.loc.line) + ":" +
                          std::to_string(op.loc.column);
      c += "  " + plan::visibleText(where);
    }
    return c;
  }

  size_t syncer(int32_t rank, int32_t barrierId) {
    auto &ids = syncers_[size_t(rank)];
    return ids.emplace(barrierId, ids.size()).first->second;
  }

  static const char *reduceOpName(const Op &op) {
    ReduceOp r = op.reduceOp.value_or(ReduceOp::Sum);
    return r == ReduceOp::Sum   ? "ReduceOp::Sum"
           : r == ReduceOp::Min ? "ReduceOp::Min"
                                : "ReduceOp::Max";
  }

  // Thread k drives the op's k-th channel (or semaphore), as the executor
  // does. Where the calls differ only in literals stepping with k (channel
  // 21, 53, 85, ...), one call of `t` does it (PerThread.h): one copy of
  // the code instead of one per thread. A thread block of
  // alltoall_ring_peers_n8 with a 7-channel relaxed signal and wait went
  // from 928 to 672 SASS instructions (sm_80; sm_90 936 to 720).
  void perThread(const Site &s, const std::vector<std::string> &calls,
                 const std::string &note) {
    lanes_ = std::max(lanes_, calls.size());
    if (std::optional<std::string> one = stridedCall(calls)) {
      out_ << s.indent << "if (t < " << calls.size() << ") " << *one << ";"
           << (note.empty() ? "" : " " + note) << "\n";
      return;
    }
    for (size_t k = 0; k < calls.size(); ++k)
      out_ << s.indent << "if (t == " << k << ") " << calls[k] << ";"
           << (k == 0 ? " " + note : "") << "\n";
    if (calls.empty())
      out_ << s.indent << note << " (no channels)\n";
  }

  std::vector<ChannelEnd> ends(const Site &s, const Op &op) {
    return query_.channelsOf(s.rank, s.tb.id, op);
  }

  void syncOp(const Site &s, const Op &op, const std::string &note) {
    bool relaxed = isRelaxedOp(op.kind);
    bool isSignal = op.kind == OpKind::Signal || op.kind == OpKind::RlxSignal;
    std::vector<std::string> calls;
    for (const ChannelEnd &c : ends(s, op)) {
      std::string g = std::to_string(c.gpuChannel);
      switch (op.channelType) {
      case ChannelType::Port:
        calls.push_back(isSignal
                            ? "port_signal(a.fifo, a.port[" + g + "])"
                            : std::string(relaxed ? "relaxed_wait" : "wait") +
                                  "(a.port[" + g + "])");
        break;
      case ChannelType::Switch:
        calls.push_back(
            std::string(isSignal ? "switch_signal" : "switch_wait") +
            "(a.switches[" + g + "], " + (relaxed ? "true" : "false") + ")");
        break;
      default:
        calls.push_back(
            std::string(isSignal ? (relaxed ? "relaxed_signal" : "signal")
                                 : (relaxed ? "relaxed_wait" : "wait")) +
            "(a.memory[" + g + "])");
      }
    }
    perThread(s, calls, note);
  }

  // Opens a block for a data op: the tbg slice and the byte count.
  std::string open(const Site &s, const Op &op, const std::string &note,
                   const std::string &length, bool piped) {
    out_ << s.indent << "{ " << note << "\n";
    std::string bytes = length;
    if (op.tbg) {
      out_ << s.indent << "  const Slice part = slice(" << length << ", "
           << op.tbg->tbId << ", " << op.tbg->tbgSize << ", "
           << std::max<int64_t>(plan_.bufferAlignment, 1) << ");\n";
      bytes = "part.bytes";
    }
    return piped ? pipelined(s, bytes) : bytes;
  }

  // The bytes of a pipeline iteration of an operand of `bytes`.
  static std::string pipelined(const Site &s, const std::string &bytes) {
    return "pipelined(" + bytes + ", o, " +
           std::to_string(s.pipeline->unitSize) + ")";
  }

  static std::string chunks(int64_t n) {
    return n == 1 ? "l.chunk" : std::to_string(n) + " * l.chunk";
  }

  // An Operands list (runtime-min): a function from operand index to the
  // operand's address, which the op calls where it uses the address. The
  // peers' tables and the launch's sizes are read through `fresh`, so that
  // the address is computed again at every unit instead of held in
  // registers through the op's loop.
  template <class F> std::string operands(size_t n, F item) {
    if (n == 0)
      return "operands<0>([](uint32_t) -> char * { return nullptr; })";
    std::string out = "operands<" + std::to_string(n) +
                      ">([&](uint32_t i) -> char * { switch (i) {";
    const bool saved = inOperandFunction_;
    inOperandFunction_ = true;
    for (size_t i = 0; i < n; ++i)
      out += " case " + std::to_string(i) + ": return " + item(i) + ";";
    inOperandFunction_ = saved;
    return out + " } return nullptr; })";
  }

  // A buffer pointer: `a.buffer[2]`, `a.remote[5]`; a peer's table read
  // through `fresh` inside an operand function.
  std::string base(std::string_view table, int32_t index) {
    std::string t = "a." + std::string(table);
    if (inOperandFunction_ && table != "buffer")
      t = "fresh(" + t + ")";
    return t + "[" + std::to_string(index) + "]";
  }
  // A size of the launch: `l.chunk`, or `fresh(l.chunk)` inside an operand
  // function.
  std::string launchSize(const char *field) {
    std::string f = "l." + std::string(field);
    return inOperandFunction_ ? "fresh(" + f + ")" : f;
  }

  void op(const Site &s, const Op &op, const std::string &index) {
    const std::string note = comment(op, index);
    const bool piped = s.pipeline != nullptr;
    const std::string in = s.indent;
    auto ptr = [&](Operand w, size_t i) { return pointer(s, op, w, i, piped); };
    auto pktPtr = [&](Operand w, size_t i) {
      return pointer(s, op, w, i, false); // packet ops ignore pipelines
    };
    switch (op.kind) {
    case OpKind::Nop:
      out_ << in << "sync_block(); " << note << "\n";
      return;
    case OpKind::Barrier:
      if (op.numThreadblocks <= 1)
        out_ << in << "sync_block(); " << note << "\n";
      else
        out_ << in << "barrier(a.syncer[" << syncer(s.rank, op.barrierId)
             << "], " << op.numThreadblocks << "); " << note << " (id "
             << op.barrierId << ")\n";
      return;
    case OpKind::Signal:
    case OpKind::RlxSignal:
    case OpKind::Wait:
    case OpKind::RlxWait:
      syncOp(s, op, note);
      return;
    case OpKind::Flush: {
      std::vector<std::string> calls;
      for (size_t k = 0; k < ends(s, op).size(); ++k)
        calls.push_back("port_flush(a.fifo)");
      perThread(s, calls, note);
      return;
    }
    case OpKind::SemAcquire:
    case OpKind::SemRelease: {
      std::vector<std::string> calls;
      for (int32_t id : op.semaphoreIds)
        calls.push_back(std::string(op.kind == OpKind::SemAcquire
                                        ? "sem_acquire"
                                        : "sem_release") +
                        "(a.semaphore[" + std::to_string(id) + "])");
      perThread(s, calls, note);
      return;
    }
    case OpKind::Pipeline:
      pipeline(s, op, note, index);
      return;
    case OpKind::Copy: {
      std::string bytes = open(s, op, note, chunks(op.src[0].size), piped);
      out_ << in << "  copy(" << ptr(Operand::Dst, 0) << ", "
           << ptr(Operand::Src, 0) << ", " << bytes << ");\n"
           << in << "}\n";
      return;
    }
    case OpKind::Get: {
      size_t n = std::min(op.src.size(), op.dst.size());
      for (size_t i = 0; i < n; ++i) {
        std::string bytes = open(s, op, i ? "// (next pair)" : note,
                                 chunks(op.src[i].size), piped);
        out_ << in << "  copy(" << ptr(Operand::Dst, i) << ", "
             << ptr(Operand::Src, i) << ", " << bytes << ");\n"
             << in << "}\n";
      }
      return;
    }
    case OpKind::Put:
    case OpKind::Pws:
    case OpKind::Pwsf:
      put(s, op, note);
      return;
    case OpKind::Re:
    case OpKind::Res:
    case OpKind::Rre:
    case OpKind::Rres: {
      size_t ndst = (op.kind == OpKind::Res || op.kind == OpKind::Rres)
                        ? op.dst.size()
                        : 1;
      std::string bytes = open(s, op, note, chunks(op.src[0].size), piped);
      std::string dsts =
          operands(ndst, [&](size_t i) { return ptr(Operand::Dst, i); });
      std::string srcs = operands(
          op.src.size(), [&](size_t i) { return ptr(Operand::Src, i); });
      out_ << in << "  reduce<T, " << reduceOpName(op) << ">(" << dsts << ", "
           << srcs << ", " << bytes << ");\n"
           << in << "}\n";
      return;
    }
    case OpKind::Cpkt:
    case OpKind::Upkt:
    case OpKind::Ppkt:
    case OpKind::Rppkt:
    case OpKind::Repkt:
    case OpKind::Respkt:
    case OpKind::Recpkt:
    case OpKind::Recspkt:
    case OpKind::Gstorepkt:
      packets(s, op, note, pktPtr);
      return;
    case OpKind::Glres:
    case OpKind::Gstore:
    case OpKind::Glre:
      multicast(s, op, note);
      return;
    }
    unsupported("'" + std::string(toString(op.kind)) + "'", "unknown op kind",
                op.loc, s.path);
  }

  void put(const Site &s, const Op &op, const std::string &note) {
    const bool piped = s.pipeline != nullptr;
    const std::string in = s.indent;
    if (op.channelType == ChannelType::Port) {
      // Thread i pushes the trigger of destination i; the proxy copies.
      std::vector<ChannelEnd> e = ends(s, op);
      const char *fn = op.kind == OpKind::Put   ? "port_put"
                       : op.kind == OpKind::Pws ? "port_put_signal"
                                                : "port_put_signal_flush";
      std::vector<std::string> calls;
      // (A thread-block group slices every output like the first.)
      const std::string first =
          open(s, op, note, chunks(op.dst[0].size), piped);
      Site inner = s;
      inner.indent += "  ";
      for (size_t i = 0; i < op.dst.size(); ++i) {
        std::string bytes = first;
        if (i > 0 && !op.tbg)
          bytes = piped ? pipelined(s, chunks(op.dst[i].size))
                        : chunks(op.dst[i].size);
        if (i >= e.size()) {
          unsupported("a port put", "it lists fewer channels than outputs",
                      op.loc, s.path);
          return;
        }
        calls.push_back(std::string(fn) + "(a.fifo, a.port[" +
                        std::to_string(e[i].gpuChannel) + "], " +
                        pointer(s, op, Operand::Dst, i, piped) + ", " +
                        pointer(s, op, Operand::Src,
                                std::min(i, op.src.size() - 1), piped) +
                        ", " + bytes + ")");
      }
      perThread(inner, calls, "");
      out_ << in << "}\n";
      return;
    }
    // Memory channel: every thread copies, destination by destination.
    for (size_t i = 0; i < op.dst.size(); ++i) {
      std::string bytes = open(s, op, i ? "// (next destination)" : note,
                               chunks(op.dst[i].size), piped);
      out_ << in << "  copy(" << pointer(s, op, Operand::Dst, i, piped) << ", "
           << pointer(s, op, Operand::Src, std::min(i, op.src.size() - 1),
                      piped)
           << ", " << bytes << ");\n"
           << in << "}\n";
    }
    if (op.kind != OpKind::Put) {
      // pws/pwsf: the signal the name promises (the 0.9.0 executor sends
      // none over memory channels), after every thread's copy, on the
      // block's memory channel to each destination's rank (the op names
      // none; as mscclc sim --semantics intended does).
      out_ << in << "sync_block(); // the signal follows every copy\n";
      std::vector<std::string> calls;
      for (const ChannelEnd &c : query_.memoryPutSignals(s.rank, s.tb.id, op))
        if (c.gpuChannel >= 0)
          calls.push_back("signal(a.memory[" + std::to_string(c.gpuChannel) +
                          "])");
      perThread(s, calls, "// (its signal)");
    }
  }

  template <class PtrFn>
  void packets(const Site &s, const Op &op, const std::string &note,
               PtrFn ptr) {
    const std::string in = s.indent;
    // Packet ops ignore the pipeline and slice like any op.
    Site flat = s;
    flat.pipeline = nullptr;
    auto lengthOf = [&](size_t i) { return chunks(op.src[i].size); };
    switch (op.kind) {
    case OpKind::Cpkt: {
      std::string bytes = open(flat, op, note, lengthOf(0), false);
      out_ << in << "  put_packets<P>(" << ptr(Operand::Dst, 0) << ", "
           << ptr(Operand::Src, 0) << ", " << bytes << ", flag);\n"
           << in << "}\n";
      return;
    }
    case OpKind::Upkt: {
      std::string bytes = open(flat, op, note, lengthOf(0), false);
      out_ << in << "  unpack_packets<P>(" << ptr(Operand::Dst, 0) << ", "
           << ptr(Operand::Src, 0) << ", " << bytes << ", flag);\n"
           << in << "}\n";
      return;
    }
    case OpKind::Ppkt: {
      if (op.channelType == ChannelType::Port) {
        std::vector<ChannelEnd> e = ends(flat, op);
        std::vector<std::string> calls;
        std::string bytes = open(flat, op, note, lengthOf(0), false);
        for (size_t i = 0; i < op.dst.size() && i < e.size(); ++i)
          calls.push_back("port_put_packets(a.fifo, a.port[" +
                          std::to_string(e[i].gpuChannel) + "], " +
                          ptr(Operand::Dst, i) + ", " +
                          ptr(Operand::Src, std::min(i, op.src.size() - 1)) +
                          ", (" + bytes + ") / P::payload * P::bytes)");
        Site inner = flat;
        inner.indent += "  ";
        perThread(inner, calls, "// a raw copy of packet space");
        out_ << in << "}\n";
        return;
      }
      for (size_t i = 0; i < op.dst.size(); ++i) {
        size_t si = std::min(i, op.src.size() - 1);
        std::string bytes = open(flat, op, i ? "// (next destination)" : note,
                                 lengthOf(si), false);
        out_ << in << "  put_packets<P>(" << ptr(Operand::Dst, i) << ", "
             << ptr(Operand::Src, si) << ", " << bytes << ", flag);\n"
             << in << "}\n";
      }
      return;
    }
    case OpKind::Rppkt: {
      std::string bytes = open(flat, op, note, lengthOf(0), false);
      if (op.channelType == ChannelType::Port) {
        out_ << in << "  await_packets<P>(" << ptr(Operand::Src, 0) << ", "
             << bytes << ", flag);\n"
             << in << "  sync_block();\n";
        std::vector<ChannelEnd> e = ends(flat, op);
        std::vector<std::string> calls;
        for (size_t i = 0; i < op.dst.size() && i < e.size(); ++i)
          calls.push_back("port_put_packets(a.fifo, a.port[" +
                          std::to_string(e[i].gpuChannel) + "], " +
                          ptr(Operand::Dst, i) + ", " + ptr(Operand::Src, 0) +
                          ", (" + bytes + ") / P::payload * P::bytes)");
        Site inner = flat;
        inner.indent += "  ";
        perThread(inner, calls, "// raw copies of the valid packets");
      } else {
        out_ << in << "  forward_packets<P>("
             << operands(op.dst.size(),
                         [&](size_t i) { return ptr(Operand::Dst, i); })
             << ", " << ptr(Operand::Src, 0) << ", " << bytes << ", flag);\n";
      }
      out_ << in << "}\n";
      return;
    }
    case OpKind::Repkt:
    case OpKind::Respkt:
    case OpKind::Recpkt:
    case OpKind::Recspkt: {
      bool copies = op.kind == OpKind::Recpkt || op.kind == OpKind::Recspkt;
      bool sends = op.kind == OpKind::Respkt || op.kind == OpKind::Recspkt;
      std::vector<size_t> outs;
      if (copies && op.dst.size() > 1)
        outs.push_back(1);
      if (sends)
        for (size_t j = copies ? 2 : 1; j < op.dst.size(); ++j)
          outs.push_back(j);
      std::string bytes = open(flat, op, note, lengthOf(0), false);
      out_ << in << "  reduce_packets<T, " << reduceOpName(op) << ", P>("
           << ptr(Operand::Dst, 0) << ", " << ptr(Operand::Src, 0) << ", "
           << operands(op.src.size() - 1,
                       [&](size_t i) { return ptr(Operand::Src, i + 1); })
           << ", "
           << operands(outs.size(),
                       [&](size_t i) { return ptr(Operand::Dst, outs[i]); })
           << ", " << bytes << ", flag);\n"
           << in << "}\n";
      return;
    }
    case OpKind::Gstorepkt: {
      std::optional<ResolvedBuffer> d =
          query_.operand(flat.rank, flat.tb.id, op, Operand::Dst, 0);
      if (!d || d->gpuSwitchChannel < 0) {
        unsupported("this operand", "its switch channel does not resolve",
                    op.loc, s.path + ".dst_buff[0]");
        return;
      }
      std::string bytes = open(flat, op, note, lengthOf(0), false);
      out_ << in << "  multimem_store_packets<P>(a.switches["
           << d->gpuSwitchChannel << "], "
           << offset(op.dst[0], op.tbg.has_value(), false,
                     plan_.useDoubleScratchBuffer, 2,
                     d->type == BufferType::Scratch)
           << ", " << ptr(Operand::Src, 0) << ", " << bytes << ", flag);\n"
           << in << "}\n";
      return;
    }
    default:
      return;
    }
  }

  void multicast(const Site &s, const Op &op, const std::string &note) {
    const bool piped = s.pipeline != nullptr;
    const std::string in = s.indent;
    auto channel = [&](Operand w) -> int32_t {
      std::optional<ResolvedBuffer> b =
          query_.operand(s.rank, s.tb.id, op, w, 0);
      if (!b || b->gpuSwitchChannel < 0) {
        unsupported(
            "this operand", "its switch channel does not resolve", op.loc,
            s.path + (w == Operand::Src ? ".src_buff[0]" : ".dst_buff[0]"));
        return -1;
      }
      return b->gpuSwitchChannel;
    };
    if (op.kind == OpKind::Glre) {
      int32_t g = op.channelIds.empty()
                      ? -1
                      : query_.gpuChannel(s.rank, s.tb.id, ChannelType::Switch,
                                          op.channelIds[0]);
      const ChannelDecl *d = query_.switchDecl(s.rank, g);
      if (!d || d->bufferType != op.bufferType) {
        unsupported("this glre",
                    "its switch channel does not resolve to a "
                    "group of its buffer type",
                    op.loc, s.path);
        return;
      }
      BufferRef srcRef;
      srcRef.type = op.bufferType;
      srcRef.index = op.bufferOffset;
      srcRef.size = op.size;
      Place dst;
      dst.base = "a.buffer[" + std::to_string(int(op.dstChunk.type)) + "]";
      dst.half = op.dstChunk.type == BufferType::Scratch &&
                 plan_.useDoubleScratchBuffer;
      dst.slotIndex = dst.slotWrap = op.dstChunk.type == BufferType::Scratch;
      std::string bytes =
          open(s, op, note, chunks(std::min(op.size, op.dstChunk.size)), piped);
      out_ << in << "  multimem_reduce<T, " << reduceOpName(op) << ">("
           << address(dst, op.dstChunk, op.tbg.has_value(), piped)
           << ", a.switches[" << g << "], "
           << offset(srcRef, op.tbg.has_value(), piped, false, 1,
                     op.bufferType == BufferType::Scratch)
           << ", " << bytes << ");\n"
           << in << "}\n";
      return;
    }
    int32_t gd = channel(Operand::Dst);
    int32_t gs = op.kind == OpKind::Glres ? channel(Operand::Src) : 0;
    if (gd < 0 || gs < 0)
      return;
    std::string bytes = open(s, op, note, chunks(op.src[0].size), piped);
    auto scratch = [&](int32_t g) {
      const ChannelDecl *d = query_.switchDecl(s.rank, g);
      return d && d->bufferType == BufferType::Scratch;
    };
    std::string dstOff =
        offset(op.dst[0], op.tbg.has_value(), piped, false, 1, scratch(gd));
    if (op.kind == OpKind::Glres)
      out_ << in << "  multimem_reduce_store<T, " << reduceOpName(op)
           << ">(a.switches[" << gd << "], " << dstOff << ", a.switches[" << gs
           << "], "
           << offset(op.src[0], op.tbg.has_value(), piped, false, 1,
                     scratch(gs))
           << ", " << bytes << ");\n";
    else
      out_ << in << "  multimem_store(a.switches[" << gd << "], " << dstOff
           << ", " << pointer(s, op, Operand::Src, 0, piped) << ", " << bytes
           << ");\n";
    out_ << in << "}\n";
  }

  // A pipeline: its body once per unit of the K chunks it covers
  // (executor-semantics §3.11), data ops at offset o; packet ops redo
  // their whole range, sync ops repeat.
  void pipeline(const Site &s, const Op &op, const std::string &note,
                const std::string &index) {
    if (op.unitSize == 0) {
      out_ << s.indent << note << ": unit_size 0, no iterations\n";
      return;
    }
    out_ << s.indent << "for (uint64_t o = 0; o < " << chunks(op.numChunks)
         << "; o += " << op.unitSize << ") { " << note << "\n";
    Site inner = s;
    inner.pipeline = &op;
    inner.indent += "  ";
    for (size_t j = 0; j < op.ops.size(); ++j) {
      inner.path = s.path + ".ops[" + std::to_string(j) + "]";
      this->op(inner, op.ops[j], index + "." + std::to_string(j));
    }
    out_ << s.indent << "}\n";
  }

  // Both parameters are grid constants: ops read the launch's chunk size
  // and scratch offsets from parameter space where they use them. As an
  // ordinary parameter, Launch was loaded at kernel entry and held in
  // registers through every thread block (2-node AllReduce rank kernels:
  // 45-48 registers instead of 40-45, and spills under a 40 cap).
  void kernels() {
    for (size_t r = 0; r < plan_.gpus.size(); ++r) {
      out_ << "template <class T, class P>\nMSCCLC_KERNEL void rank" << r
           << "(MSCCLC_GRID_CONST ::mscclc::rt::RankArgs a, "
              "MSCCLC_GRID_CONST ::mscclc::rt::Launch l) {\n"
           << "  switch (::mscclc::rt::bid()) {\n";
      for (const ThreadBlock &tb : plan_.gpus[r].threadblocks)
        out_ << "  case " << tb.id << ":\n    rank" << r << "_tb" << tb.id
             << "<T, P>(a, l);\n    return;\n";
      out_ << "  }\n  (void)a;\n  (void)l;\n}\n\n";
    }
  }

  template <class V, class F>
  void array(const std::string &type, const std::string &name, const V &values,
             F item, const std::string &empty) {
    out_ << "inline constexpr " << type << " " << name << "[] = {";
    for (size_t i = 0; i < values.size(); ++i)
      out_ << (i ? ", " : "") << item(values[i]);
    out_ << (values.empty() ? empty : "") << "};\n";
  }

  void planInfo() {
    out_ << "// What runtime-min needs to set the plan up.\n";
    auto num = [](auto v) { return std::to_string(v); };
    for (size_t r = 0; r < plan_.gpus.size(); ++r) {
      const Gpu &g = plan_.gpus[r];
      std::string R = std::to_string(r);
      array("int", "memory_peers_" + R,
            query_.gpuChannels(int32_t(r), ChannelType::Memory), num, "-1");
      array("int", "port_peers_" + R,
            query_.gpuChannels(int32_t(r), ChannelType::Port), num, "-1");
      const auto &sw = query_.gpuChannels(int32_t(r), ChannelType::Switch);
      for (size_t i = 0; i < sw.size(); ++i) {
        const ChannelDecl *d = query_.switchDecl(int32_t(r), int32_t(i));
        array("int", "switch_members_" + R + "_" + std::to_string(i),
              d ? d->groupRanks : std::vector<int32_t>{}, num, "-1");
      }
      out_ << "inline constexpr ::mscclc::rt::SwitchInfo switches_" << R
           << "[] = {";
      for (size_t i = 0; i < sw.size(); ++i) {
        const ChannelDecl *d = query_.switchDecl(int32_t(r), int32_t(i));
        out_ << (i ? ", " : "") << "{" << (d ? int(d->bufferType) : 0)
             << ", switch_members_" << R << "_" << i << ", "
             << (d ? d->groupRanks.size() : 0) << "}";
      }
      out_ << (sw.empty() ? "{0, nullptr, 0}" : "") << "};\n";
      array(
          "::mscclc::rt::RemoteBufferInfo", "remote_" + R, g.remoteBuffers,
          [](const RemoteBufferDecl &b) {
            return "{" + std::to_string(b.rank) + ", " +
                   std::to_string(int(b.type)) + "}";
          },
          "{-1, 0}");
      array("int64_t", "semaphores_" + R, g.semaphores, num, "0");
    }
    out_ << "inline constexpr ::mscclc::rt::RankInfo ranks[] = {\n";
    for (size_t r = 0; r < plan_.gpus.size(); ++r) {
      const Gpu &g = plan_.gpus[r];
      std::string R = std::to_string(r);
      out_ << "    {" << g.inputChunks << ", " << g.outputChunks << ", "
           << g.scratchChunks << ", " << g.threadblocks.size()
           << ", memory_peers_" << R << ", "
           << query_.gpuChannels(int32_t(r), ChannelType::Memory).size()
           << ", port_peers_" << R << ", "
           << query_.gpuChannels(int32_t(r), ChannelType::Port).size()
           << ", switches_" << R << ", "
           << query_.gpuChannels(int32_t(r), ChannelType::Switch).size()
           << ", remote_" << R << ", " << g.remoteBuffers.size()
           << ", semaphores_" << R << ", " << g.semaphores.size() << ", "
           << syncers_[r].size() << "},\n";
    }
    out_ << "};\n"
         << "inline constexpr ::mscclc::rt::PlanInfo plan_info = {"
         << quoted(plan_.name.value_or("")) << ", " << quoted(plan_.collective)
         << ", " << (plan_.inplace ? "true" : "false") << ", "
         << (plan_.protocol == Protocol::LL ? "::mscclc::rt::Protocol::LL"
                                            : "::mscclc::rt::Protocol::Simple")
         << ", " << (plan_.useDoubleScratchBuffer ? "true" : "false") << ", "
         << plan_.bufferAlignment << ", " << plan_.maxMessageSize << "ull, "
         << (plan_.reuseResources ? "true" : "false") << ", " << lanes_ << ", "
         << plan_.gpus.size() << ", ranks, " << plan_.numThreadsPerBlock << ", "
         << plan_.minMessageSize << "ull};\n\n"
         << "template <class T, class P>\ninline constexpr "
            "::mscclc::rt::KernelFn kernels[] = {";
    for (size_t r = 0; r < plan_.gpus.size(); ++r)
      out_ << (r ? ", " : "") << "&rank" << r << "<T, P>";
    out_
        << "};\n"
        << "// The kernels of an element type and packet format, one per "
           "rank;\n// null for what this file was not baked for (--dtypes). "
           "A template, so\n// nothing is instantiated unless it is "
           "called.\n"
        << "template <int = 0>\ninline const ::mscclc::rt::KernelFn "
           "*kernels_for(::mscclc::rt::DType d, ::mscclc::rt::PacketType p) {\n"
        << "  const bool ll8 = p == ::mscclc::rt::PacketType::LL8;\n";
    for (const std::string &d : options_.dtypes) {
      out_ << "  if (d == ::mscclc::rt::DType::" << dtypeEnum(d) << ")\n";
      if (packets_)
        out_ << "    return ll8 ? kernels<" << cppType(d)
             << ", ::mscclc::rt::LL8> : kernels<" << cppType(d)
             << ", ::mscclc::rt::LL16>;\n";
      else // no packet op: one set serves both formats
        out_ << "    return kernels<" << cppType(d)
             << ", ::mscclc::rt::LL16>;\n";
    }
    out_ << "  (void)ll8;\n  return nullptr;\n}\n#if !defined(MSCCLC_HOST)\n"
         << "// The element types this file was baked for"
         << (packets_ ? ", with both packet formats" : "") << ".\n";
    std::vector<std::string> packets = {"::mscclc::rt::LL16"};
    if (packets_)
      packets.push_back("::mscclc::rt::LL8");
    for (const std::string &d : options_.dtypes)
      for (const std::string &p : packets)
        for (size_t r = 0; r < plan_.gpus.size(); ++r)
          out_ << "template MSCCLC_KERNEL void rank" << r << "<" << cppType(d)
               << ", " << p
               << ">(MSCCLC_GRID_CONST ::mscclc::rt::RankArgs, "
                  "MSCCLC_GRID_CONST ::mscclc::rt::Launch);\n";
    // bench/cuda_static measures each thread-block function on its own:
    // inlined into the rank kernel, its size cannot be read from a cubin.
    out_ << "#if defined(MSCCLC_MEASURE_THREADBLOCKS)\n";
    for (size_t r = 0; r < plan_.gpus.size(); ++r)
      for (const ThreadBlock &tb : plan_.gpus[r].threadblocks)
        out_ << "MSCCLC_KERNEL void measure_rank" << r << "_tb" << tb.id
             << "(MSCCLC_GRID_CONST ::mscclc::rt::RankArgs a, "
                "MSCCLC_GRID_CONST ::mscclc::rt::Launch l) { rank"
             << r << "_tb" << tb.id << "<" << cppType(options_.dtypes.front())
             << ", ::mscclc::rt::LL16>(a, l); }\n";
    out_ << "#endif\n#endif\n\n";
  }

  const Plan &plan_;
  PlanQuery query_;
  const CudaOptions &options_;
  DiagnosticSink &diags_;
  std::ostringstream out_;
  // Whether the address being written is inside an operand function.
  bool inOperandFunction_ = false;
  std::string ns_;
  bool failed_ = false;
  bool packets_ = false;  // the plan has packet ops
  bool usesFlag_ = false; // it needs the launch's flag (packets, 2x scratch)
  // Per rank: barrier id -> syncer index. Ids are dense here whatever the
  // plan numbers them (a plan may use any int32 id).
  std::vector<std::map<int32_t, size_t>> syncers_;
  size_t lanes_ = 1; // threads the widest per-thread op needs
  std::set<std::pair<std::string, SourceLocation>> reported_;
};

} // namespace

std::optional<std::string>
writeCuda(const Plan &plan, const CudaOptions &options, DiagnosticSink &diags) {
  return Writer(plan, options, diags).run();
}

} // namespace mscclc::cuda
