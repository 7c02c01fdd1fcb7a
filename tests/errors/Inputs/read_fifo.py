"""Runs a command while this process reads a FIFO into a file.

Usage: read_fifo.py [--close-after N] FIFO OUT COMMAND...
(exit status: the command's)

The FIFO is opened for reading (without waiting for a writer) before the
command starts, so a command that writes into it finds a reader. With
--close-after N the reader closes the FIFO once it has N bytes, and the
command runs with SIGPIPE ignored, so that its next write fails (EPIPE)
instead of killing it.
"""
import os
import subprocess
import sys
import time

args = sys.argv[1:]
close_after = None
if args[0] == "--close-after":
    close_after = int(args[1])
    args = args[2:]
fifo, out, command = args[0], args[1], args[2:]
fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
# Python ignores SIGPIPE; without restore_signals the command inherits that.
child = subprocess.Popen(command, restore_signals=close_after is None)
data = bytearray()
while True:
    if close_after is not None and len(data) >= close_after:
        os.close(fd)
        fd = None
        child.wait()
        break
    try:
        chunk = os.read(fd, 65536 if close_after is None else close_after)
    except BlockingIOError:  # a writer is connected, nothing to read yet
        chunk = None
    if chunk:
        data += chunk
        continue
    # No writer connected (an empty read), or nothing yet: once the command
    # has ended, whatever it wrote has been read.
    if child.poll() is not None and chunk == b"":
        break
    time.sleep(0.01)
if fd is not None:
    os.close(fd)
with open(out, "wb") as f:
    f.write(data)
sys.exit(child.returncode)
