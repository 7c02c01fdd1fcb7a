"""Runs a command while this process reads a FIFO into a file.

Usage: read_fifo.py FIFO OUT COMMAND...   (exit status: the command's)

The FIFO is opened for reading (without waiting for a writer) before the
command starts, so a command that writes into it finds a reader.
"""
import os
import subprocess
import sys
import time

fifo, out, command = sys.argv[1], sys.argv[2], sys.argv[3:]
fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
child = subprocess.Popen(command)
data = bytearray()
while True:
    try:
        chunk = os.read(fd, 65536)
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
os.close(fd)
with open(out, "wb") as f:
    f.write(data)
sys.exit(child.returncode)
