"""Removes the nop between rank 0 tb 0's first wait and the data op after
it: the op then runs on every thread while only the waiting thread has
acquired the wait."""
import json
import sys

plan = json.load(open(sys.argv[1]))
ops = plan["gpus"][0]["threadblocks"][0]["ops"]
for i in range(1, len(ops) - 1):
    if ops[i]["name"] == "nop" and ops[i - 1]["name"] in ("wait", "rlxwait") \
            and ops[i + 1]["name"] in ("put", "copy", "get", "re", "rre"):
        del ops[i]
        break
else:
    sys.exit("no nop between a wait and a data op on rank 0 tb 0")
json.dump(plan, open(sys.argv[2], "w"))
