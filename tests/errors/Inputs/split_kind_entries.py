# Splits every thread block's channel and remote-buffer entries in two
# (the first 7 ids, then the rest): the same plan, listed another way.
import json
import sys

plan = json.load(open(sys.argv[1]))
for gpu in plan["gpus"]:
    for tb in gpu["threadblocks"]:
        for key, ids in (("channels", "channel_ids"), ("remote_buffer_refs", "remote_buffer_ids")):
            split = []
            for entry in tb[key]:
                if len(entry[ids]) > 7:
                    first = dict(entry)
                    first[ids] = entry[ids][:7]
                    rest = dict(entry)
                    rest[ids] = entry[ids][7:]
                    split += [first, rest]
                else:
                    split.append(entry)
            tb[key] = split
json.dump(plan, open(sys.argv[2], "w"), indent=2)
