"""Deck rules (RB Intro, RB-MR Set-up, RB-GL Stronghold) and reading a deck file (YAML or `.dek`).

The rulebook's deck rules, as implemented:
- the draw deck holds at least 55 cards (RB Intro: "Each player needs a draw deck of at least 55
  cards"; RB-MR Set-up: "Shuffle your deck of at least 55 cards");
- one Guardian and three Stronghold cards, set out at set-up and not part of the draw deck (RB Intro:
  "Each Starter Deck contains a Guardian, three Strongholds, and a selection of random cards"; the
  Set-up Diagram), so they do not count toward the 55 and may not be in the draw deck;
- the three Stronghold cards are the left, centre and right card of one Stronghold (RB-GL Stronghold:
  "The three cards form one image, mixing cards from different Stronghold images together is not
  allowed").
The rulebook sets no copy limit, so none is checked (the fan convention of five is not a rule here).

Cards the engine cannot play yet (status other than vanilla) are reported apart from rule violations.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from guardians.engine.content import Checker, ContentErrors, load_yaml
from guardians.games.realms.cards import CardDef, DeckDef, RealmsContent, parse_deck

MIN_DRAW_DECK = 55          # RB Intro, RB-MR Set-up
STRONGHOLD_CARDS = 3        # RB Intro, RB-GL Stronghold
NOT_IN_DRAW_DECK = ("guardian", "stronghold")


class DeckFileError(Exception):
    """A deck file that cannot be read as a deck."""


@dataclass
class DeckReport:
    """Rule violations and the cards not yet playable, kept apart."""

    problems: list[str] = field(default_factory=list)
    unplayable: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and not self.unplayable


def check_deck(deck: DeckDef, cards: Mapping[str, CardDef]) -> DeckReport:
    report = DeckReport()
    problems = report.problems
    unknown = sorted({cid for cid in (*deck.guardians, *deck.strongholds, *(c for c, _ in deck.cards))
                      if cid not in cards})
    if unknown:
        problems.append(f"unknown cards: {', '.join(unknown)}")
    # One Guardian (RB Intro).
    guardians = [cid for cid in deck.guardians if cid in cards]
    not_guardians = [cards[cid].name for cid in guardians if cards[cid].type != "guardian"]
    if not_guardians:
        problems.append(f"not a Guardian: {', '.join(not_guardians)}")
    if len(deck.guardians) != 1:
        problems.append(f"a deck has one Guardian, this one has {len(deck.guardians)}")
    # Three Stronghold cards of one image: left, centre, right (RB-GL Stronghold).
    holds = [cards[cid] for cid in deck.strongholds if cid in cards]
    not_holds = [c.name for c in holds if c.type != "stronghold"]
    if not_holds:
        problems.append(f"not a Stronghold card: {', '.join(not_holds)}")
    if len(deck.strongholds) != STRONGHOLD_CARDS:
        problems.append(f"a deck has {STRONGHOLD_CARDS} Stronghold cards, this one has {len(deck.strongholds)}")
    images = sorted({c.stronghold for c in holds if c.stronghold})
    if len(images) > 1:
        problems.append(f"the Stronghold cards mix Strongholds ({', '.join(images)}); the three cards form one "
                        f"image (RB-GL Stronghold)")
    elif len(deck.strongholds) == STRONGHOLD_CARDS and not not_holds and \
            sorted(c.position or "" for c in holds) != ["centre", "left", "right"]:
        problems.append("the Stronghold cards are the left, centre and right card of one Stronghold")
    # The draw deck: at least 55 cards, no Guardian or Stronghold card (RB Intro, RB-MR Set-up).
    if deck.size < MIN_DRAW_DECK:
        problems.append(f"the draw deck has {deck.size} cards; it needs at least {MIN_DRAW_DECK} "
                        f"(the Guardian and the Stronghold cards do not count)")
    misplaced = [cards[cid].name for cid, _ in deck.cards if cid in cards and cards[cid].type in NOT_IN_DRAW_DECK]
    if misplaced:
        problems.append(f"Guardians and Stronghold cards are set out, not shuffled into the draw deck: "
                        f"{', '.join(misplaced)}")
    seen: set[str] = set()
    for cid in (*deck.guardians, *deck.strongholds, *(c for c, _ in deck.cards)):
        if cid in cards and cid not in seen and not cards[cid].playable:
            report.unplayable.append(f"{cards[cid].name} ({cid}, {cards[cid].status})")
        seen.add(cid)
    return report


def validate_deck(deck: DeckDef, cards: Mapping[str, CardDef]) -> list[str]:
    """The deck's rule violations, then one "not yet playable: ..." line if any card cannot be played by
    the engine yet; [] when the deck can be played."""
    report = check_deck(deck, cards)
    lines = list(report.problems)
    if report.unplayable:
        lines.append(f"not yet playable: {', '.join(report.unplayable)}")
    return lines


def read_deck(path: Path, content: RealmsContent) -> DeckDef:
    """A deck file: LackeyCCG `.dek` or our YAML (`deck:` mapping)."""
    from guardians.games.realms.deck_import import DeckImportError, import_dek

    if path.suffix.lower() == ".dek":
        try:
            return import_dek(path, content.cards)
        except DeckImportError as exc:
            raise DeckFileError(str(exc)) from exc
    try:
        data = load_yaml(path)
    except ContentErrors as exc:
        raise DeckFileError("\n".join(str(e) for e in exc.errors)) from exc
    if not isinstance(data, dict) or set(data) != {"deck"} or not isinstance(data["deck"], dict):
        raise DeckFileError(f"{path}: a deck file is a mapping with the one key 'deck'")
    checker = Checker(str(path))
    deck = parse_deck(checker, data["deck"], set(content.cards))
    if deck is None:
        raise DeckFileError("\n".join(str(e) for e in checker.errors))
    return deck


# ----- the player's own decks (the deck builder's files) ---------------------------------------------

USER_DECK_DIR = "decks"     # under the user folder (engine/paths.py user_dir): NAME.yaml, one deck each


def unplayable_reason(card: CardDef) -> str | None:
    """Why the engine cannot play this card yet, in plain words; None when it can (`CardDef.playable`)."""
    if card.playable:
        return None
    if card.status == "untexted":
        return f"{card.name} cannot be played yet: its rules text is not written yet"
    return f"{card.name} cannot be played yet: what its text does is not expressed as effects yet"


def user_deck_dir() -> Path:
    """The folder of the player's decks (created on first use)."""
    from guardians.engine.paths import user_dir

    folder = user_dir() / USER_DECK_DIR
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass
class UserDecks:
    """The player's deck files read: the playable decks by id (with the file each came from), the drafts
    that break a deck rule (kept, opened in the builder, not offered for play) and the files that could
    not be read, each problem as one line naming the file."""

    decks: dict[str, DeckDef] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    drafts: dict[Path, DeckDef] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def read_user_decks(content: RealmsContent, folder: Path | None = None) -> UserDecks:
    """Every `*.yaml` deck in the user's deck folder. A file that cannot be read, whose id is a
    preconstructed deck's or an earlier file's, or that breaks a deck rule is reported and left out of
    `decks`, never raised: the menu lists what is good and says what is not."""
    folder = folder if folder is not None else user_deck_dir()
    found = UserDecks()
    paths = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    for path in paths:
        try:
            deck = read_deck(path, content)
        except DeckFileError as exc:
            found.problems.append(f"Your deck file {path.name} cannot be read: {_one_line(str(exc))}")
            continue
        except OSError as exc:
            found.problems.append(f"Your deck file {path.name} cannot be read: {exc.strerror or exc}")
            continue
        if deck.id in content.decks or deck.id in found.decks:
            other = "a preconstructed deck" if deck.id in content.decks else found.files[deck.id].name
            found.problems.append(f"Your deck file {path.name} is left out: its id {deck.id!r} is also "
                                  f"{other}'s; give it another id")
            continue
        lines = validate_deck(deck, content.cards)
        if lines:
            found.drafts[path] = deck
            found.problems.append(f"Your deck {deck.name!r} ({path.name}) is not offered for play yet: "
                                  f"{'; '.join(lines)}")
            continue
        found.decks[deck.id] = deck
        found.files[deck.id] = path
    return found


def _one_line(message: str) -> str:
    return " ".join(part.strip() for part in message.splitlines() if part.strip())


# The config option holding the player's own decks a game is played with, each as the text of its deck
# file: a game is its config, seed and actions, so its save replays the same decks even after the files
# in the deck folder are edited or deleted.
KEPT_DECKS_OPTION = "kept_decks"


def content_for_decks(names: tuple[str, ...] | None, content: RealmsContent,
                      kept: tuple[str, ...] = ()) -> RealmsContent | None:
    """The content a game with these decks needs: None when every deck is preconstructed (the rules load
    the shipped content themselves), else the content with the player's decks added: those `kept` in the
    game's config when it has them (a save), else the playable ones of the deck folder. A name that is
    neither is refused here with the reason, rather than as a KeyError in the rules."""
    if not names or all(name in content.decks for name in names):
        return None
    if kept:
        mine = kept_decks(kept, content)
        problems: list[str] = []
    else:
        found = read_user_decks(content)
        mine, problems = found.decks, found.problems
    missing = [name for name in names if name not in content.decks and name not in mine]
    if missing:
        why = "; ".join(problems) or "no deck with that id in the preconstructed decks or your deck folder"
        raise ValueError(f"no playable deck {', '.join(map(repr, missing))}: {why}")
    return RealmsContent(content.cards, {**content.decks, **mine}, content.hash)


def keep_decks(names: tuple[str, ...], content: RealmsContent) -> tuple[str, ...]:
    """The deck-file texts of the player's own decks among `names` (read from the deck folder), in seat
    order, for the game's config (KEPT_DECKS_OPTION); () when every deck is preconstructed."""
    own = [name for name in dict.fromkeys(names) if name not in content.decks]
    if not own:
        return ()
    from guardians.games.realms.deck_import import deck_yaml

    found = read_user_decks(content)
    return tuple(deck_yaml(found.decks[name], content.cards) for name in own if name in found.decks)


def kept_decks(texts: tuple[str, ...], content: RealmsContent) -> dict[str, DeckDef]:
    """The decks a game's config keeps (KEPT_DECKS_OPTION), read and checked as deck files are; a kept deck
    that cannot be read or no longer passes the deck rules (a card changed, say) raises ValueError naming
    it."""
    from guardians.engine.content import load_yaml_text

    decks: dict[str, DeckDef] = {}
    for number, text in enumerate(texts, 1):
        name = f"the game's own deck {number}"
        try:
            data = load_yaml_text(str(text), name)
        except ContentErrors as exc:
            raise ValueError("; ".join(str(e) for e in exc.errors)) from None
        if not isinstance(data, dict) or not isinstance(data.get("deck"), dict):
            raise ValueError(f"{name}: a kept deck is a mapping with the one key 'deck'")
        checker = Checker(name)
        deck = parse_deck(checker, data["deck"], set(content.cards))
        if deck is None:
            raise ValueError("; ".join(str(e) for e in checker.errors))
        lines = validate_deck(deck, content.cards)
        if lines:
            raise ValueError(f"{name} ({deck.name}) cannot be played: {'; '.join(lines)}")
        decks[deck.id] = deck
    return decks


def deck_file_name(name: str) -> str:
    """A deck's id and file stem from the name the player typed: "Fairy Swarm!" -> "fairy_swarm"."""
    value = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return value if re.match(r"^[a-z]", value) else f"deck_{value}" if value else ""


def write_user_deck(deck: DeckDef, cards: Mapping[str, CardDef], folder: Path | None = None) -> Path:
    """Write the deck as `<id>.yaml` in the user's deck folder, in the hand-writable YAML of the shipped
    decks (deck_import.deck_yaml), atomically: a failed write leaves any earlier file as it was. Needs
    exactly one Guardian (the file names one); DeckFileError otherwise."""
    from guardians.games.realms.deck_import import DeckImportError, deck_yaml

    try:
        body = deck_yaml(deck, cards, [f"{deck.name}: made with the deck builder; edit by hand as you like."])
    except DeckImportError as exc:
        raise DeckFileError(str(exc)) from exc
    folder = folder if folder is not None else user_deck_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{deck.id}.yaml"
    temp = path.with_suffix(".yaml.tmp")
    temp.write_text(body, encoding="utf-8")
    os.replace(temp, path)
    return path
