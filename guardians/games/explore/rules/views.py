"""What each seat may see: the result, copies, digests, masked views, determinizations and the table.

Hidden from a seat (rulebook: decks are face down; hands, secret quests and the draft are secret; the
SUPER/quest cards on the bosses are face down until step 18; monster piles and face-down monsters are
unknown; a Museum monster is kept secret; docs/rules-notes/explore.md: a Guardian-mode Power Up chain is
hidden until the reveal): every deck (its own too: the order is unknown), the Supply, the box, the
Ghost's deck, other seats' hands, drafts, dealt SUPER cards and quests, cards under another seat's Aimed
Shot, the stacks other seats hold, an unrevealed Power Up (cards, levels, registered effects) and the
cards it moved, monster piles, face-down monsters and other seats' Museum monsters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from guardians.engine import Result
from guardians.engine.flow import Pending, pending_repr
from guardians.engine.rng import Rng
from guardians.engine.state import blank_state
from guardians.engine.table import CardFace, Item, Panel
from guardians.games.explore.rules.model import HIDDEN, NONE, PU_WAITING

if TYPE_CHECKING:
    from guardians.games.explore.rules.state import ExploreState

_STATIC = ("content", "n", "difficulty", "coop", "apprentice", "hidden_power_up", "L", "base_index", "city_indices",
           "red_indices", "neighbours", "final_colour", "grants", "track", "bosses", "mwave")


class Views:
    """Mixin of ExploreState."""

    # ----- result and copies --------------------------------------------------------------------

    @property
    def result(self: "ExploreState") -> Result | None:
        final = self.final
        if final is None:
            return None
        return Result(final["winners"], final["reason"], final["scores"], final["coop_loss"])

    def _copy(self: "ExploreState") -> "ExploreState":
        from guardians.games.explore.rules.state import ExploreState

        o = blank_state(ExploreState)
        assert isinstance(o, ExploreState)
        for name in _STATIC:
            setattr(o, name, getattr(self, name))
        o.cards = self.cards
        self._own_cards = False
        o._own_cards = False
        o.quests = self.quests
        o.mons = self.mons
        o.tk = self.tk
        o.p = [pl.copy() for pl in self.p]
        o.supply = list(self.supply)
        o.trash = list(self.trash)
        o.ps_pool = list(self.ps_pool)
        o.coward_pile = list(self.coward_pile)
        o.box = list(self.box)
        o.pool = list(self.pool)
        o.quest_box = list(self.quest_box)
        o.mloc = [list(x) for x in self.mloc]
        o.down = set(self.down)
        o.mdmg = dict(self.mdmg)
        o.wave_decks = [list(d) for d in self.wave_decks]
        o.retreat_pile = list(self.retreat_pile)
        o.cur_wave = self.cur_wave
        o.boss_cards = {k: list(v) for k, v in self.boss_cards.items()}
        o.boss_up = self.boss_up
        o.boss = self.boss
        o.boss_done = dict(self.boss_done)
        o.home_flipped = self.home_flipped
        o.shield_round = self.shield_round
        o.trail = self.trail
        o.round_no = self.round_no
        o.phase = self.phase
        o.turn_i = self.turn_i
        o.bstep = self.bstep
        o.packs = [list(x) for x in self.packs]
        o.holder = list(self.holder)
        o.ghost_pack = self.ghost_pack
        o.ghost = list(self.ghost)
        o.queue = list(self.queue)
        o.ghost_done = self.ghost_done
        o.ticks = self.ticks
        o.stack = [f.copy() for f in self.stack]
        o.pending = self.pending
        o.secret = dict(self.secret)
        o.revealed = self.revealed
        o.virtual = set(self.virtual)
        o.reward_queue = list(self.reward_queue)
        o.final = self.final
        o._viewer = None
        return o

    def pu_hidden(self: "ExploreState", seat: int) -> bool:
        """Is this seat's Power Up (chain, levels, registered effects) hidden from the others now?"""
        return self.hidden_power_up and not self.revealed and self.p[seat].pu != PU_WAITING

    def _digest_data(self: "ExploreState") -> Any:
        viewer = self._viewer
        players = []
        for s, pl in enumerate(self.p):
            masked = viewer is not None and s != viewer and self.pu_hidden(s)
            players.append([pl.public_data(), "hidden" if masked else pl.round_data()])
        stack = []
        for f in self.stack:
            if viewer is not None and f.seat != viewer:
                stack.append([f.seat, "hidden"])
            else:
                stack.append(f.data())
        pending = self.pending
        if viewer is not None and pending is not None and pending.seat != viewer:
            pending = Pending(pending.kind, pending.seat, "hidden")
        return [
            self.cards, self.quests, self.mons, players, self.supply, self.trash, self.ps_pool, self.coward_pile,
            self.box, self.pool, self.quest_box, self.mloc, sorted(self.down), sorted(self.mdmg.items()), self.wave_decks,
            self.retreat_pile, self.cur_wave, sorted(self.bosses.items()), sorted(self.boss_cards.items()),
            self.boss_up, self.boss, sorted(self.boss_done.items()), self.home_flipped, self.shield_round, self.trail,
            self.tk, self.round_no, self.phase, self.turn_i, self.bstep, self.packs, self.holder, self.ghost_pack,
            self.ghost, self.queue, self.ghost_done, self.ticks, stack, pending_repr(pending), sorted(self.secret.items()),
            self.revealed, sorted(self.virtual), self.reward_queue, repr(self.final),
        ]

    # ----- hidden information -------------------------------------------------------------------

    def hidden_cards(self: "ExploreState", seat: int | None) -> set[int]:
        """Guardian card instances `seat` cannot identify (None: a spectator, who sees only public cards)."""
        hidden: set[int] = set()
        for s, pl in enumerate(self.p):
            hidden.update(pl.deck)
            if s != seat:
                hidden.update(pl.hand)
                hidden.update(pl.drafted)
                hidden.update(pl.super_hand)
                for tucked in pl.under.values():
                    hidden.update(tucked)
                if self.pu_hidden(s):
                    hidden.update(pl.chain)
        hidden.update(self.supply)
        hidden.update(self.box)
        hidden.update(self.ghost)
        if not self.boss_up:
            hidden.update(self.boss_cards["blue"])
        for k, pack in enumerate(self.packs):
            if self.holder[k] != seat:
                hidden.update(pack)
        for inst, s in self.secret.items():
            if s != seat:
                hidden.add(inst)
        for f in self.stack:
            if f.seat != seat and "look" in f.env:
                hidden.update(f.env["look"])
        return hidden

    def hidden_quests(self: "ExploreState", seat: int | None) -> set[int]:
        if self.final is not None:
            return set(self.quest_box) | (set() if self.boss_up else set(self.boss_cards["red"]))
        hidden = set(self.quest_box)
        if not self.boss_up:
            hidden.update(self.boss_cards["red"])
        for s, pl in enumerate(self.p):
            if s != seat:
                hidden.update(pl.quests)
                hidden.update(pl.quest_hand)
        return hidden

    def hidden_monsters(self: "ExploreState", seat: int | None) -> set[int]:
        hidden = set(self.down)
        for deck in self.wave_decks:
            hidden.update(deck)
        for s, pl in enumerate(self.p):
            if s != seat and pl.museum != NONE:
                hidden.add(pl.museum)
        return hidden

    def view(self: "ExploreState", seat: int | None) -> "ExploreState":
        """A copy in which what `seat` may not see is masked ("?"); hidden piles are sorted."""
        other = self.clone()
        assert isinstance(other, type(self))
        other._viewer = seat if seat is not None else -1
        cards = list(self.cards)
        for i in self.hidden_cards(seat):
            cards[i] = HIDDEN
        other.cards = cards
        other._own_cards = True
        quests = list(self.quests)
        for q in self.hidden_quests(seat):
            quests[q] = HIDDEN
        other.quests = quests
        mons = list(self.mons)
        for m in self.hidden_monsters(seat):
            mons[m] = HIDDEN
        other.mons = mons
        for s, pl in enumerate(other.p):
            pl.deck.sort()
            if s != seat:
                for pile in (pl.hand, pl.drafted, pl.super_hand, pl.quests, pl.quest_hand):
                    pile.sort()
                for tucked in pl.under.values():
                    tucked.sort()
                if self.pu_hidden(s):
                    pl.chain.sort()
        for pile in (other.supply, other.box, other.ghost, other.quest_box, *other.wave_decks):
            pile.sort()
        if not self.boss_up:
            for pile in other.boss_cards.values():
                pile.sort()
        for k, pack in enumerate(other.packs):
            if self.holder[k] != seat:
                pack.sort()
        return other

    def determinize(self: "ExploreState", seat: int, rng: Rng) -> "ExploreState":
        """A full state consistent with `view(seat)`: hidden cards re-dealt among the places they could be.

        Other seats' hidden cards are re-dealt within that seat's hand and deck (its deck composition is
        kept), hidden SUPER cards among all hidden SUPER places, the Supply/box/unseen stacks among
        themselves, hidden quests among all hidden quest places and hidden monsters within their wave.
        The seat's own deck keeps the top cards it knows and shuffles the rest. A Power Up chain
        committed but not yet revealed, and the cards it moved, are kept as they are (not re-sampled)."""
        other = self.clone()
        assert isinstance(other, type(self))
        other.invalidate()
        cards = list(self.cards)
        other.cards = cards
        other._own_cards = True
        frozen = {i for i, s in self.secret.items() if s != seat}
        for s, pl in enumerate(self.p):
            if s != seat and self.pu_hidden(s):
                frozen.update(pl.chain)
        for f in self.stack:
            if "look" in f.env:
                frozen.update(f.env["look"])
        pools: dict[tuple, list[int]] = {}
        content = self.content.cards

        def put(inst: int, key: tuple) -> None:
            if inst in frozen:
                return
            pools.setdefault(("super",) if content[cards[inst]].super else key, []).append(inst)

        for s, pl in enumerate(self.p):
            if s == seat:
                continue
            for inst in pl.hand + pl.deck + pl.drafted + pl.super_hand:
                put(inst, ("p", s))
            for tucked in pl.under.values():
                for inst in tucked:
                    put(inst, ("p", s))
        shared = self.supply + self.box + self.ghost
        if not self.boss_up:
            shared = shared + self.boss_cards["blue"]
        for k, pack in enumerate(self.packs):
            if self.holder[k] != seat:
                shared = shared + pack
        for inst in shared:
            put(inst, ("s",))
        for key in sorted(pools):
            insts = sorted(pools[key])
            ids = sorted(cards[i] for i in insts)
            rng.shuffle(ids)
            for inst, cid in zip(insts, ids):
                cards[inst] = cid
        own = other.p[seat]
        cut = len(own.deck) - own.known_top
        unknown = sorted(own.deck[:cut])
        rng.shuffle(unknown)
        own.deck[:cut] = unknown
        quests = list(self.quests)
        hidden_q = sorted(self.hidden_quests(seat))
        ids = sorted(quests[q] for q in hidden_q)
        rng.shuffle(ids)
        for q, qid in zip(hidden_q, ids):
            quests[q] = qid
        other.quests = quests
        mons = list(self.mons)
        by_wave: dict[int, list[int]] = {}
        for m in self.hidden_monsters(seat):
            by_wave.setdefault(self.mwave[m], []).append(m)
        for wave in sorted(by_wave):
            insts = sorted(by_wave[wave])
            ids = sorted(mons[m] for m in insts)
            rng.shuffle(ids)
            for m, kid in zip(insts, ids):
                mons[m] = kid
        other.mons = mons
        # damage on a face-down monster is impossible, and hidden monsters carry none: nothing to fix
        return other

    # ----- the table ----------------------------------------------------------------------------

    def card_face(self: "ExploreState", card_id: str) -> CardFace:
        card = self.content.cards[card_id]
        kind = ("SUPER " if card.super else "") + card.type.title()
        stats = [("NEED", str(card.requires))]
        energy = sum(p["amount"] for name, p in card.effect if name == "energy")
        attack = sum(p["amount"] for name, p in card.effect if name == "attack")
        if energy:
            stats.append(("NRG", f"+{energy}"))
        if attack:
            stats.append(("ATK", f"+{attack}"))
        footer = ", ".join(t.title() for t in card.tags)
        if card.is_persistent:
            footer = (footer + " · " if footer else "") + "Persistent"
        colour = "super" if card.super else card.type
        return CardFace(card.name, kind, card.text, tuple(stats), colour, footer)

    def monster_face(self: "ExploreState", m: int) -> CardFace:
        kind = self.content.monsters[self.mons[m]]
        family = self.content.families[kind.family]
        stats = (("ATK", str(kind.attack)), ("PTS", str(kind.trophy)), ("WAVE", str(self.mwave[m])))
        return CardFace(kind.name, f"{family.name} · tier {kind.tier}", family.text, stats, kind.family)

    def quest_face(self: "ExploreState", q: int) -> CardFace:
        quest = self.content.quests[self.quests[q]]
        return CardFace(quest.name, "Secret Quest", quest.text, (("PTS", str(quest.points)),), "quest")

    def location_face(self: "ExploreState", loc: int) -> CardFace:
        location = self.L[loc]
        text = location.text
        if location.base and self.home_flipped:
            text = "Lost to the Blue boss: nobody can visit it any more."
        stats = (("No.", str(location.number)), ("SYM", str(location.symbols)))
        return CardFace(location.name, "Location", text, stats, location.colour)

    def boss_face(self: "ExploreState", colour: str) -> CardFace:
        boss = self.boss_def(colour)
        return CardFace(boss.name, f"{colour.title()} Boss", boss.text,
                        (("ATK", f"{boss.per_player}×{self.n}={boss.per_player * self.n}"),), "boss")

    def _card_item(self: "ExploreState", inst: int, hidden: set[int], tags: tuple[str, ...] = ()) -> Item:
        if inst in hidden:
            return Item(None, "face-down card", None, ("face-down",))
        return Item(f"card:{inst}", self.card_name(inst), self.card_face(self.cards[inst]), tags)

    def table(self: "ExploreState", seat: int | None) -> list[Panel]:
        hidden = self.hidden_cards(seat)
        hidden_m = self.hidden_monsters(seat)
        hidden_q = self.hidden_quests(seat)
        panels: list[Panel] = []
        space = self.track[self.tk] if self.tk < len(self.track) else "end"
        rounds = sum(1 for s in self.track if s in ("round", "blue_boss", "red_boss"))
        status = [
            f"Round {self.round_no} of {rounds} · {self.phase.replace('_', ' ')} phase · Timekeeper: "
            f"{space.replace('_', ' ')}",
            f"Trailblazer: {self.seat_name(self.trail)} · invasions from the {('First', 'Second', 'Third')[self.cur_wave - 1]} Wave",
            "Monster piles: " + " / ".join(str(len(d)) for d in self.wave_decks) + f" · Retreat pile {len(self.retreat_pile)}",
            f"Guardian Supply {len(self.supply)} · trash {len(self.trash)} · Practice Swings left {len(self.ps_pool)}",
        ]
        if self.shield_round:
            status.append("The city's monsters are shielded against damage counters this round")
        panels.append(Panel("Arthursburg", (), group="status", extra=tuple(status)))
        for colour in ("blue", "red"):
            if colour not in self.bosses:
                continue
            items = []
            if self.boss == colour or colour in self.boss_done:
                tags = ("defeated",) if self.boss_done.get(colour) else ()
                items.append(Item("boss", self.boss_def(colour).name, self.boss_face(colour), tags))
            else:
                items.append(Item(None, f"{colour.title()} boss (face down)", None, ("face-down",)))
            for inst in self.boss_cards[colour]:
                if colour == "blue":
                    items.append(self._card_item(inst, hidden))
                elif inst in hidden_q:
                    items.append(Item(None, "face-down quest", None, ("face-down",)))
                else:
                    items.append(Item(f"quest:{inst}", self.content.quests[self.quests[inst]].name,
                                      self.quest_face(inst)))
            extra: tuple[str, ...] = ()
            if self.boss == colour:
                total = sum(pl.boss_contrib for pl in self.p if pl.fights_boss)
                extra = (f"Needs {self.boss_attack(colour)} attack · fighters so far {total}",)
            panels.append(Panel(f"{colour.title()} boss", tuple(items), extra=extra))
        for loc in range(len(self.L)):
            location = self.L[loc]
            items = [Item(f"loc:{loc}", location.name, self.location_face(loc),
                          ("flipped",) if location.base and self.home_flipped else ())]
            for m in self.mloc[loc]:
                if m in hidden_m:
                    items.append(Item(f"mon:{m}", "face-down monster", None, ("face-down",)))
                else:
                    dmg = self.mdmg.get(m, 0)
                    items.append(Item(f"mon:{m}", f"{self.mon_name(m)} ({self.mon_attack(m)})", self.monster_face(m),
                                      (f"{dmg} dmg",) if dmg else ()))
            extra_lines = []
            owner = self.fort_at(loc)
            if owner != NONE:
                extra_lines.append(f"Blanket Fort of {self.seat_name(owner)}")
            visitors = [self.seat_name(s) for s, pl in enumerate(self.p) if pl.loc == loc]
            if visitors:
                extra_lines.append("Visited by " + ", ".join(visitors))
            if self.mloc[loc]:
                extra_lines.append(f"Value {self.value(loc)}" if not any(m in hidden_m for m in self.mloc[loc])
                                   else "Value unknown")
            panels.append(Panel(f"{location.number}. {location.name}", tuple(items), extra=tuple(extra_lines)))
        if self.phase == "draft":
            for k, pack in enumerate(self.packs):
                if self.holder[k] == seat and pack:
                    title = "The Ghost's stack" if k == self.ghost_pack else "Your draft stack"
                    panels.append(Panel(title, tuple(self._card_item(i, hidden) for i in pack), owner=seat))
        if self.trash:
            panels.append(Panel("Trash pile", tuple(self._card_item(i, hidden) for i in self.trash[-12:]),
                                extra=(f"{len(self.trash)} cards",)))
        for s in range(self.n):
            pl = self.p[s]
            items: list[Item] = []
            mine = s == seat
            if mine:
                items += [self._card_item(i, hidden, ("hand",)) for i in pl.hand]
                items += [self._card_item(i, hidden, ("drafted",)) for i in pl.drafted]
                items += [self._card_item(i, hidden, ("SUPER to choose",)) for i in pl.super_hand]
            masked = self.pu_hidden(s) and not mine
            for i in pl.persist:
                sup = not masked and self.is_super(s, i) or self.cdef(i).super
                items.append(self._card_item(i, hidden, ("persistent",) + (("SUPER",) if sup else ())))
            if not masked:
                for i in pl.chain:
                    tags = ("in play",) + (("SUPER",) if self.is_super(s, i) else ())
                    items.append(self._card_item(i, hidden, tags))
            for m in pl.trophies:
                items.append(Item(f"mon:{m}", f"trophy {self.mon_name(m)}", self.monster_face(m), ("trophy",)))
            for q in pl.quests + pl.quest_hand:
                if q in hidden_q:
                    items.append(Item(None, "secret quest", None, ("face-down",)))
                else:
                    items.append(Item(f"quest:{q}", self.content.quests[self.quests[q]].name, self.quest_face(q),
                                      ("quest",)))
            if pl.museum != NONE:
                if mine:
                    items.append(Item(f"mon:{pl.museum}", f"secret {self.mon_name(pl.museum)}",
                                      self.monster_face(pl.museum), ("museum",)))
                else:
                    items.append(Item(None, "secret monster", None, ("face-down",)))
            if masked:
                levels = "powering up in secret"
            else:
                levels = f"energy {pl.energy} · attack {pl.attack} · damage counters {pl.dc}"
            extra = [levels,
                     f"Hand {len(pl.hand)} · deck {len(pl.deck)} · discard {len(pl.discard)} · trophies "
                     f"{self.trophy_points(s)} pts",
                     f"Persistent bonus: +{pl.bonus_energy} energy, +{pl.bonus_attack} attack"]
            if pl.fort != NONE:
                extra.append(f"Blanket Fort at {self.loc_name(pl.fort)}")
            if pl.fights_boss:
                extra.append(f"Battles the boss with {pl.boss_contrib}")
            if pl.discard:
                top = pl.discard[-1]
                extra.append("Discard top: " + (self.card_name(top) if top not in hidden else "a hidden card"))
            if s == self.trail:
                extra.append("Trailblazer")
            panels.append(Panel(self.seat_name(s), tuple(items), group="hand" if mine else "status", owner=s,
                                extra=tuple(extra)))
        return panels

