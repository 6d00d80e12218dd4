"""Every group of emblems each game draws, listed from the content (so a new hero without a hint is tested
too): (game, group) -> ids. Shared by the art tests and `tools/art_sheet.py`."""

from __future__ import annotations


def emblem_groups() -> dict[tuple[str, str], list[str]]:
    from guardians.games.chronicles.cards import load_content as chronicles
    from guardians.games.explore.cards import load_content as explore
    from guardians.games.heroes.cards import load_content as heroes
    from guardians.games.realms.cards import load_content as realms

    box = chronicles().box
    ex = explore()
    rc = realms()
    families = set(ex.families) | {b.family for b in ex.bosses.values()}
    classes = {c for card in rc.cards.values() if card.type == "creature" for c in card.classes}
    return {
        ("heroes", "heroes"): sorted(heroes().heroes),
        ("explore", "families"): sorted(families),
        ("explore", "bosses"): sorted(ex.bosses),
        ("chronicles", "figures"): sorted(set(box.heroes) | set(box.villains) | {"hostage"}),
        ("realms", "guardians"): sorted(c.id for c in rc.cards.values() if c.type == "guardian"),
        ("realms", "classes"): sorted(classes),
    }
