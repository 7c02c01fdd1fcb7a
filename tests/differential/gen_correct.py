#!/usr/bin/env python3
"""Random *correct* collective algorithms in both languages.

`gen_correct.py SEED DIR` writes DIR/p.py (the reference Python DSL) and
DIR/p.cpp (mscclc's C++ dialect): the same algorithm, statement for
statement, computing its collective (AllGather, AllToAll, AllReduce or
ReduceScatter) over random routes and relays, memory and port channels,
gets, channel reduces, LL packets, switch reduce-and-store, pipelines,
thread-block groups, barriers and semaphores, race-free and
deadlock-free over back-to-back launches.
gen.py's programs are valid but almost all racy; these are meant to pass
`mscclc sim` and to run baked (correct.py), so that the simulator and the
baked kernels are checked on algorithms nobody wrote by hand.

Why they are correct, by construction:
- No deadlock: the program is one global sequence of steps, each step's
  ops written in sequence order on their thread blocks, and every wait
  (or packet read, or semaphore acquire) comes after what it waits for.
  Running the sequence in order is a schedule in which nothing blocks.
- No race within a launch: every region is written once per launch
  (fresh scratch slots for every transfer); data that arrives at a rank
  is used only on the thread block that waited for it (or unpacked it),
  or on another after a barrier or a semaphore hand-off.
- No race across launches (the host refills every input before a
  launch and reads every output after it): a writer's first use of a
  lane (a channel pair dedicated to one sender and one receiver thread
  block) waits for the receiver's "ready" signal of the same launch, so
  the receiver has finished the previous launch before anything is
  written into it; a remote reader of an input (get, channel reduce, a
  switch reduce) waits for its owner's "ready" signal first; every
  delivery is waited for (or unpacked) by its receiver; and where memory
  of a rank is read or written by another after the last delivery the
  rank waits for (a get, a port channel's proxy, a switch store), a
  closing round, never relaxed, tells the rank before its launch ends.
"""
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen import program_options  # noqa: E402


class Algo:
    def __init__(self, seed):
        self.rng = rng = random.Random(seed)
        # Sizes that keep most thread blocks within the executor's 64 ops.
        self.n = rng.choice([2, 3, 3, 4, 4, 5])
        self.cf = rng.choice([1, 1, 2] if self.n <= 3 else [1])
        self.coll = rng.choice(["AllGather", "AllToAll", "AllReduce",
                                "ReduceScatter"])
        self.inplace = self.coll == "AllReduce" and rng.random() < 0.3
        self.ntb = rng.choice([1, 2, 2, 3, 4] if self.n * self.cf <= 4 else [3, 4, 5])
        # Half the programs avoid what the 0.9 executor gets wrong (it
        # always sums; its get swaps unequal offsets), so that the plan is
        # also checked under the executor's semantics.
        self.executor_safe = rng.random() < 0.5
        self.op = "sum" if self.executor_safe else rng.choice(["sum", "sum", "min", "max"])
        # Transfer forms this program draws from.
        # (Port put_packets copies a source that already holds packets:
        # rppkt_port is its form.)
        forms = ["put", "pws", "pwsf", "port_put_signal", "ppkt", "rppkt",
                 "rppkt_port", "get"]
        if self.executor_safe:
            forms.remove("get")
        self.forms = rng.sample(forms, rng.randint(1, len(forms)))
        self.relay_p = rng.choice([0.0, 0.3, 0.6])
        # How often a transfer's data ops run as a pipeline (LoopIteration-
        # Context: once per unit of the chunk, signal and wait included).
        self.pipeline_p = rng.choice([0.0, 0.0, 0.3])
        self.opts = {}
        if rng.random() < 0.25:
            self.opts["instances"] = 2
        if rng.random() < 0.2:
            self.opts["instr_fusion"] = False
        if rng.random() < 0.15:
            self.opts["use_double_scratch_buffer"] = True
        self.steps = []  # each a list of (py, cpp) lines, in sequence order
        self.decls = []
        self.lanes = {}
        # Per lane, who must tell the other it is done before the other's
        # launch ends: "receiver" when the sender's memory is read after the
        # send (get, the proxy of a port channel), "sender" when it reads
        # the receiver's inputs (channel reduce). The host refills every
        # input between launches.
        self.closing = {}
        self.opened = {}
        self.nchan = 0
        self.scratch = {}  # rank -> plain scratch units used
        self.pscratch = {}  # rank -> packet scratch units used
        self.sems = 0
        self.groups = 0
        self.switch = None
        self.packets = False

    # ------------------------------------------------------------ refs
    def ref(self, rank, kind, idx):
        """One unit chunk: kind 'i', 'o', 's' (plain scratch) or 'p'
        (scratch for packets)."""
        if kind in "sp":
            name = f"{'sc' if kind == 's' else 'pk'}{rank}"
            return (f"{name}[{idx}:{idx + 1}]", f"{name}.slice({idx}, {idx + 1})")
        b = "get_input_buffer" if kind == "i" else "get_output_buffer"
        return (f"Rank({rank}).{b}()[{idx}:{idx + 1}]",
                f"Rank({rank}).{b}().slice({idx}, {idx + 1})")

    def slot(self, rank, packets=False):
        """A fresh scratch unit. Packet ops address scratch at twice the
        offset of plain ops in an LL plan (executor-semantics 2.4), so the
        two kinds come from different buffers, the packet one declared
        second (higher offsets) so that the two ranges cannot overlap."""
        used = self.pscratch if packets else self.scratch
        i = used.get(rank, 0)
        used[rank] = i + 1
        return self.ref(rank, "p" if packets else "s", i)

    def tb(self):
        return self.rng.randrange(self.ntb)

    # ----------------------------------------------------------- lanes
    def lane(self, s, d, stb, rtb, kind, step, ready="receiver"):
        """The channel pair (s -> d on s, d -> s on d) dedicated to s's
        thread block stb and d's rtb. Before its first write into d (or
        read of d's input), d tells s it has started this launch, so
        d's previous launch is over ("receiver" ready); before d first
        reads s's input, s tells d ("sender" ready: the host refills the
        inputs before every launch). Adds those rounds to `step`."""
        key = (s, d, stb, rtb, kind)
        if key not in self.lanes:
            cls = "MemoryChannel" if kind == "mem" else "PortChannel"
            fwd, back = f"c{self.nchan}", f"c{self.nchan}b"
            self.nchan += 1
            self.decls.append((f"{fwd} = {cls}({d}, {s})", f"{cls} {fwd}({d}, {s});"))
            self.decls.append((f"{back} = {cls}({s}, {d})", f"{cls} {back}({s}, {d});"))
            self.lanes[key] = (fwd, back)
            self.closing[key] = set()
            self.opened[key] = set()
        fwd, back = self.lanes[key]
        if ready not in self.opened[key]:
            self.opened[key].add(ready)
            step += self.round(key, ready)
        return fwd, back

    def round(self, key, side, publishes=False):
        """A signal from `side` of the lane and the other side's wait;
        relaxed sometimes, unless it must order the accesses before it
        (`publishes`: a closing round)."""
        s, d, stb, rtb, kind = key
        fwd, back = self.lanes[key]
        relaxed = kind == "mem" and not publishes and self.rng.random() < 0.5
        rp = ", relaxed=True" if relaxed else ""
        rc = ", .relaxed = true" if relaxed else ""
        a, atb, b, btb = ((back, rtb, fwd, stb) if side == "receiver"
                          else (fwd, stb, back, rtb))
        return [(f"{a}.signal(tb={atb}{rp})", f"{a}.signal({{.tb = {atb}{rc}}});"),
                (f"{b}.wait(tb={btb}{rp})", f"{b}.wait({{.tb = {btb}{rc}}});")]

    # -------------------------------------------------------- transfers
    def send(self, s, src, stb, d, dst, rtb, src_is_input):
        """Moves the unit `src` on rank s (ready on stb) to `dst` on rank
        d, ready there on rtb when the step ends. One step."""
        rng = self.rng
        forms = [f for f in self.forms if f != "get" or src_is_input]
        if self.opts.get("use_double_scratch_buffer") and dst[1].startswith("sc"):
            # Only packet ops see the same half of a peer's scratch
            # (executor-semantics 2.5).
            forms = [f for f in forms if "pkt" in f] or ["ppkt"]
        if self.opts.get("use_double_scratch_buffer") and src[1].startswith("sc"):
            # The proxy reads a plain source without the half offset.
            forms = [f for f in forms if f not in ("pws", "pwsf", "port_put_signal")] or ["put"]
        form = rng.choice(forms or ["put"])
        step = []
        if "pkt" not in form and rng.random() < self.pipeline_p:
            # The lane's first rounds stay outside the loop.
            self.lane(s, d, stb, rtb, "mem" if form in ("put", "get") else "port", step,
                      ready="sender" if form == "get" else "receiver")
            unit = rng.choice([1024, 4096, 16384])
            step.append(("@loop", unit))
        in_loop = bool(step) and any(line[0] == "@loop" for line in step)
        if form == "get":
            # d reads s's input, after s has started this launch.
            _, back = self.lane(s, d, stb, rtb, "mem", step, ready="sender")
            self.closing[(s, d, stb, rtb, "mem")].add("receiver")
            # A group gets between barriers with rtb, which had the
            # sender's ready signal and sends the closing one.
            (wp, wc), barrier = (f"tb={rtb}", f".tb = {rtb}"), None
            if not in_loop:
                (wp, wc), barrier = self.spread_over(d, rtb)
            step += [barrier] if barrier else []
            step.append((f"{back}.get({dst[0]}, {src[0]}, {wp})",
                         f"{back}.get({dst[1]}, {src[1]}, {{{wc}}});"))
            step += [barrier] if barrier else []
        elif form in ("put", "pws", "pwsf", "port_put_signal"):
            kind = "mem" if form == "put" else "port"
            fwd, back = self.lane(s, d, stb, rtb, kind, step)
            if kind == "port":
                self.closing[(s, d, stb, rtb, kind)].add("receiver")
            if form == "put":
                # Sometimes a group puts, between barriers with stb: only
                # stb waited for the receiver's ready signal (and for the
                # source, if it arrived here), and stb signals once every
                # member is done.
                (wp, wc), barrier = (f"tb={stb}", f".tb = {stb}"), None
                if not in_loop:
                    (wp, wc), barrier = self.spread_over(s, stb)
                step += [barrier] if barrier else []
                step.append((f"{fwd}.put({dst[0]}, {src[0]}, {wp})",
                             f"{fwd}.put({dst[1]}, {src[1]}, {{{wc}}});"))
                step += [barrier] if barrier else []
                sync = rng.choice(["both", "before"])
                step.append((f"{fwd}.signal(tb={stb}, data_sync=SyncType.{sync})",
                             f"{fwd}.signal({{.tb = {stb}, .data_sync = SyncType::{sync}}});"))
            elif form == "port_put_signal":
                step.append((f"{fwd}.put({dst[0]}, {src[0]}, tb={stb})",
                             f"{fwd}.put({dst[1]}, {src[1]}, {{.tb = {stb}}});"))
                step.append((f"{fwd}.signal(tb={stb})", f"{fwd}.signal({{.tb = {stb}}});"))
            else:
                m = "put_with_signal" + ("_and_flush" if form == "pwsf" else "")
                step.append((f"{fwd}.{m}({dst[0]}, {src[0]}, tb={stb})",
                             f"{fwd}.{m}({dst[1]}, {src[1]}, {{.tb = {stb}}});"))
            sync = rng.choice(["both", "after"])
            step.append((f"{back}.wait(tb={rtb}, data_sync=SyncType.{sync})",
                         f"{back}.wait({{.tb = {rtb}, .data_sync = SyncType::{sync}}});"))
        else:
            landing = self.send_packets(s, src, stb, d, rtb, form, step)
            (wp, wc), barrier = self.spread_over(d, rtb)
            step.append((f"Rank({d}).unpack_packets({dst[0]}, {landing[0]}, {wp})",
                         f"Rank({d}).unpack_packets({dst[1]}, {landing[1]}, {{{wc}}});"))
            if barrier:
                step.append(barrier)
        if any(line[0] == "@loop" for line in step):
            step.append(("@end", None))
        self.steps.append(step)

    def send_packets(self, s, src, stb, d, rtb, form, step):
        """Packets of `src` into a fresh scratch slot of d; returns it."""
        self.packets = True
        kind = "port" if form.endswith("_port") else "mem"
        fwd, _ = self.lane(s, d, stb, rtb, kind, step)
        if kind == "port":
            self.closing[(s, d, stb, rtb, kind)].add("receiver")
        landing = self.slot(d, packets=True)
        if form.startswith("rppkt"):
            stage = self.slot(s, packets=True)
            step.append((f"Rank({s}).copy_packets({stage[0]}, {src[0]}, tb={stb})",
                         f"Rank({s}).copy_packets({stage[1]}, {src[1]}, {{.tb = {stb}}});"))
            step.append((f"{fwd}.read_put_packets({landing[0]}, {stage[0]}, tb={stb})",
                         f"{fwd}.read_put_packets({landing[1]}, {stage[1]}, {{.tb = {stb}}});"))
        else:
            step.append((f"{fwd}.put_packets({landing[0]}, {src[0]}, tb={stb})",
                         f"{fwd}.put_packets({landing[1]}, {src[1]}, {{.tb = {stb}}});"))
        return landing

    def spread_over(self, rank, tb):
        """Where an op runs: usually `tb`; sometimes a thread-block group
        followed by a barrier with `tb`, so the result is ready on tb.
        Returns the option (py, cpp) and the barrier step (or None)."""
        rng = self.rng
        if self.ntb == 1 or rng.random() < 0.75:
            return (f"tb={tb}", f".tb = {tb}"), None
        members = sorted(rng.sample(range(self.ntb), rng.randint(1, self.ntb)))
        name = f"g{self.groups}"
        self.groups += 1
        self.decls.append((f"{name} = ThreadBlockGroup({members})",
                           f"ThreadBlockGroup {name}({{{', '.join(map(str, members))}}});"))
        tbs = sorted(set(members) | {tb})
        barrier = (f"Rank({rank}).barrier(tb_list={tbs})",
                   f"Rank({rank}).barrier({{{', '.join(map(str, tbs))}}});")
        return (f"tb_group={name}", f".tb_group = {name}"), barrier

    def handoff(self, rank, have):
        """Sometimes makes data ready on thread block `have` ready on
        another one too (barrier or semaphore); returns the tb to use."""
        rng = self.rng
        if self.ntb == 1 or rng.random() < 0.8:
            return have
        other = rng.choice([t for t in range(self.ntb) if t != have])
        if rng.random() < 0.5:
            tbs = sorted({have, other} | set(rng.sample(range(self.ntb), rng.randint(0, self.ntb - 1))))
            self.steps.append([(f"Rank({rank}).barrier(tb_list={tbs})",
                                f"Rank({rank}).barrier({{{', '.join(map(str, tbs))}}});")])
        else:
            name = f"sem{self.sems}"
            self.sems += 1
            self.decls.append((f"{name} = Semaphore({rank}, 0)", f"Semaphore {name}({rank}, 0);"))
            self.steps.append([
                (f"{name}.release(tb={have}, data_sync=SyncType.before)",
                 f"{name}.release({{.tb = {have}, .data_sync = SyncType::before}});"),
                (f"{name}.acquire(tb={other})", f"{name}.acquire({{.tb = {other}}});")])
        return other

    # ------------------------------------------------ spreading a unit
    def spread(self, origin, src, src_tb, src_is_input, targets, place):
        """Delivers the unit `src` (on origin, ready on src_tb) to every
        rank in `targets`, at place(rank) = (ref, kind), directly or
        relayed through a rank that already has it. A task: a list of
        closures run in order (tasks interleave)."""
        rng = self.rng
        order = list(targets)
        rng.shuffle(order)
        have = [(origin, src, src_tb, src_is_input)]
        task = []
        for d in order:
            def deliver(d=d):
                parent = have[0] if rng.random() >= self.relay_p else rng.choice(have)
                p, psrc, ptb, pin = parent
                ptb = self.handoff(p, ptb)
                rtb = self.tb()
                dst = place(d)
                self.send(p, psrc, ptb, d, dst, rtb, pin)
                have.append((d, dst, rtb, False))
            task.append(deliver)
        return task

    # ---------------------------------------------------- collectives
    def allgather(self):
        n, cf = self.n, self.cf
        tasks = []
        for s in range(n):
            for c in range(cf):
                src = self.ref(s, "i", c)
                slot = s * cf + c
                tasks.append([lambda s=s, src=src, slot=slot: self.local_copy(
                    s, self.ref(s, "o", slot), src)])
                tasks.append(self.spread(s, src, self.tb(), True,
                                         [d for d in range(n) if d != s],
                                         lambda d, slot=slot: self.ref(d, "o", slot)))
        return tasks

    def alltoall(self):
        n, cf = self.n, self.cf
        tasks = []
        for s in range(n):
            for d in range(n):
                for c in range(cf):
                    src = self.ref(s, "i", d * cf + c)
                    dst = self.ref(d, "o", s * cf + c)
                    if s == d:
                        tasks.append([lambda s=s, src=src, dst=dst: self.local_copy(s, dst, src)])
                        continue
                    tasks.append([lambda s=s, d=d, src=src, dst=dst: self.a2a_one(s, d, src, dst)])
        return tasks

    def local_copy(self, rank, dst, src):
        (wp, wc), barrier = self.spread_over(rank, self.tb())
        self.steps.append([(f"Rank({rank}).copy({dst[0]}, {src[0]}, {wp})",
                            f"Rank({rank}).copy({dst[1]}, {src[1]}, {{{wc}}});")] +
                          ([barrier] if barrier and self.rng.random() < 0.5 else []))

    def a2a_one(self, s, d, src, dst):
        rng = self.rng
        others = [m for m in range(self.n) if m not in (s, d)]
        if others and rng.random() < self.relay_p:
            m = rng.choice(others)
            mtb = self.tb()
            mid = self.slot(m)
            self.send(s, src, self.tb(), m, mid, mtb, True)
            mtb = self.handoff(m, mtb)
            self.send(m, mid, mtb, d, dst, self.tb(), False)
        else:
            self.send(s, src, self.tb(), d, dst, self.tb(), True)

    def reduce_line(self, rank, first, others, dst, tb, packet=False, where=None):
        opt_py, opt_cpp = [[f"tb={tb}"], [f".tb = {tb}"]] if where is None else \
            [[where[0]], [where[1]]]
        if dst is not None:
            opt_py.append(f"dst_chunk={dst[0]}")
            opt_cpp.append(f".dst_chunk = {dst[1]}")
        if self.op != "sum":
            opt_py.append(f"reduce_op=ReduceOperationType.{self.op}")
            opt_cpp.append(f".reduce_op = ReduceOperationType::{self.op}")
        if packet:
            opt_py.append("packet=True")
            opt_cpp.append(".packet = true")
        return (f"Rank({rank}).reduce({first[0]}, [{', '.join(o[0] for o in others)}], {', '.join(opt_py)})",
                f"Rank({rank}).reduce({first[1]}, {{{', '.join(o[1] for o in others)}}}, {{{', '.join(opt_cpp)}}});")

    def reduce_unit(self, i, owner, final):
        """Steps that leave the reduction over ranks of input unit i in
        `final` on owner; returns the tb it is ready on."""
        rng = self.rng
        n = self.n
        peers = [p for p in range(n) if p != owner]
        mine = self.ref(owner, "i", i)
        dst = None if final == mine else final
        methods = ["star", "chain"]
        if not self.inplace:
            methods.append("remote")
        if any(f.startswith(("ppkt", "rppkt")) for f in self.forms):
            methods.append("star_packets")
        method = rng.choice(methods)
        x = self.tb()
        if method == "remote":
            # Channel reduces reading the peers' inputs, one peer a call.
            first = mine
            for k, p in enumerate(peers):
                step = []
                rtb = self.tb()
                fwd, _ = self.lane(owner, p, x, rtb, "mem", step)
                self.closing[(owner, p, x, rtb, "mem")].add("sender")
                opt_py, opt_cpp = [f"tb={x}"], [f".tb = {x}"]
                if k == 0:
                    opt_py.append(f"local_dst_chunk={final[0]}")
                    opt_cpp.append(f".local_dst_chunk = {final[1]}")
                if self.op != "sum":
                    opt_py.append(f"reduce_op=ReduceOperationType.{self.op}")
                    opt_cpp.append(f".reduce_op = ReduceOperationType::{self.op}")
                r = self.ref(p, "i", i)
                step.append((f"{fwd}.reduce({first[0]}, [{r[0]}], {', '.join(opt_py)})",
                             f"{fwd}.reduce({first[1]}, {{{r[1]}}}, {{{', '.join(opt_cpp)}}});"))
                self.steps.append(step)
                first = final
            return x
        if method == "star_packets":
            slots = []
            for p in peers:
                step = []
                form = rng.choice([f for f in self.forms if f.startswith(("ppkt", "rppkt"))])
                slots.append(self.send_packets(p, self.ref(p, "i", i), self.tb(), owner, x, form, step))
                self.steps.append(step)
            self.steps.append([self.reduce_line(owner, mine, slots, dst, x, packet=True)])
            return x
        if method == "star":
            slots = []
            for p in peers:
                slot = self.slot(owner)
                self.send(p, self.ref(p, "i", i), self.tb(), owner, slot, x, True)
                slots.append(slot)
            # A group's members read units only x waited for: a barrier
            # before the reduce as well as after it.
            where, barrier = self.spread_over(owner, x)
            self.steps.append(([barrier] if barrier else []) +
                              [self.reduce_line(owner, mine, slots, dst, x, where=where)] +
                              ([barrier] if barrier else []))
            return x
        # chain: a partial sum travels through the peers to the owner.
        order = peers[:]
        rng.shuffle(order)
        at, part, tb, is_input = order[0], self.ref(order[0], "i", i), self.tb(), True
        for nxt in order[1:]:
            slot = self.slot(nxt)
            rtb = self.tb()
            self.send(at, part, tb, nxt, slot, rtb, is_input)
            self.steps.append([self.reduce_line(nxt, self.ref(nxt, "i", i), [slot], slot, rtb)])
            at, part, tb, is_input = nxt, slot, self.handoff(nxt, rtb), False
        slot = self.slot(owner)
        self.send(at, part, tb, owner, slot, x, is_input)
        self.steps.append([self.reduce_line(owner, mine, [slot], dst, x)])
        return x

    def allreduce(self):
        n, cf = self.n, self.cf
        tasks = []
        for i in range(n * cf):
            owner = self.rng.randrange(n)
            final = self.ref(owner, "o", i)
            if self.inplace:
                final = self.ref(owner, "i", i)

            def reduce_then_spread(i=i, owner=owner, final=final):
                # (Unfused, a switch reduce is refused: -Wglre-unfused.)
                if self.inplace and self.op == "sum" and \
                        self.opts.get("instr_fusion", True) and self.rng.random() < 0.3:
                    self.switch_allreduce(i, owner)
                    return
                tb = self.reduce_unit(i, owner, final)
                tb = self.handoff(owner, tb)
                for deliver in self.spread(
                        owner, final, tb, False, [d for d in range(n) if d != owner],
                        lambda d, i=i: self.ref(d, "i" if self.inplace else "o", i)):
                    deliver()
            tasks.append([reduce_then_spread])
        return tasks

    def switch_allreduce(self, i, owner):
        """Unit i reduced and stored into every rank by the owner through
        a switch channel over the (in-place) input: one fused glres. Every
        peer first says it has started this launch (its input is filled
        and its previous launch over); afterwards the owner tells every
        peer its unit is written, before the peer's launch can end."""
        n = self.n
        if self.switch is None:
            self.switch = "sw"
            ranks = list(range(n))
            self.decls.append((f"sw = SwitchChannel(rank_list={ranks}, buffer_type=BufferType.input)",
                               "SwitchChannel sw({" + ", ".join(map(str, ranks)) +
                               "}, BufferType::input);"))
        x = self.tb()
        lanes = []
        for p in range(n):
            if p == owner:
                continue
            step = []
            key = (owner, p, x, self.tb(), "mem")
            self.lane(*key, step)
            self.steps.append(step)
            lanes.append(key)
        mine = self.ref(owner, "i", i)
        self.steps.append([
            (f"sw.at_rank({owner}).reduce({i}, 1, {mine[0]}, tb={x})",
             f"sw.at_rank({owner}).reduce({i}, 1, {mine[1]}, {{.tb = {x}}});"),
            (f"sw.at_rank({owner}).broadcast({mine[0]}, {i}, 1, tb={x})",
             f"sw.at_rank({owner}).broadcast({mine[1]}, {i}, 1, {{.tb = {x}}});")])
        for key in lanes:
            self.steps.append(self.round(key, "sender", publishes=True))

    def reducescatter(self):
        n, cf = self.n, self.cf
        tasks = []
        for i in range(n * cf):
            owner = i // cf
            tasks.append([lambda i=i, owner=owner:
                          self.reduce_unit(i, owner, self.ref(owner, "o", i % cf))])
        return tasks

    # ---------------------------------------------------------- render
    def body(self):
        tasks = {"AllGather": self.allgather, "AllToAll": self.alltoall,
                 "AllReduce": self.allreduce,
                 "ReduceScatter": self.reducescatter}[self.coll]()
        # Interleave the tasks at random, each in its own order.
        tasks = [list(t) for t in tasks if t]
        while tasks:
            t = self.rng.choice(tasks)
            t.pop(0)()
            if not t:
                tasks.remove(t)
        # The closing round; on other lanes sometimes, for variety.
        closing = []
        for key, who in self.closing.items():
            if not who and self.rng.random() < 0.2:
                who = {"receiver"}
            for side in sorted(who):
                closing.append(self.round(key, side, publishes=True))
        self.rng.shuffle(closing)
        self.steps += closing

    def render(self):
        self.body()
        if self.packets:
            self.opts["protocol"] = "LL"
        double = self.opts.get("use_double_scratch_buffer")
        decls = []
        for name, used in (("sc", self.scratch), ("pk", self.pscratch)):
            sizes = dict(used)
            if double and sizes:
                # The executor's second half starts at this rank's scratch
                # size, the same in every rank only if the sizes are.
                sizes = {r: max(sizes.values()) for r in range(self.n)}
            decls += [(f"{name}{r} = Buffer({r}, {k})", f"Buffer {name}{r}({r}, {k});")
                      for r, k in sorted(sizes.items())]
        self.decls = decls + self.decls
        pyopts, cppopts = program_options(self.opts)
        lines = self.decls + [line for step in self.steps for line in step]
        # Loop markers become a `with` block in Python and a scope in C++.
        py_lines, cpp_lines, inside = [], [], False
        for p, c in lines:
            if p == "@loop":
                py_lines.append(f"with LoopIterationContext({c}, 1):")
                cpp_lines += ["{", f"  LoopIterationContext loop({c}, 1);"]
                inside = True
            elif p == "@end":
                cpp_lines.append("}")
                inside = False
            else:
                py_lines.append(("    " if inside else "") + p)
                cpp_lines.append(("  " if inside else "") + c)
        coll_py = f"{self.coll}({self.n}, {self.cf}, {self.inplace})"
        py = ["from mscclpp.language.channel import *",
              "from mscclpp.language.rank import *",
              "from mscclpp.language.general import *",
              "from mscclpp.language.program import *",
              "from mscclpp.language.collectives import *",
              "from mscclpp.language.thread_block_group import *",
              "from mscclpp.language.loop import *",
              "", "",
              "def prog():",
              f"    with CollectiveProgram(\"p\", {coll_py}, {self.n}{pyopts}):"]
        py += ["        " + p for p in py_lines] + ["        print(JSON())", "", "", "prog()"]
        cpp = ["#include <mscclpp/dsl.hpp>",
               "using namespace mscclpp::dsl;",
               "",
               "MSCCLPP_ALGORITHM void prog() {",
               f"  {self.coll} collective({self.n}, {self.cf}, {'true' if self.inplace else 'false'});",
               f"  CollectiveProgram program(\"p\", collective, {self.n}" +
               (", {" + ", ".join(cppopts) + "}" if cppopts else "") + ");"]
        cpp += ["  " + c for c in cpp_lines] + ["}"]
        return "\n".join(py) + "\n", "\n".join(cpp) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out = Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    py, cpp = Algo(int(sys.argv[1])).render()
    (out / "p.py").write_text(py)
    (out / "p.cpp").write_text(cpp)


if __name__ == "__main__":
    main()
