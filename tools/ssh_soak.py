"""The SSH tests under CPU load, several times: no failure and no UI process left behind.

    .venv/bin/python tools/ssh_soak.py [--runs 5] [--busy 3]

Starts `--busy` busy loops (on a 2-core machine, 3 make the tests' timing as bad as a shared
host), runs `pytest tests/ssh` `--runs` times, and after each run checks that no Parlour UI
process (`parlour.fronts.serve.ui`) is left (the apps run inside the server since issue 12, so none
should ever exist; the check stays for a server that would start them again). Exits non-zero on
any failure or leftover."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import time


def spin() -> None:
    while True:
        pass


def leftovers() -> list[str]:
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                cmd = file.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if "parlour.fronts.serve.ui" in cmd and cmd.startswith(sys.executable):  # ours, not another checkout's
            found.append(f"{pid}: {cmd.strip()}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--busy", type=int, default=3)
    parser.add_argument("pytest_args", nargs="*", default=["tests/ssh", "-q", "-p", "no:cacheprovider"])
    args = parser.parse_args()
    before = set(leftovers())
    busy = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
    for process in busy:
        process.start()
    failures = 0
    try:
        for run in range(1, args.runs + 1):
            start = time.monotonic()
            result = subprocess.run([sys.executable, "-m", "pytest", *args.pytest_args])
            left = [line for line in leftovers() if line not in before]
            print(
                f"run {run}: pytest exit {result.returncode} in {time.monotonic() - start:.0f} s; "
                f"{len(left)} UI processes left",
                flush=True,
            )
            for line in left:
                print("  left:", line)
            failures += result.returncode != 0 or bool(left)
    finally:
        for process in busy:
            process.kill()
            process.join()
    print("OK" if not failures else f"{failures} bad runs of {args.runs}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
