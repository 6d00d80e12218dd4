"""Combat (RB-MR pp. 30-42; spec §6): Combat Hands, Command Cards, primary match-ups picked in secret and
revealed together (`Commitments`), bribery first, modifiers (ranged attacks, channelling, Spells), the
secondary attackers' cumulative sums, deciding the victor, healing, retreat, Rubble and the Guardian.

A mixin of RealmsState; every stage is a `stage` of the `Combat` record, run by `_combat_step` when
nothing is pending, so a combat stopped anywhere clones.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from guardians.engine.actions import Action
from guardians.engine.flow import Commitments, Frame, Pending
from guardians.engine.words import counted
from guardians.games.realms.rules.effects import (abilities_of, channel_cap, channel_reach, fragile_to, matches,
                                                   receives_from, static_of)
from guardians.games.realms.rules.model import Combat, MatchUp

# RB-MR p. 36: mortals get the bonus against elementals, elementals against externals, externals against mortals.
BEATS = {"mortal": "elemental", "elemental": "external", "external": "mortal"}


def step_handler(table: dict[str, Any], cls: type, prefix: str, name: str) -> Any:
    """The function `prefix + name` of `cls` (a phase's or a combat's step), kept in `table` once found: the
    steps run a few hundred times a game, and a getattr of a new f-string each time was a cost of its own."""
    handler = table[name] = getattr(cls, prefix + name)
    return handler


_CB: dict[str, Any] = {}        # the combat's stages by name (`_cb_<stage>`)


class CombatMixin:
    """Combat for RealmsState (see the module docstring)."""

    COMBAT_TEXT = {
        "combat": "{seat_name} attacks {enemy} on {space}",
        "guardian_fight": "{seat_name} attacks {enemy}'s Guardian from {space}",
        "declare": "{seat_name} {verb} a Command Card",
        "command": "{seat_name}'s Command Card: {card}",
        "dispelled": "{card} is dispelled",
        "aoe": "{card}'s {amount}-point AOE discards {names}",
        "pick": "Match-up: {a_card} against {d_card}",
        "bribe": "{seat_name} bribes {card} with {bribe}: it goes to the Creature Pen",
        "ranged": "{seat_name} adds {card}'s ranged attack",
        "channel": "{seat_name} channels {amount} into {card}",
        "matchup": "{result}",
        "secondary": "{seat_name}'s secondary attacker {card} ({value}) against {target} ({base}): {outcome}",
        "victor": "Totals {a_total} (attacker) to {d_total} (defender): {seat_name} wins the space",
        "heal": "{card} heals {target}",
        "overload": "{seat_name}'s Combat Hand is over the limit: combat forfeited",
        "unused": "{seat_name} shows the unused cards: {names}",
    }

    # ----- starting ---------------------------------------------------------------------------------

    def start_combat(self, att: int, dfn: int, space: str, came_from: str | None, guardian: bool = False) -> None:
        """RB-MR 1: each player picks up the creatures under its Shield as its Combat Hand; creature items
        are set aside (ruling A25); channelers under a Stronghold card do not defend (R31, RB-FAQ)."""
        c = Combat(att, dfn, space, came_from, guardian)
        sp = self.spaces[space]
        ast = sp.stacks[att]
        c.hands[att] = self.creatures(ast.cards)
        c.items[att] = [i for i in ast.cards if not self.is_creature(i)]
        ast.cards = []
        if guardian:
            c.hands[dfn] = [self.seats[dfn].guardian]
            self.say("guardian_fight", seat_name=self.seat_name(att), enemy=self.seat_name(dfn), space=space, seat=att)
        else:
            dst = sp.stacks[dfn]
            c.hands[dfn] = self.creatures(dst.cards)
            c.items[dfn] = [i for i in dst.cards if not self.is_creature(i)]
            dst.cards = []
            c.shieldless = dst.shield is None
            self.say("combat", seat_name=self.seat_name(att), enemy=self.seat_name(dfn), space=space, seat=att,
                     refs=(f"space:{space}",))
        self.combat = c
        c.stage = "overload"

    def _combat_step(self) -> None:
        c = self.combat
        assert c is not None
        (_CB.get(c.stage) or step_handler(_CB, type(self), "_cb_", c.stage))(self, c)

    def _cb_overload(self, c: Combat) -> None:
        """RB-MR p. 42: a Combat Hand over the limit forfeits; the opponent discards at random down to it."""
        for seat in (c.att, c.dfn):
            if c.guardian and seat == c.dfn:
                continue
            stack = self.spaces[c.space].stacks.get(seat)
            limit = self.limit_of(stack) if stack is not None else 30
            if self.stack_cost(c.hands[seat]) > limit:
                while self.stack_cost(c.hands[seat]) > limit:
                    victim = self.rng.pick(sorted(c.hands[seat]))
                    c.hands[seat].remove(victim)
                    self.discard(victim)
                self.say("overload", seat_name=self.seat_name(seat), seat=seat)
                c.flags["forfeit"] = seat
                c.stage = "victor"
                return
        c.window = self.window_order(c)
        c.stage = "start_window"

    def bystanders(self, c: Combat) -> list[int]:
        """RB-4P (R137): in 4 players every other seat may play Spells (not as Command Cards), Items and
        bribes in a combat; they act after the combatants, clockwise from the attacker."""
        if self.n == 2:
            return []
        return [s for s in ((c.att + k) % self.n for k in range(1, self.n)) if s not in (c.att, c.dfn)]

    def window_order(self, c: Combat) -> list[int]:
        """Who acts in a combat window: the attacker, the defender, then the bystanders (R137)."""
        return [c.att, c.dfn] + self.bystanders(c)

    def _cb_start_window(self, c: Combat) -> None:
        """Cards played before a combat begins (its attacker first)."""
        if self._run_spell_window(c, "combat_start"):
            return
        c.stage = "declare"

    def _run_spell_window(self, c: Combat, when: str) -> bool:
        while c.window:
            seat = c.window[0]
            options = self._spell_options(seat, when)
            if options:
                self._ask_with(Pending("cwin", seat, when), options)
                return True
            c.window.pop(0)
        return False

    def _options_cwin(self, seat: int, when: str) -> tuple:
        options = self._listed_for()
        if options is None:
            options = self._spell_options(seat, when)
        options.append(("cast_pass", (), "Pass", ()))
        return ("Play a Spell or Item?", options, "window")

    def _do_cwin(self, seat: int, when: str, action: Action) -> None:
        c = self.combat
        assert c is not None
        if action.kind == "cast_pass":
            c.window.pop(0)
        else:
            self.cast(seat, action.args[0], when)

    # ----- Command Cards (RB-MR 2, p. 32) -------------------------------------------------------------

    def _land_static(self, name: str) -> tuple[dict, ...]:
        """Static steps of the face-up Terrain card of the combat's space (a land's own text)."""
        c = self.combat
        land = self.spaces[c.space] if c is not None else None
        if land is None or land.terrain is None or land.face_down:
            return ()
        return static_of(self.cd(land.terrain), name)

    def _command_choices(self, seat: int) -> list[int]:
        c = self.combat
        assert c is not None
        if self._land_static("no_command"):
            return []
        heels = self._command_any(seat)          # `command_any`: any creature may be the Command Card
        out = [i for i in c.hands[seat] if (heels and self.cd(i).type == "creature")
               or self.command_ok(seat, self.cd(i), "combat")]
        out += [i for i in self.seats[seat].depot for a in abilities_of(self.cd(i), "as_command")
                if int(a.get("cost", 0)) <= self.seats[seat].stones and not self.cursed(seat, self.cards[i])
                and self.cd(i).type != "upgrade"]
        return out + self._front_upgrades(seat)

    def _command_any(self, seat: int) -> list[int]:
        """The seat's creature Items in this combat that let any creature be its Command Card."""
        c = self.combat
        assert c is not None
        return [i for i in c.items.get(seat, ()) if static_of(self.cd(i), "command_any")]

    def _command_strikes(self) -> None:
        """`command_any`: a Command creature carrying such an Item strikes the opposing Command creature
        before any Command ability acts: base Vitality against base Vitality, strictly more beats it."""
        c = self.combat
        assert c is not None
        for seat in (c.att, c.dfn):
            mine, theirs = c.command[seat], c.command[self.opponent_of(seat)]
            if mine is None or theirs is None \
                    or not (self._command_any(seat) or static_of(self.cd(mine), "command_strike")):
                continue
            if mine not in c.inplay[seat] or theirs not in c.inplay[self.opponent_of(seat)] \
                    or not self.alive(mine) or not self.alive(theirs) or theirs in c.dispelled:
                continue
            va, vb = self.cd(mine).vitality or 0, self.cd(theirs).vitality or 0
            if va != vb:
                winner, loser = (mine, theirs) if va > vb else (theirs, mine)
                c.beaten[loser] = winner
                self.say("note", text=f"{self.name(mine)} strikes {self.name(theirs)}: {self.name(loser)} is beaten")

    def shift_combat(self) -> None:
        """`shift_combat`: the combat moves to the land the attacker came from, both Shields with it, when
        that land is empty; the attacker then retreats, if beaten, to the space it had entered."""
        c = self.combat
        if c is None or c.guardian or c.shieldless or c.came_from is None:
            return
        new, old = self.spaces[c.came_from], self.spaces[c.space]
        if new.kind != "land" or new.stacks:
            return
        for seat in (c.att, c.dfn):
            if seat in old.stacks:
                new.stacks[seat] = old.stacks.pop(seat)
        self.say("note", text=f"the combat moves from {self.space_name(c.space)} to {self.space_name(c.came_from)}")
        c.space, c.came_from = c.came_from, c.space

    def in_front(self, seat: int, hold: str) -> list[str]:
        """The spaces in front of one of `seat`'s Stronghold cards (its own realm land, and in 2 players the
        opposing land across)."""
        col = self.spaces[hold].col
        return [f"D{seat}{col}"] + ([f"D{1 - seat}{col}"] if self.n == 2 else [])

    def _front_upgrades(self, seat: int) -> list[int]:
        """Upgrades on `seat`'s intact Stronghold cards in front of the combat's space that may act in place
        of a Command Card (an `as_command` ability the seat can pay for)."""
        c = self.combat
        assert c is not None
        out = []
        for sid, sp in self.spaces.items():
            if sp.kind != "hold" or sp.realm != seat or sp.rubble or sp.upgrade is None:
                continue
            if c.space in self.in_front(seat, sid) and any(int(a.get("cost", 0)) <= self.seats[seat].stones
                                                            for a in abilities_of(self.cd(sp.upgrade), "as_command")):
                out.append(sp.upgrade)
        return out

    def command_ok(self, seat: int, card: Any, pile: str) -> bool:
        """Could `card` be `seat`'s Command Card now, from its Combat Hand ("combat") or its Depot?"""
        if pile == "combat":
            return card.type == "creature" and bool(card.command) and all(
                self._spell_usable(seat, card, a) for a in abilities_of(card, "as_command"))
        return any(int(a.get("cost", 0)) <= self.seats[seat].stones for a in abilities_of(card, "as_command")) \
            and not self.cursed(seat, card.id) and card.type != "upgrade"

    def _cb_declare(self, c: Combat) -> None:
        for seat in (c.att, c.dfn):
            if seat in c.declared:
                continue
            if self._command_choices(seat):
                self.pending = Pending("declare", seat)
                return
            c.declared[seat] = False
        yes = [s for s in (c.att, c.dfn) if c.declared[s]]
        if yes:
            c.commit = Commitments(yes)
            c.stage = "cmdpick"
        else:
            c.stage = "primary"

    def _options_declare(self, seat: int, data: Any) -> tuple:
        return ("Will you use a Command Card in this combat?",
                [("declare", (True,), "Declare a Command Card", ()), ("declare", (False,), "No Command Card", ())],
                "command_declare")

    def _do_declare(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None
        c.declared[seat] = bool(action.args[0])
        self.say("declare", seat_name=self.seat_name(seat), verb="declares" if action.args[0] else "declares no",
                 seat=seat)

    def _cb_cmdpick(self, c: Combat) -> None:
        seat = c.commit.next_seat()
        if seat is not None:
            self.pending = Pending("cmdpick", seat)
            return
        picks = c.commit.reveal()
        c.commit = None
        self.mark_revealed()
        targets = []
        for seat in (c.att, c.dfn):
            inst = picks.get(seat)
            if inst is None:
                continue
            stones = None
            if isinstance(inst, tuple):
                inst, stones = inst
            c.command[seat] = inst
            if inst in c.hands[seat]:
                c.hands[seat].remove(inst)
                self._put_in_play(seat, inst)
                targets.append(inst)
            elif inst not in self.seats[seat].depot:      # an Upgrade in front: paid, and it stays
                least = min(int(a.get("cost", 0)) for a in abilities_of(self.cd(inst), "as_command"))
                n = max(1, least) if stones is None else int(stones)
                self.gain_stones(seat, -n)
                c.flags[f"cmd_stones:{seat}"] = n
            else:
                self.seats[seat].depot.remove(inst)
                cost = max([int(a.get("cost", 0)) for a in abilities_of(self.cd(inst), "as_command")] or [0])
                if cost:
                    self.gain_stones(seat, -cost)
                self.discard(inst)
            self.say("command", seat_name=self.seat_name(seat), card=self.name(inst), seat=seat,
                     refs=(f"card:{inst}",))
        c.flags["targets"] = tuple(targets)
        c.flags["react"] = "command"
        c.window = self.window_order(c)
        c.stage = "cmd_react"

    def _options_cmdpick(self, seat: int, data: Any) -> tuple:
        seen: dict[str, int] = {}
        for inst in self._command_choices(seat):
            seen.setdefault(self.cards[inst], inst)
        options = []
        pl = self.seats[seat]
        for inst in seen.values():
            if inst in pl.depot or self.cd(inst).type == "creature":
                options.append(("cmdpick", (inst,), f"Command Card: {self.name(inst)}", (f"card:{inst}",)))
                continue
            least = min(int(a.get("cost", 0)) for a in abilities_of(self.cd(inst), "as_command"))
            for n in range(max(1, least), min(pl.stones, 6) + 1):    # an Upgrade fired for n Power Stones
                options.append(("cmdpick", (inst, n),
                                f"In place of a Command Card: {self.name(inst)} ({counted(n, 'stone')})",
                                (f"card:{inst}",)))
        return ("Choose your Command Card (revealed together)", options, "command_pick")

    def _do_cmdpick(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None and c.commit is not None
        c.commit.commit(seat, action.args[0] if len(action.args) == 1 else tuple(action.args))

    def _cb_cmd_react(self, c: Combat) -> None:
        if self._run_react(c):
            return
        c.stage = "cmd_resolve"

    def _cb_cmd_resolve(self, c: Combat) -> None:
        """RB-MR p. 32 Conflicting Command Cards: two dispels conflict; the lower Up-card number is
        dispelled, equal numbers both (ruling A17). Then the effects, the attacker's first (A15)."""
        cards = {s: c.command[s] for s in (c.att, c.dfn) if c.command[s] is not None and c.command[s] not in c.dispelled
                 and c.command[s] not in c.bribed}
        dispels = {s: i for s, i in cards.items() if any("dispel" in step for a in abilities_of(self.cd(i), "as_command")
                                                          for step in a["effect"])}
        if len(dispels) == 2:
            a, d = dispels[c.att], dispels[c.dfn]
            na, nd = self.up_number(a), self.up_number(d)
            lost = [a] if na < nd else [d] if nd < na else [a, d]
            for inst in lost:
                c.dispelled.append(inst)
                self.say("dispelled", card=self.name(inst))
        for seat in (c.att, c.dfn):
            inst = c.command[seat]
            if seat in dispels and inst not in c.dispelled:
                self.do_dispel_command(seat, inst)
        self._command_strikes()
        frames = []
        for seat in (c.att, c.dfn):
            inst = c.command[seat]
            if inst is None or inst in c.dispelled or inst in c.bribed or inst in c.beaten:
                continue
            steps = tuple((n, p) for a in abilities_of(self.cd(inst), "as_command") for step in a["effect"]
                          for n, p in step.items() if n != "dispel")
            if steps:
                env = {"source": inst}
                if f"cmd_stones:{seat}" in c.flags:
                    env["stones"] = c.flags[f"cmd_stones:{seat}"]
                frames.append(Frame(steps, seat, env))
        self.stack.extend(reversed(frames))
        c.stage = "primary"

    def do_dispel_command(self, seat: int, source: Any) -> None:
        """Cancel the opposing Command Card (unless its text says no dispel stops it)."""
        c = self.combat
        if c is None:
            return
        enemy = self.opponent_of(seat)
        target = c.command.get(enemy)
        if target is not None and target not in c.dispelled:
            undispellable = any(a.get("undispellable") for a in abilities_of(self.cd(target), "as_command"))
            if not undispellable:
                c.dispelled.append(target)
                self.say("dispelled", card=self.name(target))

    # ----- combat-wide effects -------------------------------------------------------------------------

    def register_effect(self, seat: int, name: str, params: dict, source: Any) -> None:
        """A revealed Command Card's, Spell's or creature's effect for the rest of the combat."""
        c = self.combat
        if c is None:
            return
        c.auras.append((seat, name, tuple(sorted(params.items(), key=lambda kv: kv[0])), source, c.played_order))

    def effects_of(self, name: str) -> list[tuple[int, dict, Any, int]]:
        c = self.combat
        if c is None or not c.auras:            # most combats register none: no pass over an empty list
            return []
        return [(s, dict(p), src, order) for s, n, p, src, order in c.auras if n == name]

    def do_aoe(self, seat: int, amount: int, kind: str | None, source: Any, filt: dict | None = None,
               stun: bool = False) -> None:
        """RB-MR p. 37: every creature still in the opponent's Combat Hand with base Vitality <= the value
        is discarded, unless immune to AOE or to the attack's type (ruling A20). AOEs never add (RB-FAQ).
        `stun`: the creatures hit are put out of the fight instead of discarded (`stun`)."""
        c = self.combat
        if c is None:
            return
        enemy = self.opponent_of(seat)
        hit = []
        ward = c.command.get(enemy)               # `aoe_ward`: the victim's Command Card keeps its hand safe
        if ward is not None and ward not in c.dispelled and ward not in c.bribed and any(
                "aoe_ward" in step for a in abilities_of(self.cd(ward), "as_command") for step in a["effect"]):
            self.say("note", text=f"{self.name(ward)} keeps {self.seat_name(enemy)}'s Combat Hand from the AOE")
            return
        for inst in list(c.hands[enemy]):
            card = self.cd(inst)
            if card.type != "creature" or (card.vitality or 0) > amount or not matches(card, filt):
                continue
            if any(p.get("to") in ("aoe", kind) for p in static_of(card, "immune") if p.get("to")):
                continue
            if stun:
                self.stun(enemy, inst)
            else:
                c.hands[enemy].remove(inst)
                self.discard(inst)
            hit.append(inst)
        if stun:
            self.say("note", text=f"{self.name(source) if isinstance(source, int) else 'An effect'}'s {amount}-point "
                                  f"AOE puts out of the fight: {', '.join(self.name(i) for i in hit) or 'nothing'}")
            return
        self.say("aoe", card=self.name(source) if isinstance(source, int) else "An effect", amount=amount,
                 names=", ".join(self.name(i) for i in hit) or "nothing", seat=seat)

    def stun(self, seat: int, inst: int) -> None:
        """Out of the fight (`stun_random`, a stunning AOE): the creature is laid face up in play from the
        Combat Hand (or stays there, a Command Card); it is never picked for a match-up and counts nothing
        for control, yet stays a target for secondary attackers and goes back to its Shield if unbeaten."""
        c = self.combat
        assert c is not None
        if inst in c.hands[seat]:
            c.hands[seat].remove(inst)
            self._put_in_play(seat, inst)
            self.mark_revealed()
        c.flags["stunned"] = tuple(c.flags.get("stunned", ())) + (inst,)

    def stunned(self, inst: int) -> bool:
        c = self.combat
        return c is not None and inst in c.flags.get("stunned", ())

    def do_grant_receiver(self, seat: int) -> None:
        c = self.combat
        if c is None or c.cur is None:
            return
        own = self._own_matchup_creature(seat, None)
        if own is not None:
            c.cur.grant.append(own)

    def _special_destroy_knight_pair(self, seat: int, source: Any) -> None:
        """The own Knight in the current match-up and the creature it faces are both destroyed."""
        c = self.combat
        if c is None or c.cur is None:
            return
        own = self._own_matchup_creature(seat, {"class": "knight"})
        enemy = self._enemy_matchup_creature(seat)
        if own is None or enemy is None:
            return
        for inst in (own, enemy):
            self._destroy(inst)
        c.cur.result = "none"

    def _special_return_ranged(self, seat: int, source: Any) -> None:
        """Every card the seat used as a ranged attack this combat goes back to its Combat Hand."""
        c = self.combat
        if c is None:
            return
        for inst in self._own_ranged_used(seat):
            c.inplay[seat].remove(inst)
            c.hands[seat].append(inst)
            for m in c.matchups:
                for placed in m.ranged.values():
                    if inst in placed:
                        placed.remove(inst)

    def _special_raid_stones(self, seat: int, source: Any) -> None:
        enemy = self.opponent_of(seat)
        if self.seats[enemy].stones:
            self.gain_stones(enemy, -1)
            self.gain_stones(seat, 1)

    def _own_ranged_used(self, seat: int) -> list[int]:
        c = self.combat
        if c is None:
            return []
        return [i for m in c.matchups for placed in m.ranged.values() for i in placed
                if self.owner[i] == seat and i in c.inplay.get(seat, ()) and self.alive(i)]

    def _put_in_play(self, seat: int, inst: int) -> None:
        c = self.combat
        assert c is not None
        c.inplay[seat].append(inst)
        c.played_order += 1
        c.flags[f"o{inst}"] = c.played_order

    def _own_matchup_creature(self, seat: int, filt: dict | None) -> int | None:
        c = self.combat
        if c is None or c.cur is None or c.cur.result or seat not in (c.att, c.dfn):
            return None
        inst = c.cur.a if seat == c.att else c.cur.d
        if inst is None or not matches(self.cd(inst), filt):
            return None
        return inst

    def _enemy_matchup_creature(self, seat: int) -> int | None:
        c = self.combat
        if c is None or c.cur is None or c.cur.result or seat not in (c.att, c.dfn):
            return None
        return c.cur.d if seat == c.att else c.cur.a

    def alive(self, inst: int) -> bool:
        c = self.combat
        assert c is not None
        return inst not in c.beaten and inst not in c.destroyed and inst not in c.bribed

    def sidelined(self, inst: int) -> bool:
        card = self.cd(inst)
        return card.type == "creature" and any(matches(card, p["filter"]) for _, p, _, _ in self.effects_of("sidelined"))

    def fighters(self, seat: int) -> list[int]:
        c = self.combat
        assert c is not None
        return [i for i in c.hands[seat] if not self.sidelined(i)]

    def pick_ok(self, seat: int, card: Any) -> bool:
        """Could `card` be `seat`'s next match-up pick: not sidelined, and of the border declared for the
        first creature (a Standard Bearer's pick rule) while no match-up has been fought?"""
        c = self.combat
        assert c is not None
        if card.type == "creature" and any(matches(card, p["filter"]) for _, p, _, _ in self.effects_of("sidelined")):
            return False
        at = c.flags.get(f"declared_at:{seat}")          # a Command's declarations hold for one pick each
        declared = c.declare_border.get(seat) if (at is None and not c.matchups) or at == len(c.matchups) else None
        return not declared or self._declared_value(declared, card) == declared

    def pick_choices(self, seat: int) -> list[int]:
        """The instances `seat` may pick for the next match-up."""
        c = self.combat
        assert c is not None
        choices = [i for i in c.hands[seat] if self.pick_ok(seat, self.cd(i))]
        led = c.flags.get("led")
        if led is not None and not c.matchups and self.owner[led] != seat:
            # `lead_open`: answer with the highest base Vitality the led creature beats (free when none)
            base = self.cd(led).vitality or 0
            under = [i for i in choices if (self.cd(i).vitality or 0) < base]
            if under:
                top = max(self.cd(i).vitality or 0 for i in under)
                return [i for i in under if (self.cd(i).vitality or 0) == top]
        lead = [i for i in choices if static_of(self.cd(i), "must_lead")] if not c.matchups else []
        firsts = [p["filter"] for s, p, _, _ in self.effects_of("lead_first") if s != seat]   # an enemy Command's
        lead = lead or [i for i in choices if any(matches(self.cd(i), f) for f in firsts)]
        return lead or choices          # `must_lead`: such a creature has to be the first one in melee

    # ----- bribery and reactions (RB-MR p. 35; ruling A14) ----------------------------------------------

    def _react_options(self, seat: int) -> list[tuple]:
        c = self.combat
        assert c is not None
        pl = self.seats[seat]
        out: list[tuple] = []
        seen: set = set()
        # Bribes: the Bribery cards in the Storage Depot, found first (most often there are none, and then
        # neither the locks nor the bans need be read).
        bribes = [(i, card) for i in pl.depot if (card := self.cd(i)).type == "bribery"]
        if bribes:
            self._bribe_options(seat, bribes, out, seen)
        if c.flags.get("react") == "command" and seat in (c.att, c.dfn) and not self._land_static("no_dispel"):
            enemy_cmd = c.command.get(self.opponent_of(seat))
            if enemy_cmd is not None and enemy_cmd not in c.dispelled and enemy_cmd not in c.bribed:
                for inst in pl.depot:
                    if self.cursed(seat, self.cards[inst]) or (self.cd(inst).type == "spell" and self.effects_of("no_spells")):
                        continue
                    for a in abilities_of(self.cd(inst), "react"):
                        if int(a.get("cost", 0)) <= pl.stones and ("d", self.cards[inst]) not in seen:
                            seen.add(("d", self.cards[inst]))
                            out.append(("dispel", (inst,), f"Play {self.name(inst)} on {self.name(enemy_cmd)}",
                                        (f"card:{inst}", f"card:{enemy_cmd}")))
                st = self.spaces[c.space].stacks.get(seat)        # a Shield's own answer, once a combat
                bearer = st.shield if st is not None else None
                if bearer is not None and not c.flags.get(f"used{bearer}"):
                    for a in abilities_of(self.cd(bearer), "react"):
                        if int(a.get("cost", 0)) <= pl.stones:
                            out.append(("dispel", (bearer,), f"Use {self.name(bearer)} on {self.name(enemy_cmd)}",
                                        (f"card:{bearer}", f"card:{enemy_cmd}")))
        return out

    def _bribe_options(self, seat: int, bribes: list, out: list, seen: set) -> None:
        """`_react_options`' bribes: each Bribery card of `bribes` (instance, card) on each creature it may
        bribe now, once per icon and target, added to `out`."""
        c = self.combat
        assert c is not None
        locks = {p["icon"]: i for s in (c.att, c.dfn) for i in c.inplay[s] if self.alive(i)
                 for p in static_of(self.cd(i), "bribe_lock")}
        land = self.spaces[c.space]
        banned = {p["icon"] for p in static_of(self.cd(land.terrain), "bribe_ban")} \
            if land.terrain is not None and not land.face_down else set()      # a Terrain card's ban
        for target in c.flags.get("targets", ()):
            owner = self.owner[target]
            if owner == seat or not self.alive(target) or target not in c.inplay[owner]:
                continue
            if self.cd(target).type != "creature":
                continue
            guard = self.spaces[c.space].stacks.get(owner)
            if guard is not None and guard.shield is not None and static_of(self.cd(guard.shield), "no_bribe"):
                continue
            for card_inst, card in bribes:
                if card.icon in banned or (card.icon not in self.cd(target).bribery and not (
                        self.cd(target).bribery and any(s == seat for s, _, _, _ in self.effects_of("bribe_any_icon")))):
                    continue
                if card.icon in locks and locks[card.icon] != target:
                    continue
                if (card.icon, target) in seen:
                    continue
                seen.add((card.icon, target))
                out.append(("bribe", (card_inst, target), f"Bribe {self.name(target)} with {card.name}",
                            (f"card:{card_inst}", f"card:{target}")))

    def _run_react(self, c: Combat) -> bool:
        while c.window:
            seat = c.window[0]
            if self._react_options(seat):
                self.pending = Pending("react", seat)
                return True
            c.window.pop(0)
        return False

    def _options_size(self, seat: int, inst: int) -> tuple:
        p = static_of(self.cd(inst), "size_shift")[0]
        return (f"Which size does {self.name(inst)} take?",
                [("size", ("L",), "Large", (f"card:{inst}",)), ("size", ("M",), f"Medium ({p['medium']:+d})", (f"card:{inst}",)),
                 ("size", ("S",), f"Small ({p['small']:+d})", (f"card:{inst}",))], "target")

    def _do_size(self, seat: int, inst: int, action: Action) -> None:
        c = self.combat
        assert c is not None
        c.flags[f"size{inst}"] = str(action.args[0])
        self.say("note", text=f"{self.name(inst)} becomes size {action.args[0]}")

    def _options_react(self, seat: int, data: Any) -> tuple:
        options = self._react_options(seat)
        options.append(("react_pass", (), "Pass", ()))
        return ("Bribe (before any other modifier) or pass", options, "bribe")

    def _do_react(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None
        if action.kind == "react_pass":
            c.window.pop(0)
            return
        # a bribe reopens the window: everyone else in order, then the briber (2 players: [other, seat])
        c.window = [s for s in self.window_order(c) if s != seat] + [seat]
        if action.kind == "dispel":
            if action.args[0] in self.seats[seat].depot:
                self.cast(seat, action.args[0], "react")
            else:                                    # a Shield's ability: paid, not discarded
                shield = action.args[0]
                ability = abilities_of(self.cd(shield), "react")[0]
                self.gain_stones(seat, -int(ability.get("cost", 0)))
                c.flags[f"used{shield}"] = True
                self.say("spell", seat_name=self.seat_name(seat), card=self.name(shield), seat=seat)
                self.stack.append(Frame(tuple((n, p) for step in ability["effect"] for n, p in step.items()), seat,
                                        {"source": shield}))
            return
        card_inst, target = action.args
        self.seats[seat].depot.remove(card_inst)
        refund = any(self.alive(i) and p["icon"] == self.cd(card_inst).icon
                     for i in c.inplay.get(seat, ()) for p in static_of(self.cd(i), "bribe_refund"))
        if refund:                          # `bribe_refund`: the Bribery card goes back to the Storage Hand
            self.seats[seat].depot.append(card_inst)
        else:
            self.discard(card_inst)
        self.mark_revealed()
        victim = self.owner[target]
        subs = [i for i in c.hands[victim] for p in static_of(self.cd(i), "bribe_substitute")
                if matches(self.cd(target), p["filter"])]
        self.say("bribe", seat_name=self.seat_name(seat), card=self.name(target), bribe=self.name(card_inst), seat=seat)
        if subs:
            self.pending = Pending("substitute", victim, (target, subs[0]))
            return
        self._bribed(target)

    def _options_substitute(self, seat: int, data: Any) -> tuple:
        target, sub = data
        return (f"Send {self.name(sub)} to the Creature Pen in place of {self.name(target)}?",
                [("substitute", (True,), f"Send {self.name(sub)} instead", (f"card:{sub}",)),
                 ("substitute", (False,), f"Let {self.name(target)} go", (f"card:{target}",))], "bribe")

    def _do_substitute(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None
        target, sub = data
        if action.args[0]:
            c.hands[seat].remove(sub)
            self.seats[seat].pen.append(sub)
        else:
            self._bribed(target)

    def _bribed(self, target: int) -> None:
        """RB-MR p. 35: the bribed creature goes back to its owner's Creature Pen before doing any damage."""
        c = self.combat
        assert c is not None
        victim = self.owner[target]
        c.bribed.append(target)
        if target in c.inplay[victim]:
            c.inplay[victim].remove(target)
        self.seats[victim].pen.append(target)
        if c.cur is not None and not c.cur.result:
            if c.cur.a == target:
                c.cur.a = None
            if c.cur.d == target:
                c.cur.d = None
        for p in self.guardian_static(victim, "stones_when_bribed"):
            self.gain_stones(victim, p["amount"])

    # ----- primary match-ups (RB-MR 3, p. 33) ---------------------------------------------------------

    def _cb_primary(self, c: Combat) -> None:
        if not self.fighters(c.att) or not self.fighters(c.dfn):
            c.stage = "withdraw" if c.matchups else "secondary"
            return
        for seat in (c.att, c.dfn):
            kind = self._declare_kind(seat)
            stale = c.flags.get(f"declared_at:{seat}", len(c.matchups)) != len(c.matchups)
            if kind and (seat not in c.declare_border or stale):
                if any(s != seat for s, _, _, _ in self.effects_of("declare_pick")):
                    c.flags[f"declared_at:{seat}"] = len(c.matchups)
                    c.declare_border.pop(seat, None)
                borders = sorted({self._declared_value(kind, self.cd(i)) for i in self.fighters(seat)})
                if len(borders) > 1:
                    self.pending = Pending("border", seat, tuple(borders))
                    return
                c.declare_border[seat] = borders[0]
        forced = self._random_pickers()
        leader = self._leader()
        if leader is not None:                    # `lead_open`: the leader picks first, then shows it
            c.flags["lead"] = leader
            c.commit = Commitments([leader])
        else:
            c.commit = Commitments([s for s in (c.att, c.dfn) if s not in forced])
        c.stage = "pick"

    def _leader(self) -> int | None:
        """The seat whose `lead_open` Command makes it play the first match-up creature before the other."""
        c = self.combat
        assert c is not None
        if c.matchups or "lead" in c.flags:
            return None
        for s, _, _, _ in self.effects_of("lead_open"):
            if s in (c.att, c.dfn) and self.fighters(self.opponent_of(s)):
                return s
        return None

    def _random_pickers(self) -> set[int]:
        """Seats whose opponent's Command (`random_picks`) makes their match-up picks random: such a seat
        does not choose; its creature is drawn at random from its allowed picks when the picks are revealed."""
        return {self.opponent_of(s) for s, _, _, _ in self.effects_of("random_picks")}

    def _guess_due(self) -> tuple[int, int, str] | None:
        """(guesser, Command owner, decision) of a guess still to be made for this match-up's picks: the
        opponent guesses the border of the `guess_border` owner's pick; the `guess_size` owner guesses the
        size of the opponent's pick."""
        c = self.combat
        assert c is not None
        for s, _, _, _ in self.effects_of("guess_border"):
            if s in (c.att, c.dfn) and c.flags.get(f"guess:{s}", (None,))[0] != len(c.matchups):
                return self.opponent_of(s), s, "guess"
        for s, _, _, _ in self.effects_of("guess_size"):
            if s in (c.att, c.dfn) and c.flags.get(f"sguess:{s}", (None,))[0] != len(c.matchups):
                return s, s, "guess_size"
        return None

    def _options_guess_size(self, seat: int, owner: int) -> tuple:
        enemy = self.opponent_of(owner)
        return (f"Guess the size of {self.seat_name(enemy)}'s creature (a right guess gives yours a bonus)",
                [("guess_size", (z,), {"S": "Small", "M": "Medium", "L": "Large"}[z], ()) for z in ("S", "M", "L")],
                "declare_border")

    def _do_guess_size(self, seat: int, owner: int, action: Action) -> None:
        c = self.combat
        assert c is not None
        c.flags[f"sguess:{owner}"] = (len(c.matchups), str(action.args[0]))
        self.say("note", text=f"{self.seat_name(seat)} guesses size {action.args[0]}")

    def _options_guess(self, seat: int, owner: int) -> tuple:
        return (f"Guess the border of {self.seat_name(owner)}'s creature (a wrong guess gives it a bonus)",
                [("guess", (b,), b.title(), ()) for b in ("mortal", "elemental", "external")], "declare_border")

    def _do_guess(self, seat: int, owner: int, action: Action) -> None:
        c = self.combat
        assert c is not None
        c.flags[f"guess:{owner}"] = (len(c.matchups), str(action.args[0]))
        self.say("note", text=f"{self.seat_name(seat)} guesses {action.args[0]}")

    def _declare_kind(self, seat: int) -> str | None:
        """What `seat` must declare of its next match-up creature before the picks: "border" or "size".
        A Standard Bearer's pick rule on the enemy side asks it of the first creature; an enemy Command's
        `declare_pick` of every match-up creature of the combat. The declaration lasts one pick."""
        c = self.combat
        assert c is not None
        enemy = self.opponent_of(seat)
        for s, p, _, _ in self.effects_of("declare_pick"):
            if s == enemy:
                return str(p["what"])
        st = self.spaces[c.space].stacks.get(enemy)
        if c.matchups or st is None or st.shield is None:
            return None
        for p in static_of(self.cd(st.shield), "pick_rule"):
            return "size" if p["kind"] == "declare_size" else "border"
        return None

    @staticmethod
    def _declared_value(kind: str, card: Any) -> str:
        """A declaration as stored: a border ("mortal"), or a size prefixed ("size:M")."""
        if kind == "size" or kind.startswith("size:"):
            return f"size:{card.size}"
        return card.border or "none"

    def _options_border(self, seat: int, borders: tuple) -> tuple:
        what = "size" if borders[0].startswith("size:") else "border"
        which = "next" if self.combat is not None and self.combat.matchups else "first"
        return (f"Declare the {what} of your {which} creature",
                [("border", (b,), b.replace("size:", "Size ").title(), ()) for b in borders], "declare_border")

    def _do_border(self, seat: int, borders: tuple, action: Action) -> None:
        c = self.combat
        assert c is not None
        c.declare_border[seat] = str(action.args[0])
        which = "next" if c.matchups else "first"
        self.say("note", text=f"{self.seat_name(seat)} declares a {str(action.args[0]).replace('size:', 'size ')} "
                              f"{which} creature")

    def _cb_pick(self, c: Combat) -> None:
        seat = c.commit.next_seat()
        if seat is not None:
            self.pending = Pending("pick", seat)
            return
        due = self._guess_due()          # `guess_border`: asked once both picks are made, before the reveal
        if due is not None:
            self.pending = Pending(due[2], due[0], due[1])
            return
        picks = dict(c.commit.reveal())
        c.commit = None
        lead = c.flags.get("lead")
        if lead is not None and not c.matchups:
            if "led" not in c.flags:              # the leader's creature is shown; the other seat answers
                inst = picks[lead]
                c.hands[lead].remove(inst)
                self._put_in_play(lead, inst)
                c.flags["led"] = inst
                self.mark_revealed()
                self.say("note", text=f"{self.seat_name(lead)} plays {self.name(inst)} first")
                other = self.opponent_of(lead)
                c.commit = Commitments([] if other in self._random_pickers() else [other])
                return
            picks[lead] = c.flags["led"]
        for s in sorted(self._random_pickers()):
            if s not in picks:
                picks[s] = self.rng.pick(sorted(self.pick_choices(s)))
        self.mark_revealed()
        a, d = picks[c.att], picks[c.dfn]
        for seat, inst in ((c.att, a), (c.dfn, d)):
            if inst in c.hands[seat]:             # (a led creature is in play already)
                c.hands[seat].remove(inst)
                self._put_in_play(seat, inst)
        m = MatchUp(a, d)
        c.matchups.append(m)
        c.cur = m
        self.say("pick", a_card=self.name(a), d_card=self.name(d), refs=(f"card:{a}", f"card:{d}"))
        for s, p, _, _ in self.effects_of("guess_border"):
            guess = c.flags.get(f"guess:{s}")
            pick = picks.get(s)
            if guess is not None and pick is not None and self.cd(pick).border != guess[1]:
                m.mods[pick] = m.mods.get(pick, 0) + p["amount"]
                self.say("note", text=f"a wrong guess: {self.name(pick)} gets +{p['amount']}")
        for s, p, _, _ in self.effects_of("guess_size"):
            guess = c.flags.get(f"sguess:{s}")
            own, theirs = picks.get(s), picks.get(self.opponent_of(s))
            if guess is not None and own is not None and theirs is not None and self.cd(theirs).size == guess[1]:
                m.mods[own] = m.mods.get(own, 0) + p["amount"]
                self.say("note", text=f"a right guess: {self.name(own)} gets +{p['amount']}")
        c.flags["targets"] = (a, d)
        c.flags["react"] = "matchup"
        c.window = self.window_order(c)
        c.stage = "m_react"

    def _options_pick(self, seat: int, data: Any) -> tuple:
        c = self.combat
        assert c is not None
        seen: dict[str, int] = {}
        for inst in self.pick_choices(seat):
            seen.setdefault(self.cards[inst], inst)
        options = [("pick", (inst,), f"Play {self.name(inst)}", (f"card:{inst}",)) for inst in seen.values()]
        return ("Pick your creature for this match-up (revealed together)", options, "matchup_pick")

    def _do_pick(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None and c.commit is not None
        c.commit.commit(seat, action.args[0])

    def cardx(self, inst: int) -> Any:
        """A creature's card as it is now: a size taken at will (spec `size_shift`) or a border given by a
        Shield (`recolour`) replaces the printed one."""
        card = self.cd(inst)
        c = self.combat
        if c is not None and f"size{inst}" in c.flags:
            size = c.flags[f"size{inst}"]
            cache = self._cache()               # the card at that size, made once (a dataclass copy is slow)
            key = ("sized", card.id, size)
            sized = cache.get(key)
            if sized is None:
                sized = cache[key] = dataclasses.replace(card, size=size)
            card = sized
        if c is not None and f"border{inst}" in c.flags:         # `recolour`: a border taken for the combat
            card = dataclasses.replace(card, border=c.flags[f"border{inst}"])
        return card

    def _cb_m_react(self, c: Combat) -> None:
        if self._run_react(c):
            return
        m = c.cur
        assert m is not None
        hunter = self._hunter(m)
        if hunter is not None:
            self.pending = Pending("hunt", self.owner[hunter], hunter)
            return
        for inst in (m.a, m.d):
            if inst is not None and static_of(self.cd(inst), "size_shift") and f"size{inst}" not in c.flags:
                self.pending = Pending("size", self.owner[inst], inst)
                return
        frames = []
        for seat, inst in ((c.att, m.a), (c.dfn, m.d)):
            if inst is None:
                continue
            card = self.cd(inst)
            steps = tuple((n, p) for a in abilities_of(card, "on_reveal") for step in a["effect"] for n, p in step.items())
            foe = m.d if seat == c.att else m.a
            if foe is not None and static_of(self.cd(foe), "no_foe_aoe"):
                steps = tuple((n, p) for n, p in steps if n != "aoe")
            if steps:
                frames.append(Frame(steps, seat, {"source": inst}))
            if static_of(card, "discard_items"):
                enemy = self.opponent_of(seat)
                for item in c.items[enemy]:
                    self.discard(item)
                c.items[enemy] = []
        self.stack.extend(reversed(frames))
        c.stage = "m_modify_start"

    def _hunter(self, m: MatchUp) -> int | None:
        """A creature of this primary match-up with `redraw_foe`, not yet asked, whose foe could be redrawn."""
        c = self.combat
        assert c is not None
        if m.secondary is not None:
            return None
        for own, foe in ((m.a, m.d), (m.d, m.a)):
            if own is not None and foe is not None and static_of(self.cd(own), "redraw_foe") \
                    and not c.flags.get(f"hunt{own}") and self.fighters(self.owner[foe]):
                return own
        return None

    def _options_hunt(self, seat: int, own: int) -> tuple:
        return (f"{self.name(own)}: refuse its opponent and draw another at random from the opposing Combat Hand?",
                [("hunt", (True,), "Refuse it: draw another", (f"card:{own}",)),
                 ("hunt", (False,), "Keep this opponent", (f"card:{own}",))], "target")

    def _do_hunt(self, seat: int, own: int, action: Action) -> None:
        """`redraw_foe`: the refused foe goes back to its Combat Hand; a creature drawn at random from that
        hand (the refused one apart) takes its place, and the bribery window opens again for it."""
        c = self.combat
        assert c is not None and c.cur is not None
        m = c.cur
        c.flags[f"hunt{own}"] = True
        if not action.args[0]:
            return
        foe = m.d if own == m.a else m.a
        enemy = self.owner[foe]
        new = self.rng.pick(sorted(self.fighters(enemy)))
        c.hands[enemy].remove(new)
        c.inplay[enemy].remove(foe)
        c.hands[enemy].append(foe)
        self._put_in_play(enemy, new)
        if m.a == foe:
            m.a = new
        else:
            m.d = new
        self.mark_revealed()
        self.say("note", text=f"{self.name(own)} refuses {self.name(foe)}: {self.name(new)} is drawn to face it")
        c.flags["targets"] = (new,)
        c.window = self.window_order(c)

    def _cb_m_modify_start(self, c: Combat) -> None:
        m = c.cur
        assert m is not None
        if m.a is None or m.d is None or m.push_locked:
            c.stage = "resolve"
            return
        sa, sd = self.strength(m.a, m), self.strength(m.d, m)
        first = c.dfn if sd < sa else c.att
        c.window = [first, self.opponent_of(first)] + self.bystanders(c)
        c.passes = 0
        c.stage = "modify"

    def _cb_modify(self, c: Combat) -> None:
        """Ruling A14: the losing side acts first; players alternate one modifier or a pass; a pass by
        every seat in a row closes the window."""
        m = c.cur
        assert m is not None
        while c.passes < len(c.window) and not m.push_locked and not m.result:
            seat = c.window[0]
            options = self._modify_options(seat)
            if options:
                self._ask_with(Pending("modify", seat), options)
                return
            c.passes += 1
            c.window.append(c.window.pop(0))
        c.flags.pop("last_channel", None)
        c.flags.pop("answered_channel", None)
        c.stage = "resolve" if m.secondary is None else "sec_resolve"

    def _ranged_value(self, inst: int) -> tuple[int, dict]:
        card = self.cd(inst)
        steps = static_of(card, "ranged")
        if steps:
            return steps[0]["amount"], steps[0]
        return card.ranged, {}

    def _ranged_allowed(self, seat: int) -> bool:
        """Woods (its terrain rule) and no-ranged effects forbid ranged attacks."""
        c = self.combat
        assert c is not None
        if "woods" in self.terrain_types(c.space) and not self._land_static("allows_ranged"):
            return False
        for s, p, _, _ in self.effects_of("no_ranged"):
            if p["side"] == "both" or s != seat:
                return False
        return True

    def _modify_options(self, seat: int) -> list[tuple]:
        c = self.combat
        assert c is not None and c.cur is not None
        m = c.cur
        if m.secondary is not None and m.secondary != seat:
            return []
        if seat not in (c.att, c.dfn):
            return self._bystander_modify_options(seat)
        own = m.a if seat == c.att else m.d
        enemy = m.d if seat == c.att else m.a
        out: list[tuple] = []
        if own is None:
            return out
        pl = self.seats[seat]
        if self._ranged_allowed(seat) and enemy is not None and \
                not any(p.get("to") == "ranged" for p in static_of(self.cardx(enemy), "immune")):
            magnets = [i for i in c.inplay[self.opponent_of(seat)] if self.alive(i) and static_of(self.cd(i), "draw_fire")]
            if not magnets or enemy in magnets:
                seen = set()
                for inst in c.hands[seat]:
                    value, rule = self._ranged_value(inst)
                    if not (value or rule.get("push") or rule.get("cancel") or rule.get("destroys_on_win")
                            or rule.get("grants_ocb")) or self.cards[inst] in seen:
                        continue
                    if rule.get("only_if") and not matches(self.cd(own), rule["only_if"]):
                        continue
                    if rule.get("vs") and not matches(self.cardx(enemy), rule["vs"]):
                        continue
                    if rule.get("terrain") and rule["terrain"] not in self.terrain_types(c.space):
                        continue
                    if rule.get("cancel") and not m.ranged.get(enemy):
                        continue
                    seen.add(self.cards[inst])
                    out.append(("ranged", (inst,), f"Ranged attack: {self.name(inst)} ({value})", (f"card:{inst}",)))
                    for item in pl.depot:
                        if self.cursed(seat, self.cards[item]):
                            continue
                        for a in abilities_of(self.cd(item), "with_ranged"):
                            filt = [p["filter"] for step in a["effect"] for n, p in step.items() if n == "aoe_as_ranged"]
                            if int(a.get("cost", 0)) <= pl.stones and filt and matches(self.cd(inst), filt[0]) and value:
                                out.append(("ranged", (inst, item), f"Ranged attack: {self.name(inst)} with "
                                            f"{self.name(item)} (+{value}-point AOE)", (f"card:{inst}",)))
        stones_ok = not self.effects_of("no_stone_channel")          # a Command's: no stones on channelling
        out += self._guardian_channel_options(seat, own, self.name(own), stones_ok)
        for p in self.guardian_static(seat, "channel_buy") if pl.g_alive and stones_ok else []:   # a non-receiver
            if pl.stones >= p["cost"] and not self._can_channel_to(seat, own) and self._can_channel_to(seat, own, bought=True):
                out.append(("channel_g", (own, p["cost"], p["amount"]),
                            f"Burn {p['cost']} stones: channel {p['amount']} into {self.name(own)}",
                            (f"guardian:{seat}", f"card:{own}")))
        out += self._channeler_options(seat, own, self.name(own))
        for rx in [r for r in m.ranged.get(own, []) if static_of(self.cd(r), "ranged_receiver") and self.alive(r)]:
            into = f"{self.name(rx)}'s ranged attack"              # a ranged card's
            out += self._guardian_channel_options(seat, rx, into, stones_ok)
            out += self._channeler_options(seat, rx, into)
        last = c.flags.get("last_channel")
        for p in self.guardian_static(seat, "channel_undo") if pl.g_alive and last and last[0] != seat else []:
            if pl.stones >= p["cost"]:
                out.append(("channel_undo", (), f"Burn {p['cost']} stones: undo that channelling; no more channelling",
                            (f"guardian:{seat}",)))
        if m.secondary is None:
            out += self._recolour_options(seat) + self._swap_in_options(seat, own)
            out += self._spell_options(seat, "modify")
        return out

    def _guardian_channel_options(self, seat: int, target: int, into: str, stones_ok: bool) -> list[tuple]:
        """The seat's Guardian channels into `target` for a Power Stone (RB-MR p. 39), if `target` may receive
        it; `into` names the target in the option's words, `stones_ok` is False while stones may not be burnt."""
        pl = self.seats[seat]
        if not (stones_ok and pl.g_alive and pl.stones >= 1 and self._can_channel_to(seat, target)):
            return []
        return [("channel_g", (target,), f"Burn a stone: channel {self.guardian_cmp(seat)} into {into}",
                 (f"guardian:{seat}", f"card:{target}"))]

    def _channeler_options(self, seat: int, target: int, into: str) -> list[tuple]:
        """Each channeler under the seat's intact own Stronghold cards, not used yet this combat, channels its
        CMP into `target` where it may (R31, R85-R88); `into` names the target in the options' words."""
        pl = self.seats[seat]
        spaces = self.spaces
        out = []
        for sid in self._own_holds(seat):
            if spaces[sid].rubble:
                continue
            for ch in spaces[sid].under:
                if ch not in pl.used_ch and self.cd(ch).cmp > 0 and self._can_channel_to(seat, target, ch):
                    out.append(("channel_c", (ch, target), f"{self.name(ch)} channels {self.cd(ch).cmp} into {into}",
                                (f"card:{ch}", f"card:{target}")))
        return out

    def _recolour_options(self, seat: int) -> list[tuple]:
        """`recolour` on the seat's Shield: for its cost, once a match-up, a creature of the current match-up
        (either side's) takes another border for the rest of the combat."""
        c = self.combat
        assert c is not None and c.cur is not None
        st = self.spaces[c.space].stacks.get(seat)
        if st is None or st.shield is None or c.flags.get(f"recoloured:{seat}") == len(c.matchups):
            return []
        out: list[tuple] = []
        for p in static_of(self.cd(st.shield), "recolour")[:1]:
            if p["cost"] > self.seats[seat].stones:
                continue
            for inst in (c.cur.a, c.cur.d):
                if inst is None:
                    continue
                for border in ("mortal", "elemental", "external"):
                    if border != self.cardx(inst).border:
                        out.append(("recolour", (inst, border), f"Pay {p['cost']}: {self.name(inst)} becomes {border}",
                                    (f"card:{st.shield}", f"card:{inst}")))
        return out

    def _swap_in_options(self, seat: int, own: int) -> list[tuple]:
        """`swap_in` (when `matchup`): a creature of the Combat Hand takes the place of the seat's creature in
        the current match-up while nothing has been added to it yet; that one goes back to the hand."""
        c = self.combat
        assert c is not None and c.cur is not None
        m = c.cur
        if m.channel.get(own) or m.ranged.get(own) or m.mods.get(own) or not self.alive(own):
            return []
        out, seen = [], set()
        for inst in c.hands[seat]:
            if self.cards[inst] in seen:
                continue
            if any(p["when"] == "matchup" and matches(self.cd(own), p.get("filter"))
                   for p in static_of(self.cd(inst), "swap_in")):
                seen.add(self.cards[inst])
                out.append(("swap_in", (inst, own), f"{self.name(inst)} takes the place of {self.name(own)}",
                            (f"card:{inst}", f"card:{own}")))
        return out

    def _swap_into(self, seat: int, m: MatchUp, new: int, old: int) -> None:
        """`new` (from the Combat Hand) takes `old`'s place in match-up `m`; `old` goes back to the hand."""
        c = self.combat
        assert c is not None
        c.hands[seat].remove(new)
        c.inplay[seat].remove(old)
        c.hands[seat].append(old)
        self._put_in_play(seat, new)
        if m.a == old:
            m.a = new
        if m.d == old:
            m.d = new
        if old in c.beaten:
            c.beaten[new] = c.beaten.pop(old)
        if old in c.fought:
            c.fought[new] = c.fought.pop(old)
        for foes in c.fought.values():
            foes[:] = [new if f == old else f for f in foes]
        self.mark_revealed()
        self.say("note", text=f"{self.name(new)} takes the place of {self.name(old)}, which goes back to the Combat Hand")

    def _bystander_modify_options(self, seat: int) -> list[tuple]:
        """R137: a bystander may play its Spells and Items in the modifier window; with the optional rule
        (`channel_4p`) it may also channel, its Guardian for a stone or its unused channelers, into a
        receiver of either side in the current match-up."""
        c = self.combat
        assert c is not None and c.cur is not None
        m = c.cur
        out: list[tuple] = []
        if self.channel_4p:
            for target in (m.a, m.d):
                if target is None or not self._can_channel_to(seat, target):
                    continue
                out += self._guardian_channel_options(seat, target, self.name(target), True)
                out += self._channeler_options(seat, target, self.name(target))
        if m.secondary is None:
            out += self._spell_options(seat, "modify")
        return out

    def undo_last_channel(self, last: tuple | None, factor: int = 1) -> None:
        """Take the channel just made off its creature (`factor` 2: it is taken away instead of added)."""
        c = self.combat
        if c is None or last is None:
            return
        _, inst, amount, _ = last
        for m in ([c.cur] if c.cur is not None else []):
            m.channel[inst] = m.channel.get(inst, 0) - factor * amount
        self.say("note", text=f"the channelling into {self.name(inst)} is undone")

    def _can_channel_to(self, seat: int, inst: int, source: int | None = None, bought: bool = False) -> bool:
        """RB-MR p. 39 (R85-R88, A24): receivers only (or as a card allows), up to the base Vitality (or
        the card's `channel_cap`); `source` is the channeler (None: the Guardian), whose `channel_to` and
        the receiver's `channel_from` may narrow who channels into whom. The receiving side is the
        creature's owner (a bystander channelling under `channel_4p` is not)."""
        c = self.combat
        assert c is not None and c.cur is not None
        m = c.cur
        card = self.cd(inst)
        if card.type != "creature":
            return False
        side = self.owner[inst]
        reach, any_receiver = channel_reach(self.cd(source), card) if source is not None else (True, False)
        if not reach or not receives_from(card, self.cd(source) if source is not None else None):
            return False
        receiver = card.receiver or any_receiver or inst in m.grant or bought or any(
            s == side and p.get("any_receiver") for s, p, _, _ in self.effects_of("channel_rules"))
        if not receiver:                # a Terrain's or a creature's `channel_grant`, a `ranged_receiver`
            receiver = any(matches(card, p["filter"]) for p in self._land_static("channel_grant")) or any(
                self.alive(i) and any(matches(card, p["filter"]) for p in static_of(self.cd(i), "channel_grant"))
                for s in (c.att, c.dfn) for i in c.inplay[s]) or bool(
                static_of(card, "ranged_receiver") and any(inst in used for used in m.ranged.values()))
        if not receiver:
            return False
        enemy = m.d if side == c.att else m.a
        if enemy is not None and any(p["scope"] == "this" for p in static_of(self.cd(enemy), "no_channel_vs")):
            return False
        for other in c.inplay[self.opponent_of(side)]:
            if self.alive(other) and any(p["scope"] == "combat" for p in static_of(self.cd(other), "no_channel_vs")):
                return False
        for s in (c.att, c.dfn):           # `everyone`: no channelling at all once it is in a match-up
            if any(self.alive(o) and o != c.command.get(s) and any(p["scope"] == "everyone" for p in
                   static_of(self.cd(o), "no_channel_vs")) for o in c.inplay[s]):
                return False
        if any(p.get("once_per_creature") for p in self.guardian_static(seat, "channel_rules")) and inst in c.channelled:
            return False
        if self.flags.get(f"nochannel:{c.space}") == self.round or c.flags.get("no_channel"):   # `no_channel_zone`
            return False
        return m.channel.get(inst, 0) < channel_cap(card)

    def _options_modify(self, seat: int, data: Any) -> tuple:
        options = self._listed_for()
        if options is None:
            options = self._modify_options(seat)
        options.append(("modify_pass", (), "Pass", ()))
        return ("Modify the match-up (ranged attack, channelling, Spells) or pass", options, "modify")

    def _do_modify(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None and c.cur is not None
        m = c.cur
        c.window.append(c.window.pop(0))
        last = c.flags.pop("last_channel", None)    # "the channel just made" lasts until the next action
        if action.kind == "cast" and last is not None:
            c.flags["answered_channel"] = last      # what a Spell answering that channel acts on
        if action.kind == "modify_pass":
            c.passes += 1
            return
        c.passes = 0
        own = m.a if seat == c.att else m.d
        if action.kind == "ranged":
            inst = action.args[0]
            if len(action.args) > 1:
                item = action.args[1]
                cost = max(int(a.get("cost", 0)) for a in abilities_of(self.cd(item), "with_ranged"))
                self.gain_stones(seat, -cost)
                self.seats[seat].depot.remove(item)
                self.discard(item)
                self.say("spell", seat_name=self.seat_name(seat), card=self.name(item), seat=seat)
                self.do_aoe(seat, self._ranged_value(inst)[0], None, item)
            c.hands[seat].remove(inst)
            self._put_in_play(seat, inst)
            m.ranged.setdefault(own, []).append(inst)
            self.say("ranged", seat_name=self.seat_name(seat), card=self.name(inst), seat=seat, refs=(f"card:{inst}",))
            self.mark_revealed()
            _, rule = self._ranged_value(inst)
            if rule.get("spent"):
                enemy = m.d if seat == c.att else m.a
                c.beaten[inst] = enemy if enemy is not None else inst
            if rule.get("push"):
                m.push_locked = True
            if rule.get("cancel"):
                enemy = m.d if seat == c.att else m.a
                if enemy is not None and m.ranged.get(enemy):
                    m.ranged[enemy].pop()
        elif action.kind == "channel_g":
            inst = action.args[0]
            amount = self.guardian_cmp(seat) if len(action.args) == 1 else int(action.args[2])
            self.gain_stones(seat, -1 if len(action.args) == 1 else -int(action.args[1]))
            self._channel(seat, inst, amount)
        elif action.kind == "channel_c":
            ch, inst = action.args
            self.seats[seat].used_ch.append(ch)
            boost = sum(p["amount"] for sp in self.spaces.values() if ch in sp.under and sp.upgrade is not None
                        and not sp.rubble for p in static_of(self.cd(sp.upgrade), "channel_boost"))
            self._channel(seat, inst, self.cd(ch).cmp + boost, ch)
            self.mark_revealed()
        elif action.kind == "channel_undo":
            p = self.guardian_static(seat, "channel_undo")[0]
            self.gain_stones(seat, -p["cost"])
            self.undo_last_channel(last)
            c.flags["no_channel"] = True
        elif action.kind == "cast":
            self.cast(seat, action.args[0], "modify")
        elif action.kind == "sacrifice":
            self.sacrifice(seat, action.args[0])
        elif action.kind == "recolour":
            inst, border = action.args
            st = self.spaces[c.space].stacks[seat]
            self.gain_stones(seat, -static_of(self.cd(st.shield), "recolour")[0]["cost"])
            c.flags[f"border{inst}"] = border
            c.flags[f"recoloured:{seat}"] = len(c.matchups)
            self.say("note", text=f"{self.name(st.shield)} makes {self.name(inst)} {border}")
        elif action.kind == "swap_in":
            self._swap_into(seat, m, *action.args)

    def _channel(self, seat: int, inst: int, amount: int, source: int | None = None) -> None:
        c = self.combat
        assert c is not None and c.cur is not None
        for s, st in self.spaces[c.space].stacks.items():
            if s in (c.att, c.dfn) and st.shield is not None:
                amount += sum(p["amount"] for p in static_of(self.cd(st.shield), "channel_bonus")
                              if p["side"] == "both" or s == seat)
        amount = max(0, amount)
        c.cur.channel[inst] = c.cur.channel.get(inst, 0) + amount
        if inst not in c.channelled:
            c.channelled.append(inst)
        self.say("channel", seat_name=self.seat_name(seat), amount=amount, card=self.name(inst), seat=seat)
        c.flags["last_channel"] = (seat, inst, amount, source)
        for s in (c.att, c.dfn):                 # `stone_per_enemy_channel`: the other side earns stones
            if s != seat:
                for i in c.inplay[s]:
                    if self.alive(i):
                        for p in static_of(self.cd(i), "stone_per_enemy_channel"):
                            self.gain_stones(s, p["amount"])

    # ----- strength ------------------------------------------------------------------------------------

    def strength(self, inst: int, m: MatchUp) -> int:
        """A creature's Vitality in its match-up: the sum of its `strength_parts`."""
        return sum(amount for _, amount in self.strength_parts(inst, m))

    def strength_parts(self, inst: int, m: MatchUp) -> list[tuple[str, int]]:
        """Where a creature's match-up Vitality comes from, in words, in the order the rules add it: base,
        then (in its first match-up only, R67) off-colour bonus, terrain, Stronghold, text, auras, ranged
        attacks, channelling (capped, R88) and Spells; `strength` is their sum, so the table's breakdown is
        the rules' own. In a secondary attack only the secondary attacker gets modifiers (R70). Parts worth
        nothing are left out (the base always stays); on a view, a card the viewer may not identify adds
        nothing (an unknown fighter has no parts)."""
        c = self.combat
        assert c is not None
        if not self.known(inst):
            return []
        card = self.cardx(inst)
        sidx = card.static_index        # the card's static steps by name (what `static_of` reads)
        seat = self.owner[inst]
        parts: list[tuple[str, int]] = [("base Vitality", card.vitality or 0)]

        def add(words: str, amount: int) -> None:
            if amount:
                parts.append((words, amount))

        if m.secondary is not None and m.secondary != seat:
            return parts
        for p in sidx.get("size_shift", ()):
            add(f"size chosen: {card.size or 'L'}", {"M": p["medium"], "S": p["small"]}.get(card.size or "L", 0))
        opp = m.d if seat == c.att else m.a
        ocard = self.cardx(opp) if opp is not None and self.known(opp) else None
        shield = self.spaces[c.space].stacks.get(seat)
        bearer = self.cd(shield.shield) if shield is not None and shield.shield is not None \
            and self.known(shield.shield) else None
        prev = self._previous_pick(inst, m) if sidx.get("borrow_bonus", ()) else None
        if ocard is not None and ocard.type == "creature" and card.type == "creature" and \
                BEATS.get(card.border or "") == ocard.border and not self._side_static(opp, "no_ocb_from", ocard):
            if prev is not None and ocard.border == "mortal":       # `borrow_bonus`: the previous pick's
                add(f"off-colour bonus of {self.name(prev)}", self.cd(prev).ocb)
            else:
                add("off-colour bonus", card.ocb)
        elif ocard is not None and card.type == "creature" and m.ranged.get(inst):   # a ranged card's `grants_ocb`
            grants = [self._ranged_value(r)[1].get("grants_ocb") for r in m.ranged[inst]]
            if any(g is not None and matches(card, g) for g in grants):
                add("off-colour bonus (granted)", card.ocb)
            if bearer is not None:
                add(f"Shield {bearer.name}: off-colour", sum(p["amount"] for p in static_of(bearer, "ocb_bonus")))
        types = self.terrain_types(c.space)
        sources = [card] + ([bearer] if bearer is not None and card.type == "creature" else [])
        for src in sources:
            who = "" if src is card else f"Shield {src.name}, "
            for p in static_of(src, "terrain_bonus"):
                if p["terrain"] in types or (src is card and self._any_terrain(inst)):
                    shift = self._terrain_shift(seat) if p["amount"] > 0 else 0    # a penalty is not shifted
                    add(f"{who}Terrain: {str(p['terrain']).replace('_', ' ').title()}", max(0, p["amount"] + shift)
                        if shift else p["amount"])
            if ocard is not None:
                add(f"{who}text vs {ocard.name}",
                    sum(p["amount"] for p in static_of(src, "bonus_vs") if matches(ocard, p["filter"])))
        for p in static_of(self.cd(prev), "terrain_bonus") if prev is not None else ():
            if p["terrain"] in types:
                add(f"terrain bonus of {self.name(prev)}", p["amount"])
        if ocard is not None and card.type == "creature":
            for s, p, src, _ in self.effects_of("bonus_vs"):
                if s == seat and matches(ocard, p["filter"]):
                    add(f"{self._source_words(src)} vs {ocard.name}", p["amount"])
            held = self.spaces[c.space].kind == "hold" and not self.spaces[c.space].rubble
            registered = [p for s, p, _, _ in self.effects_of("bonus_when") if s == seat]   # a Command's
            for p in [p for src in sources for p in static_of(src, "bonus_when")] + registered:
                land = self.spaces[c.space]
                if (p["situation"] == "attacking" and seat == c.att) or (p["situation"] == "defending" and seat == c.dfn) \
                        or (p["situation"] == "secondary" and m.secondary == seat) \
                        or (p["situation"] == "vs_stronghold" and seat == c.att and held) \
                        or (p["situation"] == "no_terrain" and land.kind == "land" and land.terrain is None) \
                        or (p["situation"] == "face_down_terrain" and land.terrain is not None and land.face_down):
                    add(f"text: {str(p['situation']).replace('vs_stronghold', 'vs a Stronghold')}", p["amount"])
            if m.secondary == seat and opp is not None:   # `secondary_bonus_fought`: its side fought the target with
                helpers = [self.cd(h) for h in c.fought.get(opp, []) if self.owner[h] == seat]    # such a creature
                add("text: after its side's fight", max([p["amount"] for p in sidx.get("secondary_bonus_fought", ())
                                                         if any(matches(h, p["filter"]) for h in helpers)] or [0]))
        if seat == c.dfn and m.secondary is None and card.type == "creature":
            stripped = ocard is not None and (static_of(ocard, "strip_stronghold")
                                              or self._side_static(opp, "ignore_stronghold", ocard))
            if not stripped:
                add("Stronghold bonus", sum(p["defend_bonus"] for p in self.hold_static(c.space, "stronghold")))
        if card.type == "creature":
            for words, amount in self._aura_parts(inst, seat, card):
                add(words, amount)
            if bearer is not None:                                   # `shield_bonus` of its side's Shield
                add(f"Shield {bearer.name}", sum(p["amount"] for p in static_of(bearer, "shield_bonus")
                                                 if matches(card, p["filter"])))
            for p in sidx.get("bonus_per", ()):
                add(f"text: per {str(p['what']).replace('_', ' ')}", p["amount"] * self._bonus_count(inst, m, p))
            for p in sidx.get("bonus_alone", ()):                # no other such creature in play
                if not any(i != inst and self.alive(i) and matches(self.cd(i), p["filter"])
                           for s in (c.att, c.dfn) for i in c.inplay[s]):
                    add("text: the only one in play", p["amount"])
            if sidx.get("bonus_prev_foe", ()) and m in c.matchups:     # the opponent's previous pick's base
                before = [x for x in c.matchups[:c.matchups.index(m)] if x.secondary is None]
                prev_foe = (before[-1].d if seat == c.att else before[-1].a) if before else None
                if prev_foe is not None and self.known(prev_foe):
                    add(f"text: {self.name(prev_foe)}'s base", self.cd(prev_foe).vitality or 0)
            if card.bribery:                # worth nothing without icons: the cards in play not read then
                add("text: bribery icons", len(card.bribery) * sum(
                    p["amount"] for i in c.inplay[seat] if i != inst and self.alive(i)
                    for p in static_of(self.cd(i), "aura_per_icon")))
            add("text: beaten creatures' gift", sum(p["amount"] for i in c.inplay[seat] if i in c.beaten
                                                   for p in static_of(self.cd(i), "beaten_aura")))
            st = self.spaces[c.space].stacks.get(seat)
            if sidx.get("bonus_shield_number", ()) and m.secondary is None and st is not None and st.shield is not None:
                add("text: its Shield's number", self.cd(st.shield).number or 0)
            if ocard is not None and sidx.get("bonus_foe_ocb", ()):
                add(f"text: {ocard.name}'s off-colour bonus", ocard.ocb)
            for p in sidx.get("bonus_per_beaten", ()):          # beaten creatures of the kind, either side
                add("text: beaten " + "/".join(str(v) for v in p["filter"].values()),
                    p["amount"] * sum(1 for i in c.beaten if matches(self.cd(i), p["filter"])))
            if seat == c.att and self.spaces[c.space].kind == "hold" and not self.spaces[c.space].rubble:
                add("attacking a Stronghold", sum(p["amount"] for s, p, _, _ in self.effects_of("combat_bonus")
                                                  if p["who"] == "attackers_vs_stronghold" or s == seat))
        ranged = m.ranged.get(inst, [])
        if ranged:
            bonus = sum(p["amount"] for s, p, _, _ in self.effects_of("ranged_bonus") if s == seat)
            for s, st in self.spaces[c.space].stacks.items():      # the Shields' own, or `side: both` ones
                if s in (c.att, c.dfn) and st.shield is not None and self.known(st.shield):
                    bonus += sum(p["amount"] for p in static_of(self.cd(st.shield), "ranged_bonus")
                                 if (s == seat or p.get("side") == "both")
                                 and (p.get("when") is None or s == (c.dfn if p["when"] == "defending" else c.att)))
            if self.spaces[c.space].realm == seat:
                bonus += sum(p["amount"] for p in self.hold_static(c.space, "ranged_bonus"))
            for r in ranged:
                amount, rule = self._ranged_value(r)
                if rule.get("plus_others"):         # + the printed values of the ranged attacks made before it
                    amount += sum(self._ranged_value(o)[0] for used in m.ranged.values() for o in used
                                  if o != r and c.flags.get(f"o{o}", 0) < c.flags.get(f"o{r}", 0))
                if static_of(self.cd(r), "ranged_receiver"):       # channelled into the ranged card itself
                    amount += min(m.channel.get(r, 0), channel_cap(self.cd(r)))
                add(f"ranged: {self.name(r)}", max(0, amount + bonus))
        channelled, cap = m.channel.get(inst, 0), channel_cap(card)
        add("channelled" if channelled <= cap else f"channelled (capped at {cap})", min(channelled, cap))
        if m.secondary is None and card.type == "creature":          # a Command's `rising_bonus`
            rising = [p["amount"] for s, p, _, _ in self.effects_of("rising_bonus") if s == seat]
            if rising and m in c.matchups:
                add("rising bonus", sum(rising) * (1 + sum(1 for x in c.matchups[:c.matchups.index(m)]
                                                           if x.secondary is None)))
        add("Spells and effects", m.mods.get(inst, 0))
        return parts

    def _bonus_count(self, inst: int, m: MatchUp, p: dict) -> int:
        """`bonus_per`: how many things the creature counts (its own side's or everyone's unbeaten creatures in
        play but itself, creatures in its owner's discard pile, or primary match-ups fought before this one)."""
        c = self.combat
        assert c is not None
        seat = self.owner[inst]
        what = p["what"]
        if what == "matchups":
            before = c.matchups[:c.matchups.index(m)] if m in c.matchups else c.matchups
            return sum(1 for x in before if x.secondary is None)
        if what == "own_hand":
            return sum(1 for i in c.hands[seat] if self.is_creature(i))
        if what == "own_discard":
            return sum(1 for i in self.seats[seat].discard if self.is_creature(i) and matches(self.cd(i), p.get("filter")))
        sides = (seat,) if what == "own_inplay" else (c.att, c.dfn)
        return sum(1 for s in sides for i in c.inplay[s] if i != inst and self.alive(i) and self.is_creature(i)
                   and self.known(i) and matches(self.cd(i), p.get("filter")))

    def _any_terrain(self, inst: int) -> bool:
        """`any_terrain_bonus`: another unbeaten creature of its side in play lets it use its terrain bonuses
        whatever the terrain."""
        c = self.combat
        assert c is not None
        return any(i != inst and self.alive(i) and self.known(i) and static_of(self.cd(i), "any_terrain_bonus")
                   for i in c.inplay.get(self.owner[inst], ()))

    def _side_static(self, inst: int | None, name: str, card: Any) -> bool:
        """Does an unbeaten card in play on `inst`'s side carry the static `name` whose filter `card` matches?"""
        c = self.combat
        if c is None or inst is None:
            return False
        side = self.owner[inst]
        return any(self.alive(i) and any(matches(card, p["filter"]) for p in static_of(self.cd(i), name))
                   for i in c.inplay.get(side, ()))

    def _terrain_shift(self, seat: int) -> int:
        """`terrain_shift` on the Shields of the combat: terrain bonuses of the opposing side (or of both)
        change by the amount (never below 0, applied by the caller)."""
        c = self.combat
        assert c is not None
        shift = 0
        for s, st in self.spaces[c.space].stacks.items():
            if s in (c.att, c.dfn) and st.shield is not None and self.known(st.shield):
                shift += sum(p["amount"] for p in static_of(self.cd(st.shield), "terrain_shift")
                             if p["side"] == "both" or s != seat)
        return shift

    def _previous_pick(self, inst: int, m: MatchUp) -> int | None:
        """The creature its side played in the primary match-up before `m` (`borrow_bonus`), if known."""
        c = self.combat
        assert c is not None
        seat = self.owner[inst]
        before = c.matchups[:c.matchups.index(m)] if m in c.matchups else c.matchups
        for x in reversed(before):
            if x.secondary is None:
                pick = x.a if seat == c.att else x.d
                if pick is not None and pick != inst and self.known(pick):
                    return pick
        return None

    def _source_words(self, source: Any) -> str:
        """An effect's source in words for the breakdown: its card's name, or "an effect"."""
        if isinstance(source, int) and 0 <= source < len(self.cards) and self.known(source):
            kind = self.cd(source).type
            return f"{'Spell' if kind == 'spell' else kind.title()}: {self.name(source)}"
        return "an effect"

    def _aura_parts(self, inst: int, seat: int, card: Any = None) -> list[tuple[str, int]]:
        """Auras (spec `aura`, ruling A23): a creature's own aura helps creatures played after it while it
        is in play and unbeaten, never itself (RB-FAQ Captain Red Nose); Command auras last the combat.
        One part per source, named ("aura: Captain Red Nose"), in the order the sources are found. On a view,
        a card the viewer may not identify gives no aura and counts for no "first" (`known`): what a seat
        cannot see must neither crash its view nor be read from it. `card`: its `cardx`, if known."""
        c = self.combat
        assert c is not None
        if card is None:
            card = self.cardx(inst)
        order = c.flags.get(f"o{inst}", 0)
        bonus: dict[str, int] = {}

        def give(words: str, amount: int) -> None:
            bonus[words] = bonus.get(words, 0) + amount
        for s in (c.att, c.dfn):
            for src in c.inplay[s]:
                if not self.known(src):
                    continue
                auras = static_of(self.cd(src), "aura")     # before the rest: most cards in play have none
                if not auras or not self.alive(src) or src == c.command.get(s):
                    continue
                later = src != inst and c.flags.get(f"o{src}", 0) < order
                for p in auras:
                    if not (p["scope"] == "all" or (p["scope"] == "after" and later)) or (p["side"] == "own" and s != seat):
                        continue
                    if matches(card, p["filter"]):
                        give(f"aura: {self.name(src)}", p["amount"])
        registered = self.effects_of("aura")
        types = self.terrain_types(c.space) if registered else ()
        for s, p, src, when in registered:
            if s != seat and p["side"] == "own":
                continue
            if p.get("terrain") and p["terrain"] not in types:
                continue
            if not matches(card, p["filter"]):
                continue
            if p["scope"] == "first":
                firsts = [i for i in c.inplay[s] if c.flags.get(f"o{i}", 0) > when and self.known(i)
                          and matches(self.cd(i), p["filter"]) and self.cd(i).type == "creature" and i != src]
                if not firsts or firsts[0] != inst:
                    continue
            known = isinstance(src, int) and 0 <= src < len(self.cards) and self.known(src)
            give(f"aura: {self.name(src)}" if known else "aura: an effect", p["amount"])
        return list(bonus.items())

    # ----- resolving a match-up ----------------------------------------------------------------------------

    def immune_to(self, inst: int, attacker: int) -> bool:
        """Immunity (RB-MR p. 37): to an attack type, or to creatures matching a filter."""
        card, other = self.cardx(inst), self.cardx(attacker)
        if static_of(other, "harmless"):
            return True
        kinds = {p["type"] for p in static_of(other, "attack_type")}
        c = self.combat
        if c is not None and kinds:
            seat, order = self.owner[inst], c.flags.get(f"o{inst}", 0)
            for src in c.inplay.get(seat, []):
                if src != inst and self.alive(src) and c.flags.get(f"o{src}", 0) < order:
                    if any(p["to"] in kinds and matches(card, p["filter"]) for p in static_of(self.cd(src), "aura_immune")):
                        return True
        for p in static_of(card, "immune"):
            if p.get("terrain") and (c is None or p["terrain"] not in self.terrain_types(c.space)):
                continue                        # immune on that terrain only
            if p.get("to") in kinds:
                return True
            if p.get("filter") is not None and other.type == "creature" and matches(other, p["filter"]):
                return True
        return False

    def _push_margin(self, inst: int) -> int:
        """`push_margin`: the creature is beaten only by at least that much (on its terrain, when named)."""
        types = self.terrain_types(self.combat.space) if self.combat is not None else ()
        owner = self.owner[inst]
        registered = [p for s, p, _, _ in self.effects_of("push_margin") if s == owner]   # a Command's, for its side
        return max([p["amount"] for p in (*static_of(self.cd(inst), "push_margin"), *registered)
                    if (not p.get("terrain") or p["terrain"] in types) and matches(self.cd(inst), p.get("filter"))]
                   or [1])

    def _wins_pushes(self, inst: int) -> bool:
        c = self.combat
        assert c is not None
        seat = self.owner[inst]
        shield = self.spaces[c.space].stacks.get(seat)
        sources = [self.cd(inst)]
        if shield is not None and shield.shield is not None:
            sources.append(self.cd(shield.shield))
        return any(p["kind"] == "win_pushes" for src in sources for p in static_of(src, "push_rule"))

    def _destroy(self, inst: int) -> None:
        """RB-MR p. 38: a destroyed creature (and all under it) goes to the discard pile at once."""
        c = self.combat
        assert c is not None
        c.beaten.pop(inst, None)
        if inst not in c.destroyed:
            c.destroyed.append(inst)

    def _cb_resolve(self, c: Combat) -> None:
        m = c.cur
        assert m is not None
        a, d = m.a, m.d
        if not m.result:
            if a is None or d is None:
                m.result = "none"
            else:
                sa, sd = self.strength(a, m), self.strength(d, m)
                if m.push_locked:
                    sa = sd = 0
                c.fought.setdefault(d, []).append(a)
                c.fought.setdefault(a, []).append(d)
                winner = None
                if sa > sd and sa - sd >= self._push_margin(d):
                    winner = "a"
                elif sd > sa and sd - sa >= self._push_margin(a):
                    winner = "d"
                elif not m.push_locked:
                    wa, wd = self._wins_pushes(a), self._wins_pushes(d)
                    winner = "a" if wa and not wd else "d" if wd and not wa else None
                m.result = winner or "push"
                for x, y, won in ((a, d, winner == "a"), (d, a, winner == "d")):
                    if self.immune_to(y, x):
                        if won:
                            c.turned.append(x)
                        continue
                    types = self.terrain_types(c.space)
                    destroy = any((p["when"] == "on_match" or (p["when"] == "on_win" and won))
                                  and (not p.get("terrain") or p["terrain"] in types)
                                  and matches(self.cardx(y), p["filter"]) for p in static_of(self.cd(x), "destroys"))
                    if destroy or (won and (fragile_to(self.cardx(y), self.cardx(x))
                                            or self.effects_of("beaten_destroyed")
                                            or any(self._ranged_value(r)[1].get("destroys_on_win")
                                                   for r in m.ranged.get(x, ())))):
                        self._destroy(y)
                    elif won:
                        c.beaten[y] = x
                        self._after_beat(x, y)
                    if won and static_of(self.cd(x), "margin_kills_command"):
                        cmd = c.command.get(self.owner[y])
                        margin = (sa - sd) if x == a else (sd - sa)
                        if cmd is not None and self.cd(cmd).type == "creature" and self.alive(cmd) \
                                and margin > (self.cd(cmd).vitality or 0):
                            self._destroy(cmd)
                if winner is not None:
                    self._after_margin(a if winner == "a" else d, d if winner == "a" else a, abs(sa - sd))
                outcome = {"a": f"{self.name(d)} is beaten", "d": f"{self.name(a)} is beaten", "push": "a push"}[m.result]
                self.say("matchup", result=f"{self.name(a)} {sa} against {self.name(d)} {sd}: {outcome}",
                         a=a, d=d, a_value=sa, d_value=sd, outcome=m.result)
        c.cur = None
        c.stage = "after_matchup"
        c.window = self.window_order(c)

    def discard_pen_random(self, seat: int, count: int) -> None:
        """Up to `count` cards drawn at random from the seat's Creature Pen are discarded (shown as they go)."""
        pen = self.seats[seat].pen
        for _ in range(min(count, len(pen))):
            victim = self.rng.pick(sorted(pen))
            pen.remove(victim)
            self.discard(victim)
            self.say("discard", seat_name=self.seat_name(seat), card=self.name(victim), seat=seat)

    def _after_margin(self, winner: int, loser: int, margin: int) -> None:
        """Texts that read a primary match-up's margin: `narrow_win_destroys` (an enemy Command's: a win by less
        than the margin destroys both creatures), `flee_margin` (beaten by more, it goes back to its Pen)."""
        c = self.combat
        assert c is not None
        for s, p, _, _ in self.effects_of("narrow_win_destroys"):
            if s in (c.att, c.dfn) and self.owner[winner] != s and margin < p["margin"]:
                for inst in (winner, loser):
                    self._destroy(inst)
                self.say("note", text=f"a narrow win: {self.name(winner)} and {self.name(loser)} are destroyed")
                return
        for p in static_of(self.cd(loser), "flee_margin"):
            if loser in c.beaten and margin > p["amount"]:
                self._return_lost(self.owner[loser], loser)
                self.say("note", text=f"{self.name(loser)} flees to the Creature Pen")

    def _after_beat(self, winner: int, loser: int) -> None:
        """Texts that act when a creature beats another: stones per beat, draining channelled losers,
        Rubble on the spot."""
        c = self.combat
        assert c is not None
        seat = self.owner[winner]
        for src in c.inplay[seat]:
            if self.alive(src) and c.flags.get(f"o{src}", 0) <= c.flags.get(f"o{winner}", 0):
                for p in static_of(self.cd(src), "stones_per_beat"):
                    self.gain_stones(seat, p["amount"])
        for p in static_of(self.cd(winner), "drain"):
            if loser in c.channelled:
                self.gain_stones(self.owner[loser], -p["amount"])
        for p in static_of(self.cd(loser), "beater_owner_pays"):     # the beater's owner loses stones
            if matches(self.cd(winner), p.get("filter")):
                self.gain_stones(seat, -min(p["amount"], self.seats[seat].stones))
        primary = any(m.secondary is None and winner in (m.a, m.d) and loser in (m.a, m.d) for m in c.matchups)
        cmd = c.command.get(self.owner[loser])
        if primary and static_of(self.cd(loser), "loss_costs_command") and cmd is not None and self.is_creature(cmd) \
                and self.alive(cmd):                  # `loss_costs_command`: its own Command creature is destroyed
            self._destroy(cmd)
        for p in static_of(self.cd(winner), "win_costs_stone") if primary else ():   # the loser's side pays
            self.gain_stones(self.owner[loser], -min(p["amount"], self.seats[self.owner[loser]].stones))
        if primary and static_of(self.cd(winner), "win_discards_pen"):    # a random card of the loser's Pen
            self.discard_pen_random(self.owner[loser], 1)
        land = self.spaces[c.space]
        if primary and static_of(self.cd(winner), "win_discards_terrain") and land.terrain is not None \
                and land.terrain_owner is not None and land.terrain_owner != seat:
            self.discard(land.terrain)
            self.say("terrain_lost", seat_name=self.seat_name(land.terrain_owner), space=c.space, seat=land.terrain_owner)
            land.terrain, land.terrain_owner, land.face_down = None, None, False
        sp = self.spaces[c.space]
        if static_of(self.cd(winner), "rubble_on_win") and seat == c.att and sp.kind == "hold" and not sp.rubble \
                and sp.realm != seat:
            self.to_rubble(c.space, seat)

    def _cb_after_matchup(self, c: Combat) -> None:
        """A window once a match-up is settled (cards that say so); first a creature that swaps in for a
        loser (`swap_in` when `lost`)."""
        m = c.matchups[-1] if c.matchups else None
        key = f"survived{len(c.matchups)}"
        if m is not None and m.secondary is None and key not in c.flags:    # `survive` abilities, once
            frames = [Frame(tuple((n, p) for a in abilities_of(self.cd(i), "survive") for step in a["effect"]
                                  for n, p in step.items()), self.owner[i], {"source": i})
                      for i in (m.a, m.d) if i is not None and self.alive(i) and i in c.inplay[self.owner[i]]
                      and abilities_of(self.cd(i), "survive")]
            if frames:
                c.flags[key] = True
                self.stack.extend(reversed(frames))
                return
        due = self._swap_lost_due()
        if due is not None:
            self.pending = Pending("swap_lost", due[0], due[1:])
            return
        if self._run_spell_window(c, "after_matchup"):
            return
        c.stage = "primary"

    def _swap_lost_due(self) -> tuple[int, tuple[int, ...], int] | None:
        """(seat, creatures of its Combat Hand that may swap in, its beaten creature) when `swap_in` (when
        `lost`, on the hand's creature) or `lost_swap` (on the beaten one: any creature of the hand) may act on
        the primary match-up just settled, not yet asked."""
        c = self.combat
        assert c is not None
        m = c.matchups[-1] if c.matchups else None
        if m is None or m.secondary is not None:
            return None
        for seat, own in ((c.att, m.a), (c.dfn, m.d)):
            if own is None or own not in c.beaten or c.flags.get(f"swapped{len(c.matchups)}:{seat}"):
                continue
            anyone = bool(static_of(self.cd(own), "lost_swap"))
            fits = tuple(i for i in c.hands[seat] if self.is_creature(i) and (anyone or any(
                p["when"] == "lost" and matches(self.cd(own), p.get("filter")) for p in static_of(self.cd(i), "swap_in"))))
            if fits:
                return seat, fits, own
        return None

    def _options_swap_lost(self, seat: int, data: tuple) -> tuple:
        fits, own = data
        seen: dict[str, int] = {}
        for inst in fits:
            seen.setdefault(self.cards[inst], inst)
        return (f"{self.name(own)} lost: let a creature of your Combat Hand take its place (and its defeat)?",
                [("swap_lost", (i,), f"{self.name(i)} swaps in", (f"card:{i}", f"card:{own}")) for i in seen.values()]
                + [("swap_lost", (None,), "No", ())], "target")

    def _do_swap_lost(self, seat: int, data: tuple, action: Action) -> None:
        c = self.combat
        assert c is not None
        c.flags[f"swapped{len(c.matchups)}:{seat}"] = True
        if action.args[0] is not None and action.args[0] in c.hands[seat]:
            self._swap_into(seat, c.matchups[-1], action.args[0], data[1])

    def _withdrawers(self) -> list[int]:
        """Seats with an unbeaten creature in play whose text lets its Shield retreat after the primaries."""
        c = self.combat
        assert c is not None
        if c.guardian or c.shieldless:
            return []
        return [s for s in (c.att, c.dfn) if not c.flags.get(f"asked_w:{s}")
                and any(self.alive(i) and static_of(self.cd(i), "retreat_option") for i in c.inplay[s])]

    def _cb_withdraw(self, c: Combat) -> None:
        seats = self._withdrawers()
        if seats:
            self.pending = Pending("withdraw", seats[0])
            return
        c.stage = "secondary"

    def _options_withdraw(self, seat: int, data: Any) -> tuple:
        return ("The primary attacks are over: retreat your Shield with its unbeaten creatures?",
                [("withdraw", (True,), "Retreat now", ()), ("withdraw", (False,), "Fight on", ())], "retreat")

    def _do_withdraw(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None
        c.flags[f"asked_w:{seat}"] = True
        if action.args[0]:
            c.flags["forfeit"] = seat
            self.say("note", text=f"{self.seat_name(seat)} withdraws from the combat")
            c.stage = "victor"

    # ----- secondary attackers (RB-MR 4, p. 34) -----------------------------------------------------------

    def _sec_targets(self, side: int) -> list[int]:
        c = self.combat
        assert c is not None
        enemy = self.opponent_of(side)
        return [i for i in c.inplay[enemy] if self.alive(i) and not self._untouchable(i)]

    def _untouchable(self, inst: int) -> bool:
        """`no_secondary_target`; with `after_beating`, only once it has beaten a creature matching it."""
        c = self.combat
        assert c is not None
        for p in static_of(self.cd(inst), "no_secondary_target"):
            if p.get("after_beating") is None or any(b == inst and matches(self.cd(x), p["after_beating"])
                                                     for x, b in c.beaten.items()):
                return True
        for m in c.matchups:                    # `with_foe`: its primary match-up opponent is out of reach too
            if m.secondary is None and inst in (m.a, m.d):
                foe = m.d if inst == m.a else m.a
                if foe is not None and any(p.get("with_foe") for p in static_of(self.cd(foe), "no_secondary_target")):
                    return True
        return False

    def _cb_secondary(self, c: Combat) -> None:
        for side in (c.att, c.dfn):
            if c.flags.get(f"sec_stop:{side}"):
                continue
            if self.fighters(side) and self._sec_targets(side):
                c.sec_side = side
                self.pending = Pending("secondary", side)
                return
        c.stage = "victor"

    def _options_secondary(self, seat: int, data: Any) -> tuple:
        seen: dict[str, int] = {}
        for inst in self.fighters(seat):
            seen.setdefault(self.cards[inst], inst)
        options = [("sec", (inst, target), f"{self.name(inst)} attacks {self.name(target)}",
                    (f"card:{inst}", f"card:{target}")) for inst in seen.values() for target in self._sec_targets(seat)]
        options.append(("sec_stop", (), "No more secondary attackers", ()))
        return ("Play a secondary attacker (it cannot be beaten) or stop", options, "secondary")

    def _do_secondary(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None
        if action.kind == "sec_stop":
            c.flags[f"sec_stop:{seat}"] = True
            return
        inst, target = action.args
        c.hands[seat].remove(inst)
        self._put_in_play(seat, inst)
        m = MatchUp(inst, target, seat) if seat == c.att else MatchUp(target, inst, seat)
        c.matchups.append(m)
        c.cur = m
        self.mark_revealed()
        c.flags["targets"] = (inst,)
        c.flags["react"] = "secondary"
        c.window = [self.opponent_of(seat)] + self.bystanders(c)
        c.stage = "sec_react"

    def _cb_sec_react(self, c: Combat) -> None:
        if self._run_react(c):
            return
        m = c.cur
        assert m is not None
        sec = m.a if m.secondary == c.att else m.d
        if sec is None:
            c.cur = None
            c.stage = "secondary"
            return
        c.window = [m.secondary]
        c.passes = 0
        c.stage = "modify"

    def secondary_value(self, m: MatchUp) -> tuple[int, int, int]:
        """R69: the secondary attacker's (modified) Vitality plus the base Vitality of every creature of its
        side that already fought the target, less destroyed, bribed and turned-around ones (R78, R80)
        and ranged helpers (A19); the target counts its base only. Returns (sec, value, target)."""
        c = self.combat
        assert c is not None
        side = m.secondary
        sec, target = (m.a, m.d) if side == c.att else (m.d, m.a)
        assert sec is not None and target is not None
        value = self.strength(sec, m)
        for helper in c.fought.get(target, []):
            if self.owner[helper] != side or helper in c.destroyed or helper in c.bribed or helper in c.turned:
                continue
            helps = static_of(self.cd(helper), "helper_value") if helper in c.beaten else []
            value += helps[0]["amount"] if helps else (self.cd(helper).vitality or 0)
        return sec, value, target

    def _cb_sec_resolve(self, c: Combat) -> None:
        m = c.cur
        assert m is not None
        sec, value, target = self.secondary_value(m)
        base = self.cd(target).vitality or 0
        destroys = any(matches(self.cd(target), p["filter"]) for p in static_of(self.cd(sec), "secondary_destroys"))
        beaten = (value > base or destroys or bool(static_of(self.cd(sec), "secondary_beats"))) and self.alive(target)
        types = self.terrain_types(c.space)
        if any(matches(self.cd(sec), p["filter"]) and (not p.get("terrain") or p["terrain"] in types)
               for p in static_of(self.cd(target), "secondary_immune")):
            beaten = destroys = False                  # `secondary_immune`: such attackers cannot harm it
        if beaten and destroys:
            self._destroy(target)
        elif beaten:
            c.beaten[target] = sec
            self._after_beat(sec, target)
        c.fought.setdefault(target, []).append(sec)
        m.result = "a" if (beaten and m.secondary == c.att) else "d" if beaten else "push"
        self.say("secondary", seat_name=self.seat_name(m.secondary), card=self.name(sec), value=value,
                 target=self.name(target), base=base, outcome="beaten" if beaten else "not beaten", seat=m.secondary)
        c.cur = None
        c.stage = "secondary"

    # ----- deciding the victor (RB-MR 5, p. 40; rulings A29, A34) ------------------------------------------

    def control_value(self, inst: int) -> int:
        card = self.cd(inst)
        values = static_of(card, "control_value")
        return values[0]["amount"] if values else (card.vitality or 0)

    def survivors(self, seat: int) -> list[int]:
        c = self.combat
        assert c is not None
        return [i for i in dict.fromkeys(c.inplay[seat] + c.hands[seat])
                if self.known(i) and self.alive(i) and self.is_creature(i)]

    def total(self, seat: int) -> int:
        """The base Vitality (or control value) of the side's unbeaten creatures, in play or never played;
        sidelined creatures do not count; a surviving control bonus adds its amount per creature. On a view,
        cards the viewer may not identify (an opponent's unplayed Combat Hand) count nothing: the total is
        what the viewer can compute, and it never leaks the hidden strength."""
        c = self.combat
        assert c is not None
        # `uncounted_foe` leaves a creature's primary match-up opponent (and, `also_self`, itself) out of the count
        out: set[int] = set()
        for m in c.matchups:
            for x, y in ((m.a, m.d), (m.d, m.a)):
                if m.secondary is None and x is not None and y is not None:
                    for p in static_of(self.cd(y), "uncounted_foe"):
                        if matches(self.cd(x), p["filter"]):
                            out |= {x, y} if p.get("also_self") else {x}
        alive = [i for i in self.survivors(seat) if not self.sidelined(i) and i not in out and not self.stunned(i)]
        total = sum(self.control_value(i) for i in alive) + int(c.flags.get(f"idol:{seat}", 0))
        shield = self.spaces[c.space].stacks.get(seat)
        if shield is not None and shield.shield is not None and self.known(shield.shield):
            for p in static_of(self.cd(shield.shield), "control_extra"):
                if seat == (c.att if p["when"] == "attacking" else c.dfn):
                    total += p["amount"]
        for i in alive:
            for p in static_of(self.cd(i), "control_bonus"):
                total += p["amount"] * sum(1 for j in alive if matches(self.cd(j), p["filter"]))
        return total

    def _idol(self, seat: int) -> dict | None:
        """An intact own Stronghold card whose Upgrade boosts the control total of the spaces in front."""
        c = self.combat
        assert c is not None
        for sid, sp in self.spaces.items():
            if sp.kind != "hold" or sp.realm != seat or sp.rubble or sp.upgrade is None:
                continue
            if c.space in self.in_front(seat, sid):
                for p in static_of(self.cd(sp.upgrade), "control_boost"):
                    return p
        return None

    def _cb_victor(self, c: Combat) -> None:
        for seat in (c.att, c.dfn):
            if not c.guardian and f"idol:{seat}" not in c.flags and self._idol(seat) is not None:
                self.pending = Pending("idol", seat)
                return
        unused_any = False
        for seat in (c.att, c.dfn):
            unused = [i for i in c.hands[seat] if self.cd(i).type == "creature"]
            if unused:
                unused_any = True
                self.say("unused", seat_name=self.seat_name(seat), names=", ".join(self.name(i) for i in unused),
                         seat=seat)
        if unused_any:
            self.mark_revealed()
        ta, td = self.total(c.att), self.total(c.dfn)
        forfeit = c.flags.get("forfeit")
        if forfeit is not None:
            c.winner = self.opponent_of(forfeit)
        elif c.guardian:
            guardian = self.seats[c.dfn].guardian
            c.winner = c.att if guardian in c.beaten or guardian in c.destroyed else c.dfn
        else:
            c.winner = c.att if ta > td else c.dfn
        self.say("victor", a_total=ta, d_total=td, seat_name=self.seat_name(c.winner), seat=c.winner)
        if c.flags.get(f"dare:{c.winner}") and forfeit is None:       # `dare` lost: the loser's creatures go
            loser = self.opponent_of(c.winner)
            for inst in list(c.inplay[loser]) + list(c.hands[loser]):
                if self.is_creature(inst) and self.alive(inst):
                    if inst in c.hands[loser]:
                        c.hands[loser].remove(inst)
                        self.discard(inst)
                    else:
                        self._destroy(inst)
        sp = self.spaces[c.space]
        for seat in (c.att, c.dfn):              # `hold_raid`: surviving on the other's standing Stronghold card
            if sp.kind == "hold" and not sp.rubble and sp.realm == self.opponent_of(seat):
                for i in self.survivors(seat):
                    for p in static_of(self.cd(i), "hold_raid"):
                        victim = self.opponent_of(seat)
                        if p.get("stones"):
                            self.gain_stones(victim, -min(p["stones"], self.seats[victim].stones))
                        if p.get("pen"):
                            self.discard_pen_random(victim, p["pen"])
        won_under = self.spaces[c.space].stacks.get(c.winner)          # `stones_on_win` on the winner's Shield
        if won_under is not None and won_under.shield is not None and forfeit is None:
            for p in static_of(self.cd(won_under.shield), "stones_on_win"):
                self.gain_stones(c.winner, p["amount"])
        for loser, beater in list(c.beaten.items()):      # `beater_pays`: its beater is destroyed unless it won
            if static_of(self.cd(loser), "beater_pays") and self.owner[beater] != c.winner:
                self._destroy(beater)
        if c.guardian and c.winner == c.att:
            victim = c.dfn
            pl = self.seats[victim]
            pl.g_alive = False          # beaten in either count: the end screen reads it
            if self.n == 2:
                self.win((c.att,), "guardian", "beats the opposing Guardian")
                return
            for inst in pl.pen + pl.depot:
                self.discard(inst)
            pl.pen, pl.depot = [], []
            self.flags[f"gkill:{c.att}"] = True
            self.check_kills()
            if self.winners is not None:
                return
        c.healed = []
        c.stage = "heal"

    def _options_idol(self, seat: int, data: Any) -> tuple:
        p = self._idol(seat)
        assert p is not None
        most = min(self.seats[seat].stones, 5)
        return ("Your Upgrade adds to your total here: spend Power Stones for more?",
                [("idol", (n,), f"+{p['amount'] + n * p['per_stone']} (spend {counted(n, 'stone')})", ())
                 for n in range(most + 1)], "target")

    def _do_idol(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None
        p = self._idol(seat)
        assert p is not None
        n = int(action.args[0])
        if n:
            self.gain_stones(seat, -n)
        c.flags[f"idol:{seat}"] = p["amount"] + n * p["per_stone"]

    def _heal_options(self, seat: int) -> list[tuple]:
        c = self.combat
        assert c is not None
        out = []
        for healer in self.survivors(seat):
            if healer in c.healed:
                continue
            used = int(c.flags.get(f"healer{healer}", 0))
            for p in static_of(self.cd(healer), "heal"):
                if (seat != c.winner and not p.get("any_side")) or int(p.get("cost", 0)) > self.seats[seat].stones:
                    continue
                enemy = self.opponent_of(seat)
                allowed = sum(1 for i in c.inplay[enemy] if i in c.beaten or i in c.destroyed) \
                    if p.get("per_enemy_loss") else p["count"]
                if used >= allowed:
                    continue
                for target in c.inplay[seat]:
                    if target in c.beaten and matches(self.cd(target), p["filter"]) and self.cd(target).type == "creature":
                        out.append(("heal", (healer, target), f"{self.name(healer)} heals {self.name(target)}",
                                    (f"card:{healer}", f"card:{target}")))
        return out

    def _cb_heal(self, c: Combat) -> None:
        """RB-MR p. 41: a surviving healer on the winning side saves one beaten creature (R110, R111)."""
        for seat in ((c.winner, self.opponent_of(c.winner)) if c.winner is not None else ()):
            if not c.flags.get(f"heal_done:{seat}") and self._heal_options(seat):
                self.pending = Pending("heal", seat)
                return
        c.stage = "returns"

    def _options_heal(self, seat: int, data: Any) -> tuple:
        options = self._heal_options(seat)
        options.append(("heal_done", (), "No more healing", ()))
        return ("Heal a beaten creature?", options, "heal")

    def _do_heal(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None
        if action.kind == "heal_done":
            c.flags[f"heal_done:{seat}"] = True
            return
        healer, target = action.args
        c.flags[f"healer{healer}"] = int(c.flags.get(f"healer{healer}", 0)) + 1
        cost = max([int(p.get("cost", 0)) for p in static_of(self.cd(healer), "heal")
                    if matches(self.cd(target), p["filter"])] or [0])
        if cost:
            self.gain_stones(seat, -cost)
        del c.beaten[target]
        c.healed.append(target)
        self.say("heal", card=self.name(healer), target=self.name(target), seat=seat)

    def _lost_returns(self, seat: int) -> list[int]:
        c = self.combat
        assert c is not None
        lost = [i for i in c.inplay[seat] if (i in c.beaten or i in c.destroyed) and not c.flags.get(f"kept{i}")]
        return [i for i in lost if self._return_cost(seat, i) is not None]

    def _return_cost(self, seat: int, inst: int) -> int | None:
        """The cheapest `return_when_lost` that takes this lost creature back now, or None."""
        c = self.combat
        assert c is not None
        costs = [p["cost"] for p in self._return_rules(seat, inst)
                 if p["cost"] <= self.seats[seat].stones and matches(self.cd(inst), p.get("filter"))
                 and (not p.get("by") or (inst in c.beaten and matches(self.cd(c.beaten[inst]), p["by"])))]
        return min(costs) if costs else None

    def _return_rules(self, seat: int, inst: int) -> tuple[dict, ...]:
        """`return_when_lost` of the creature, then of its side's Shield (a Standard Bearer's)."""
        c = self.combat
        assert c is not None
        st = self.spaces[c.space].stacks.get(seat)
        bearer = static_of(self.cd(st.shield), "return_when_lost") if st is not None and st.shield is not None else ()
        return static_of(self.cd(inst), "return_when_lost") + bearer

    def _cb_returns(self, c: Combat) -> None:
        """Creatures whose text (or a Command Spell) saves them when lost; `survives_if`: a lost creature
        stays with its side while another of its side matching the filter is unbeaten."""
        for seat in (c.att, c.dfn):
            for inst in c.inplay[seat]:
                if inst not in c.beaten and inst not in c.destroyed:
                    continue
                for p in static_of(self.cd(inst), "survives_if"):
                    if any(i != inst and matches(self.cd(i), p["filter"]) for i in self.survivors(seat)):
                        c.beaten.pop(inst, None)
                        if inst in c.destroyed:
                            c.destroyed.remove(inst)
                        self.say("note", text=f"{self.name(inst)} goes back to its side")
                        break
        for seat in (c.att, c.dfn):                # `return_unless_paid`: the other side may pay to keep it lost
            for inst in c.inplay[seat]:
                if inst in c.beaten and static_of(self.cd(inst), "return_unless_paid") and f"ransom{inst}" not in c.flags \
                        and any(m.secondary is None and inst in (m.a, m.d) for m in c.matchups):
                    self.pending = Pending("ransom", self.opponent_of(seat), inst)
                    return
        for seat in (c.att, c.dfn):
            for s, p, _, _ in self.effects_of("return_when_lost"):
                if s != seat:
                    continue
                for inst in list(c.inplay[seat]):
                    if (inst in c.beaten or inst in c.destroyed) and matches(self.cd(inst), p.get("filter")):
                        self._return_lost(seat, inst)
            if self._lost_returns(seat):
                self.pending = Pending("keep", seat)
                return
        c.window = [c.winner] if c.winner is not None else []
        c.stage = "after_combat"

    def _options_ransom(self, seat: int, inst: int) -> tuple:
        cost = static_of(self.cd(inst), "return_unless_paid")[0]["cost"]
        options = [("ransom", (False,), f"Let {self.name(inst)} go back to its Creature Pen", (f"card:{inst}",))]
        if self.seats[seat].stones >= cost:
            options.insert(0, ("ransom", (True,), f"Pay {counted(cost, 'Power Stone')}: {self.name(inst)} stays lost",
                               (f"card:{inst}",)))
        return (f"{self.name(inst)} was beaten: pay to keep it from its Creature Pen?", options, "target")

    def _do_ransom(self, seat: int, inst: int, action: Action) -> None:
        c = self.combat
        assert c is not None
        c.flags[f"ransom{inst}"] = True
        if action.args[0]:
            self.gain_stones(seat, -static_of(self.cd(inst), "return_unless_paid")[0]["cost"])
        else:
            self._return_lost(self.owner[inst], inst)
            self.say("note", text=f"{self.name(inst)} goes back to the Creature Pen")

    def _cb_after_combat(self, c: Combat) -> None:
        """Cards played after a combat (by its victor); first a `creature_terrain` Command's choice."""
        if self._terrain_candidates(c.winner):
            self.pending = Pending("creature_terrain", c.winner)
            return
        land = self.spaces[c.space]
        for s, _, _, _ in self.effects_of("strip_down_terrain"):     # the other's face-down or Shield/Terrain card
            if land.terrain is not None and land.terrain_owner == self.opponent_of(s) \
                    and (land.face_down or self.cd(land.terrain).kind == "shield_terrain"):
                self.discard(land.terrain)
                self.say("terrain_lost", seat_name=self.seat_name(land.terrain_owner), space=c.space,
                         seat=land.terrain_owner)
                land.terrain, land.terrain_owner, land.face_down = None, None, False
        if self._run_spell_window(c, "after_combat"):
            return
        c.stage = "cleanup"

    def _terrain_candidates(self, seat: int | None) -> list[int]:
        """`creature_terrain` (a Command of the winner's): its unbeaten creatures that may become the space's
        face-down Terrain, when the space has none and at least one other creature stays with the Shield."""
        c = self.combat
        assert c is not None
        if seat is None or c.flags.get(f"ct:{seat}") \
                or not any(s == seat for s, _, _, _ in self.effects_of("creature_terrain")):
            return []
        sp = self.spaces[c.space]
        st = sp.stacks.get(seat)
        if sp.kind != "land" or sp.terrain is not None or st is None or st.shield is None:
            return []
        alive = [i for i in dict.fromkeys(c.inplay[seat] + c.hands[seat]) if self.is_creature(i) and self.alive(i)]
        return alive if len(alive) > 1 else []

    def _options_creature_terrain(self, seat: int, data: Any) -> tuple:
        seen: dict[str, int] = {}
        for inst in self._terrain_candidates(seat):
            seen.setdefault(self.cards[inst], inst)
        return ("Lay one of your unbeaten creatures face down as this land's Terrain?",
                [("creature_terrain", (i,), f"Lay {self.name(i)} as Terrain", (f"card:{i}",)) for i in seen.values()]
                + [("creature_terrain", (None,), "No", ())], "terrain")

    def _do_creature_terrain(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None
        c.flags[f"ct:{seat}"] = True
        inst = action.args[0]
        if inst is None:
            return
        for pile in (c.inplay[seat], c.hands[seat]):
            if inst in pile:
                pile.remove(inst)
        sp = self.spaces[c.space]
        sp.terrain, sp.terrain_owner, sp.face_down = inst, seat, True
        self.say("terrain_down", seat_name=self.seat_name(seat), space=c.space, seat=seat)

    def _return_lost(self, seat: int, inst: int) -> None:
        c = self.combat
        assert c is not None
        c.beaten.pop(inst, None)
        if inst in c.destroyed:
            c.destroyed.remove(inst)
        c.inplay[seat].remove(inst)
        c.bribed.append(inst)          # out of the combat, not discarded
        self.seats[seat].pen.append(inst)

    def _options_keep(self, seat: int, data: Any) -> tuple:
        inst = self._lost_returns(seat)[0]
        cost = self._return_cost(seat, inst)
        return (f"{self.name(inst)} is lost: pay {counted(cost, 'Power Stone')} to take it back?",
                [("keep", (inst, True), f"Pay {cost} to take {self.name(inst)} back", (f"card:{inst}",)),
                 ("keep", (inst, False), "Let it go", (f"card:{inst}",))], "target")

    def _do_keep(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None
        inst, pay = action.args
        c.flags[f"kept{inst}"] = True
        if pay:
            cost = self._return_cost(seat, inst) or 0
            self.gain_stones(seat, -cost)
            self._return_lost(seat, inst)

    def _cb_cleanup(self, c: Combat) -> None:
        """Beaten and destroyed creatures are discarded; survivors go back under their Shields; the loser
        retreats (R95-R100), a Stronghold won by the attacker becomes Rubble (R102, A46)."""
        sp = self.spaces[c.space]
        for seat in (c.att, c.dfn):
            cmd = c.command.get(seat)
            if cmd is not None and (cmd in c.beaten or cmd in c.destroyed):     # `command_any`: lost with it
                for item in self._command_any(seat):
                    c.items[seat].remove(item)
                    self.discard(item)
            for inst in c.inplay[seat]:
                if inst in c.beaten or inst in c.destroyed:
                    self.discard(inst)
            if c.guardian and seat == c.dfn:
                continue
            back = [i for i in dict.fromkeys(c.inplay[seat] + c.hands[seat])
                    if self.cd(i).type == "creature" and self.alive(i)]
            st = sp.stacks.get(seat)
            if st is not None:
                st.cards = back + c.items[seat]
            else:
                for inst in back + c.items[seat]:
                    self.discard(inst)
        c.stage = "done"
        winner = c.winner if c.winner is not None else c.dfn
        loser = self.opponent_of(winner)
        if c.guardian:
            st = sp.stacks.get(c.att)
            if st is not None and not self.creatures(st.cards):
                self.lose_stack(c.att, c.space, c.dfn)
            self._end_combat(c)
            return
        if winner == c.att and sp.kind == "hold":
            if not sp.rubble and sp.realm != c.att:
                self.to_rubble(c.space, c.att)
            else:
                sp.rubble_ctrl = c.att
        elif sp.kind == "hold" and sp.rubble:
            sp.rubble_ctrl = winner
        if self.winners is not None:
            return
        # both wiped out: both Shields lost, the defender's first (A29)
        for seat in (c.dfn, c.att):
            st = sp.stacks.get(seat)
            if st is not None and not self.creatures(st.cards):
                self.lose_stack(seat, c.space, self.opponent_of(seat))
                if self.winners is not None:
                    return
        if sp.stacks.get(loser) is None:
            self._end_combat(c)
            return
        c.retreat = [loser]
        c.stage = "retreat"

    def _end_combat(self, c: Combat) -> None:
        self.combat = None
        if self.winners is not None:
            return
        for sp in self.spaces.values():
            for seat in list(sp.stacks):
                st = sp.stacks[seat]
                if st.shield is None and not st.cards:
                    del sp.stacks[seat]
        self._after_option(c.att)

    # ----- retreat ------------------------------------------------------------------------------------------

    def _retreat_dests(self, seat: int) -> list[str]:
        """Ruling A4: a losing attacker goes back the way it came unless enemies hold that space; a losing
        defender to an adjacent space it controls (R95, R96); shieldless Stronghold defenders only to an
        adjacent own Stronghold card (R99). Never into enemy creatures (A48)."""
        c = self.combat
        assert c is not None
        sp = self.spaces[c.space]
        st = sp.stacks[seat]
        if seat == c.att:
            back = c.came_from
            if back is None or self.enemy_creatures(seat, back) is not None:
                return []
            return [back]
        out = []
        for t in sp.adj:
            if self.enemy_creatures(seat, t) is not None:
                continue
            tsp = self.spaces[t]
            if st.shield is None:
                if tsp.kind == "hold" and tsp.realm == seat and not tsp.rubble:
                    here = tsp.stacks.get(seat)
                    if self.stack_cost((here.cards if here else []) + st.cards) <= 30:
                        out.append(t)
                continue
            if self.controller(t) == seat:
                out.append(t)
        return out

    def _cb_retreat(self, c: Combat) -> None:
        while c.retreat:
            seat = c.retreat[0]
            if seat in self.spaces[c.space].stacks:
                self.pending = Pending("retreat", seat)
                return
            c.retreat.pop(0)
        self._end_combat(c)

    def _cb_done(self, c: Combat) -> None:
        self._end_combat(c)

    def _options_retreat(self, seat: int, data: Any) -> tuple:
        options = [("retreat", (t,), f"Retreat to {self.space_name(t)}", (f"space:{t}",)) for t in self._retreat_dests(seat)]
        options.append(("retreat_destroy", (), "Discard the Shield's contents instead (the Shield is lost)", ()))
        return ("Your Shield lost the combat: retreat", options, "retreat")

    def _do_retreat(self, seat: int, data: Any, action: Action) -> None:
        c = self.combat
        assert c is not None
        c.retreat.pop(0)
        sp = self.spaces[c.space]
        if action.kind == "retreat_destroy":
            self.lose_stack(seat, c.space, self.opponent_of(seat))
            return
        dest = action.args[0]
        st = sp.stacks.pop(seat)
        self.say("retreat", seat_name=self.seat_name(seat), space=c.space, dest=dest, seat=seat)
        here = self.spaces[dest].stacks.get(seat)
        if here is None:
            self.spaces[dest].stacks[seat] = st
            return
        if here.shield is None or st.shield is None:
            here.cards.extend(st.cards)
            here.shield = here.shield if here.shield is not None else st.shield
            here.turned = here.turned or st.turned
            self._overflow(seat, dest)
            return
        # R98: one of the two Shields is discarded (and counts as lost, A30); the other keeps the creatures.
        self.pending = Pending("merge", seat, (dest, st.shield, here.shield, tuple(st.cards), st.turned))

    def _options_merge(self, seat: int, data: Any) -> tuple:
        dest, a, b, _, _ = data
        return ("Two Shields meet: keep which Shield?",
                [("merge", (a,), f"Keep {self.name(a)}", (f"space:{dest}",)),
                 ("merge", (b,), f"Keep {self.name(b)}", (f"space:{dest}",))], "retreat")

    def _do_merge(self, seat: int, data: Any, action: Action) -> None:
        dest, a, b, cards, turned = data
        here = self.spaces[dest].stacks[seat]
        keep = action.args[0]
        lost = b if keep == a else a
        here.shield = keep
        here.cards.extend(cards)
        here.turned = here.turned or turned
        self.out.append(lost)
        self.seats[seat].lost += 1
        self.say("shield_lost", seat_name=self.seat_name(seat), lost=self.seats[seat].lost, seat=seat)
        killer = self.opponent_of(seat)
        if self.n == 2 or self.phase == "movement":
            self.seats[killer].kills.append(seat)
        self.check_kills()
        if self.winners is None:
            self._overflow(seat, dest)

    def _overflow(self, seat: int, dest: str) -> None:
        st = self.spaces[dest].stacks[seat]
        if self.stack_cost(st.cards) > self.limit_of(st):
            self.pending = Pending("overflow", seat, dest)

    def _options_overflow(self, seat: int, dest: str) -> tuple:
        st = self.spaces[dest].stacks[seat]
        seen: dict[str, int] = {}
        for inst in self.creatures(st.cards):
            seen.setdefault(self.cards[inst], inst)
        return (f"Over the space limit on {self.space_name(dest)}: discard a creature",
                [("overflow", (i,), f"Discard {self.name(i)}", (f"card:{i}",)) for i in seen.values()], "retreat")

    def _do_overflow(self, seat: int, dest: str, action: Action) -> None:
        st = self.spaces[dest].stacks[seat]
        st.cards.remove(action.args[0])
        self.discard(action.args[0])
        self._overflow(seat, dest)
