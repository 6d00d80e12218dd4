"""What the realms table says, read from what the seat may see (`seen = state.view(viewer)`): card faces
from the YAML facts, who controls a land and why, the stacks' words, and how close each seat is to each
way of winning. Pure functions: no drawing, no state changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from guardians.engine.table import CardFace
from guardians.engine.words import counted
from guardians.games.realms.cards import CLASSES
from guardians.games.realms.rules.model import COL_WORDS, HIDDEN, space_name
from guardians.games.realms.scenes import style

KILLS_TO_WIN = 5
SIZE_WORDS = {"S": "Small", "M": "Medium", "L": "Large"}
# The face's colour key: "realms:<border or type>"; cardface.py draws every such key.
KEY = "realms:"


def known(seen, inst: int | None) -> bool:
    return inst is not None and 0 <= inst < len(seen.cards) and seen.cards[inst] != HIDDEN \
        and seen.cards[inst] in seen.content.cards


def card_of(seen, inst: int):
    return seen.content.cards[seen.cards[inst]]


def face(seen, inst: int | None) -> CardFace | None:
    """The card's face from its facts (None when the viewer may not identify it). Stats are the numbers
    printed on it; marks (flying, bribery, channelling, ranged, command) ride in the stats as "FLY" and so
    on, drawn as icons by cardface.py."""
    if not known(seen, inst):
        return None
    card = card_of(seen, inst)
    kept = _FACES.get(id(card))
    if kept is None or kept[0] is not card:
        kept = _FACES[id(card)] = (card, face_of(card))      # the card is kept with it: its id is not reused
    return kept[1]


_FACES: dict[int, tuple[object, CardFace]] = {}      # a card's face, made once (a table shows it every frame)


def face_of(card) -> CardFace:
    stats: list[tuple[str, str]] = []
    if card.type in ("creature", "guardian"):
        stats.append(("VIT", str(card.vitality if card.vitality is not None else "?")))
        if card.type == "creature":
            stats.append(("OCB", f"+{card.ocb}" if card.ocb else "0"))
            if card.shield_cost is not None:
                stats.append(("COST", str(card.shield_cost)))
        if card.cmp:
            stats.append(("CMP", str(card.cmp)))
        if card.ranged:
            stats.append(("RNG", str(card.ranged)))
        if card.flying:
            stats.append(("FLY", ""))
        if card.bribery:
            stats.append(("BRIBE", ", ".join(card.bribery)))
        if card.command:
            stats.append(("CMD", ""))
    elif card.number is not None:
        stats.append(("UP", str(card.number)))
    if card.terrain_types:
        stats.append(("LAND", ", ".join(t.title() for t in card.terrain_types)))
    kind = card.type.title()
    if card.kind and card.kind != card.type:
        kind += " · " + card.kind.replace("_", " ")
    if card.border:
        kind += " · " + card.border.title()
    classes = "/".join(CLASSES.get(c, c) for c in card.classes)      # in words, as printed ("Saurian/Blood Spear")
    footer = " ".join(x for x in (SIZE_WORDS.get(card.size or "", card.size or ""), classes) if x)
    return CardFace(card.name, kind, card.text or "", tuple(stats), KEY + (card.border or card.type), footer,
                    emblem_of(card))


def emblem_of(card) -> tuple[str, ...]:
    """The picture a card carries (`guardians.ui.art`): a Guardian's own, a creature's first class's."""
    if card.type == "guardian":
        return ("realms", "guardians", card.id)
    if card.type == "creature" and card.classes:
        return ("realms", "classes", card.classes[0])
    return ()


def name(seen, inst: int | None, unknown: str = "a face-down card") -> str:
    return card_of(seen, inst).name if known(seen, inst) else unknown


def control(seen, sid: str) -> tuple[int | None, str]:
    """Who controls the space and why ("shield", "terrain", "realm"; "" for nobody)."""
    sp = seen.spaces[sid]
    who = seen.controller(sid)
    if who is None:
        return None, ""
    if seen.shield_seat(sid) == who:
        return who, "shield"
    if sp.terrain is not None and sp.terrain_owner == who:
        return who, "terrain"
    return who, "realm"


def terrain_words(seen, sid: str) -> str:
    sp = seen.spaces[sid]
    if sp.kind == "hold":
        if sp.rubble:
            return "Rubble" + (f" held by P{sp.rubble_ctrl + 1}" if sp.rubble_ctrl is not None else "")
        inst = seen.hold_cards.get(sid)
        return name(seen, inst, "Stronghold")
    if sp.terrain is None:
        return "No Terrain"
    if sp.face_down and not known(seen, sp.terrain):
        return f"Face-down Terrain (P{(sp.terrain_owner or 0) + 1})"
    words = name(seen, sp.terrain, "Terrain")
    if sp.face_down:
        words += " (face down)"
    return words


POSITION_LETTERS = {"left": "L", "centre": "C", "right": "R"}


def title_forms(seen, sid: str) -> tuple[str, ...]:
    """`terrain_words` and its shorter forms, longest first, for a narrow space (the four-player board),
    from the data: a Stronghold card as its Stronghold's name and its position's letter ("Drifter's Nexus
    C": the words its three cards share, less "Stronghold"); a face-down card the viewer knows by its name
    alone (the space's notes say "face down"), then as anyone sees it; Rubble with who holds it."""
    sp = seen.spaces[sid]
    forms = [terrain_words(seen, sid)]
    if sp.kind == "hold":
        if sp.rubble:
            forms.append("Rubble" + (f" (P{sp.rubble_ctrl + 1})" if sp.rubble_ctrl is not None else ""))
        elif known(seen, seen.hold_cards.get(sid)):
            forms.append(short_name(card_of(seen, seen.hold_cards[sid]), seen.content))
    elif sp.terrain is not None and sp.face_down:
        if known(seen, sp.terrain):
            forms.append(card_of(seen, sp.terrain).name)
        forms.append(f"Face down (P{(sp.terrain_owner or 0) + 1})")
    return tuple(dict.fromkeys(forms))


def short_name(card, content) -> str:
    """A card's name for a narrow space: a Stronghold card's is its Stronghold's and its position's
    letter; any other card keeps its name."""
    if card.type != "stronghold" or not card.stronghold:
        return card.name
    return f"{stronghold_words(content, card.stronghold)} {POSITION_LETTERS.get(card.position or '', '')}".strip()


def stronghold_words(content, image: str) -> str:
    """The name a Stronghold's three cards share ("Carreg Amroth" of "Carreg Amroth Left"), without the
    word "Stronghold"; read once per content."""
    held, cache = _STRONGHOLD_WORDS.get(id(content), (None, {}))
    if held is not content:              # the content is kept with its words, so its id is not reused
        cache = {}
        _STRONGHOLD_WORDS[id(content)] = (content, cache)
    if image not in cache:
        names = [c.name.split() for c in content.cards.values() if c.type == "stronghold" and c.stronghold == image]
        shared: list[str] = []
        for words in zip(*names):
            if len(set(words)) != 1:
                break
            shared.append(words[0])
        if shared and shared[-1] == "Stronghold":
            shared.pop()
        cache[image] = " ".join(shared) or image.replace("_", " ").title()
    return cache[image]


_STRONGHOLD_WORDS: dict[int, tuple[object, dict[str, str]]] = {}


def stack_words(seen, sid: str, seat: int) -> str:
    st = seen.spaces[sid].stacks[seat]
    count = len(st.cards)
    cards = counted(count, 'card')
    if st.shield is None:
        return f"P{seat + 1}: {cards}, no Shield"
    return f"P{seat + 1} Shield · {cards}" + (" · turned" if st.turned else "")


def space_title(seen, sid: str) -> str:
    return space_name(seen.spaces, sid)         # the rules' naming, the same as the option labels


def space_tip(seen, sid: str) -> str:
    """Everything about a space in words, for hover."""
    sp = seen.spaces[sid]
    lines = [f"{space_title(seen, sid)} ({sid}): {terrain_words(seen, sid)}."]
    if sp.kind == "land":
        who, why = control(seen, sid)
        lines.append(f"Controlled by P{who + 1} (the badge \"P{who + 1} {style.REASON[why]}\": "
                     f"{style.REASON_WORDS[why]})."
                     if who is not None else "Controlled by nobody.")
    types = seen.terrain_types(sid) if not (sp.kind == "land" and sp.face_down) else ()
    if types:
        lines.append("Terrain: " + ", ".join(t.title() for t in types) + ".")
    for seat in sorted(sp.stacks):
        lines.append(stack_words(seen, sid, seat) + ".")
    if sp.under:
        lines.append(f"{counted(len(sp.under), 'channeler')} under it.")
    if sp.upgrade is not None:
        lines.append(f"Upgrade: {name(seen, sp.upgrade)}.")
    if sp.tower:
        lines.append(f"{counted(len(sp.tower), 'card')} kept in the Upgrade.")
    return " ".join(lines)


@dataclass(frozen=True)
class Progress:
    """How close a seat is to each way of winning (label, have, need)."""

    rows: tuple[tuple[str, int, int], ...]


def progress(seen, seat: int, lands: int | None = None) -> Progress:
    """2 players: five enemy Shields, all six disputed lands, the other Guardian beaten.
    4 players: five Shields, seven disputed lands, the Victory Card (its own test). `lands`: the seat's
    disputed lands when already counted (`land_counts`, every seat's in one pass)."""
    pl = seen.seats[seat]
    kills = seen.kill_score(seat)      # on a view, a hidden Victory Card's doubling is not counted
    lands = seen.lands_of(seat) if lands is None else lands
    if seen.n == 2:
        beaten = 0 if seen.seats[1 - seat].g_alive else 1
        return Progress((("Shields destroyed", kills, KILLS_TO_WIN), ("Disputed lands", lands, 6),
                         ("Guardian beaten", beaten, 1)))
    card = "Victory Card " + (str(card_of(seen, pl.victory).up_card) if known(seen, pl.victory) else
                              ("hidden" if pl.victory is not None else "not yet"))
    return Progress((("Shields destroyed", kills, KILLS_TO_WIN), ("Disputed lands", lands, 7), (card, 0, 1)))


def planned(seen, seat: int | None) -> list[tuple[str, int, str]]:
    """The seat's placements chosen this Draw and Organize, not yet revealed: (mode, card, space). Only
    the seat itself sees them (the view empties the others' commitments)."""
    commit = getattr(seen, "commit", None)
    if seat is None or commit is None or seen.step != "place":
        return []
    mine = commit.committed.get(seat)
    return [tuple(p) for p in mine] if isinstance(mine, list) else []


def hold_load(seen, sid: str, seat: int) -> int | None:
    """What the seat's cards on a Stronghold card count toward the 30-point limit, planned ones with
    them; None when the viewer may not know."""
    st = seen.spaces[sid].stacks.get(seat)
    cards = list(st.cards) if st is not None else []
    cards += [inst for mode, inst, where in planned(seen, seat) if where == sid and mode not in ("upgrade",
                                                                                                  "channeler", "tower")]
    if not all(known(seen, i) for i in cards):
        return None
    return seen.stack_cost(cards)


FOCUS_WORDS = {"option": "moving", "settle": "settling", "reinforce": "reinforced"}


def moving_stack(seen) -> tuple[int, str] | None:
    """The stack the current choice is about (seat, space): the Shield taking its movement option, being
    reinforced or settling its land, if one is."""
    pending = getattr(seen, "pending", None)
    if pending is not None and pending.kind in FOCUS_WORDS and isinstance(pending.data, str) \
            and pending.data in seen.spaces:
        return pending.seat, pending.data
    moving = getattr(seen, "moving", None)
    return (moving[0], moving[1]) if moving else None


def contents(seen, cards: list[int]) -> str:
    """The cards of a stack by name, when the viewer may know every one (its own); else ""."""
    if not cards or not all(known(seen, i) for i in cards):
        return ""
    return "Holds: " + ", ".join(card_of(seen, i).name for i in cards)


def ids(cards: tuple, insts) -> tuple[tuple[int, Any], ...]:
    """Instances with what the view says each is (its card id, or HIDDEN): what a card piece shows."""
    return tuple((i, cards[i]) for i in insts)


def card_id(cards: tuple, inst: int | None) -> Any:
    """What the view says one instance is (None for no card): what a kept part reads of it."""
    return cards[inst] if inst is not None else None
