#!/usr/bin/env python3
"""Renumbers a plan's ids without changing its meaning (for mscclc diff).

On every rank: the channel declarations are reversed (so GPU-level channel
ids change) while channels to the same peer keep their relative order (the
k-th channel to a peer still pairs with the peer's k-th back), every
thread block's channel lists and remote-buffer lists are reversed, and the
remote-buffer declarations are reversed; every op's channel_ids and
remote buffer_ids are remapped to match. Usage: renumber.py PLAN.json
(writes the renumbered plan to stdout).
"""
import json
import sys


def flatten(channels, kind):
    """GPU-level ids of a type: (declaration index, position) per id."""
    out = []
    for d, c in enumerate(channels):
        if c["channel_type"] != kind:
            continue
        if kind == "switch":
            out.append((d, 0))
        else:
            for p, _ in enumerate(c["connected_to"]):
                out.append((d, p))
    return out


def main():
    plan = json.load(open(sys.argv[1]))
    for gpu in plan["gpus"]:
        channels = gpu.get("channels", [])
        # Per type: old GPU-level id -> new one. Declarations are reversed
        # as whole entries, but within a type the ids to one peer must keep
        # their order: renumber by a stable sort on the peer.
        new_id = {}
        for kind in ("memory", "port", "switch"):
            old = flatten(channels, kind)
            if kind == "switch":
                order = list(range(len(old)))[::-1]
                # switch groups of the same buffer and ranks pair by order
                keys = [json.dumps([channels[d].get("buffer_type"),
                                    channels[d].get("rank_groups")])
                        for d, _ in old]
                if len(set(keys)) != len(keys):
                    order = list(range(len(old)))
            else:
                peers = [channels[d]["connected_to"][p] for d, p in old]
                order = sorted(range(len(old)), key=lambda i: -peers[i])
                # stable within a peer: keep the original relative order
                order = sorted(order, key=lambda i: (-peers[i], i))
            new_id[kind] = {o: n for n, o in enumerate(order)}
        # Rebuild declarations in the new order: one entry per id.
        decls = []
        for kind in ("memory", "port", "switch"):
            old = flatten(channels, kind)
            inv = sorted(new_id[kind].items(), key=lambda kv: kv[1])
            if kind == "switch":
                decls += [channels[old[o][0]] for o, _ in inv]
            else:
                for o, _ in inv:
                    d, p = old[o]
                    decls.append({"channel_type": kind,
                                  "connected_to": [channels[d]["connected_to"][p]]})
        gpu["channels"] = decls
        remote = gpu.get("remote_buffers", [])
        rmap = {o: len(remote) - 1 - o for o in range(len(remote))}
        gpu["remote_buffers"] = remote[::-1]
        for tb in gpu["threadblocks"]:
            cmaps = {}
            for entry in tb.get("channels", []):
                kind = entry["channel_type"]
                ids = [new_id[kind][i] for i in entry["channel_ids"]]
                n = len(ids)
                cmaps[kind] = {o: n - 1 - o for o in range(n)}
                entry["channel_ids"] = ids[::-1]
            rbmaps = {}
            for entry in tb.get("remote_buffer_refs", []):
                kind = entry["access_channel_type"]
                ids = [rmap[i] for i in entry["remote_buffer_ids"]]
                n = len(ids)
                rbmaps[kind] = {o: n - 1 - o for o in range(n)}
                entry["remote_buffer_ids"] = ids[::-1]

            def fix(op):
                kind = op.get("channel_type")
                if "channel_ids" in op and kind in cmaps:
                    op["channel_ids"] = [cmaps[kind][i] for i in op["channel_ids"]]
                for key in ("src_buff", "dst_buff"):
                    for b in op.get(key, []):
                        if "buffer_id" in b and kind in rbmaps:
                            b["buffer_id"] = rbmaps[kind][b["buffer_id"]]
                        if "switch_channel_id" in b and "switch" in cmaps:
                            b["switch_channel_id"] = cmaps["switch"][b["switch_channel_id"]]
                for inner in op.get("ops", []):
                    fix(inner)
            for op in tb["ops"]:
                fix(op)
    json.dump(plan, sys.stdout, indent=2)


if __name__ == "__main__":
    main()
