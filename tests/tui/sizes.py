"""The sizes every screen's snapshot is taken at: the smallest the table allows, and a roomier
one (a scene module's SIZES may name its own, e.g. a terminal too small)."""

SNAPSHOT_SIZES = [(80, 24), (120, 40)]
OWN_SIZES = {"too-small": [(40, 15)]}


def sizes_of(scenes: dict, name: str) -> list[tuple[int, int]]:
    return OWN_SIZES.get(name, SNAPSHOT_SIZES)


def looks_as_approved(scenes: dict, name: str, size: tuple[int, int], snap_compare) -> bool:
    """Scene `name` at `size` matches its approved snapshot (skipped at sizes it is not shown at)."""
    import pytest

    if size not in sizes_of(scenes, name):
        pytest.skip("shown at its own sizes")
    app, keys = scenes[name]()
    return snap_compare(app, press=keys, terminal_size=size)
