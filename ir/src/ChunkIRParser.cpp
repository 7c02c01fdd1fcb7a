//===- ChunkIRParser.cpp - the chunk IR text format, read back -----------===//
//
// A line-oriented recursive reader: each line is a header (program, rank,
// channels, switch, remote, semaphores, tb), an op, or the `}` closing a
// pipeline body. Errors unwind by an internal exception and are reported
// once, at the line and column of the offending token.
//
//===----------------------------------------------------------------------===//
#include "mscclc/ir/ChunkIRParser.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace mscclc::chunk {

namespace {

// Limits that keep hostile text from making the tables huge.
constexpr size_t MaxRanks = 65536;
constexpr int32_t MaxSourceFiles = 256;

struct Token {
  std::string_view text;
  SourceLocation loc; // of its first character in the .cir file
};

// `start` is the location of code[0].
std::vector<Token> tokenize(std::string_view code, SourceLocation start) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < code.size()) {
    while (i < code.size() && (code[i] == ' ' || code[i] == '\t'))
      ++i;
    if (i >= code.size())
      break;
    size_t first = i;
    if (code[i] == '"') { // a quoted string, escapes included
      ++i;
      while (i < code.size() && code[i] != '"')
        i += code[i] == '\\' ? 2 : 1;
      ++i;
    } else {
      while (i < code.size() && code[i] != ' ' && code[i] != '\t')
        ++i;
    }
    tokens.push_back(
        {code.substr(first, std::min(i, code.size()) - first),
         {start.fileId, start.line, start.column + uint32_t(first)}});
  }
  return tokens;
}

// Errors point at the offending token.
[[noreturn]] void fail(const Token &t, diag::ID id,
                       std::initializer_list<DiagArg> args = {}) {
  throwDiagnostic(id, t.loc, args);
}

template <typename T> T number(const Token &t, std::string_view s) {
  T v{};
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size())
    fail(t, diag::err_cir_expected_got, {"a number", s});
  return v;
}

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool parseBool(const Token &t, std::string_view s) {
  if (s == "true")
    return true;
  if (s == "false")
    return false;
  fail(t, diag::err_cir_expected_got, {"true or false", s});
}

BufferType bufferType(const Token &t, std::string_view s) {
  if (auto b = plan::parseBufferType(s))
    return *b;
  fail(t, diag::err_cir_unknown, {"buffer", s, "i, o or s"});
}

ChannelType channelType(const Token &t, std::string_view s) {
  if (auto c = plan::parseChannelType(s); c && *c != ChannelType::None)
    return *c;
  fail(t, diag::err_cir_unknown, {"channel kind", s, "memory, port or switch"});
}

std::vector<int64_t> intList(const Token &t, std::string_view s) {
  // "[a,b,c]"
  if (s.size() < 2 || s.front() != '[' || s.back() != ']')
    fail(t, diag::err_cir_expected_got, {"a list like [0,1]", s});
  s = s.substr(1, s.size() - 2);
  std::vector<int64_t> out;
  while (!s.empty()) {
    size_t comma = s.find(',');
    out.push_back(number<int64_t>(t, s.substr(0, comma)));
    if (comma == std::string_view::npos)
      break;
    s.remove_prefix(comma + 1);
  }
  return out;
}

// A list entry or id that lands in a 32-bit field.
int32_t narrow(const Token &t, int64_t v) {
  if (v < std::numeric_limits<int32_t>::min() ||
      v > std::numeric_limits<int32_t>::max())
    fail(t, diag::err_cir_expected_got, {"a 32-bit number", v});
  return int32_t(v);
}

std::string unquote(const Token &t) {
  std::string_view s = t.text;
  if (s.size() < 2 || s.front() != '"' || s.back() != '"')
    fail(t, diag::err_cir_expected, {"a quoted string"});
  std::string out;
  for (size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i] == '\\' && i + 2 < s.size()) {
      char c = s[++i];
      out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
    } else {
      out += s[i];
    }
  }
  return out;
}

// `T[a:b]` → (type, index, size).
void range(const Token &t, std::string_view s, BufferType &type, int64_t &index,
           int64_t &size) {
  size_t open = s.find('['), colon = s.find(':'), close = s.find(']');
  if (open == std::string_view::npos || colon == std::string_view::npos ||
      close == std::string_view::npos || !(open < colon && colon < close) ||
      close + 1 != s.size())
    fail(t, diag::err_cir_expected_got, {"a chunk like o[2:3]", s});
  type = bufferType(t, s.substr(0, open));
  index = number<int64_t>(t, s.substr(open + 1, colon - open - 1));
  int64_t end = number<int64_t>(t, s.substr(colon + 1, close - colon - 1));
  if (index < 0)
    fail(t, diag::err_cir_expected_got, {"a chunk index of 0 or more", index});
  if (end < index)
    fail(t, diag::err_cir_range_backwards);
  size = end - index; // cannot overflow: 0 <= index <= end
}

class Parser {
public:
  Parser(std::shared_ptr<SourceFiles> files) : files_(std::move(files)) {
    sourceFile_ = files_->add("<source>", "");
  }

  void line(std::string_view text, SourceLocation at) {
    std::string_view code = text;
    std::string_view comment;
    if (size_t semi = text.find(';'); semi != std::string_view::npos) {
      // A ';' inside a quoted program name is not a comment.
      size_t quote = text.find('"');
      size_t lastQuote = text.rfind('"');
      if (quote == std::string_view::npos || semi > lastQuote || semi < quote) {
        code = text.substr(0, semi);
        comment = text.substr(semi + 1);
      }
    }
    std::vector<Token> tokens = tokenize(code, at);
    if (tokens.empty())
      return;
    std::string_view head = tokens[0].text;
    if (head == "program")
      program(tokens);
    else if (!started_)
      fail(tokens[0], diag::err_cir_expected, {"a 'program' line first"});
    else if (head == "rank")
      rank(tokens);
    else if (head == "channels")
      channels(tokens);
    else if (head == "switch")
      switchDecl(tokens);
    else if (head == "remote")
      remote(tokens);
    else if (head == "semaphores")
      semaphores(tokens);
    else if (head == "tb")
      threadBlock(tokens);
    else if (head == "}")
      closePipeline(tokens[0]);
    else
      op(tokens, comment,
         comment.empty() ? at
                         : SourceLocation{at.fileId, at.line,
                                          at.column + uint32_t(comment.data() -
                                                               text.data())});
  }

  Program finish(const Token &end) {
    if (!started_)
      fail(end, diag::err_cir_expected, {"a 'program' line"});
    if (pipeline_)
      fail(end, diag::err_cir_pipeline_open);
    if (program_.ranks.size() != declaredRanks_)
      fail(end, diag::err_cir_rank_count,
           {declaredRanks_, program_.ranks.size()});
    program_.files = files_;
    program_.sourceFile = sourceFile_;
    return std::move(program_);
  }

private:
  void program(const std::vector<Token> &t) {
    if (started_)
      fail(t[0], diag::err_cir_twice, {"a 'program' line"});
    started_ = true;
    program_.loc = t[0].loc;
    if (t.size() < 2)
      fail(t[0], diag::err_cir_expected, {"the program's name"});
    if (t[1].text != "null")
      program_.name = unquote(t[1]);
    std::vector<std::string_view> settingsSeen;
    for (size_t i = 2; i < t.size(); ++i) {
      std::string_view s = t[i].text;
      if (s == "(replicated)") {
        program_.replicated = true;
        continue;
      }
      size_t eq = s.find('=');
      if (eq == std::string_view::npos)
        fail(t[i], diag::err_cir_expected_got, {"key=value", s});
      std::string_view k = s.substr(0, eq), v = s.substr(eq + 1);
      const Token &tok = t[i];
      if (std::find(settingsSeen.begin(), settingsSeen.end(), k) !=
          settingsSeen.end())
        fail(tok, diag::err_cir_twice, {k});
      settingsSeen.push_back(k);
      if (k == "collective")
        program_.collective = std::string(v);
      else if (k == "ranks")
        declaredRanks_ = number<size_t>(tok, v);
      else if (k == "protocol") {
        auto p = plan::parseProtocol(v);
        if (!p)
          fail(tok, diag::err_cir_unknown, {"protocol", v, "Simple or LL"});
        program_.protocol = *p;
      } else if (k == "inplace")
        program_.inplace = parseBool(tok, v);
      else if (k == "instances")
        program_.instances = number<int32_t>(tok, v);
      else if (k == "instr_fusion")
        program_.instrFusion = parseBool(tok, v);
      else if (k == "auto_sync")
        program_.autoSync = parseBool(tok, v);
      else if (k == "replication_policy") {
        if (v != "none" && v != "interleaved")
          fail(tok, diag::err_cir_unknown,
               {"replication_policy", v, "none or interleaved"});
        program_.replicationPolicy = v == "none"
                                         ? ReplicationPolicy::None
                                         : ReplicationPolicy::Interleaved;
      } else if (k == "reuse_resources")
        program_.reuseResources = parseBool(tok, v);
      else if (k == "num_threads_per_block")
        program_.numThreadsPerBlock = number<int64_t>(tok, v);
      else if (k == "use_double_scratch_buffer")
        program_.useDoubleScratchBuffer = parseBool(tok, v);
      else if (k == "buffer_alignment")
        program_.bufferAlignment = number<int64_t>(tok, v);
      else if (k == "min_message_size")
        program_.minMessageSize = number<uint64_t>(tok, v);
      else if (k == "max_message_size")
        program_.maxMessageSize = number<uint64_t>(tok, v);
      else
        fail(tok, diag::err_cir_unknown_name, {"program setting", k});
    }
    if (declaredRanks_ > MaxRanks)
      fail(t[0], diag::err_cir_too_many, {"ranks", MaxRanks});
  }

  Rank &currentRank(const Token &t) {
    if (program_.ranks.empty())
      fail(t, diag::err_cir_expected, {"a 'rank' line first"});
    return program_.ranks.back();
  }

  void rank(const std::vector<Token> &t) {
    if (t.size() < 2)
      fail(t[0], diag::err_cir_expected, {"the rank number"});
    size_t r = number<size_t>(t[1], t[1].text);
    if (r != program_.ranks.size())
      fail(t[1], diag::err_cir_expected_next, {"rank", program_.ranks.size()});
    if (r >= declaredRanks_)
      fail(t[1], diag::err_cir_rank_beyond, {r, declaredRanks_});
    closeOpenPipeline(t[0]);
    Rank &rank = program_.ranks.emplace_back();
    rank.loc = t[0].loc;
    for (size_t i = 2; i < t.size(); ++i) {
      std::string_view s = t[i].text;
      size_t eq = s.find('=');
      std::string_view k = s.substr(0, eq);
      if (eq == std::string_view::npos)
        fail(t[i], diag::err_cir_expected, {"input=, output= or scratch="});
      int64_t v = number<int64_t>(t[i], s.substr(eq + 1));
      if (k == "input")
        rank.inputChunks = v;
      else if (k == "output")
        rank.outputChunks = v;
      else if (k == "scratch")
        rank.scratchChunks = v;
      else
        fail(t[i], diag::err_cir_expected, {"input=, output= or scratch="});
    }
  }

  void channels(const std::vector<Token> &t) {
    Rank &rank = currentRank(t[0]);
    if (t.size() < 3 || t[2].text != "->")
      fail(t[0], diag::err_cir_expected, {"'channels KIND -> #0:rN ...'"});
    ChannelGroup g;
    g.kind = channelType(t[1], t[1].text);
    if (g.kind == ChannelType::Switch)
      fail(t[1], diag::err_cir_expected,
           {"memory or port ('switch #k' lines declare switch channels)"});
    if (rank.group(g.kind))
      fail(t[0], diag::err_cir_twice, {"a 'channels' line of one kind"});
    for (size_t i = 3; i < t.size(); ++i) {
      std::string_view s = t[i].text; // "#k:rN"
      size_t colon = s.find(":r");
      if (s.empty() || s[0] != '#' || colon == std::string_view::npos)
        fail(t[i], diag::err_cir_expected, {"#k:rN"});
      size_t k = number<size_t>(t[i], s.substr(1, colon - 1));
      if (k != g.connectedTo.size())
        fail(t[i], diag::err_cir_expected_next,
             {"channel #", g.connectedTo.size()});
      g.connectedTo.push_back(number<int32_t>(t[i], s.substr(colon + 2)));
      g.createdAt.push_back(t[i].loc); // -Wself-channel points here
    }
    rank.channelGroups.push_back(std::move(g));
  }

  void switchDecl(const std::vector<Token> &t) {
    Rank &rank = currentRank(t[0]);
    if (t.size() != 4 || !startsWith(t[3].text, "ranks="))
      fail(t[0], diag::err_cir_expected, {"'switch #k BUF ranks=[...]'"});
    size_t k = number<size_t>(t[1], t[1].text.substr(1));
    if (t[1].text.empty() || t[1].text[0] != '#' ||
        k != rank.switchChannels.size())
      fail(t[1], diag::err_cir_expected_next,
           {"switch #", rank.switchChannels.size()});
    SwitchDecl d;
    d.bufferType = bufferType(t[2], t[2].text);
    for (int64_t r : intList(t[3], t[3].text.substr(6)))
      d.ranks.push_back(narrow(t[3], r));
    rank.switchChannels.push_back(std::move(d));
  }

  void remote(const std::vector<Token> &t) {
    Rank &rank = currentRank(t[0]);
    for (size_t i = 1; i < t.size(); ++i) {
      std::string_view s = t[i].text; // rN.T(kind,kind)
      size_t dot = s.find('.'), open = s.find('(');
      if (s.empty() || s[0] != 'r' || dot == std::string_view::npos ||
          open == std::string_view::npos || s.back() != ')')
        fail(t[i], diag::err_cir_expected, {"rN.T(memory,...)"});
      RemoteBufferDecl d;
      d.rank = number<int32_t>(t[i], s.substr(1, dot - 1));
      d.type = bufferType(t[i], s.substr(dot + 1, open - dot - 1));
      std::string_view kinds = s.substr(open + 1, s.size() - open - 2);
      while (!kinds.empty()) {
        size_t comma = kinds.find(',');
        d.accessKinds.push_back(channelType(t[i], kinds.substr(0, comma)));
        if (comma == std::string_view::npos)
          break;
        kinds.remove_prefix(comma + 1);
      }
      rank.remoteBuffers.push_back(std::move(d));
    }
  }

  void semaphores(const std::vector<Token> &t) {
    Rank &rank = currentRank(t[0]);
    for (size_t i = 1; i < t.size(); ++i)
      rank.semaphores.push_back(number<int64_t>(t[i], t[i].text));
  }

  void threadBlock(const std::vector<Token> &t) {
    Rank &rank = currentRank(t[0]);
    closeOpenPipeline(t[0]);
    if (t.size() != 2)
      fail(t[0], diag::err_cir_expected, {"'tb N'"});
    size_t n = number<size_t>(t[1], t[1].text);
    if (n != rank.tbs.size())
      fail(t[1], diag::err_cir_expected_next, {"tb", rank.tbs.size()});
    rank.tbs.emplace_back();
  }

  void closeOpenPipeline(const Token &t) {
    if (pipeline_)
      fail(t, diag::err_cir_pipeline_open);
  }

  void closePipeline(const Token &t) {
    if (!pipeline_)
      fail(t, diag::err_cir_pipeline_close);
    pipeline_ = false;
  }

  SourceLocation location(std::string_view comment, SourceLocation at) {
    std::vector<Token> t = tokenize(comment, at);
    size_t i = 0;
    int32_t file = 0;
    if (t.size() >= 2 && t[0].text == "file") {
      file = number<int32_t>(t[1], t[1].text);
      if (file < 0 || file >= MaxSourceFiles)
        fail(t[1], diag::err_cir_file_number, {file, MaxSourceFiles - 1});
      i = 2;
    }
    if (t.size() != i + 2 || t[i].text != "line")
      return {}; // some other comment
    std::string_view lc = t[i + 1].text;
    size_t colon = lc.find(':');
    if (colon == std::string_view::npos)
      return {};
    SourceLocation loc;
    loc.line = number<uint32_t>(t[i + 1], lc.substr(0, colon));
    loc.column = number<uint32_t>(t[i + 1], lc.substr(colon + 1));
    while (file >= int32_t(sourceIds_.size())) {
      std::string name =
          sourceIds_.empty()
              ? std::string()
              : "<source " + std::to_string(sourceIds_.size()) + ">";
      sourceIds_.push_back(sourceIds_.empty() ? sourceFile_
                                              : files_->add(name, ""));
    }
    loc.fileId = sourceIds_[size_t(file)];
    return loc;
  }

  void op(const std::vector<Token> &t, std::string_view comment,
          SourceLocation commentAt) {
    Rank &rank = currentRank(t[0]);
    if (rank.tbs.empty())
      fail(t[0], diag::err_cir_expected, {"a 'tb' line before ops"});
    int32_t ownRank = int32_t(program_.ranks.size() - 1);
    Op op;
    std::string_view name = t[0].text;
    size_t dot = name.find('.');
    auto kind = plan::parseOpKind(name.substr(0, dot));
    if (!kind)
      fail(t[0], diag::err_cir_unknown_name, {"op", name.substr(0, dot)});
    op.kind = *kind;
    if (dot != std::string_view::npos) {
      std::string_view sync = name.substr(dot + 1);
      op.dataSync = sync == "none"     ? SyncNone
                    : sync == "before" ? SyncBefore
                    : sync == "after"  ? SyncAfter
                    : sync == "both"   ? SyncBoth
                                       : 0xFF;
      if (op.dataSync == 0xFF)
        fail(t[0], diag::err_cir_unknown,
             {"data sync", sync, "none, before, after or both"});
    }
    bool dst = false, opens = false;
    std::vector<std::string_view> seen;
    auto once = [&](const Token &tok, std::string_view key) {
      if (std::find(seen.begin(), seen.end(), key) != seen.end())
        fail(tok, diag::err_cir_twice, {key});
      seen.push_back(key);
    };
    bool pkt = op.kind == OpKind::Recpkt || op.kind == OpKind::Recspkt;
    bool storeSrc = op.kind == OpKind::Gstore || op.kind == OpKind::Gstorepkt;
    for (size_t i = 1; i < t.size(); ++i) {
      const Token &tok = t[i];
      std::string_view s = tok.text;
      if (s == "->") {
        once(tok, "->");
        dst = true;
      } else if (s == "via") {
        if (i + 1 == t.size())
          fail(tok, diag::err_cir_expected, {"channels after 'via'"});
        once(tok, "channels");
        channelsOf(t[++i], op);
      } else if (s == "{") {
        if (op.kind != OpKind::Pipeline)
          fail(tok, diag::err_cir_body_not_pipeline);
        opens = true;
      } else if (startsWith(s, "sem#")) {
        once(tok, "sem#");
        for (int64_t v : intList(tok, "[" + std::string(s.substr(4)) + "]"))
          op.mutableDetails().semaphoreIds.push_back(narrow(tok, v));
      } else if (startsWith(s, "id=")) {
        once(tok, "id=");
        op.mutableDetails().barrierId = number<int32_t>(tok, s.substr(3));
      } else if (startsWith(s, "tbs=")) {
        once(tok, "tbs=");
        for (int64_t v : intList(tok, s.substr(4)))
          op.mutableDetails().barrierTbs.push_back(narrow(tok, v));
      } else if (startsWith(s, "op=")) {
        once(tok, "op=");
        auto r = plan::parseReduceOp(s.substr(3));
        if (!r)
          fail(tok, diag::err_cir_unknown,
               {"reduce op", s.substr(3), "sum, min or max"});
        op.reduceOp = *r;
      } else if (startsWith(s, "tbg=")) {
        once(tok, "tbg=");
        size_t slash = s.find('/');
        if (slash == std::string_view::npos)
          fail(tok, diag::err_cir_expected, {"tbg=i/n"});
        op.mutableDetails().tbg =
            TbgInfo{number<int32_t>(tok, s.substr(4, slash - 4)),
                    number<int32_t>(tok, s.substr(slash + 1))};
      } else if (startsWith(s, "unit=")) {
        once(tok, "unit=");
        op.mutableDetails().unitSize = number<uint64_t>(tok, s.substr(5));
      } else if (startsWith(s, "chunks=")) {
        once(tok, "chunks=");
        op.mutableDetails().numChunks = number<int64_t>(tok, s.substr(7));
      } else if (startsWith(s, "memory#") || startsWith(s, "port#") ||
                 startsWith(s, "switch#")) {
        once(tok, "channels");
        channelsOf(tok, op);
      } else {
        operand(tok, s, op, dst, ownRank, pkt, storeSrc);
      }
    }
    op.loc = location(comment, commentAt);
    op.mutableDetails().textLoc = t[0].loc;
    op.seq = nextSeq_++;
    auto &ops = pipeline_ ? rank.tbs.back().ops.back().mutableDetails().body
                          : rank.tbs.back().ops;
    if (opens && pipeline_)
      fail(t[0], diag::err_cir_pipeline_nested_text);
    ops.push_back(std::move(op));
    if (opens)
      pipeline_ = true;
  }

  void channelsOf(const Token &tok, Op &op) {
    std::string_view s = tok.text;
    while (!s.empty()) {
      size_t comma = s.find(',');
      std::string_view one = s.substr(0, comma);
      size_t hash = one.find('#');
      if (hash == std::string_view::npos)
        fail(tok, diag::err_cir_expected, {"KIND#N"});
      op.channels.push_back({channelType(tok, one.substr(0, hash)),
                             number<int32_t>(tok, one.substr(hash + 1))});
      if (comma == std::string_view::npos)
        break;
      s.remove_prefix(comma + 1);
    }
  }

  void operand(const Token &tok, std::string_view s, Op &op, bool dst,
               int32_t ownRank, bool pkt, bool storeSrc) {
    if (!s.empty() && s.back() == ',')
      s.remove_suffix(1);
    if (startsWith(s, "switch.")) {
      BufferType type;
      int64_t index, size;
      range(tok, s.substr(7), type, index, size);
      op.mutableDetails().switchBuffer = type;
      op.mutableDetails().switchSize = size;
      auto &offsets = dst ? op.mutableDetails().switchDstOffsets
                          : op.mutableDetails().switchSrcOffsets;
      if (!offsets.empty())
        fail(tok, diag::err_cir_twice, {"a switch operand on one side"});
      offsets = {index};
      return;
    }
    Chunk c;
    c.rank = ownRank;
    std::string_view body = s;
    bool prefixed = !body.empty() && body[0] == 'r';
    if (prefixed) {
      size_t dot = body.find('.');
      if (dot == std::string_view::npos)
        fail(tok, diag::err_cir_expected, {"rN.T[a:b]"});
      const int32_t r = number<int32_t>(tok, body.substr(1, dot - 1));
      // A chunk holds 24-bit ranks: one that does not fit is refused here,
      // as the validator could not see it once cut to fit (other ranks out
      // of range are the validator's to report).
      if (r > Chunk::MaxRank || r < -Chunk::MaxRank - 1)
        fail(tok, diag::err_cir_rank_beyond, {r, declaredRanks_});
      c.rank = r;
      body.remove_prefix(dot + 1);
    }
    size_t hash = body.find('#');
    bool versioned = hash != std::string_view::npos;
    if (versioned) {
      c.version = number<uint32_t>(tok, body.substr(hash + 1));
      body = body.substr(0, hash);
    }
    BufferType type = BufferType::Input;
    range(tok, body, type, c.index, c.size);
    c.type = type;
    // Local operands carry a version; remote ones a rank prefix and none.
    if (!versioned) {
      if (!prefixed)
        fail(tok, diag::err_cir_operand_form);
      (dst ? op.remoteDst : op.remoteSrc).push_back(c);
      return;
    }
    if (!dst) {
      if (storeSrc)
        op.mutableDetails().switchChunk = c;
      else
        op.localSrc.push_back(c);
    } else if (op.kind == OpKind::Glre) {
      op.mutableDetails().switchChunk = c;
    } else if (pkt && !op.localDst.empty()) {
      op.mutableDetails().pktDst.push_back(c);
    } else {
      op.localDst.push_back(c);
    }
  }

  std::shared_ptr<SourceFiles> files_;
  int32_t sourceFile_;
  std::vector<int32_t> sourceIds_;
  Program program_;
  bool started_ = false;
  bool pipeline_ = false;
  size_t declaredRanks_ = 0;
  uint64_t nextSeq_ = 0;
};

} // namespace

std::optional<Program> parse(std::string_view text, int32_t fileId,
                             std::shared_ptr<SourceFiles> files,
                             DiagnosticSink &diags) {
  Parser parser(files);
  uint32_t lineNo = 0;
  size_t pos = 0;
  try {
    while (pos <= text.size()) {
      size_t end = text.find('\n', pos);
      std::string_view line = text.substr(
          pos, end == std::string_view::npos ? text.size() - pos : end - pos);
      ++lineNo;
      if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
      // A UTF-8 byte order mark (editors on Windows add one) is no text;
      // columns still count its bytes.
      uint32_t column = 1;
      if (lineNo == 1 && startsWith(line, "\xEF\xBB\xBF")) {
        line.remove_prefix(3);
        column = 4;
      }
      size_t first = line.find_first_not_of(" \t");
      if (first != std::string_view::npos &&
          !startsWith(line.substr(first), "//") && line[first] != ';')
        parser.line(line, SourceLocation{fileId, lineNo, column});
      if (end == std::string_view::npos)
        break;
      pos = end + 1;
    }
    return parser.finish(Token{"", SourceLocation{fileId, lineNo, 1}});
  } catch (const DiagnosticError &e) {
    diags.emit(e.diag);
  }
  return std::nullopt;
}

} // namespace mscclc::chunk
