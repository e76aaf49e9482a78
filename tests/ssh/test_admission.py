"""Issue 44: `parlour serve` refuses the next players, in words, before it would run out of
memory (parlour/fronts/serve/admission.py): each session counted at a budget, against the
server's memory limit (given, or its cgroup's). Through real SSH connections on loopback with a
small limit; the rule itself with a rigged resident size."""

from __future__ import annotations

import asyncio

from parlour.fronts.serve.admission import FULL, Admission, cgroup_limit
from parlour.fronts.serve.memory import rss

from .harness import TIMEOUT, connect, server

MIB = 1024 * 1024


def test_a_session_is_let_in_while_it_and_one_more_fit():
    resident = [50 * MIB]
    admission = Admission(100 * MIB, 10 * MIB, used=lambda: resident[0])
    assert [admission.refusal(n) for n in range(5)] == [None, None, None, None, FULL]  # 50 + 10 n + 20 <= 100
    resident[0] = 85 * MIB  # grown more than its sessions' budgets say (a big table): measured, it counts
    assert admission.refusal(0) == FULL
    assert Admission(None, 10 * MIB, used=lambda: 10**12).refusal(1000) is None  # no limit: nobody refused


def test_the_cgroup_limit_is_read_for_v1_and_v2(tmp_path):
    def proc(cgroup: str, mount: str, folder: str, name: str, value: str):
        (tmp_path / "proc").mkdir(exist_ok=True)
        (tmp_path / "proc" / "cgroup").write_text(cgroup)
        (tmp_path / "proc" / "mountinfo").write_text(mount.replace("ROOT", str(tmp_path)))
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / name).write_text(value)
        return tmp_path / "proc"

    v2 = "30 25 0:26 / ROOT/cg2 rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n"
    assert cgroup_limit(proc("0::/game\n", v2, "cg2/game", "memory.max", "134217728\n")) == 128 * MIB
    assert cgroup_limit(proc("0::/game\n", v2, "cg2/game", "memory.max", "max\n")) is None
    v1 = "31 25 0:27 / ROOT/cpu rw - cgroup cgroup rw,cpu,cpuacct\n32 25 0:28 / ROOT/mem rw - cgroup cgroup rw,memory\n"
    cgroups = "5:cpu,cpuacct:/x\n4:memory:/game\n0::/\n"
    assert cgroup_limit(proc(cgroups, v1, "mem/game", "memory.limit_in_bytes", "67108864\n")) == 64 * MIB
    huge = str(2**63 - 4096)  # v1's "no limit"
    assert cgroup_limit(proc(cgroups, v1, "mem/game", "memory.limit_in_bytes", huge)) is None
    assert cgroup_limit(tmp_path / "nowhere") is None


async def test_the_next_player_is_refused_in_words_when_the_memory_is_spoken_for():
    # Each session counted at 100 MiB, the limit room for one and the reserve: the second waits.
    per = 100 * MIB
    async with server(memory_limit=rss() + 2 * per + per // 2, session_memory=per) as hub:
        ann = await connect(hub, "Ann")
        await ann.wait_for("the tables")
        bob = await connect(hub, "Bob")
        await bob.wait_for("no memory left for another player")
        assert "Bob" not in hub.playing and len(hub.uis) == 1
        await bob.close()
        ann.press("ctrl+q")  # Ann leaves: her session's memory is free again
        await ann.close()
        async with asyncio.timeout(TIMEOUT):
            while hub.uis:
                await asyncio.sleep(0.05)
        cid = await connect(hub, "Cid")
        await cid.wait_for("the tables")
        await cid.close()
