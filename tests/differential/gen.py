#!/usr/bin/env python3
"""Random DSL programs in both languages, for differential testing.

`gen.py SEED DIR` writes DIR/p.py (the reference Python DSL) and DIR/p.cpp
(mscclc's C++ dialect): the same program, statement for statement, and
DIR/fixes: the reference bugs mscclc fixes that the program may trigger
beyond sync placement (Q-GLRES), one per line. Programs
are valid for the DSL's own checks (ranks, sizes, buffer types) but not
necessarily race-free or deadlock-free: the comparison is of what each
compiler makes of them (run.py).
"""
import random
import sys
from pathlib import Path


# CollectiveProgram's options in declaration order: C++ designated
# initialisers must follow it.
OPTION_ORDER = ["instances", "protocol", "instr_fusion", "auto_sync",
                "replication_policy", "reuse_resources",
                "num_threads_per_block", "use_double_scratch_buffer"]


def program_options(opts):
    """The options dict as Python keyword arguments (", k=v" each) and as
    C++ designated initialisers (a list, in declaration order)."""
    pyopts = "".join(f", {k}={v!r}" for k, v in opts.items())
    cppopts = []
    for k in sorted(opts, key=OPTION_ORDER.index):
        v = opts[k]
        if k == "protocol":
            cppopts.append(".protocol = Protocol::LL")
        elif isinstance(v, bool):
            cppopts.append(f".{k} = {'true' if v else 'false'}")
        else:
            cppopts.append(f".{k} = {v}")
    return pyopts, cppopts


class Program:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        rng = self.rng
        self.n = rng.choice([2, 2, 3, 4])
        self.cf = rng.choice([1, 1, 2, 3])
        self.coll = rng.choice(["AllGather", "AllReduce", "AllToAll", "ReduceScatter"])
        self.inplace = self.coll == "AllReduce" and rng.random() < 0.4
        self.opts = {}
        if rng.random() < 0.3:
            self.opts["instances"] = rng.choice([2, 3])
        if rng.random() < 0.3:
            self.opts["protocol"] = "LL"
        if rng.random() < 0.2:
            self.opts["instr_fusion"] = False
        if rng.random() < 0.2:
            self.opts["auto_sync"] = False
        if rng.random() < 0.15:
            self.opts["use_double_scratch_buffer"] = True
        if rng.random() < 0.1:
            self.opts["reuse_resources"] = True
        self.py = []
        self.cpp = []
        self.scratch = {}  # rank -> [(name, size)]
        self.mchans = []  # (name, src, dst)
        self.pchans = []
        self.sems = []  # (name, rank)
        self.tbgs = []  # (name, [tbs])
        self.in_loop = False
        self.fixes = set()  # reference bugs (dsl-semantics 6) the program may trigger
        self.loop_chunks = None
        self.uniform = rng.randint(1, 2)

    # ---------------------------------------------------------- sizes
    def in_size(self):
        return self.cf if self.coll == "AllGather" else self.n * self.cf

    def out_size(self):
        return self.cf if self.coll == "ReduceScatter" else self.n * self.cf

    # --------------------------------------------------------- emit
    def emit(self, py, cpp):
        ind = "        " + ("    " if self.in_loop else "")
        self.py.append(ind + py)
        self.cpp.append(("  " + ("  " if self.in_loop else "")) + cpp)

    def chunk(self, rank, kinds=("i", "o", "s"), size=None):
        """A random chunk on `rank`: (py, cpp, size, kind) or None."""
        rng = self.rng
        options = []
        if "i" in kinds:
            options.append(("i", self.in_size()))
        if "o" in kinds and not self.inplace:
            options.append(("o", self.out_size()))
        if "o" in kinds and self.inplace:
            options.append(("o", self.out_size()))
        if "s" in kinds:
            for name, sz in self.scratch.get(rank, []):
                options.append((name, sz))
        if size is None and self.loop_chunks:
            size = self.loop_chunks
        if size is None and self.opts.get("instances", 1) > 1:
            size = self.uniform
        options = [o for o in options if size is None or o[1] >= size]
        if not options:
            return None
        kind, total = rng.choice(options)
        sz = size if size is not None else rng.randint(1, min(total, 2))
        if size is None and rng.random() < 0.15:
            # A chunk of size 0: valid, touches nothing, and tracked by
            # sync insertion as the reference tracks it.
            sz = 0
        start = rng.randint(0, total - sz)
        if self.opts.get("instances", 1) > 1:
            # Replicated chunks line up only at one granularity (mscclc
            # refuses the rest: Q-INTERLEAVE).
            start -= start % sz
        if kind == "i":
            base_py = f"Rank({rank}).get_input_buffer()"
            base_cpp = f"Rank({rank}).get_input_buffer()"
        elif kind == "o":
            base_py = f"Rank({rank}).get_output_buffer()"
            base_cpp = f"Rank({rank}).get_output_buffer()"
        else:
            base_py = base_cpp = kind
        return (f"{base_py}[{start}:{start + sz}]",
                f"{base_cpp}.slice({start}, {start + sz})", sz, kind)

    def tb(self):
        return self.rng.randint(0, 2)

    def sync(self):
        return self.rng.choice(["none", "before", "after", "both"])

    # ------------------------------------------------------ statements
    def declare(self):
        rng = self.rng
        for r in range(self.n):
            for k in range(rng.randint(0, 2)):
                name = f"s{r}_{k}"
                size = rng.randint(1, 2 * self.n * self.cf)
                self.scratch.setdefault(r, []).append((name, size))
                self.emit(f"{name} = Buffer({r}, {size})",
                          f"Buffer {name}({r}, {size});")
        for i in range(rng.randint(1, 2 * self.n)):
            src = rng.randrange(self.n)
            dst = rng.choice([p for p in range(self.n) if p != src])
            port = rng.random() < 0.3
            name = f"{'pc' if port else 'mc'}{i}"
            cls = "PortChannel" if port else "MemoryChannel"
            (self.pchans if port else self.mchans).append((name, src, dst))
            self.emit(f"{name} = {cls}({dst}, {src})",
                      f"{cls} {name}({dst}, {src});")
            # The channel back, so signals can be waited for.
            back = f"{name}b"
            (self.pchans if port else self.mchans).append((back, dst, src))
            self.emit(f"{back} = {cls}({src}, {dst})",
                      f"{cls} {back}({src}, {dst});")
        self.switch = None
        if rng.random() < 0.25:
            kind = rng.choice(["input", "output"])
            self.switch = ("sw0", kind)
            ranks = list(range(self.n))
            self.emit(f"sw0 = SwitchChannel(rank_list={ranks}, buffer_type=BufferType.{kind})",
                      "SwitchChannel sw0({" + ", ".join(map(str, ranks)) +
                      f"}}, BufferType::{kind});")
        if rng.random() < 0.3:
            tbs = rng.sample(range(3), rng.randint(1, 3))
            self.tbgs.append(("g0", tbs))
            self.emit(f"g0 = ThreadBlockGroup({tbs})",
                      "ThreadBlockGroup g0({" + ", ".join(map(str, tbs)) + "});")
        if rng.random() < 0.3:
            r = rng.randrange(self.n)
            init = rng.randint(0, 1)
            self.sems.append(("sem0", r))
            self.emit(f"sem0 = Semaphore({r}, {init})",
                      f"Semaphore sem0({r}, {init});")

    def where(self, group_ok=True):
        """tb=... or tb_group=...: (py, cpp)."""
        if group_ok and self.tbgs and self.rng.random() < 0.3:
            return "tb_group=g0", ".tb_group = g0"
        t = self.tb()
        return f"tb={t}", f".tb = {t}"

    def op(self):
        rng = self.rng
        kind = rng.choice(["copy", "copy", "reduce", "put", "put", "get",
                           "sigwait", "sigwait", "barrier", "packets",
                           "port", "sem", "chreduce", "switch"])
        if kind == "copy":
            r = rng.randrange(self.n)
            src = self.chunk(r)
            dst = src and self.chunk(r, size=src[2])
            if not dst:
                return
            wp, wc = self.where()
            self.emit(f"Rank({r}).copy({dst[0]}, {src[0]}, {wp})",
                      f"Rank({r}).copy({dst[1]}, {src[1]}, {{{wc}}});")
        elif kind == "reduce":
            r = rng.randrange(self.n)
            src = self.chunk(r)
            if not src:
                return
            packet = rng.random() < 0.3
            others = [self.chunk(r, kinds=("s",) if packet else ("i", "o", "s"), size=src[2])
                      for _ in range(rng.randint(1, 2))]
            if any(o is None for o in others):
                return
            dst = self.chunk(r, size=src[2]) if rng.random() < 0.5 else None
            wp, wc = self.where()
            op = rng.choice(["sum", "sum", "min", "max"])
            pyargs = f"{src[0]}, [{', '.join(o[0] for o in others)}], {wp}"
            cppopt = [wc]
            if dst:
                pyargs += f", dst_chunk={dst[0]}"
                cppopt.append(f".dst_chunk = {dst[1]}")
            if op != "sum":
                pyargs += f", reduce_op=ReduceOperationType.{op}"
                cppopt.append(f".reduce_op = ReduceOperationType::{op}")
            if packet:
                pyargs += ", packet=True"
                cppopt.append(".packet = true")
            self.emit(f"Rank({r}).reduce({pyargs})",
                      f"Rank({r}).reduce({src[1]}, {{{', '.join(o[1] for o in others)}}}, {{{', '.join(cppopt)}}});")
        elif kind in ("put", "get"):
            if not self.mchans:
                return
            name, src_r, dst_r = rng.choice(self.mchans)
            if kind == "put":
                src = self.chunk(src_r)
                dst = src and self.chunk(dst_r, size=src[2])
            else:
                src = self.chunk(dst_r)
                dst = src and self.chunk(src_r, size=src[2])
            if not dst:
                return
            wp, wc = self.where()
            self.emit(f"{name}.{kind}({dst[0]}, {src[0]}, {wp})",
                      f"{name}.{kind}({dst[1]}, {src[1]}, {{{wc}}});")
        elif kind == "chreduce":
            if not self.mchans:
                return
            name, src_r, dst_r = rng.choice(self.mchans)
            local = self.chunk(src_r)
            remote = local and self.chunk(dst_r, size=local[2])
            if not remote:
                return
            wp, wc = self.where()
            self.emit(f"{name}.reduce({local[0]}, [{remote[0]}], {wp})",
                      f"{name}.reduce({local[1]}, {{{remote[1]}}}, {{{wc}}});")
        elif kind == "sigwait":
            chans = self.mchans + self.pchans
            if not chans:
                return
            name, src_r, dst_r = rng.choice(chans)
            port = name.startswith("pc")
            back = name[:-1] if name.endswith("b") else name + "b"
            t1, t2 = self.tb(), self.tb()
            s1, s2 = self.sync(), self.sync()
            relaxed = (not port) and rng.random() < 0.3
            rp = ", relaxed=True" if relaxed else ""
            rc = ", .relaxed = true" if relaxed else ""
            self.emit(f"{name}.signal(tb={t1}, data_sync=SyncType.{s1}{rp})",
                      f"{name}.signal({{.tb = {t1}, .data_sync = SyncType::{s1}{rc}}});")
            self.emit(f"{back}.wait(tb={t2}, data_sync=SyncType.{s2}{rp})",
                      f"{back}.wait({{.tb = {t2}, .data_sync = SyncType::{s2}{rc}}});")
        elif kind == "barrier":
            r = rng.randrange(self.n)
            tbs = rng.sample(range(3), rng.randint(1, 3))
            self.emit(f"Rank({r}).barrier(tb_list={tbs})",
                      f"Rank({r}).barrier({{{', '.join(map(str, tbs))}}});")
        elif kind == "packets":
            sub = rng.choice(["copy_packets", "unpack_packets", "put_packets"])
            if sub == "put_packets":
                if not self.mchans:
                    return
                name, src_r, dst_r = rng.choice(self.mchans)
                src = self.chunk(src_r)
                dst = src and self.chunk(dst_r, kinds=("s",), size=src[2])
                if not dst:
                    return
                wp, wc = self.where()
                self.emit(f"{name}.put_packets({dst[0]}, {src[0]}, {wp})",
                          f"{name}.put_packets({dst[1]}, {src[1]}, {{{wc}}});")
                return
            r = rng.randrange(self.n)
            if sub == "copy_packets":
                src = self.chunk(r)
                dst = src and self.chunk(r, kinds=("s",), size=src[2])
            else:
                src = self.chunk(r, kinds=("s",))
                dst = src and self.chunk(r, size=src[2])
            if not dst:
                return
            wp, wc = self.where()
            self.emit(f"Rank({r}).{sub}({dst[0]}, {src[0]}, {wp})",
                      f"Rank({r}).{sub}({dst[1]}, {src[1]}, {{{wc}}});")
        elif kind == "port":
            if not self.pchans:
                return
            name, src_r, dst_r = rng.choice(self.pchans)
            sub = rng.choice(["put", "put_with_signal", "put_with_signal_and_flush", "flush"])
            t = self.tb()
            if sub == "flush":
                s = self.sync()
                self.emit(f"{name}.flush(tb={t}, data_sync=SyncType.{s})",
                          f"{name}.flush({{.tb = {t}, .data_sync = SyncType::{s}}});")
                return
            src = self.chunk(src_r)
            dst = src and self.chunk(dst_r, size=src[2])
            if not dst:
                return
            self.emit(f"{name}.{sub}({dst[0]}, {src[0]}, tb={t})",
                      f"{name}.{sub}({dst[1]}, {src[1]}, {{.tb = {t}}});")
            if sub != "put":
                back = name[:-1] if name.endswith("b") else name + "b"
                t2 = self.tb()
                self.emit(f"{back}.wait(tb={t2})", f"{back}.wait({{.tb = {t2}}});")
        elif kind == "switch":
            if not self.switch:
                return
            name, buf = self.switch
            total = self.in_size() if buf == "input" else self.out_size()
            r = rng.randrange(self.n)
            size = self.loop_chunks or rng.randint(1, min(2, total))
            if size > total:
                return
            off = rng.randint(0, total - size)
            dst = self.chunk(r, size=size)
            if not dst:
                return
            t = self.tb()
            op = rng.choice(["sum", "sum", "min"])
            rp = f", reduce_op=ReduceOperationType.{op}" if op != "sum" else ""
            rc = f", .reduce_op = ReduceOperationType::{op}" if op != "sum" else ""
            self.emit(f"{name}.at_rank({r}).reduce({off}, {size}, {dst[0]}, tb={t}{rp})",
                      f"{name}.at_rank({r}).reduce({off}, {size}, {dst[1]}, {{.tb = {t}{rc}}});")
            if rng.random() < 0.85:
                # Most reductions are broadcast back (fused into glres).
                off2 = off if rng.random() < 0.7 else rng.randint(0, total - size)
                if off2 != off:
                    # Fused into glres: the reference stores to the
                    # reduce's offset, mscclc to the broadcast's.
                    self.fixes.add("Q-GLRES")
                self.emit(f"{name}.at_rank({r}).broadcast({dst[0]}, {off2}, {size}, tb={t})",
                          f"{name}.at_rank({r}).broadcast({dst[1]}, {off2}, {size}, {{.tb = {t}}});")
        elif kind == "sem":
            if not self.sems:
                return
            name, r = self.sems[0]
            t1, t2 = self.tb(), self.tb()
            s1 = self.sync()
            self.emit(f"{name}.release(tb={t1}, data_sync=SyncType.{s1})",
                      f"{name}.release({{.tb = {t1}, .data_sync = SyncType::{s1}}});")
            self.emit(f"{name}.acquire(tb={t2})", f"{name}.acquire({{.tb = {t2}}});")

    def body(self):
        rng = self.rng
        self.declare()
        for _ in range(rng.randint(3, 14)):
            if not self.in_loop and rng.random() < 0.07:
                unit = rng.choice([1024, 4096, 65536])
                k = rng.randint(1, 2)
                self.py.append(f"        with LoopIterationContext({unit}, {k}):")
                self.cpp.append("  {")
                self.cpp.append(f"    LoopIterationContext loop({unit}, {k});")
                self.in_loop = True
                self.loop_chunks = k
                self.op()
                self.op()
                self.in_loop = False
                self.loop_chunks = None
                if self.py[-1].startswith("        with"):
                    self.py.append("            pass")
                self.cpp.append("  }")
            else:
                self.op()

    def render(self):
        self.body()
        o = self.opts
        pyopts, cppopts = program_options(o)
        coll = f"{self.coll}({self.n}, {self.cf}, {self.inplace})"
        py = [
            "from mscclpp.language.channel import *",
            "from mscclpp.language.rank import *",
            "from mscclpp.language.general import *",
            "from mscclpp.language.program import *",
            "from mscclpp.language.collectives import *",
            "from mscclpp.language.loop import *",
            "from mscclpp.language.thread_block_group import *",
            "",
            "",
            "def prog():",
            f"    with CollectiveProgram(\"p\", {coll}, {self.n}{pyopts}):",
        ] + (self.py or ["        pass"]) + [
            "        print(JSON())",
            "",
            "",
            "prog()",
        ]
        cpp = [
            "#include <mscclpp/dsl.hpp>",
            "using namespace mscclpp::dsl;",
            "",
            "MSCCLPP_ALGORITHM void prog() {",
            f"  {self.coll} collective({self.n}, {self.cf}, {'true' if self.inplace else 'false'});",
            f"  CollectiveProgram program(\"p\", collective, {self.n}" +
            (", {" + ", ".join(cppopts) + "}" if cppopts else "") + ");",
        ] + self.cpp + ["}"]
        return "\n".join(py) + "\n", "\n".join(cpp) + "\n"


def main():
    seed = int(sys.argv[1])
    out = Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    prog = Program(seed)
    py, cpp = prog.render()
    (out / "p.py").write_text(py)
    (out / "p.cpp").write_text(cpp)
    (out / "fixes").write_text("".join(f + "\n" for f in sorted(prog.fixes)))


if __name__ == "__main__":
    main()
