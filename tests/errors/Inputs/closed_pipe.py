# Runs a command whose stdout is a pipe with its read end already closed,
# SIGPIPE ignored (or, with --default, at its default action); prints how
# the command ended and its stderr.
import os, signal, subprocess, sys

args = sys.argv[1:]
default = args[0] == "--default"
if default:
    args = args[1:]
read_end, write_end = os.pipe()
os.close(read_end)
signal.signal(signal.SIGPIPE, signal.SIG_DFL if default else signal.SIG_IGN)
p = subprocess.run(args, stdout=write_end, stderr=subprocess.PIPE,
                   restore_signals=False, text=True)
os.close(write_end)
if p.returncode < 0:
    print(f"killed by signal {-p.returncode}")
else:
    print(f"exit {p.returncode}")
sys.stdout.write(p.stderr)
