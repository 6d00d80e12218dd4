"""The explore effect vocabulary: one method per YAML step (docs/rules-notes/explore.md, "Effect steps").

Steps run from an explicit stack of frames, never Python generators, so a state stopped in the middle of
a card (waiting for a choice) can still be cloned. A step that needs a choice sets `state.pending` and
returns WAIT; the answer is stored in `frame.answer` as (action kind, args) and the step runs again to
consume it. Steps whose name starts with `_` are internal (used by the rules for Overrun, bosses and
rewards), never written in YAML.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from guardians.engine.actions import Option
from guardians.engine.content import Field
from guardians.engine.flow import DONE, PUSHED, Frame, StepRegistry
from guardians.engine.words import counted
from guardians.games.explore.rules.model import BOSS, NONE

if TYPE_CHECKING:
    from guardians.games.explore.rules.state import ExploreState

LOOK_MODES = ("keep_one", "sift")
GAINS = ("energy", "attack", "damage_counters")

STEPS = StepRegistry("explore")
"""The explore vocabulary. `params` is each step's YAML schema (field name -> `Field`; cards.py validates
from it); `value(est, seat, params)` is the greedy AI's worth of the step, where `est` is the AI's estimate of
how many cards of each tag/card/type the seat has in play at once (ai.py `_estimates`) — explore values a card
from its steps alone, so a card's worth can be cached per card."""


def _opt(name: str, kind: Any, choices: tuple | None = None, minimum: int | None = None) -> Field:
    return Field(name, kind, False, choices, minimum)


def _f(*fields: Field) -> dict[str, Field]:
    return {f.name: f for f in fields}


# The closing choice of a list of card Options, an Option itself (so the decision lists them as they are)
_STOP_TRASH = Option("stop", (), "Trash no more", ())
_STOP_SET = Option("stop", (), "Set no more cards", ())

_AMOUNT = Field("amount", int, minimum=1)


def steps_worth(steps: tuple, est: dict[str, float]) -> float:
    """The AI's worth of a list of steps: the sum of each registered step's value."""
    total = 0.0
    for name, p in steps:
        value = STEPS.value(name)
        if value is None:
            raise KeyError(f"explore: step {name!r} has no AI value")
        total += value(est, None, p)
    return total


def _nothing(est: dict, seat: Any, p: dict) -> float:
    """Hooks and rewards the AI values elsewhere (locations by their hooks, rewards by family)."""
    return 0.0


def _per_count_worth(est: dict, seat: Any, p: dict) -> float:
    gain = {"attack": 1.0, "energy": 0.5, "damage_counters": 0.9}[p["gain"]]
    count = p["count"]
    key = count.get("tag") or count.get("card") or count.get("type") or count.get("not_type") or "attached"
    return gain * p["each"] * est.get(key, 0.0)


def _area_worth(est: dict, seat: Any, p: dict) -> float:
    amount = p.get("amount") or est.get(p.get("per", {}).get("tag", ""), 0.0)
    return 1.6 * amount + 2.0 * p.get("surrounding", 0)


class Effects:
    """Mixin of ExploreState: the step interpreter."""

    # ----- simple levels ------------------------------------------------------------------------

    @STEPS.step("energy", params=_f(_AMOUNT), value=lambda est, seat, p: 0.6 * p["amount"])
    def step_energy(self: "ExploreState", frame: Frame, p: dict) -> int:
        self.p[frame.seat].energy += p["amount"]
        return DONE

    @STEPS.step("attack", params=_f(_AMOUNT), value=lambda est, seat, p: 1.0 * p["amount"])
    def step_attack(self: "ExploreState", frame: Frame, p: dict) -> int:
        self.p[frame.seat].attack += p["amount"]
        return DONE

    @STEPS.step("damage_counters", params=_f(_AMOUNT), value=lambda est, seat, p: 0.9 * p["amount"])
    def step_damage_counters(self: "ExploreState", frame: Frame, p: dict) -> int:
        self.p[frame.seat].dc += p["amount"]
        return DONE

    @STEPS.step("energy_to_attack", params={}, value=lambda est, seat, p: 3.0)
    def step_energy_to_attack(self: "ExploreState", frame: Frame, p: dict) -> int:
        player = self.p[frame.seat]
        player.attack += player.energy
        player.energy = 0
        return DONE

    @STEPS.step("draw", params=_f(_AMOUNT), value=lambda est, seat, p: 1.8 * p["amount"])
    def step_draw(self: "ExploreState", frame: Frame, p: dict) -> int:
        self.draw(frame.seat, p["amount"])
        return DONE

    # ----- choices over cards in hand or discard ------------------------------------------------

    @STEPS.step("discard", params=_f(_AMOUNT), value=lambda est, seat, p: -1.2 * p["amount"])
    def step_discard(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        hand = self.p[seat].hand
        left = frame.env.get("_left", p["amount"])
        if frame.answer is not None:
            self.discard_from_hand(seat, frame.answer[1][0])
            left -= 1
            frame.answer = None
        while left > 0 and hand:
            groups = self.groups(hand)
            if len(groups) > 1:
                frame.env["_left"] = left
                options = self.card_choices("discard", hand, "Discard {}", groups)
                return self.ask(seat, "discard", f"Discard a card ({left} to go)", options)
            self.discard_from_hand(seat, hand[0])      # copies of one card: the first (distinct's choice)
            left -= 1
        frame.env.pop("_left", None)
        return DONE

    @STEPS.step("trash_from_discard", params=_f(Field("up_to", int, minimum=1)), value=lambda est, seat, p: 0.35 * min(p["up_to"], 3))
    def step_trash_from_discard(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        pile = self.p[seat].discard
        left = frame.env.get("_left", p["up_to"])
        if frame.answer is not None:
            if frame.answer[0] == "stop":
                left = 0
            else:
                self.trash_card(seat, frame.answer[1][0], pile)
                left -= 1
            frame.answer = None
        if left <= 0 or not pile:
            frame.env.pop("_left", None)
            return DONE
        frame.env["_left"] = left
        options = self.card_choices("trash", pile, "Trash {} from your discard pile")
        options.append(_STOP_TRASH)
        return self.ask(seat, "trash", f"Trash up to {counted(left, 'card')} from your discard pile",
                         options)

    @STEPS.step("discard_deck", params={}, value=_nothing)
    def step_discard_deck(self: "ExploreState", frame: Frame, p: dict) -> int:
        player = self.p[frame.seat]
        moved = list(reversed(player.deck))
        player.deck = []
        player.known_top = 0
        player.discard.extend(moved)
        self.note_moved(frame.seat, moved)
        self.say("discard", template="discard:deck", seat=frame.seat, who=self.seat_name(frame.seat), count=len(moved),
                 count_words=counted(len(moved), "card"), source="deck")
        return DONE

    @STEPS.step("look_top", params=_f(_AMOUNT, Field("mode", str, choices=LOOK_MODES)),
                value=lambda est, seat, p: 1.2 if p["mode"] == "keep_one" else 0.6)
    def step_look_top(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        player = self.p[seat]
        env = frame.env
        if "look" not in env:
            env["look"] = self.take_top(seat, p["amount"])
            if not env["look"]:
                env.pop("look")
                return DONE
        look: list[int] = env["look"]
        if p["mode"] == "keep_one":
            choice = None
            if frame.answer is not None:
                choice = frame.answer[1][0]
            else:
                distinct = self.distinct(look)
                if len(distinct) == 1:
                    choice = distinct[0]
                else:
                    options = [("keep", (i,), f"Put {self.card_name(i)} into your hand", (f"card:{i}",))
                               for i in distinct]
                    return self.ask(seat, "look", "Choose the card for your hand (the rest are discarded)", options)
            look.remove(choice)
            player.hand.append(choice)
            player.discard.extend(look)
            self.note_moved(seat, look)
            env.pop("look")
            return DONE
        # sift: discard any, put the rest back in any order (first listed = new top)
        if frame.answer is not None:
            keep = list(frame.answer[1])
        else:
            options = self._sift_options(look)
            if len(options) == 1:
                keep = list(options[0][1])
            else:
                return self.ask(seat, "look", "Discard any of these and order the rest (first = top)", options)
        discard = [i for i in look if i not in keep]
        player.discard.extend(discard)
        self.note_moved(seat, discard)
        for i in reversed(keep):
            player.deck.append(i)
        player.known_top += len(keep)
        env.pop("look")
        return DONE

    def _sift_options(self: "ExploreState", look: list[int]) -> list:
        seen: set = set()
        options = []
        for size in range(len(look), -1, -1):
            for order in permutations(look, size):
                key = tuple(self.cards[i] for i in order)
                if key in seen:
                    continue
                seen.add(key)
                if order:
                    label = "Keep " + ", then ".join(self.card_name(i) for i in order) + " on top"
                    dropped = [self.card_name(i) for i in look if i not in order]
                    if dropped:
                        label += "; discard " + ", ".join(dropped)
                else:
                    label = "Discard them all"
                options.append(("sift", tuple(order), label, tuple(f"card:{i}" for i in order)))
        return options

    # ----- the Guardian Supply ------------------------------------------------------------------

    @STEPS.step("supply_top", params=_f(_AMOUNT, _opt("to", str, ("hand", "discard")), _opt("optional", bool)),
                value=lambda est, seat, p: 1.0)
    def step_supply_top(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        env = frame.env
        if "look" not in env:
            env["look"] = [i for i in (self.from_supply() for _ in range(p["amount"])) if i != NONE]
            self.mark_revealed()
            if not env["look"]:
                env.pop("look")
                return DONE
            names = ", ".join(self.card_name(i) for i in env["look"])
            if p.get("to", "discard") == "discard":
                self.say("supply", (), (seat,), {}, template="supply:reveal", seat=seat, who=self._who[seat],
                         cards=tuple(env["look"]), card_names=names)
            else:
                self.say("supply", (), (seat,), {"cards": tuple(env["look"]), "card_names": names},
                         template="supply:look", seat=seat, who=self._who[seat])
        look: list[int] = env["look"]
        to = p.get("to", "discard")
        if frame.answer is None:
            distinct = self.distinct(look)
            if len(distinct) > 1 or p.get("optional"):
                where = "hand" if to == "hand" else "discard pile"
                options = [("gain", (i,), f"Take {self.card_name(i)} into your {where}", (f"card:{i}",))
                           for i in distinct]
                if p.get("optional"):
                    options.append(("none", (), "Take none (trash them all)", ()))
                return self.ask(seat, "supply", "Choose a Supply card to take (the rest are trashed)", options)
            choice = distinct[0]
        else:
            choice = frame.answer[1][0] if frame.answer[0] == "gain" else NONE
        if choice != NONE:
            look.remove(choice)
            (self.p[seat].hand if to == "hand" else self.p[seat].discard).append(choice)
            self.say("gain", (), (seat,), {"card": choice, "card_name": self.card_name(choice)},
                     template="gain:supply", seat=seat, who=self._who[seat])
        for i in look:
            self.trash_card(seat, i, None)
        env.pop("look")
        return DONE

    @STEPS.step("gain_supply", params=_f(_AMOUNT), value=lambda est, seat, p: 1.5 * p["amount"])
    def step_gain_supply(self: "ExploreState", frame: Frame, p: dict) -> int:
        player = self.p[frame.seat]
        got = [i for i in (self.from_supply() for _ in range(p["amount"])) if i != NONE]
        player.hand.extend(got)
        if got:
            self.mark_revealed()
            self.say("gain", (), (frame.seat,), {"cards": tuple(got), "card_names": ", ".join(self.card_name(i) for i in got)},
                     template="gain:supply_hand", seat=frame.seat, who=self.seat_name(frame.seat), count=len(got),
                     count_words=counted(len(got), "Supply card"))
        return DONE

    # ----- counts and timing --------------------------------------------------------------------

    @STEPS.step("per_count", params=_f(Field("count", dict), Field("each", int, minimum=1), Field("gain", str, choices=GAINS)),
                value=_per_count_worth)
    def step_per_count(self: "ExploreState", frame: Frame, p: dict) -> int:
        amount = p["each"] * self.count(frame.seat, p["count"], frame.env.get("self"))
        player = self.p[frame.seat]
        gain = p["gain"]
        if gain == "attack":
            player.attack += amount
        elif gain == "energy":
            player.energy += amount
        else:
            player.dc += amount
        return DONE

    @STEPS.step("at_end_of_power_up", params=_f(Field("steps", "steps")), value=lambda est, seat, p: steps_worth(p["steps"], est))
    def step_at_end_of_power_up(self: "ExploreState", frame: Frame, p: dict) -> int:
        """Registered for the end of the Power Up; a card played again after that moment (Potion in the
        Battle Phase) gets nothing from it (rules notes, ruling "A card played again in your Battle turn
        acts there")."""
        if self.phase in self.BEFORE_END_OF_POWER_UP:
            self.p[frame.seat].end_pu.append((frame.env.get("self"), p["steps"]))
        return DONE

    @STEPS.step("in_battle_phase", params=_f(Field("steps", "steps")), value=lambda est, seat, p: steps_worth(p["steps"], est))
    def step_in_battle_phase(self: "ExploreState", frame: Frame, p: dict) -> int:
        """"If it is your Battle Phase" (Fireball, Wand, Aimed Shot): played (again, by Potion or Super Potion)
        during the seat's own Battle turn, the steps resolve now; otherwise they wait for its start."""
        if self.in_battle_turn(frame.seat):
            return self.push(frame, p["steps"], {"self": frame.env.get("self")})
        self.p[frame.seat].battle_fx.append((frame.env.get("self"), p["steps"]))
        return DONE

    @STEPS.step("battle_bonus", params=_f(_AMOUNT, Field("test", dict)), value=lambda est, seat, p: 0.45 * p["amount"])
    def step_battle_bonus(self: "ExploreState", frame: Frame, p: dict) -> int:
        self.p[frame.seat].bonuses.append((frame.env.get("self"), p["amount"], p["test"]))
        return DONE

    @STEPS.step("if", params=_f(Field("test", dict), Field("then", "steps"), _opt("else", "steps")),
                value=lambda est, seat, p: 0.5 * steps_worth(p["then"], est))
    def step_if(self: "ExploreState", frame: Frame, p: dict) -> int:
        ok = self.test_now(frame.seat, p["test"])
        return self.push(frame, p["then"] if ok else p.get("else", ()), {"self": frame.env.get("self")})

    @STEPS.step("with_another", params=_f(_opt("tag", str), _opt("card", str), Field("then", "steps")),
                value=lambda est, seat, p: 0.6 * steps_worth(p["then"], est))
    def step_with_another(self: "ExploreState", frame: Frame, p: dict) -> int:
        source = frame.env.get("self")
        kind, value = ("tag", p["tag"]) if "tag" in p else ("card", p["card"])
        player = self.p[frame.seat]
        for inst in player.persist + player.chain:
            if inst != source and self.matches(inst, kind, value):
                return self.push(frame, p["then"], {"self": frame.env.get("self")})
        player.watch.append((source, kind, value, p["then"]))
        return DONE

    # ----- damage -------------------------------------------------------------------------------

    @STEPS.step("area_damage", params=_f(_opt("amount", int, minimum=1), _opt("per", dict), Field("surrounding", int, minimum=0)),
                value=_area_worth)
    def step_area_damage(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        amount = p["amount"] if "amount" in p else self.count(seat, p["per"], frame.env.get("self"))
        around = p.get("surrounding", 0)
        if amount <= 0 and around <= 0:
            return DONE
        if frame.answer is not None:
            target = frame.answer[1][0]
        else:
            options = []
            for loc in self.city_indices:
                hit = any(self.damageable(m) for m in self.mloc[loc]) if amount else False
                if not hit and around:
                    hit = any(self.damageable(m) for n in self.neighbours[loc] for m in self.mloc[n])
                if hit:
                    options.append(("area", (loc,), f"Target {self.loc_name(loc)}", (f"loc:{loc}",)))
            if self.boss is not None and amount:
                options.append(("area", (BOSS,), f"Target the boss ({self.boss_name()})", ("boss",)))
            if not options:
                return DONE
            if len(options) > 1:
                return self.ask(seat, "target", f"Choose a location: {counted(amount, 'damage counter')}"
                                                 " on each monster there"
                                 + (f", {around} around it" if around else ""), options)
            target = options[0][1][0]
        if target == BOSS:
            self.damage_boss(seat, amount)
        else:
            if amount:
                for m in list(self.mloc[target]):
                    self.place_dc(m, amount)
            if around:
                for n in self.neighbours[target]:
                    for m in list(self.mloc[n]):
                        self.place_dc(m, around)
            self.say("damage", (f"loc:{target}",), template="damage:area", seat=seat, who=self._who[seat],
                     loc=target, loc_name=self.loc_name(target), amount=amount, around=around)
        self.collect_defeated(seat)
        return DONE

    @STEPS.step("target_damage", params=_f(_AMOUNT, _opt("per_tucked", int, minimum=0)),
                value=lambda est, seat, p: 0.9 * p["amount"] + 1.0 * p.get("per_tucked", 0))
    def step_target_damage(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        source = frame.env.get("self")
        amount = p["amount"] + p.get("per_tucked", 0) * len(self.p[seat].under.get(source, ()))
        if frame.answer is not None:
            target = frame.answer[1][0]
        else:
            options = [("monster", (m,), f"Target {self.mon_label(m)}", (f"mon:{m}",))
                       for loc in self.city_indices for m in self.mloc[loc] if self.damageable(m)]
            if self.boss is not None:
                options.append(("monster", (BOSS,), f"Target the boss ({self.boss_name()})", ("boss",)))
            if not options:
                return DONE
            if len(options) > 1:
                return self.ask(seat, "target", f"Choose a monster for {counted(amount, 'damage counter')}", options)
            target = options[0][1][0]
        if target == BOSS:
            self.damage_boss(seat, amount)
        else:
            self.place_dc(target, amount)
            self.say("damage", (f"mon:{target}",), template="damage:target", seat=seat, who=self._who[seat],
                     amount=amount, amount_words=counted(amount, "damage counter"), mon=target,
                     mon_label=self.mon_label(target))
        self.collect_defeated(seat)
        return DONE

    @STEPS.step("tuck", params={}, value=_nothing)
    def step_tuck(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        player = self.p[seat]
        source = frame.env.get("self")
        if frame.answer is not None:
            if frame.answer[0] == "stop":
                return DONE
            inst = frame.answer[1][0]
            player.hand.remove(inst)
            player.under.setdefault(source, []).append(inst)
            self.note_moved(seat, [inst])
            frame.answer = None
        if not player.hand:
            return DONE
        options = self.card_choices("tuck", player.hand, "Set {} face down under it")
        options.append(_STOP_SET)
        under = len(player.under.get(source, ()))
        return self.ask(seat, "tuck", f"Set cards from your hand under {self.card_name(source)} ({under} so far)",
                         options)

    # ----- once-per-round abilities and copies --------------------------------------------------

    @STEPS.step("trash_for", params=_f(Field("from", str, choices=("hand_or_discard",)), Field("then", "steps")),
                value=lambda est, seat, p: 0.6 + steps_worth(p["then"], est))
    def step_trash_for(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        player = self.p[seat]
        if frame.answer is not None:
            where, inst = frame.answer[1]
            self.trash_card(seat, inst, player.hand if where == "hand" else player.discard)
            return self.push(frame, p["then"], {"self": frame.env.get("self")})
        options = [("trash_for", ("hand", i), f"Trash {self.card_name(i)} from your hand", (f"card:{i}",))
                   for i in self.distinct(player.hand)]
        options += [("trash_for", ("discard", i), f"Trash {self.card_name(i)} from your discard pile", (f"card:{i}",))
                    for i in self.distinct(player.discard)]
        if not options:
            return DONE
        return self.ask(seat, "trash", "Choose the card to trash", options)

    @STEPS.step("replay", params={}, value=lambda est, seat, p: 3.5)
    def step_replay(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        if frame.answer is not None:
            inst = frame.answer[1][0]
        else:
            targets = self.replay_targets(seat)
            if not targets:
                return DONE
            if len(targets) > 1:
                options = [("replay", (i,), f"Play {self.card_name(i)} again", (f"card:{i}",)) for i in targets]
                return self.ask(seat, "replay", "Choose a card of yours in play to play again", options)
            inst = targets[0]
        self.say("play", (f"card:{inst}",), template="play:again", seat=seat, who=self._who[seat], card=inst,
                 card_name=self.card_name(inst))
        return self.push(frame, self.cdef(inst).effect, {"self": inst})

    @STEPS.step("copy_other", params={}, value=lambda est, seat, p: 2.5)
    def step_copy_other(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        source = frame.env.get("self")
        if frame.answer is None and self.power_up_sealed():
            if source not in self.p[seat].borrows:
                self.p[seat].borrows.append(source)
            return DONE                       # waits for the reveal (rules notes, "Borrow")
        if frame.answer is not None:
            if frame.answer[0] == "none":
                return DONE
            inst = frame.answer[1][0]
        else:
            targets = self.copy_targets(seat)
            if not targets:
                return DONE
            options = [("copy", (i,), f"Copy {self.card_name(i)} ({self.seat_name(owner)})", (f"card:{i}",))
                       for owner, i in targets]
            options.append(("none", (), "Copy nothing", ()))
            return self.ask(seat, "copy", "Choose a card another player has in play to copy", options)
        player = self.p[seat]
        if source in player.borrows:
            player.borrows.remove(source)
        if source in player.chain:
            player.chain.remove(source)
            player.discard.append(source)
        copy = self.new_instance(self.cards[inst])
        self.virtual.add(copy)
        self.say("play", (f"card:{inst}",), template="play:borrow", seat=seat, who=self._who[seat], card=inst,
                 card_name=self.card_name(inst), copy=copy)
        frame.index += 1
        frame.answer = None
        self.enter_play(seat, copy)
        return PUSHED

    @STEPS.step("attach", params=_f(Field("type", str, choices=("familiar", "item")), _opt("grant_persistent", bool)),
                value=lambda est, seat, p: 1.5)
    def step_attach(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        source = frame.env.get("self")
        if frame.answer is not None:
            target = frame.answer[1][0]
        else:
            targets = self.attach_targets(seat, p["type"])
            if not targets:
                return DONE
            if len(targets) > 1:
                options = [("attach", (i,), f"Attach to {self.card_name(i)}", (f"card:{i}",)) for i in targets]
                return self.ask(seat, "attach", f"Attach {self.card_name(source)} to which card?", options)
            target = targets[0]
        self.p[seat].attached[source] = target
        self.say("attach", (f"card:{target}",), seat=seat, who=self._who[seat], card=source,
                 card_name=self.card_name(source), target=target, target_name=self.card_name(target))
        return DONE

    @STEPS.step("attached_persistent", params={}, value=lambda est, seat, p: 3.0)
    def step_attached_persistent(self: "ExploreState", frame: Frame, p: dict) -> int:
        source = frame.env.get("self")
        target = self.p[frame.seat].attached.get(source)
        if target is None:
            return DONE
        steps = self.cdef(target).persistent or ()
        return self.push(frame, steps, {"self": source})

    # ----- location hooks -----------------------------------------------------------------------

    @STEPS.step("ignore_overrun", params={}, value=_nothing)
    def step_ignore_overrun(self: "ExploreState", frame: Frame, p: dict) -> int:
        self.p[frame.seat].ignore_overrun = True
        return DONE

    @STEPS.step("visit_museum", params={}, value=_nothing)
    def step_visit_museum(self: "ExploreState", frame: Frame, p: dict) -> int:
        m = self.draw_monster()
        if m != NONE:
            self.p[frame.seat].museum = m
            self.mark_revealed()
            self.say("museum", (), (frame.seat,), {"mon": m, "mon_name": self.mon_name(m)}, seat=frame.seat,
                     who=self.seat_name(frame.seat))
        return DONE

    @STEPS.step("visit_field", params=_f(Field("up_to", int, minimum=1)), value=_nothing)
    def step_visit_field(self: "ExploreState", frame: Frame, p: dict) -> int:
        seat = frame.seat
        env = frame.env
        stage = env.get("_stage", "retreat")
        if stage == "retreat":
            left = env.get("_left", p["up_to"])
            if frame.answer is not None:
                if frame.answer[0] == "stop":
                    left = 0
                else:
                    self.retreat(frame.answer[1][0])
                    left -= 1
                frame.answer = None
            monsters = [m for loc in self.city_indices for m in self.mloc[loc]]
            if left > 0 and monsters:
                env["_left"] = left
                options = [("retreat", (m,), f"Retreat {self.mon_label(m)}", (f"mon:{m}",)) for m in monsters]
                options.append(("stop", (), "Retreat no more", ()))
                return self.ask(seat, "retreat", f"Field: retreat up to {counted(left, 'monster')}",
                                 options)
            env.pop("_left", None)
            env["_stage"] = stage = "wave"
        if frame.answer is not None:
            wave = frame.answer[1][0]
        else:
            waves = [w for w in range(3) if self.wave_decks[w]]
            if not waves or not self.empty_symbols():
                env.pop("_stage", None)
                return DONE
            if len(waves) > 1:
                options = [("wave", (w,), f"Invade from the {('First', 'Second', 'Third')[w]} Wave "
                                          f"({len(self.wave_decks[w])} left)", ()) for w in waves]
                return self.ask(seat, "wave", "Field: invade the empty spots face down from which wave?", options)
            wave = waves[0]
        self.invade(face_down=True, wave=wave)
        env.pop("_stage", None)
        return DONE

    # ----- internal steps (rules, bosses, monsters) ---------------------------------------------

    @STEPS.step("_discard_play", internal=True)
    def step__discard_play(self: "ExploreState", frame: Frame, p: dict) -> int:
        """Spider Overrun: discard a non-SUPER card from play (items only with `items_only`)."""
        seat = frame.seat
        player = self.p[seat]
        if frame.answer is not None:
            inst = frame.answer[1][0]
        else:
            items_only = p.get("items_only", False)
            targets = [i for i in self.distinct(player.persist + player.chain)
                       if not self.is_super(seat, i) and i not in self.virtual
                       and (not items_only or self.cdef(i).type == "item")]
            if not targets:
                return DONE
            if len(targets) > 1:
                options = [("discard", (i,), f"Discard {self.card_name(i)} from play", (f"card:{i}",)) for i in targets]
                return self.ask(seat, "discard", "Discard a card you have in play", options)
            inst = targets[0]
        self.remove_from_play(seat, inst)
        player.discard.append(inst)
        self.say("discard", (f"card:{inst}",), template="discard:play", seat=seat, who=self._who[seat], card=inst,
                 card_name=self.card_name(inst), source="play")
        return DONE

    @STEPS.step("_gain_ps_top", internal=True)
    def step__gain_ps_top(self: "ExploreState", frame: Frame, p: dict) -> int:
        self.gain_practice_swing(frame.seat)
        return DONE

    @STEPS.step("_hand_redraw", internal=True)
    def step__hand_redraw(self: "ExploreState", frame: Frame, p: dict) -> int:
        player = self.p[frame.seat]
        count = len(player.hand)
        player.discard.extend(player.hand)
        player.hand = []
        self.say("discard", template="discard:hand", seat=frame.seat, who=self.seat_name(frame.seat), count=count,
                 count_words=counted(count, "card"), source="hand")
        self.draw(frame.seat, count)
        return DONE

    @STEPS.step("_trash_self", internal=True)
    def step__trash_self(self: "ExploreState", frame: Frame, p: dict) -> int:
        inst = frame.env.get("self")
        if inst is not None and inst in self.p[frame.seat].in_play():
            self.remove_from_play(frame.seat, inst)
            self.trash_card(frame.seat, inst, None)
        return DONE

    @STEPS.step("persistent_energy", params=_f(_AMOUNT), value=_nothing)
    def step_persistent_energy(self: "ExploreState", frame: Frame, p: dict) -> int:
        player = self.p[frame.seat]
        player.bonus_energy += p["amount"]
        player.energy += p["amount"]
        return DONE

    @STEPS.step("persistent_attack", params=_f(_AMOUNT), value=_nothing)
    def step_persistent_attack(self: "ExploreState", frame: Frame, p: dict) -> int:
        player = self.p[frame.seat]
        player.bonus_attack += p["amount"]
        player.attack += p["amount"]
        return DONE

    @STEPS.step("final_act", params={}, value=_nothing)
    def step_final_act(self: "ExploreState", frame: Frame, p: dict) -> int:
        """Orc Final Act: each opponent, from the slayer's left, gains a Practice Swing on top of their
        deck; a player with a Shield in play may ignore it (their choice)."""
        seat = frame.seat
        env = frame.env
        k = env.get("_k", 1)
        if frame.answer is not None:
            target = (seat + k) % self.n
            if frame.answer[0] == "accept":
                self.gain_practice_swing(target)
            else:
                self.say("shield", seat=target, who=self.seat_name(target))
            frame.answer = None
            k += 1
        while k < self.n:
            target = (seat + k) % self.n
            if self.has_passive(target, "ignore_final_acts") and self.ps_pool:
                env["_k"] = k
                gained = self.content.cards[self.content.setup.gained_card].name
                options = [("ignore", (), "Ignore the Final Act (Shield)", ()),
                           ("accept", (), f"Take the {gained} on top of your deck", ())]
                return self.ask(target, "final_act", f"An Orc's Final Act: take a {gained}?", options)
            self.gain_practice_swing(target)
            k += 1
        env.pop("_k", None)
        return DONE


