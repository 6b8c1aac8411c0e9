"""Drives a command in a pseudo-terminal, as a person at a terminal would (the menu's tests: no npm dependency).

Usage: python3 pty-session.py '<json>' where the JSON holds
  argv:     the command to run
  cwd:      its working directory
  env:      extra environment variables
  steps:    [[expected text, keys to send], ...]: waits until the screen's text (escape sequences removed) shows
            the expected text after what the previous step waited for, then types the keys
  timeout:  seconds to wait for each expected text and for the exit
Prints one JSON object: {"exit": code or null, "failed_step": index or null, "transcript": text}.
"""

import json
import os
import pty
import re
import select
import signal
import struct
import sys
import time
import fcntl
import termios

ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[=>()][0-9A-Za-z]?")


def main() -> None:
    spec = json.loads(sys.argv[1])
    timeout = float(spec.get("timeout", 60))
    env = {**os.environ, **spec.get("env", {})}
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(spec.get("cwd", "."))
        os.execvpe(spec["argv"][0], spec["argv"], env)
    # A window of a usual size: tables are fitted to it
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 160, 0, 0))
    raw = b""
    seen = 0
    failed = None
    exit_code = None

    def read(wait: float) -> bool:
        nonlocal raw
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        raw += chunk
        return True

    def text() -> str:
        return ESCAPES.sub(b"", raw).decode("utf-8", "replace")

    for i, (expected, keys) in enumerate(spec["steps"]):
        deadline = time.time() + timeout
        found = -1
        while time.time() < deadline:
            found = text().find(expected, seen)
            if found >= 0:
                break
            if not read(0.2):
                break
        if found < 0:
            failed = i
            break
        seen = found + len(expected)
        # Let the prompt finish drawing before typing (a real user is slower still)
        time.sleep(0.3)
        for key in keys if isinstance(keys, list) else [keys]:
            os.write(fd, key.encode("utf-8"))
            time.sleep(0.15)

    deadline = time.time() + timeout
    while failed is None and time.time() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            exit_code = os.waitstatus_to_exitcode(status)
            break
        read(0.2)
    while read(0.05) and len(select.select([fd], [], [], 0)[0]) > 0:
        pass
    if exit_code is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    print(json.dumps({"exit": exit_code, "failed_step": failed, "transcript": text()}, ensure_ascii=False))


main()
