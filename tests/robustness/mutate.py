"""Seeded mutants of good inputs, for the robustness run (run.py).

Seeds: the samples, the conformance ports (tests/conformance), chunk IR
files (tests/passes) and plans (the reference plans in ../shared when it is
present, the golden plans otherwise). Each mutant applies one to three
random edits; sources and chunk IR get textual edits (lines deleted,
duplicated or swapped, integer literals replaced with extremes, brackets
removed or added, identifiers swapped, truncation, hostile snippets, byte
flips), plans get structural JSON edits (values replaced with extremes or
wrong types, keys removed, array elements duplicated or removed) as well.
The same seed gives the same mutants.
"""

import json
import os
import random
import re

EXTREME_INTS = ["0", "-1", "1", "2", "3", "7", "64", "255", "1024", "65535",
                "2147483647", "-2147483648", "4294967296",
                "9223372036854775807", "18446744073709551616",
                "99999999999999999999999"]
PUNCT = "{}();,<>[]=&*+-.:\"'#"
SNIPPETS = [
    "while (true) {}", "for (;;);", "int zz = 1 / 0;",
    "std::vector<int> big(1 << 30);", '#include "/dev/zero"',
    "#define LOOP LOOP LOOP", "return;", "throw 1;", "goto end;",
    "auto f = [&] { return f; };", "__builtin_trap();", 'asm("nop");',
    "static int s = 0;", "int *p = nullptr; *p = 1;", "union U { int a; };",
    "#pragma clang __debug crash", "template <int N> struct T { T<N + 1> t; };",
    "constexpr int deep(int n) { return n ? deep(n - 1) + 1 : 0; }",
    "std::string s(1u << 31, 'x');", "int arr[3]; arr[5] = 1;",
    "const_cast<int &>(zz) = 2;", "#include <iostream>", "#error boom",
]
JSON_VALUES = [-1, 0, 1, 2 ** 31, 2 ** 63, 10 ** 30, 1e308, -1e308, 1.5,
               "", "x", "copy", None, True, [], {}, [[]], {"a": 1}]


class Mutant:
    def __init__(self, name, origin, description, payload, input_name, args):
        self.name = name
        self.origin = origin
        self.description = description
        self.payload = payload
        self.input = input_name
        self.args = args
        self.expect = None  # success or a located error
        self.setup = []
        self.env = {}
        self.output = "out.json"
        self.timeout = 30.0 * float(
            os.environ.get("MSCCLC_ROBUSTNESS_TIMEOUT_SCALE", "1"))


def _seeds(repo, shared):
    sources, irs, plans = [], [], []
    for d in ["samples", "samples/defaults"]:
        full = os.path.join(repo, d)
        sources += [os.path.join(full, f) for f in sorted(os.listdir(full))
                    if f.endswith(".cpp")]
    for root, _, files in sorted(os.walk(os.path.join(repo, "tests",
                                                      "conformance"))):
        sources += [os.path.join(root, f) for f in sorted(files)
                    if f.endswith(".cpp")]
    passes = os.path.join(repo, "tests", "passes")
    for root, _, files in sorted(os.walk(passes)):
        irs += [os.path.join(root, f) for f in sorted(files)
                if f.endswith(".cir")]
    ref = os.path.join(shared, "conformance", "plans")
    if os.path.isdir(ref):
        plans = [os.path.join(ref, f) for f in sorted(os.listdir(ref))
                 if f.endswith(".json")]
    else:
        golden = os.path.join(repo, "tests", "golden")
        plans = [os.path.join(golden, f) for f in sorted(os.listdir(golden))
                 if f.endswith(".json")]
    return sources, irs, plans


def _text_edit(rng, text):
    lines = text.split("\n")
    kind = rng.randrange(10)
    if kind == 0 and len(lines) > 1:
        i = rng.randrange(len(lines))
        del lines[i]
        return "\n".join(lines), f"deleted line {i + 1}"
    if kind == 1:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines), f"duplicated line {i + 1}"
    if kind == 2 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines), f"swapped lines {i + 1} and {j + 1}"
    if kind == 3:
        nums = list(re.finditer(r"(?<![\w.])\d+(?![\w.])", text))
        if nums:
            m = rng.choice(nums)
            v = rng.choice(EXTREME_INTS)
            return (text[:m.start()] + v + text[m.end():],
                    f"literal at {m.start()} -> {v}")
    if kind == 4:
        spots = [i for i, c in enumerate(text) if c in PUNCT]
        if spots:
            i = rng.choice(spots)
            return text[:i] + text[i + 1:], f"removed {text[i]!r} at {i}"
    if kind == 5:
        i = rng.randrange(len(text) + 1)
        c = rng.choice(PUNCT)
        return text[:i] + c + text[i:], f"inserted {c!r} at {i}"
    if kind == 6:
        ids = list(re.finditer(r"\b[A-Za-z_]\w*\b", text))
        if len(ids) > 1:
            m, other = rng.choice(ids), rng.choice(ids)
            return (text[:m.start()] + other.group(0) + text[m.end():],
                    f"identifier at {m.start()} -> {other.group(0)}")
    if kind == 7 and text:
        i = rng.randrange(len(text))
        return text[:i], f"truncated at {i}"
    if kind == 8:
        i = rng.randrange(len(lines) + 1)
        s = rng.choice(SNIPPETS)
        lines.insert(i, s)
        return "\n".join(lines), f"inserted {s!r} at line {i + 1}"
    if text:
        i = rng.randrange(len(text))
        c = chr(rng.choice([0, 1, 0x7f, 0xff, ord("\\"), ord("$"), 0xe9]))
        return text[:i] + c + text[i + 1:], f"byte {i} -> {ord(c):#x}"
    return text + "\n", "appended a newline"


def _json_nodes(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _json_nodes(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _json_nodes(v, path + (i,))


def _json_edit(rng, doc):
    nodes = list(_json_nodes(doc))
    path, node = rng.choice(nodes)
    kind = rng.randrange(4)
    where = "/".join(map(str, path)) or "(root)"
    if kind == 0 and path:
        parent = doc
        for p in path[:-1]:
            parent = parent[p]
        v = rng.choice(JSON_VALUES)
        parent[path[-1]] = v
        return doc, f"{where} = {json.dumps(v)}"
    if kind == 1:
        objs = [(p, n) for p, n in nodes if isinstance(n, dict) and n]
        if objs:
            p, n = rng.choice(objs)
            k = rng.choice(sorted(n))
            del n[k]
            return doc, f"removed {'/'.join(map(str, p + (k,)))}"
    if kind == 2:
        arrs = [(p, n) for p, n in nodes if isinstance(n, list) and n]
        if arrs:
            p, n = rng.choice(arrs)
            i = rng.randrange(len(n))
            n.insert(i, json.loads(json.dumps(n[i])))
            return doc, f"duplicated {'/'.join(map(str, p + (i,)))}"
    arrs = [(p, n) for p, n in nodes if isinstance(n, list) and n]
    if arrs:
        p, n = rng.choice(arrs)
        i = rng.randrange(len(n))
        del n[i]
        return doc, f"removed {'/'.join(map(str, p + (i,)))}"
    return doc, "unchanged"


def make_mutants(repo, shared, seed, count):
    rng = random.Random(seed)
    sources, irs, plans = _seeds(repo, shared)
    pools = [("cpp", sources), ("cir", irs), ("json", plans)]
    pools = [(k, p) for k, p in pools if p]
    # Sources are where the evaluator's bugs live: half the mutants.
    weights = {"cpp": 5, "cir": 2, "json": 3}
    mutants = []
    for i in range(count):
        kind = rng.choices([k for k, _ in pools],
                           [weights[k] for k, _ in pools])[0]
        origin = rng.choice(dict(pools)[kind])
        text = open(origin, "rb").read().decode("utf-8", "replace")
        edits = []
        if kind == "json" and rng.random() < 0.8:
            doc = json.loads(text)
            for _ in range(rng.randint(1, 3)):
                doc, what = _json_edit(rng, doc)
                edits.append(what)
            text = json.dumps(doc, indent=rng.choice([None, 2]))
        else:
            for _ in range(rng.randint(1, 3)):
                text, what = _text_edit(rng, text)
                edits.append(what)
        stem = os.path.splitext(os.path.basename(origin))[0]
        name = f"mutant-{i:04d}-{stem}"
        input_name = f"{stem}.{kind}"
        if kind == "json":
            args = "check-plan {input}"
        else:
            # A tighter step budget keeps runaway mutants quick; the
            # invariants are the same.
            args = "{input} -o {out} --max-steps=20000000"
        mutants.append(Mutant(name, os.path.relpath(origin, repo),
                              "; ".join(edits), text.encode("utf-8",
                                                            "surrogateescape"),
                              input_name, args))
    return mutants
