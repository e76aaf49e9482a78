"""Write rules/bots/smurf_tables.py: the Smurf smart bot's value tables (`smurf_smart.worked_out`
for each of the 16 sets of empty circles), so that the bot reads them instead of working them out
in every process. Run it again whenever the tables' rules or the bot's valuation change
(tests/bots/test_smurf_tables.py fails until then):

    python tools/smurf_tables.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def source() -> str:
    """The module's text: per set of empty circles, the values in `table_keys` order (repr gives
    back each float exactly)."""
    from rules.bots.smurf_smart import FULL, table_keys, worked_out

    lines = ['"""The Smurf smart bot\'s value tables (smurf_smart.worked_out), one tuple per set of empty',
             "circles (bit mask), in smurf_smart.table_keys order. Written by tools/smurf_tables.py: do not edit.",
             '"""', "", "VALUES = {"]
    keys = table_keys()
    for empty in range(FULL + 1):
        values = worked_out(empty)
        lines.append(f"    {empty}: (")
        row = [repr(values[key]) for key in keys]
        for start in range(0, len(row), 5):
            lines.append("        " + ", ".join(row[start:start + 5]) + ",")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> int:
    path = ROOT / "rules" / "bots" / "smurf_tables.py"
    path.write_text(source())
    print(f"written {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
