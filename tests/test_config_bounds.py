"""A config file is read like a save: only a regular file under a size limit, parsed with a
depth and an entry limit. Each hostile keymap ends in one warning and the defaults, in a
subprocess whose peak memory is measured (its VmHWM); the subprocess's timeout only marks a hang."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from parlour.services.config import CONFIG_MAX_BYTES, KEYMAP_MAX_ENTRIES, load_keymap

HANG = 60  # seconds: far beyond a warning's time, only so that a hang fails instead of waiting for ever

READ = r"""
import json, re, sys
from pathlib import Path
from parlour.services.config import load_keymap
keymap, lines, warnings = load_keymap(Path(sys.argv[1]))
# this process's own peak (VmHWM): ru_maxrss would count the test's process it was forked from
peak = int(re.search(r"VmHWM:\s*(\d+)", open("/proc/self/status").read())[1]) * 1024
print(json.dumps({"keymap": keymap, "warnings": warnings, "peak": peak}))
"""


def hostile(tmp_path, case: str):
    path = tmp_path / "keymap.toml"
    if case == "fifo":
        os.mkfifo(path)
    elif case in ("zero", "urandom"):
        path.symlink_to(f"/dev/{case}")
    elif case == "folder":
        path.mkdir()
    elif case == "nested arrays":
        path.write_text("[keys]\nroll = " + "[" * (CONFIG_MAX_BYTES // 2) + "\n")
    elif case == "nested tables":
        path.write_text("[keys]\nroll = " + "{a=" * (CONFIG_MAX_BYTES // 4) + "\n")
    elif case == "2M entries":
        with path.open("w") as file:
            file.write("[keys]\n")
            file.writelines(f'k{n} = "x"\n' for n in range(2_000_000))
    elif case == "many entries":
        path.write_text("[keys]\n" + "".join(f'k{n}="x"\n' for n in range(KEYMAP_MAX_ENTRIES + 1)))
    return path


CASES = ["fifo", "zero", "urandom", "folder", "nested arrays", "nested tables", "2M entries", "many entries"]


@pytest.mark.skipif(sys.platform != "linux", reason="FIFOs, /dev/zero and /proc")
@pytest.mark.parametrize("case", CASES)
def test_a_hostile_keymap_is_one_warning_and_the_defaults(tmp_path, case):
    path = hostile(tmp_path, case)
    try:
        done = subprocess.run(
            [sys.executable, "-c", READ, str(path)], capture_output=True, text=True, timeout=HANG, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{case}: reading the keymap hung")
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout)
    assert found["keymap"] == {}
    assert len(found["warnings"]) == 1 and "ignored" in found["warnings"][0], found["warnings"][:3]
    assert "\n" not in found["warnings"][0]
    assert found["peak"] <= 64 * 1024 * 1024, f"{case}: {found['peak'] / 2**20:.0f} MB"


def test_a_keymap_within_the_limits_is_read(tmp_path):
    path = tmp_path / "keymap.toml"
    path.write_text('[keys]\nroll = "x"\n' + "".join(f'k{n}="x"\n' for n in range(KEYMAP_MAX_ENTRIES - 1)))
    keymap, lines, warnings = load_keymap(path)
    assert keymap["roll"] == "x" and lines["roll"] == 2 and len(keymap) == KEYMAP_MAX_ENTRIES
    assert warnings == []
