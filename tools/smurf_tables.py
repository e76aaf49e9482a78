"""Write parlour/games/smurf/bots/tables.py: the Smurf smart bot's value tables (`smurf_smart.worked_out`
for each of the 16 sets of empty circles), so that the bot reads them instead of working them out
in every process. Run it again whenever the tables' rules or the bot's valuation change
(parlour/games/smurf/tests/test_tables.py fails until then):

    python tools/smurf_tables.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def source() -> str:
    """The module's text: per set of empty circles (0..15), the table's values in `table_keys`
    order as little-endian doubles in base64, one line each: exact, and a module of the floats
    written out took ~85 ms to compile wherever no .pyc is kept (PYTHONDONTWRITEBYTECODE)."""
    import binascii
    import struct

    from parlour.games.smurf.bots.smart import FULL, table_keys, worked_out

    keys = table_keys()
    lines = [
        '"""The Smurf smart bot\'s value tables (smurf_smart.worked_out), one per set of empty circles',
        "0..15 in turn, in smurf_smart.table_keys order, as little-endian doubles in base64.",
        'Written by tools/smurf_tables.py: do not edit."""',
        "",
        "PACKED = (",
    ]
    for empty in range(FULL + 1):
        values = worked_out(empty)
        packed = struct.pack(f"<{len(keys)}d", *(values[key] for key in keys))
        lines.append(f'    "{binascii.b2a_base64(packed, newline=False).decode()}",')
    lines.append(")")
    return "\n".join(lines) + "\n"


def main() -> int:
    path = ROOT / "parlour" / "games" / "smurf" / "bots" / "tables.py"
    path.write_text(source())
    print(f"written {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
