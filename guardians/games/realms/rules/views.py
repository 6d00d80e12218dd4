"""What a seat may see (spec §5, ruling A36) and the generic table's panels, for RealmsState.

Hidden from a seat: every deck (its own too) and the reshuffled Up-card piles; the other seats' Storage
Hands, Creature Pens, Storage Depots and Victory Cards, the creatures under their Shields and on their
Stronghold cards, their unused channelers, their face-down Terrain and their Combat Hands; and other
seats' commitments not yet revealed (placements, Command Cards, match-up picks). Sizes stay visible.

A hidden card keeps its instance number and loses its id (HIDDEN): card ids were dealt to instances at
random when the decks were shuffled, so an instance number tells nothing. A hidden variant deals the
hidden ids of each pile among themselves; a determinization re-deals, per owner, the cards of the
owner's deck list not in sight, respecting what each pile may hold (Depot: double-bordered backs; Pen:
single; a Combat Hand: creatures; a stack: creatures and creature items; a channeler: a creature that
channels).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from guardians.engine.rng import Rng
from guardians.engine.table import CardFace, Item, Panel
from guardians.games.realms.rules.model import HIDDEN


class ViewsMixin:
    """Observation, determinization and the table for RealmsState."""

    # ----- what is hidden ----------------------------------------------------------------------------

    def hidden_groups(self, viewer: int | None) -> dict[tuple[int, str], list[int]]:
        """(owner, pile kind) -> the instances `viewer` may not identify."""
        groups: dict[tuple[int, str], list[int]] = {}

        def add(owner: int, kind: str, insts: list[int]) -> None:
            if insts:
                groups.setdefault((owner, kind), []).extend(insts)

        c = self.combat
        for s, pl in enumerate(self.seats):
            add(s, "deck", pl.deck + pl.up_pile)
            if s == viewer:
                continue
            # Victory Cards are shown once the game is over (RB-4P: the winner shows the condition met).
            add(s, "any", pl.hand + ([pl.victory] if pl.victory is not None and self.winners is None else []))
            add(s, "pen", pl.pen)
            add(s, "depot", pl.depot)
            if c is not None and s in c.hands:
                add(s, "combat", [i for i in c.hands[s] if self.cd_type(i) != "guardian"])
        shown = set(self.flags.get("shown", ()))
        for sp in self.spaces.values():
            for s, st in sp.stacks.items():
                if s != viewer:
                    add(s, "stack", [i for i in st.cards if i not in shown])
            if sp.realm is not None and sp.realm != viewer and sp.tower:
                add(sp.realm, "combat", list(sp.tower))
            if sp.realm is not None and sp.realm != viewer and sp.under:
                used = self.seats[sp.realm].used_ch
                add(sp.realm, "under", [i for i in sp.under if i not in used])
            if sp.terrain is not None and sp.face_down and sp.terrain_owner != viewer:
                add(sp.terrain_owner if sp.terrain_owner is not None else 0, "any", [sp.terrain])
        return groups

    def cd_type(self, inst: int) -> str:
        cid = self.cards[inst]
        return self.content.cards[cid].type if cid in self.content.cards else "?"

    def hidden_instances(self, viewer: int | None) -> set[int]:
        return {i for insts in self.hidden_groups(viewer).values() for i in insts}

    def _commitments(self) -> list[Any]:
        out = [self.commit] if self.commit is not None else []
        if self.combat is not None and self.combat.commit is not None:
            out.append(self.combat.commit)
        return out

    def _observe(self, seat: int | None) -> Any:
        other = self.clone()
        hidden = self.hidden_instances(seat)
        if hidden:
            other.cards = _with_hidden(self.cards, hidden)
        for commit in other._commitments():
            for s in commit.hidden_from(seat):
                commit.committed[s] = None
        return other

    def view(self, seat: int | None, with_log: bool = True) -> Any:
        """The kernel's view, with the Memory Rule on top (R28, ruling A35): while Draw and Organize lasts,
        the seat's own Shields outside its Stronghold area show no contents (their sizes stay). A display
        mask only: `determinize` starts from `_observe`, so the computer players still know their cards."""
        observed = super().view(seat, with_log)      # type: ignore[misc]
        masked = self.memory_masked(seat)
        if masked:
            observed.cards = _with_hidden(observed.cards, masked)
        return observed

    def memory_masked(self, seat: int | None) -> list[int]:
        """RB-MR I.B (R28): the cards under the seat's own Shields that stand outside its own Stronghold
        cards, while the Memory Rule applies (Draw and Organize, option `memory_rule`, on by default)."""
        if seat is None or not self.memory_rule or self.phase != "dno":
            return []
        out: list[int] = []
        for sp in self.spaces.values():
            st = sp.stacks.get(seat)
            if st is None or st.shield is None or (sp.kind == "hold" and sp.realm == seat):
                continue
            out.extend(st.cards)
        return out

    def _vary_hidden(self, variant: Any, seat: int, rng: Rng) -> None:
        """Deal the hidden ids of each pile among its instances; change hidden commitments."""
        cards = list(variant.cards)
        for key in sorted(self.hidden_groups(seat)):
            insts = sorted(self.hidden_groups(seat)[key])
            ids = [cards[i] for i in insts]
            rng.shuffle(ids)
            for inst, cid in zip(insts, ids):
                cards[inst] = cid
        variant.cards = tuple(cards)
        c = variant.combat
        if c is not None and c.commit is not None:
            for s in c.commit.hidden_from(seat):
                if c.commit.committed.get(s) is not None and c.stage == "pick":
                    choices = sorted(variant.pick_choices(s))
                    if choices:
                        c.commit.committed[s] = rng.pick(choices)

    def _combat_needs(self, seat: int) -> dict[int, list[tuple[str, Any]]]:
        """What `seat` knows the other combatants hold though it cannot see it: owner -> (pile, test) pairs,
        of which at least one card of that pile (its Combat Hand, "combat", or its Depot) must pass one.

        A seat asked to declare a Command Card, or that declared one and has yet to reveal it, holds a
        possible Command Card; while match-up picks are committed (or a first creature's border is being
        declared) every combatant holds a possible pick. A world without it would be no legal state: the
        seat's commitment could not be chosen, or its decision would have no options."""
        c = self.combat
        needs: dict[int, list[tuple[str, Any]]] = {}
        if c is None:
            return needs
        pend = self.pending
        for s in (c.att, c.dfn):
            if s == seat:
                continue
            if c.stage == "pick" or (c.stage == "primary" and pend is not None and pend.kind == "border"):
                needs[s] = [("combat", lambda card, s=s: self.pick_ok(s, card))]
            elif (c.stage == "cmdpick" and c.commit is not None and s in c.commit.order) or \
                    (c.stage == "declare" and (c.declared.get(s) or (pend is not None and pend.kind == "declare"
                                                                     and pend.seat == s))):
                needs[s] = [("combat", lambda card, s=s: self.command_ok(s, card, "combat")),
                            ("depot", lambda card, s=s: self.command_ok(s, card, "depot"))]
        return needs

    def _fill_hidden(self, seat: int, rng: Rng) -> None:
        """Give every hidden card an id its owner's deck list still holds and `seat` has not seen, so that
        the world agrees with what `seat` knows of the combat (`_combat_needs`); then choose the hidden
        commitments among the choices the world's cards give."""
        groups = self.hidden_groups(None)
        cards = list(self.cards)
        tests = {
            "depot": lambda c: c.back == "double",
            "under": lambda c: c.type == "creature" and c.cmp > 0,
            "combat": lambda c: c.type == "creature",
            "stack": lambda c: c.type == "creature" or (c.type == "item" and c.kind == "creature"),
            "pen": lambda c: c.back != "double",
        }
        needs = self._combat_needs(seat)
        piles: dict[int, dict[str, list[int]]] = {}
        if self.combat is not None:
            piles = {s: {"combat": self.combat.hands[s], "depot": self.seats[s].depot} for s in self.combat.hands}

        def met(owner: int, dealt: list[str]) -> bool:
            return owner not in needs or any(test(self.content.cards[dealt[i]]) for pile, test in needs[owner]
                                             for i in piles[owner][pile])

        for owner in range(self.n):
            deck = self.content.decks[self.seats[owner].deck_name]
            unseen = Counter(cid for cid, count in deck.cards for _ in range(count))
            for inst, cid in enumerate(cards):
                if self.owner[inst] == owner and cid != HIDDEN and cid in unseen and unseen[cid] > 0 \
                        and self.content.cards[cid].type not in ("guardian", "stronghold"):
                    unseen[cid] -= 1
            base = sorted(unseen.elements())
            for attempt in range(8):
                pool = list(base)
                rng.shuffle(pool)
                dealt = list(cards)
                if attempt == 7 and owner in needs:
                    self._deal_needed(owner, needs[owner], piles[owner], pool, dealt, tests, rng)
                self._deal(owner, groups, pool, dealt, deck, tests)
                if met(owner, dealt):
                    break
            cards = dealt
        self.cards = tuple(cards)
        for commit in self._commitments():
            for s, value in list(commit.committed.items()):
                if value is not None:
                    continue
                if commit is self.commit:
                    commit.committed[s] = []
                    continue
                assert self.combat is not None
                choices = sorted(self._command_choices(s) if self.combat.stage == "cmdpick" else self.pick_choices(s))
                if not choices:
                    raise RuntimeError(f"determinize: no card of seat {s}'s could be its hidden commitment")
                commit.committed[s] = rng.pick(choices)

    def _deal(self, owner: int, groups: dict, pool: list[str], cards: list[str], deck: Any, tests: dict) -> None:
        """Deal `pool` (shuffled) to the owner's hidden instances still unnamed, pile by pile."""
        for kind in ("depot", "under", "combat", "stack", "pen", "any", "deck"):
            for inst in sorted(groups.get((owner, kind), [])):
                if cards[inst] != HIDDEN:
                    continue
                test = tests.get(kind)
                pick = next((k for k, cid in enumerate(pool) if test is None or test(self.content.cards[cid])), None)
                if pick is None:
                    pick = 0 if pool else None
                cards[inst] = pool.pop(pick) if pick is not None else deck.cards[0][0]

    def _deal_needed(self, owner: int, need: list[tuple[str, Any]], piles: dict[str, list[int]], pool: list[str],
                     cards: list[str], tests: dict, rng: Rng) -> None:
        """Name one hidden card of a needed pile with a card of `pool` that meets the need (when random deals
        keep missing it)."""
        for pile, test in rng.sample(need, len(need)):
            slots = [i for i in piles[pile] if cards[i] == HIDDEN]
            k = next((k for k, cid in enumerate(pool) if tests[pile](self.content.cards[cid])
                      and test(self.content.cards[cid])), None)
            if slots and k is not None:
                cards[rng.pick(slots)] = pool.pop(k)
                return

    # ----- the table ------------------------------------------------------------------------------------

    def face(self, inst: int) -> CardFace | None:
        cid = self.cards[inst]
        if cid == HIDDEN or cid not in self.content.cards:
            return None
        card = self.content.cards[cid]
        stats: list[tuple[str, str]] = []
        if card.type in ("creature", "guardian"):
            stats.append(("VIT", str(card.vitality)))
            if card.type == "creature":
                stats.append(("OCB", str(card.ocb)))
                if card.shield_cost is not None:
                    stats.append(("COST", str(card.shield_cost)))
            if card.cmp:
                stats.append(("CMP", str(card.cmp)))
        elif card.number is not None:
            stats.append(("UP", str(card.number)))
        colour = card.border or card.type
        return CardFace(card.name, card.type.title(), card.text or "", tuple(stats), colour,
                        " ".join(x for x in (card.size or "", ", ".join(card.classes)) if x))

    def item(self, inst: int, hidden: set[int], tags: tuple[str, ...] = ()) -> Item:
        if inst in hidden or self.cards[inst] == HIDDEN:
            return Item(None, "face-down card", None, ("face-down",) + tags)
        return Item(f"card:{inst}", self.name(inst), self.face(inst), tags)

    def _rows(self) -> list[tuple[str, list[str]]]:
        """The board as rows of spaces for the generic table (2p: the far side first; 4p: a panel a seat)."""
        if self.n == 2:
            return [(f"{self.seat_name(1)}'s Stronghold", ["S1L", "S1C", "S1R"]),
                    (f"{self.seat_name(1)}'s realm", ["D1L", "D1C", "D1R"]),
                    (f"{self.seat_name(0)}'s realm", ["D0L", "D0C", "D0R"]),
                    (f"{self.seat_name(0)}'s Stronghold", ["S0L", "S0C", "S0R"])]
        rows = [(f"{self.seat_name(s)}: Stronghold and realm", [f"{k}{s}{c}" for k in "SD" for c in "LCR"])
                for s in range(self.n)]
        return [("Centre", ["X"])] + rows

    def _space_item(self, sid: str, hidden: set[int]) -> Item:
        """One space as an item: its name, and at most two badges (the land or Stronghold; the stacks)."""
        sp = self.spaces[sid]
        if sp.kind == "hold":
            first = "Rubble" + (f" of P{sp.rubble_ctrl + 1}" if sp.rubble_ctrl is not None else "") if sp.rubble \
                else "Stronghold"
            if sp.upgrade is not None:
                first += f" + {self.name(sp.upgrade)}"
            if sp.under:
                first += f" · {len(sp.under)} under"
            if sp.tower:
                first += f" · {len(sp.tower)} in the Upgrade"
        else:
            ctrl = self.controller(sid)
            first = f"P{ctrl + 1}" if ctrl is not None else "nobody"
            if sp.terrain is None:
                first += " · no Terrain"
            elif sp.face_down:
                first += f" · face-down T. P{(sp.terrain_owner or 0) + 1}"
            else:
                first += f" · {self.name(sp.terrain)} P{(sp.terrain_owner or 0) + 1}"
        stacks = []
        for s, st in sorted(sp.stacks.items()):
            if st.shield is not None:
                stacks.append(f"P{s + 1} Shield{'(t)' if st.turned else ''} {len(st.cards)}")
            else:
                stacks.append(f"P{s + 1} {len(st.cards)} no Shield")
        tags = ("; ".join([first] + stacks),)
        name = sid
        if sp.kind == "hold" and not sp.rubble and sid in self.hold_cards:
            name = f"{sid} {self.name(self.hold_cards[sid])}"
        return Item(f"space:{sid}", name, None, tags)

    def table(self, seat: int | None) -> list:
        """Panels for the generic table: the combat first while one is fought, then the board (a space
        item per space; the viewer's own cards on it, except during a combat), then the seats."""
        hidden = self.hidden_instances(seat)
        panels: list[Panel] = []
        c = self.combat
        fighting = c is not None and c.stage != "retreat"
        # the viewer's own cards on the board are shown when its choice is about them
        show_own = self.pending is not None and self.pending.seat == seat and \
            self.pending.kind in ("reinforce", "settle", "overflow")
        if c is not None and fighting:
            items = []
            for s in (c.att, c.dfn):
                for inst in c.inplay[s]:
                    tags = [f"P{s + 1}"]
                    if inst in c.beaten:
                        tags.append("beaten")
                    if inst in c.destroyed:
                        tags.append("destroyed")
                    items.append(self.item(inst, hidden, tuple(tags)))
            lines = [f"{self.seat_name(c.att)} attacks {self.seat_name(c.dfn)} on {c.space}"
                     + (" (the Guardian)" if c.guardian else "")]
            for s in (c.att, c.dfn):
                lines.append(f"{self.seat_name(s)}: {len(c.hands[s])} in the Combat Hand")
            panels.append(Panel("Combat", tuple(items), extra=tuple(lines)))
        if show_own and seat is not None and not fighting:
            wanted = [self.pending.data] if self.pending.kind in ("settle", "overflow") else \
                [sid for sid, sp in self.spaces.items() if sp.kind == "hold" and sp.realm == seat]
            for sid in wanted:
                st = self.spaces[sid].stacks.get(seat)
                if st is not None and st.cards:
                    panels.append(Panel(f"Your cards on {sid}", tuple(self.item(i, hidden, (sid,)) for i in st.cards)))
        for title, row in self._rows():
            items: list[Item] = []
            for sid in row:
                sp = self.spaces[sid]
                items.append(self._space_item(sid, hidden))
                for inst in sp.under:
                    if inst not in hidden:
                        used = sp.realm is not None and inst in self.seats[sp.realm].used_ch
                        items.append(self.item(inst, hidden, (sid, "used" if used else "channeler")))
            panels.append(Panel(title, tuple(items)))
        for s, pl in enumerate(self.seats):
            own = s == seat
            items = [Item(f"guardian:{s}", self.name(pl.guardian), self.face(pl.guardian),
                          ("guardian",) if pl.g_alive else ("guardian", "beaten"))]
            if own:
                for pile, name in ((pl.hand, "storage"), (pl.pen, "pen"), (pl.depot, "depot")):
                    items += [self.item(i, hidden, (name,)) for i in pile]
                if self.combat is not None and s in self.combat.hands:
                    items += [self.item(i, hidden, ("combat hand",)) for i in self.combat.hands[s]]
            up = f"Up-card {self.name(pl.upcard)} ({pl.up_number})" if pl.upcard is not None else "No Up-card"
            extra = [f"Stones {pl.stones} · Shields destroyed {len(pl.kills)} · lost {pl.lost} · lands {self.lands_of(s)}",
                     f"Deck {len(pl.deck)} · Discard {len(pl.discard)} · Storage {len(pl.hand)} · Pen {len(pl.pen)}"
                     f" · Depot {len(pl.depot)}", up]
            if own and pl.victory is not None:
                extra.append(f"Victory Card {self.name(pl.victory)} ({self.up_number(pl.victory)})")
            panels.append(Panel(self.seat_name(s), tuple(items), group="hand" if own else "status", owner=s,
                                extra=tuple(extra)))
        panels.append(Panel("Round", (), group="status",
                            extra=(f"Round {self.round} of at most {self.max_rounds} · {self.phase} ({self.step})",)))
        return panels


def _with_hidden(cards: tuple[str, ...], insts: Iterable[int]) -> tuple[str, ...]:
    """A new card table with these instances' identities hidden (the table is shared by clones)."""
    out = list(cards)
    for inst in insts:
        out[inst] = HIDDEN
    return tuple(out)
