"""The kit's kept parts (`guardians/ui/table/kept.py`): by slot, a slot holds only its last build and hands it
back while the values it was made from are equal; the store is emptied with the text caches."""

from __future__ import annotations

from guardians.ui import text
from guardians.ui.table.kept import Kept, keep


def test_a_slot_keeps_its_last_build_while_its_values_are_equal() -> None:
    kept = Kept()
    made: list[tuple] = []

    def make(values: tuple) -> object:
        made.append(values)
        return object()

    first = kept.last(("space", "a"), (3, "Forest"), lambda: make((3, "Forest")))
    assert kept.last(("space", "a"), (3, "Forest"), lambda: make((3, "Forest"))) is first
    second = kept.last(("space", "a"), (4, "Forest"), lambda: make((4, "Forest")))
    assert second is not first and len(kept) == 1                 # the slot holds its last build only
    assert kept.last(("space", "a"), (3, "Forest"), lambda: make((3, "Forest"))) is not first   # not kept
    other = kept.last(("space", "b"), (3, "Forest"), lambda: make((3, "Forest")))
    assert other is not first and len(kept) == 2
    assert (kept.hits, kept.misses) == (1, 4) and len(made) == 4
    assert keep(None, "any", lambda: 1 / 0, lambda: "built") == "built"      # nothing kept: values not even read
    assert keep(kept, ("space", "b"), lambda: (3, "Forest"), lambda: 1 / 0) is other
    text.clear_caches()                                           # the text audit starts from nothing
    assert len(kept) == 0
