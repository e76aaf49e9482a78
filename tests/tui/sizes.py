"""The sizes every screen's snapshot is taken at: the smallest the table allows, and a roomier
one (a scene module's SIZES may name its own, e.g. a terminal too small)."""

SNAPSHOT_SIZES = [(80, 24), (120, 40)]
OWN_SIZES = {"too-small": [(40, 15)]}


def sizes_of(scenes: dict, name: str) -> list[tuple[int, int]]:
    return OWN_SIZES.get(name, SNAPSHOT_SIZES)
