"""Undo's check on a long game, timed: resume a long save (tools/long_save.py makes a 68,000-event
Smurf one), seat 0 a seeded random person and the others random bots, with a listener on the
driver as a screen has; after each batch, ask what the key bar asks: may seat 0 undo now? Prints
the CPU those questions took, per batch.

    python tools/long_save.py /tmp/long.jsonl --events 68000
    python tools/long_undo.py /tmp/long.jsonl [--actions 300]
    PYTHONPATH=OTHER_CHECKOUT python tools/long_undo.py /tmp/long.jsonl   # that checkout's code
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

if "PYTHONPATH" not in os.environ:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("save")
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args()

    from parlour.rules.bots import make
    from parlour.rules.table import Table
    from parlour.services import saves
    from parlour.services.table_driver import TableDriver

    table = Table.resume(saves.read(args.save))
    driver = TableDriver(table, {s: make("random", s) for s in range(1, len(table.players))})
    driver.listen(lambda events: None)  # followed, as by a screen
    person = random.Random(1)
    spent, made = 0.0, 0
    while made < args.actions and not driver.over:
        if driver.bot_to_act() is not None:
            driver.step_bot()
        else:
            seat = table.to_act()[0]
            assert seat is not None  # a person acts: a seat
            driver.submit(seat, person.choice(table.legal_actions(seat)))
        made += 1
        start = time.process_time()
        driver.can_undo({0})
        spent += time.process_time() - start
    print(f"{len(table.events)} events, {made} batches: undo's check {1000 * spent / max(made, 1):.2f} ms CPU a batch")


if __name__ == "__main__":
    main()
