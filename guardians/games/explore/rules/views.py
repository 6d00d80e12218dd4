"""What each seat may see: the result, copies, digests, masked views, determinizations and the table.

Hidden from a seat (rulebook: decks are face down; hands, secret quests and the draft are secret; the
SUPER/quest cards on the bosses are face down until step 18; a boss is face down until its battle flips
it; monster piles and face-down monsters are unknown; a Museum monster is kept secret; docs/rules-notes/explore.md: a Guardian-mode Power Up chain is
hidden until the reveal): every deck (its own too: the order is unknown), the Supply, the box, the
Ghost's deck, other seats' hands, drafts, dealt SUPER cards and quests, cards under another seat's Aimed
Shot, the stacks other seats hold, an unrevealed Power Up (cards, levels, registered effects) and the
cards it moved, monster piles, face-down monsters and other seats' Museum monsters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from guardians.engine import Result
from guardians.engine.flow import BUILDING, COMMITTED, WAITING, Pending, pending_repr
from guardians.engine.rng import Rng
from guardians.engine.state import blank_state
from guardians.engine.table import CardFace, Item, Panel
from guardians.games.explore.rules.model import HIDDEN, NONE

if TYPE_CHECKING:
    from guardians.games.explore.rules.state import ExploreState


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
        """Every attribute is taken over at once (`__dict__.update`: the static tables, the numbers, the
        content), then each mutable one is replaced by a copy. A new mutable attribute must be copied here."""
        from guardians.games.explore.rules.state import ExploreState

        o = blank_state(ExploreState)
        assert isinstance(o, ExploreState)
        o.__dict__.update(self.__dict__)
        self._own_cards = False
        o._own_cards = False                 # `cards` is shared until one of them adds a card
        o.p = [pl.copy() for pl in self.p]
        o.supply = self.supply[:]
        o.trash = self.trash[:]
        o.ps_pool = self.ps_pool[:]
        o.coward_pile = self.coward_pile[:]
        o.box = self.box[:]
        o.pool = self.pool[:]
        o.quest_box = self.quest_box[:]
        o.mloc = [x[:] for x in self.mloc]
        o.down = set(self.down)
        o.mdmg = self.mdmg.copy()
        o.wave_decks = [d[:] for d in self.wave_decks]
        o.retreat_pile = self.retreat_pile[:]
        o.boss_cards = {k: v[:] for k, v in self.boss_cards.items()}
        o.boss_done = self.boss_done.copy()
        o.packs = [x[:] for x in self.packs]
        o.holder = self.holder[:]
        o.ghost = self.ghost[:]
        o.queue = self.queue[:]
        o.stack = [f.copy() for f in self.stack]
        o.power_ups = self.power_ups.copy() if self.power_ups is not None else None
        o.virtual = set(self.virtual)
        o.reward_queue = self.reward_queue[:]
        o._viewer = None
        return o

    def pu_hidden(self: "ExploreState", seat: int) -> bool:
        """Is this seat's Power Up (chain, levels, registered effects, the cards it moved) hidden from the
        others now? Its commitment in this round's `power_ups` says (begun, hidden, not yet revealed)."""
        commits = self.power_ups
        return commits is not None and commits.is_hidden(seat)

    def power_up_status(self: "ExploreState", seat: int) -> str:
        """WAITING (not begun this round), BUILDING (powering up) or COMMITTED (done), from `power_ups`."""
        commits = self.power_ups
        return WAITING if commits is None else commits.status(seat)

    def secret_marks(self: "ExploreState") -> dict[int, int]:
        """Card -> the seat whose hidden Power Up moved it (its commitment's parts), until the reveal."""
        commits = self.power_ups
        if commits is None or not commits.sealed:
            return {}
        return {i: s for s, moved in commits.committed.items() for i in moved}

    def _round_digest(self: "ExploreState") -> tuple[str, int, list, bool]:
        """Phase, turn index, secret marks and `revealed` as the digest has always recorded them, derived
        from `power_ups` (the Power Up once had phases "reveal" and "borrow" and its own turn index)."""
        commits = self.power_ups
        if commits is None:
            return self.phase, self.turn_i, [], self.round_no > 0
        phase, turn = self.phase, self.turn_i
        if phase == "powerup":
            seat = commits.next_seat()
            turn = commits.order.index(seat) if seat is not None else self.n
            if commits.revealed:
                phase = "borrow"
        return phase, turn, sorted(self.secret_marks().items()), not commits.hidden or commits.revealed

    def _digest_data(self: "ExploreState") -> Any:
        viewer = self._viewer
        players = []
        progress = {WAITING: 0, BUILDING: 1, COMMITTED: 2}
        for s, pl in enumerate(self.p):
            masked = viewer is not None and s != viewer and self.pu_hidden(s)
            players.append([pl.public_data(progress[self.power_up_status(s)]), "hidden" if masked else pl.round_data()])
        stack = []
        for f in self.stack:
            if viewer is not None and f.seat != viewer:
                stack.append([f.seat, "hidden"])
            else:
                stack.append(f.data())
        pending = self.pending
        if viewer is not None and pending is not None and pending.seat != viewer:
            pending = Pending(pending.kind, pending.seat, "hidden")
        phase, turn_i, secret, revealed = self._round_digest()
        return [
            self.cards, self.quests, self.mons, players, self.supply, self.trash, self.ps_pool, self.coward_pile,
            self.box, self.pool, self.quest_box, self.mloc, sorted(self.down), sorted(self.mdmg.items()), self.wave_decks,
            self.retreat_pile, self.cur_wave, sorted(self.bosses.items()), sorted(self.boss_cards.items()),
            self.boss_up, self.boss, sorted(self.boss_done.items()), self.home_flipped, self.shield_round, self.trail,
            self.tk, self.round_no, phase, turn_i, self.bstep, self.packs, self.holder, self.ghost_pack,
            self.ghost, self.queue, self.ghost_done, self.ticks, stack, pending_repr(pending), secret,
            revealed, sorted(self.virtual), self.reward_queue, repr(self.final),
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
        if self.power_ups is not None:
            for s in self.power_ups.hidden_from(seat):
                hidden.update(self.power_ups.committed[s])
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

    # ----- the observation ----------------------------------------------------------------------

    def _observe(self: "ExploreState", seat: int | None) -> "ExploreState":
        """A masked copy for `seat`: every card, quest and monster it may not identify is HIDDEN and renumbered.

        Renumbering: the hidden instances of each kind (cards, quests, monsters) keep the same set of numbers,
        but they are handed out again in the order the hidden things are met walking the zones (piles whose
        order is hidden are all hidden, so that order is public), so a number says nothing about what the
        card is or where it was before. Another seat's unrevealed Power Up keeps only its length: levels and
        registered effects are reset (the totals would tell what was played). Another seat's pending effect
        choice keeps only its kind and seat."""
        o = self.clone()
        assert isinstance(o, type(self))
        o._viewer = seat if seat is not None else -1
        hidden_c, hidden_q, hidden_m = self.hidden_cards(seat), self.hidden_quests(seat), self.hidden_monsters(seat)
        cmap = _renumber(hidden_c, _card_zones(o))
        qmap = _renumber(hidden_q, _quest_zones(o))
        mmap = _renumber(hidden_m, _monster_zones(o))
        _apply_maps(o, cmap, qmap, mmap)
        cards = list(self.cards)
        for i in hidden_c:
            cards[i] = HIDDEN
        o.cards, o._own_cards = cards, True
        o.quests = [HIDDEN if q in hidden_q else x for q, x in enumerate(self.quests)]
        o.mons = [HIDDEN if m in hidden_m else x for m, x in enumerate(self.mons)]
        o.bosses = {colour: boss if self.boss_revealed(colour) else HIDDEN for colour, boss in self.bosses.items()}
        for s, pl in enumerate(o.p):
            if s != seat and self.pu_hidden(s):
                pl.chain.sort()                      # a hidden chain shows its length only
                for moved in o.power_ups.committed.values():     # (its cards are hidden anyway)
                    moved[:] = [i for i in moved if i not in pl.chain]
                pl.energy = pl.attack = pl.dc = 0
                pl.watch, pl.end_pu, pl.battle_fx, pl.bonuses, pl.used, pl.borrows = [], [], [], [], [], []
                pl.attached = {a: t for a, t in pl.attached.items() if a in pl.persist and t in pl.persist}
        pending = o.pending
        if pending is not None and pending.seat != seat and pending.kind == "effect":
            o.pending = Pending(pending.kind, pending.seat, None)
        return o

    def boss_revealed(self: "ExploreState", colour: str) -> bool:
        """A boss is face down until its battle flips it (rulebook "Boss Battle": "flip over the boss")."""
        return self.boss == colour or colour in self.boss_done

    def _bosses_of(self: "ExploreState", colour: str) -> list[str]:
        return sorted(b for b, d in self.content.bosses.items() if d.colour == colour)

    def _vary_hidden(self: "ExploreState", variant: "ExploreState", seat: int, rng: Rng) -> None:
        """Change what `seat` may not see: hidden cards, quests and monsters (within a wave) swap identities
        and places among themselves; another seat's unrevealed Power Up levels change."""
        cards = list(variant.cards)
        hidden = sorted(self.hidden_cards(seat))
        ids = [cards[i] for i in hidden]
        rng.shuffle(ids)
        for i, cid in zip(hidden, ids):
            cards[i] = cid
        variant.cards, variant._own_cards = cards, True
        quests = list(variant.quests)
        hq = sorted(self.hidden_quests(seat))
        qids = [quests[q] for q in hq]
        rng.shuffle(qids)
        for q, qid in zip(hq, qids):
            quests[q] = qid
        variant.quests = quests
        mons = list(variant.mons)
        by_wave: dict[int, list[int]] = {}
        for m in sorted(self.hidden_monsters(seat)):
            by_wave.setdefault(self.mwave[m], []).append(m)
        for insts in by_wave.values():
            kids = [mons[m] for m in insts]
            rng.shuffle(kids)
            for m, kid in zip(insts, kids):
                mons[m] = kid
        variant.mons = mons
        variant.bosses = {colour: boss if self.boss_revealed(colour) else rng.pick(self._bosses_of(colour))
                          for colour, boss in variant.bosses.items()}
        for s, pl in enumerate(variant.p):
            if s != seat:
                rng.shuffle(pl.hand)
                rng.shuffle(pl.deck)
                if self.pu_hidden(s):
                    pl.energy += 1 + rng.randrange(3)
                    pl.attack += rng.randrange(3)
                    rng.shuffle(pl.chain)
        pending = variant.pending
        if pending is not None and pending.seat != seat and pending.kind == "effect":
            kind, prompt, options = pending.data
            variant.pending = Pending("effect", pending.seat, (kind, prompt + " ", options))

    def _fill_hidden(self: "ExploreState", seat: int, rng: Rng) -> None:
        """On a copy of `view(seat)`: give every HIDDEN card, quest and monster an identity sampled from the
        copies `seat` has not seen (monsters within their wave). Another seat's unrevealed Power Up gets its
        levels back as the sum of the plain energy/attack/damage-counter steps of its (sampled) chain and
        persistent cards plus its persistent bonuses — an estimate built from the view alone.

        Another seat's masked effect choice is asked again from its frame on the stack (a step is re-run
        until it asks, without side effects before its question, by the kernel's design). That the seat
        is being asked is public: a sample in which the step would not ask (its hand allows no choice) is
        not consistent with what `seat` saw, so such samples are drawn again (rejection sampling, a bounded
        number of tries; the last one is kept if none fits)."""
        pending = self.pending
        if pending is None or pending.seat == seat or pending.kind != "effect" or pending.data is not None:
            self._fill_once(seat, rng)
            return
        target = self._observation_data()
        base = self.clone()
        base._viewer = None
        trial = base
        for _ in range(FILL_TRIES):
            trial = base.clone()
            trial._fill_once(seat, rng)
            trial.pending = None
            trial.advance()
            if trial._observe(seat)._observation_data() == target:
                break
        self.__dict__.update(trial.__dict__)

    def _fill_once(self: "ExploreState", seat: int, rng: Rng) -> None:
        self._viewer = None
        content = self.content
        base = sum(c.copies for c in content.cards.values())
        left: dict[str, int] = {cid: c.copies for cid, c in content.cards.items()}
        cards = list(self.cards)
        for i in range(min(base, len(cards))):
            if cards[i] != HIDDEN:
                left[cards[i]] -= 1
        pool = sorted(cid for cid, k in left.items() for _ in range(max(0, k)))
        rng.shuffle(pool)
        for i, cid in enumerate(cards):
            if cid == HIDDEN:
                cards[i] = pool.pop() if pool else content.setup.gained_card
        self.cards, self._own_cards = cards, True
        all_q = sorted(content.quests)
        seen_q = [q for q in self.quests if q != HIDDEN]
        qpool = [q for q in all_q if q not in seen_q]
        rng.shuffle(qpool)
        self.quests = [(qpool.pop() if qpool else all_q[0]) if q == HIDDEN else q for q in self.quests]
        mpool: dict[int, list[str]] = {}
        for kid in sorted(content.monsters):
            for w, copies in enumerate(content.monsters[kid].waves):
                mpool.setdefault(w + 1, []).extend([kid] * copies)
        for m, kid in enumerate(self.mons):
            if kid != HIDDEN and kid in mpool[self.mwave[m]]:      # (a test may have arranged the table)
                mpool[self.mwave[m]].remove(kid)
        for w in mpool:
            rng.shuffle(mpool[w])
        spare = sorted(content.monsters)
        self.mons = [(mpool[self.mwave[m]].pop() if mpool[self.mwave[m]] else spare[0]) if kid == HIDDEN else kid
                     for m, kid in enumerate(self.mons)]
        self.bosses = {colour: rng.pick(self._bosses_of(colour)) if boss == HIDDEN else boss
                       for colour, boss in self.bosses.items()}
        own = self.p[seat]
        rng.shuffle(own.deck)
        for s, pl in enumerate(self.p):
            if s != seat and self.pu_hidden(s):
                pl.energy, pl.attack = pl.bonus_energy, pl.bonus_attack
                for inst in pl.persist + pl.chain:
                    card = self.cdef(inst)
                    steps = card.effect if inst in pl.chain else (card.persistent or ())
                    for name, p in steps:
                        if name == "energy":
                            pl.energy += p["amount"]
                        elif name == "attack":
                            pl.attack += p["amount"]
                        elif name == "damage_counters":
                            pl.dc += p["amount"]

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
        """Drawn from the observation (hidden things renumbered), so the panels carry no hidden number."""
        source = self if self._viewer is not None else self._observe(seat)
        return source._table(seat)

    def _table(self: "ExploreState", seat: int | None) -> list[Panel]:
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
            if self.boss_revealed(colour):
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



# ----- renumbering hidden things (the observation) ------------------------------------------------

FILL_TRIES = 30

def _card_zones(o: "ExploreState") -> list[list[int]]:
    zones: list[list[int]] = []
    for pl in o.p:
        zones += [pl.hand, pl.deck, pl.discard, pl.chain, pl.persist, pl.drafted, pl.super_hand]
        zones += [pl.under[k] for k in sorted(pl.under)]
    zones += [o.supply, o.trash, o.ps_pool, o.coward_pile, o.box, o.pool, o.boss_cards["blue"], *o.packs, o.ghost]
    zones += [f.env["look"] for f in o.stack if "look" in f.env]
    return zones


def _quest_zones(o: "ExploreState") -> list[list[int]]:
    zones: list[list[int]] = []
    for pl in o.p:
        zones += [pl.quests, pl.quest_hand]
    return zones + [o.boss_cards["red"], o.quest_box]


def _monster_zones(o: "ExploreState") -> list[list[int]]:
    zones = [*o.mloc, *o.wave_decks, o.retreat_pile]
    for pl in o.p:
        zones += [pl.trophies, [pl.museum] if pl.museum != NONE else []]
    return zones


def _renumber(hidden: set[int], zones: list[list[int]]) -> dict[int, int]:
    """Old number -> new number for the hidden things, in the order the zones meet them."""
    slots = sorted(hidden)
    mapping: dict[int, int] = {}
    for zone in zones:
        for x in zone:
            if x in hidden and x not in mapping:
                mapping[x] = slots[len(mapping)]
    for x in sorted(hidden):
        if x not in mapping:
            mapping[x] = slots[len(mapping)]
    return mapping


def _apply_maps(o: "ExploreState", cmap: dict[int, int], qmap: dict[int, int], mmap: dict[int, int]) -> None:
    def c(x):
        return cmap.get(x, x) if isinstance(x, int) else x

    def cl(xs):
        return [c(x) for x in xs]

    for pl in o.p:
        for name in ("hand", "deck", "discard", "chain", "persist", "drafted", "super_hand", "used", "borrows"):
            setattr(pl, name, cl(getattr(pl, name)))
        pl.attached = {c(a): c(t) for a, t in pl.attached.items()}
        pl.under = {c(k): cl(v) for k, v in pl.under.items()}
        pl.watch = [(c(w[0]),) + tuple(w[1:]) for w in pl.watch]
        pl.end_pu = [(c(e[0]),) + tuple(e[1:]) for e in pl.end_pu]
        pl.battle_fx = [(c(e[0]),) + tuple(e[1:]) for e in pl.battle_fx]
        pl.bonuses = [(c(b[0]),) + tuple(b[1:]) for b in pl.bonuses]
        pl.quests = [qmap.get(q, q) for q in pl.quests]
        pl.quest_hand = [qmap.get(q, q) for q in pl.quest_hand]
        pl.trophies = [mmap.get(m, m) for m in pl.trophies]
        pl.museum = mmap.get(pl.museum, pl.museum)
    for name in ("supply", "trash", "ps_pool", "coward_pile", "box", "pool", "ghost"):
        setattr(o, name, cl(getattr(o, name)))
    o.packs = [cl(p) for p in o.packs]
    o.boss_cards = {"blue": cl(o.boss_cards["blue"]), "red": [qmap.get(q, q) for q in o.boss_cards["red"]]}
    o.quest_box = [qmap.get(q, q) for q in o.quest_box]
    if o.power_ups is not None:
        for moved in o.power_ups.committed.values():
            moved[:] = cl(moved)
    o.virtual = {c(i) for i in o.virtual}
    o.mloc = [[mmap.get(m, m) for m in loc] for loc in o.mloc]
    o.wave_decks = [[mmap.get(m, m) for m in d] for d in o.wave_decks]
    o.retreat_pile = [mmap.get(m, m) for m in o.retreat_pile]
    o.down = {mmap.get(m, m) for m in o.down}
    o.mdmg = {mmap.get(m, m): v for m, v in o.mdmg.items()}
    for f in o.stack:
        env = f.env
        if "look" in env:
            env["look"] = cl(env["look"])
        if isinstance(env.get("self"), int):
            env["self"] = c(env["self"])
        if isinstance(env.get("mon"), int):
            env["mon"] = mmap.get(env["mon"], env["mon"])
    # the order of a pile nobody may see is no information: canonical (sorted by the new numbers)
    hidden = set(cmap.values())
    canonical: set[int] = set()
    for pl in o.p:
        for pile in (pl.hand, pl.deck, pl.drafted, pl.super_hand):
            if all(i in hidden for i in pile):
                pile.sort()
                canonical.update(pile)
    for pile in (o.supply, o.box, o.ghost, *o.packs):
        if all(i in hidden for i in pile):
            pile.sort()
            canonical.update(pile)
    # Which card of a canonical (all hidden, sorted) pile moved during a hidden Power Up is itself hidden:
    # only secret cards in piles whose order is public keep their mark.
    if o.power_ups is not None:
        for moved in o.power_ups.committed.values():
            moved[:] = [i for i in moved if i not in canonical]
