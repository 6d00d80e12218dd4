"""The realms effect vocabulary: one `StepRegistry` (spec §3.3, trimmed to what the cards in play need).

A card carries `static:` steps (always on while the card is where it works: a creature in a match-up or
in play, a Shield over its creatures, a Stronghold card, a Guardian) and `abilities:` (`{when, effect,
cost?}`: steps run at a moment of the game: `as_command`, `on_reveal`, or a Spell/Item's window). The
rules read static steps by name (`static_of`); triggered steps run as kernel frames through the
registry's executors. Every step declares its parameters (the loader checks YAML against them) and its
value for the AI. Card names never appear here: the cards are YAML.

The `special` escape is listed in SPECIAL_HANDLERS (one place); each handler is a method of the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from guardians.engine.content import Field
from guardians.engine.flow import DONE, StepRegistry
from guardians.engine.words import counted

if TYPE_CHECKING:
    from guardians.games.realms.cards import CardDef

TERRAINS = ("mountains", "rivers_lakes", "spires", "swamp", "dry_heaps", "woods", "jungle")
WHENS = ("as_command", "on_reveal", "upcard", "dno", "combat_start", "react", "modify", "after_matchup",
         "after_combat", "move", "move_extra", "shield_kill", "with_ranged", "enemy_fly", "survive")
FILTER_KEYS = ("border", "class", "size", "flying", "bribable_by", "name", "not_border", "max_vitality", "affected_by",
               "immune_to", "ranged", "attack_type", "ocb", "type", "receiver", "bribable",
               "terrain_bonus", "not_name")

STEPS = StepRegistry("realms")
"""`value(state, seat, params) -> float`: the AI's rough worth of a step (in Vitality points)."""

# The `special` handlers, each a `_special_<name>(seat, params)` method of RealmsState.
SPECIAL_HANDLERS: tuple[str, ...] = ("return_ranged", "move_first", "slow_opponent", "look_top", "swap_upcard",
                                     "extra_option", "destroy_knight_pair", "raid_stones", "assassinate")


def _f(*fields: Field) -> dict[str, Field]:
    return {f.name: f for f in fields}


def _o(name: str, kind: Any, choices: tuple | None = None, minimum: int | None = None) -> Field:
    return Field(name, kind, False, choices, minimum)


def matches(card: "CardDef", filt: dict | None) -> bool:
    """Does a card pass a filter (spec §3.3's shared filter object, the keys used here)?"""
    if not filt:
        return True
    for key, want in filt.items():
        if key == "border" and card.border != want:
            return False
        if key == "not_border" and card.border == want:
            return False
        if key == "class" and want not in card.classes:
            return False
        if key == "size" and card.size != want:
            return False
        if key == "flying" and bool(card.flying) != bool(want):
            return False
        if key == "bribable_by" and want not in card.bribery:
            return False
        if key == "name" and card.id != want:
            return False
        if key == "not_name" and card.id == want:
            return False
        if key == "max_vitality" and (card.vitality or 0) > want:
            return False
        if key == "affected_by" and any(p.get("to") == want for p in static_of(card, "immune")):
            return False
        if key == "immune_to" and not any(p.get("to") == want for p in static_of(card, "immune")):
            return False
        if key == "ranged" and bool(card.ranged or static_of(card, "ranged")) != bool(want):
            return False
        if key == "attack_type" and not any(p["type"] == want for p in static_of(card, "attack_type")):
            return False
        if key == "ocb" and card.ocb != want:
            return False
        if key == "type" and card.type != want:
            return False
        if key == "receiver" and bool(card.receiver) != bool(want):
            return False
        if key == "bribable" and bool(card.bribery) != bool(want):
            return False
        if key == "terrain_bonus" and not any(p["terrain"] == want for p in static_of(card, "terrain_bonus")):
            return False
    return True


def static_of(card: "CardDef", name: str) -> tuple[dict, ...]:
    """The parameters of every `name` step among a card's static steps: the card's own tuple, not a copy (the
    rules ask thousands of times a game; no caller changes it)."""
    return card.static_index.get(name, ())


def abilities_of(card: "CardDef", when: str) -> tuple[dict, ...]:
    """The abilities a card may use at `when`: the card's own tuple, not a copy (as `static_of`; no caller
    changes it)."""
    return card.abilities_index.get(when, ())


def fragile_to(card: "CardDef", beater: "CardDef") -> bool:
    """`fragile`: beaten by a creature matching the filter, this card is destroyed instead."""
    return any(matches(beater, p["filter"]) for p in static_of(card, "fragile"))


def channel_reach(channeler: "CardDef", target: "CardDef") -> tuple[bool, bool]:
    """`channel_to` on a channeler: (may it channel into `target`, may it do so even into a non-receiver).
    Several `channel_to` steps are alternatives; a channeler without one reaches every receiver."""
    rules = static_of(channeler, "channel_to")
    if not rules:
        return True, False
    fits = [p for p in rules if matches(target, p.get("filter"))]
    return bool(fits), any(p.get("any_receiver") for p in fits)


def receives_from(card: "CardDef", source: "CardDef | None") -> bool:
    """`channel_from` on a receiver: only from its Guardian (`source` None) and the named channelers."""
    rules = static_of(card, "channel_from")
    if not rules:
        return True
    if source is None:
        return any(p.get("guardian") for p in rules)
    return any(source.id in p.get("names", ()) for p in rules)


def channel_cap(card: "CardDef") -> int:
    """R88: a creature takes channelling up to its base Vitality, unless `channel_cap` says otherwise."""
    for p in static_of(card, "channel_cap"):
        return 10 ** 6 if p.get("unlimited") else int(p.get("amount", 0))
    return card.vitality or 0


def _noop(state: Any, frame: Any, p: dict) -> int:
    """Static steps: the rules read them where they apply; run as a step they do nothing more."""
    return DONE


def _register(name: str):  # noqa: ANN202 - a runner that makes the step a combat-wide effect
    """Run as a step (a Command Card, a creature's reveal, a Spell), a keyword holds for the rest of the
    combat for the seat that played it; as a static step the rules read it from the card instead."""
    def run(state: Any, frame: Any, p: dict) -> int:
        state.register_effect(frame.seat, name, p, frame.env.get("source"))
        return DONE
    return run


def _v(k: float):  # noqa: ANN202 - a value function of constant weight times the step's amount
    return lambda state, seat, p: k * float(p.get("amount", 1) or 1)


_FILTER = Field("filter", dict)
_AMOUNT = Field("amount", int)

# ----- static keywords (read by the rules) --------------------------------------------------------------

STEPS.add("terrain_bonus", _noop, _f(Field("terrain", str, choices=TERRAINS), _AMOUNT), _v(0.4))
STEPS.add("bonus_vs", _register("bonus_vs"), _f(_FILTER, _AMOUNT), _v(0.4))
SITUATIONS = ("attacking", "defending", "secondary", "vs_stronghold", "no_terrain", "face_down_terrain")
STEPS.add("bonus_when", _register("bonus_when"), _f(Field("situation", str, choices=SITUATIONS),
                                  _AMOUNT),
          _v(0.5))
STEPS.add("immune", _noop, _f(_o("to", str, ("fire", "fear", "aoe", "ranged")), _o("filter", dict),
                              _o("terrain", str, TERRAINS)),
          lambda s, seat, p: 1.5)
STEPS.add("attack_type", _noop, _f(Field("type", str, choices=("fire", "fear"))), lambda s, seat, p: 0.3)
STEPS.add("destroys", _noop, _f(_FILTER, Field("when", str, choices=("on_match", "on_win")), _o("terrain", str, TERRAINS)),
          lambda s, seat, p: 3.0 if p["when"] == "on_match" else 1.5)
STEPS.add("no_channel_vs", _noop, _f(Field("scope", str, choices=("this", "combat", "everyone"))), lambda s, seat, p: 1.0)
STEPS.add("control_value", _noop, _f(_AMOUNT), lambda s, seat, p: 0.3 * p["amount"])
STEPS.add("control_bonus", _noop, _f(_FILTER, _AMOUNT), _v(1.0))
STEPS.add("aura", _register("aura"), _f(_FILTER, _AMOUNT, Field("side", str, choices=("own", "both")),
                            Field("scope", str, choices=("after", "combat", "first", "all")),
                            _o("terrain", str, TERRAINS)), _v(1.2))
STEPS.add("heal", _noop, _f(_FILTER, Field("count", int, minimum=1), _o("per_enemy_loss", bool), _o("cost", int),
                            _o("any_side", bool)), lambda s, seat, p: 2.5 * p["count"])
STEPS.add("push_rule", _noop, _f(Field("kind", str, choices=("win_pushes",))), lambda s, seat, p: 1.0)
STEPS.add("unique", _noop, _f(Field("group", str)), lambda s, seat, p: -0.2)
STEPS.add("ranged", _noop, _f(_AMOUNT, _o("only_if", dict), _o("vs", dict), _o("push", bool), _o("cancel", bool),
                               _o("spent", bool), _o("terrain", str, TERRAINS), _o("plus_others", bool),
                               _o("destroys_on_win", bool), _o("grants_ocb", dict)),
          _v(0.8))
STEPS.add("ranged_bonus", _register("ranged_bonus"), _f(_AMOUNT, _o("when", str, ("defending", "attacking")),
                                                      _o("side", str, ("own", "both"))), _v(0.6))
STEPS.add("no_ranged", _register("no_ranged"), _f(Field("side", str, choices=("opponent", "both"))), lambda s, seat, p: 1.0)
STEPS.add("draw_fire", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("strip_stronghold", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("rubble_on_win", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("drain", _noop, _f(_AMOUNT), _v(0.3))
STEPS.add("stronghold", _noop, _f(Field("defend_bonus", int), _o("no_fly", bool), _o("terrain", str, TERRAINS)),
          lambda s, seat, p: 0.5 * p["defend_bonus"])
STEPS.add("sidelined", _register("sidelined"), _f(_FILTER), lambda s, seat, p: 1.0)
STEPS.add("ocb_bonus", _noop, _f(_AMOUNT), _v(0.5))
STEPS.add("size_shift", _noop, _f(Field("medium", int), Field("small", int)), lambda s, seat, p: 0.5)
STEPS.add("movement", _noop, _f(Field("extra", int, minimum=1), _o("filter", dict)), lambda s, seat, p: 1.0)
STEPS.add("fly_grant", _noop, _f(_FILTER, _o("one", bool)), lambda s, seat, p: 1.0)
STEPS.add("channel_rules", _register("channel_rules"), _f(_o("any_receiver", bool), _o("once_per_creature", bool)),
          lambda s, seat, p: 1.5 if p.get("any_receiver") else -0.5)
STEPS.add("bribe_lock", _noop, _f(Field("icon", str, choices=("babes", "beer", "gold"))), lambda s, seat, p: 0.5)
STEPS.add("bribe_substitute", _noop, _f(_FILTER), lambda s, seat, p: 0.5)
STEPS.add("return_when_lost", _register("return_when_lost"), _f(Field("cost", int, minimum=0), Field("zone", str, choices=("hand", "pen")),
                                        _o("filter", dict), _o("by", dict)), lambda s, seat, p: 1.5)
STEPS.add("retreat_option", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("stones_per_beat", _noop, _f(_AMOUNT), _v(1.0))
STEPS.add("stones_when_bribed", _noop, _f(_AMOUNT), _v(0.5))
STEPS.add("draw_option", _noop, _f(Field("skip_upcard", bool)), lambda s, seat, p: 0.3)
STEPS.add("pick_rule", _noop, _f(Field("kind", str, choices=("declare_border", "declare_size"))), lambda s, seat, p: 0.5)
STEPS.add("declare_pick", _register("declare_pick"), _f(Field("what", str, choices=("border", "size"))),
          lambda s, seat, p: 1.0)
STEPS.add("discard_items", _noop, {}, lambda s, seat, p: 0.5)
STEPS.add("combat_bonus", _register("combat_bonus"),
          _f(_AMOUNT, Field("who", str, choices=("attackers_vs_stronghold", "own_vs_stronghold"))),
          _v(0.5))
STEPS.add("draw_bonus", _noop, _f(_AMOUNT, _o("upcard", dict), _o("per", str, ("land", "shield_out", "shield_lost")),
                                  _o("terrain", str, TERRAINS)), _v(1.5))
STEPS.add("no_fly_holds", _noop, {}, lambda s, seat, p: 0.5)
STEPS.add("entry_aoe", _noop, _f(_AMOUNT), _v(0.8))
STEPS.add("helper_value", _noop, _f(_AMOUNT), _v(0.3))
STEPS.add("aoe_as_ranged", _noop, _f(_FILTER), lambda s, seat, p: 2.0)
STEPS.add("control_boost", _noop, _f(_AMOUNT, Field("per_stone", int)), _v(0.8))
STEPS.add("tower", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("fragile", _noop, _f(_FILTER), lambda s, seat, p: -1.0)
STEPS.add("no_secondary_target", _noop, _f(_o("after_beating", dict), _o("with_foe", bool)), lambda s, seat, p: 1.0)
STEPS.add("secondary_beats", _noop, {}, lambda s, seat, p: 1.5)
STEPS.add("channel_to", _noop, _f(_o("filter", dict), _o("any_receiver", bool)), lambda s, seat, p: -0.3)
STEPS.add("channel_from", _noop, _f(_o("guardian", bool), _o("names", list)), lambda s, seat, p: -0.5)
STEPS.add("channel_cap", _noop, _f(_o("amount", int), _o("unlimited", bool)),
          lambda s, seat, p: 1.0 if p.get("unlimited") else -0.3)
STEPS.add("harmless", _noop, {}, lambda s, seat, p: -3.0)
STEPS.add("lead_first", _register("lead_first"), _f(_FILTER), lambda s, seat, p: 1.0)
STEPS.add("aoe_ward", _noop, {}, lambda s, seat, p: 1.5)
STEPS.add("no_spells", _register("no_spells"), {}, lambda s, seat, p: 1.0)
STEPS.add("no_stone_channel", _register("no_stone_channel"), {}, lambda s, seat, p: 1.0)
STEPS.add("no_command", _noop, {}, lambda s, seat, p: 0.5)
STEPS.add("allows_ranged", _noop, {}, lambda s, seat, p: 0.5)
STEPS.add("channel_grant", _noop, _f(_FILTER), lambda s, seat, p: 0.5)
STEPS.add("bribe_ban", _noop, _f(Field("icon", str, choices=("babes", "beer", "gold"))), lambda s, seat, p: 0.5)
STEPS.add("channel_undo", _noop, _f(Field("cost", int, minimum=1)), lambda s, seat, p: 1.0)
STEPS.add("channel_buy", _noop, _f(Field("cost", int, minimum=1), _AMOUNT), lambda s, seat, p: 1.0)
STEPS.add("bribe_refund", _noop, _f(Field("icon", str, choices=("babes", "beer", "gold"))), lambda s, seat, p: 0.5)
STEPS.add("rising_bonus", _register("rising_bonus"), _f(_AMOUNT), _v(1.5))
STEPS.add("margin_kills_command", _noop, {}, lambda s, seat, p: 0.5)
STEPS.add("push_margin", _register("push_margin"), _f(_AMOUNT, _o("terrain", str, TERRAINS), _o("filter", dict)), _v(0.5))
STEPS.add("aura_immune", _noop, _f(_FILTER, Field("to", str, choices=("fire", "fear"))), lambda s, seat, p: 1.0)
STEPS.add("no_foe_aoe", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("must_lead", _noop, {}, lambda s, seat, p: -0.3)
STEPS.add("beater_pays", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("secondary_destroys", _noop, _f(_FILTER), lambda s, seat, p: 1.0)
STEPS.add("land_is", _register("land_is"), _f(Field("terrain", str, choices=TERRAINS)), lambda s, seat, p: 1.0)
STEPS.add("uncounted_foe", _noop, _f(_FILTER, _o("also_self", bool)), lambda s, seat, p: 0.5)
STEPS.add("no_bribe", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("channel_bonus", _noop, _f(_AMOUNT, Field("side", str, choices=("own", "both"))), _v(0.5))
STEPS.add("control_extra", _noop, _f(_AMOUNT, Field("when", str, choices=("attacking", "defending"))), _v(0.8))
STEPS.add("shoot_flyers", _noop, _f(Field("cost", int, minimum=0)), lambda s, seat, p: 2.0)
STEPS.add("ground_flyer", _noop, {}, lambda s, seat, p: 1.5)
STEPS.add("settle_free", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("ranged_receiver", _noop, {}, lambda s, seat, p: 0.5)
STEPS.add("recolour", _noop, _f(Field("cost", int, minimum=0)), lambda s, seat, p: 1.0)
STEPS.add("borrow_bonus", _noop, {}, lambda s, seat, p: 0.5)
STEPS.add("redraw_foe", _noop, {}, lambda s, seat, p: 0.5)
STEPS.add("swap_in", _noop, _f(Field("when", str, choices=("matchup", "lost")), _o("filter", dict)),
          lambda s, seat, p: 1.0)
STEPS.add("survives_if", _noop, _f(_FILTER), lambda s, seat, p: 0.5)
STEPS.add("sacrifice_stones", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("guess_border", _register("guess_border"), _f(_AMOUNT), _v(0.7))
STEPS.add("random_picks", _register("random_picks"), {}, lambda s, seat, p: 1.5)
STEPS.add("lead_open", _register("lead_open"), {}, lambda s, seat, p: 1.5)
STEPS.add("creature_terrain", _register("creature_terrain"), {}, lambda s, seat, p: 0.5)
STEPS.add("command_any", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("no_ocb_from", _noop, _f(_FILTER), lambda s, seat, p: 1.0)
STEPS.add("ignore_stronghold", _noop, _f(_FILTER), lambda s, seat, p: 1.0)
STEPS.add("secondary_immune", _noop, _f(_FILTER, _o("terrain", str, TERRAINS)), lambda s, seat, p: 1.0)
STEPS.add("shield_bonus", _noop, _f(_FILTER, _AMOUNT), _v(0.8))
STEPS.add("no_dispel", _noop, {}, lambda s, seat, p: 0.3)
STEPS.add("bonus_per_beaten", _noop, _f(_FILTER, _AMOUNT), _v(0.5))
STEPS.add("stone_per_enemy_channel", _noop, _f(_AMOUNT), _v(1.0))
STEPS.add("beater_owner_pays", _noop, _f(_AMOUNT, _o("filter", dict)), _v(0.5))
STEPS.add("win_discards_pen", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("win_discards_terrain", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("bribe_any_icon", _register("bribe_any_icon"), {}, lambda s, seat, p: 1.0)
STEPS.add("terrain_shift", _noop, _f(_AMOUNT, Field("side", str, choices=("opponent", "both"))), _v(0.5))
STEPS.add("command_strike", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("flee_margin", _noop, _f(_AMOUNT), lambda s, seat, p: 0.5)
STEPS.add("bonus_per", _noop, _f(Field("what", str, choices=("own_inplay", "any_inplay", "own_discard", "matchups",
                                                             "own_hand")),
                                 _o("filter", dict), _AMOUNT), _v(0.6))
STEPS.add("bonus_alone", _noop, _f(_FILTER, _AMOUNT), _v(0.5))
STEPS.add("bonus_foe_ocb", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("win_costs_stone", _noop, _f(_AMOUNT), _v(0.8))
STEPS.add("stones_on_win", _noop, _f(_AMOUNT), _v(0.8))
STEPS.add("channel_boost", _noop, _f(_AMOUNT), _v(0.8))
STEPS.add("beaten_destroyed", _register("beaten_destroyed"), {}, lambda s, seat, p: 1.0)
STEPS.add("bonus_shield_number", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("bonus_prev_foe", _noop, {}, lambda s, seat, p: 1.5)
STEPS.add("beaten_aura", _noop, _f(_AMOUNT), _v(0.5))
STEPS.add("bar_hand_items", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("lost_swap", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("aura_per_icon", _noop, _f(_AMOUNT), _v(1.0))
STEPS.add("any_terrain_bonus", _noop, {}, lambda s, seat, p: 1.0)
STEPS.add("guess_size", _register("guess_size"), _f(_AMOUNT), _v(0.5))
STEPS.add("draw_on_enemy_item", _noop, {}, lambda s, seat, p: 0.5)
STEPS.add("fear_boost", _noop, _f(_AMOUNT), _v(0.8))
STEPS.add("secondary_bonus_fought", _noop, _f(_FILTER, _AMOUNT), _v(0.5))
STEPS.add("return_unless_paid", _noop, _f(Field("cost", int, minimum=1)), lambda s, seat, p: 1.0)
STEPS.add("hold_raid", _noop, _f(_o("stones", int), _o("pen", int)), lambda s, seat, p: 1.0)
STEPS.add("loss_costs_command", _noop, {}, lambda s, seat, p: -1.0)
STEPS.add("strip_down_terrain", _register("strip_down_terrain"), {}, lambda s, seat, p: 0.8)
STEPS.add("narrow_win_destroys", _register("narrow_win_destroys"), _f(Field("margin", int, minimum=1)),
          lambda s, seat, p: 1.5)


@STEPS.step("curse", params={}, value=lambda s, seat, p: 1.0)
def step_curse(state: Any, frame: Any, p: dict) -> int:
    """Name an opponent's Spell or non-creature Item: that player may not use it this turn."""
    choices = state.curse_choices(frame.seat)
    if not choices:
        return DONE
    if frame.answer is None:
        return state.ask(frame.seat, "target", "Name a Spell or Item your opponent may not use this turn",
                         [("target", (cid,), state.content.cards[cid].name, ()) for cid in choices])
    state.flags[f"curse:{state.opponent_of(frame.seat)}:{frame.answer}"] = state.round
    return DONE


@STEPS.step("barrier", params={}, value=lambda s, seat, p: 1.5)
def step_barrier(state: Any, frame: Any, p: dict) -> int:
    """A space nothing moves into, out of or across until the next turn (the caster chooses it)."""
    if frame.answer is None:
        return state.ask(frame.seat, "target", "Choose the space to bar",
                         [("target", (sid,), state.space_name(sid), (f"space:{sid}",)) for sid in sorted(state.spaces)])
    state.flags[f"barrier:{frame.answer}"] = state.round
    return DONE


# ----- triggered steps (run as frames) -------------------------------------------------------------------

@STEPS.step("aoe", params=_f(_AMOUNT, _o("type", str, ("fire", "fear")), _o("filter", dict), _o("plus", dict),
                            _o("both", bool), _o("stun", bool), _o("per_stone", int), _o("per_terrain", str, TERRAINS),
                            _o("per_own", dict)),
            value=_v(1.5))
def step_aoe(state: Any, frame: Any, p: dict) -> int:
    """RB-MR p. 37: creatures in the opponent's Combat Hand with base Vitality <= the value are discarded
    (only those matching `filter`, when the card names whom its AOE hits). `plus: {filter, amount}` adds
    the amount for each different card matching the filter in play on either side, the source apart;
    `both` strikes the player's own Combat Hand too; `stun`: the creatures hit are not discarded but put
    out of the fight (`stun_random`); `per_stone`: that much more for each Power Stone paid beyond the
    first (a Command fired from an Upgrade, `frame.env["stones"]`); `per_terrain`: one more per Terrain card of
    that type in play; `per_own`: one more per other unbeaten creature of the player's in play matching it. A
    fear AOE is stronger by every `fear_boost` in play."""
    amount = p["amount"]
    source = frame.env.get("source")
    c = state.combat
    if p.get("plus") and c is not None:
        kinds = {state.cards[i] for side in c.inplay.values() for i in side if i != source and state.alive(i)
                 and matches(state.cd(i), p["plus"].get("filter"))}
        if isinstance(source, int):
            kinds.discard(state.cards[source])
        amount += int(p["plus"].get("amount", 0)) * len(kinds)
    if p.get("per_stone"):
        amount += p["per_stone"] * max(0, int(frame.env.get("stones", 1)) - 1)
    if p.get("per_terrain"):                     # one more per Terrain card of that type in play
        amount += sum(1 for sid in state.spaces if p["per_terrain"] in state.terrain_types(sid))
    if p.get("per_own") and c is not None:       # one more per other creature of the player's in play
        amount += sum(1 for i in c.inplay[frame.seat] if i != source and state.alive(i)
                      and matches(state.cd(i), p["per_own"]))
    if p.get("type") == "fear" and c is not None:   # `fear_boost` of the creatures in play
        amount += sum(q["amount"] for side in c.inplay.values() for i in side if state.alive(i)
                      for q in static_of(state.cd(i), "fear_boost"))
    seats = [frame.seat] + ([state.opponent_of(frame.seat)] if p.get("both") else [])
    for seat in seats:
        if p.get("stun"):
            state.do_aoe(seat, amount, p.get("type"), source, p.get("filter"), stun=True)
        elif p.get("filter"):
            state.do_aoe(seat, amount, p.get("type"), source, p["filter"])
        else:
            state.do_aoe(seat, amount, p.get("type"), source)
    return DONE


@STEPS.step("stun_random", params=_f(_o("also_self", bool)), value=lambda s, seat, p: 1.5)
def step_stun_random(state: Any, frame: Any, p: dict) -> int:
    """A creature drawn at random from the opposing Combat Hand is put out of the fight: it is laid face up
    in play, may not be picked for a match-up and counts nothing for control, but secondary attackers may
    still attack it; `also_self`: the card whose text this is is put out of the fight too."""
    c = state.combat
    if c is None:
        return DONE
    enemy = state.opponent_of(frame.seat)
    hand = sorted(i for i in c.hands[enemy] if state.cd(i).type == "creature")
    if hand:
        state.stun(enemy, state.rng.pick(hand))
    source = frame.env.get("source")
    if p.get("also_self") and isinstance(source, int) and source in c.inplay.get(frame.seat, ()):
        state.stun(frame.seat, source)
    return DONE


@STEPS.step("shift_combat", params={}, value=lambda s, seat, p: 1.0)
def step_shift_combat(state: Any, frame: Any, p: dict) -> int:
    """The combat moves to the land the attacker came from (both Shields go there)."""
    state.shift_combat()
    return DONE


@STEPS.step("terrain_recruit", params={}, value=lambda s, seat, p: 1.0)
def step_terrain_recruit(state: Any, frame: Any, p: dict) -> int:
    """The player's face-down Terrain card on the combat's space, when it is a creature card, may join the
    player's Combat Hand (the land is then without Terrain)."""
    c = state.combat
    sp = state.spaces[c.space] if c is not None else None
    if sp is None or sp.terrain is None or not sp.face_down or sp.terrain_owner != frame.seat \
            or state.cd(sp.terrain).type != "creature":
        return DONE
    if frame.answer is None:
        return state.ask(frame.seat, "target", "Your face-down Terrain here was a creature: let it join the fight?",
                         [("target", (True,), "It joins the fight", ()), ("target", (False,), "Leave it", ())])
    if frame.answer is True:
        c.hands[frame.seat].append(sp.terrain)
        sp.terrain, sp.terrain_owner, sp.face_down = None, None, False
        state.say("note", text=f"{state.seat_name(frame.seat)}'s face-down Terrain on {c.space} joins the fight")
    return DONE


@STEPS.step("recover_lost", params={}, value=lambda s, seat, p: 2.0)
def step_recover_lost(state: Any, frame: Any, p: dict) -> int:
    """Every creature of the player's lost in the turn just played goes from its discard pile back to its
    Storage Hand (`RealmsState.lost_this_turn`)."""
    pl = state.seats[frame.seat]
    back = [i for i in state.lost_this_turn(frame.seat) if i in pl.discard]
    for inst in back:
        pl.discard.remove(inst)
        pl.hand.append(inst)
    state.say("note", text=f"{state.seat_name(frame.seat)} takes back {counted(len(back), 'lost creature')}")
    return DONE


@STEPS.step("extra_flight", params=_f(_AMOUNT), value=_v(1.0))
def step_extra_flight(state: Any, frame: Any, p: dict) -> int:
    """The player may fly that many more Shields this Movement phase (RB-MR "Flying" allows one)."""
    state.flags[f"flights:{frame.seat}"] = int(state.flags.get(f"flights:{frame.seat}", 0)) + p["amount"]
    return DONE


@STEPS.step("guardian_cmp", params=_f(_AMOUNT), value=lambda s, seat, p: 2.0)
def step_guardian_cmp(state: Any, frame: Any, p: dict) -> int:
    """Until the round ends the player's Guardian channels that amount for each Power Stone."""
    state.flags[f"cmp:{frame.seat}"] = (state.round, p["amount"])
    return DONE


@STEPS.step("destroy_upgrade", params={}, value=lambda s, seat, p: 1.5)
def step_destroy_upgrade(state: Any, frame: Any, p: dict) -> int:
    """A Stronghold Upgrade in play, the player's choice, is discarded (a creature in its tower with it)."""
    spaces = sorted(sid for sid, sp in state.spaces.items() if sp.upgrade is not None)
    if not spaces:
        return DONE
    if frame.answer is None:
        return state.ask(frame.seat, "target", "Choose the Stronghold Upgrade to destroy",
                         [("target", (sid,), f"{state.name(state.spaces[sid].upgrade)} on {state.space_name(sid)}",
                           (f"space:{sid}",)) for sid in spaces])
    sp = state.spaces[frame.answer]
    if sp.upgrade is not None:
        state.say("note", text=f"{state.name(sp.upgrade)} on {state.space_name(frame.answer)} is destroyed")
        for inst in [sp.upgrade] + list(sp.tower):
            state.discard(inst)
        sp.upgrade, sp.tower = None, []
    return DONE


@STEPS.step("strip_depot", params=_f(Field("icon", str, choices=("babes", "beer", "gold"))), value=lambda s, seat, p: 1.5)
def step_strip_depot(state: Any, frame: Any, p: dict) -> int:
    """The opponent's Storage Depot (its double-bordered cards) is shown to the player alone; every Bribery card
    of that icon in it is discarded (in sight of all)."""
    enemy = state.opponent_of(frame.seat)
    pl = state.seats[enemy]
    state.say("peek", seats=(frame.seat,), seat_name=state.seat_name(frame.seat), seat=frame.seat,
              what=f"{state.seat_name(enemy)}'s Storage Depot",
              secret={"names": ", ".join(state.name(i) for i in pl.depot) or "nothing"})
    hit = [i for i in pl.depot if state.cd(i).type == "bribery" and state.cd(i).icon == p["icon"]]
    for inst in hit:
        pl.depot.remove(inst)
        state.discard(inst)
    state.say("note", text=f"{state.seat_name(enemy)} discards {counted(len(hit), p['icon'].title() + ' card')}")
    return DONE


@STEPS.step("discard_pen_random", params=_f(Field("count", int, minimum=1)), value=lambda s, seat, p: 1.0 * p["count"])
def step_discard_pen_random(state: Any, frame: Any, p: dict) -> int:
    """Cards drawn at random from the opponent's Creature Pen are discarded."""
    state.discard_pen_random(state.opponent_of(frame.seat), p["count"])
    return DONE


@STEPS.step("foe_to_pen", params=_f(_FILTER), value=lambda s, seat, p: 1.5)
def step_foe_to_pen(state: Any, frame: Any, p: dict) -> int:
    """The creature facing the card whose text this is, when it matches the filter, goes back to its owner's
    Creature Pen at once (as a bribed creature does: it adds nothing)."""
    c = state.combat
    source = frame.env.get("source")
    if c is None or c.cur is None or source not in (c.cur.a, c.cur.d):
        return DONE
    foe = c.cur.d if source == c.cur.a else c.cur.a
    if foe is not None and state.cd(foe).type == "creature" and matches(state.cd(foe), p["filter"]):
        state.say("note", text=f"{state.name(foe)} goes back to the Creature Pen")
        state._bribed(foe)
    return DONE


@STEPS.step("skip_to_terrain", params={}, value=lambda s, seat, p: 0.5)
def step_skip_to_terrain(state: Any, frame: Any, p: dict) -> int:
    """This round no Shield moves: once the Up-card window closes, the Terrain Settlement Phase begins."""
    state.flags["peace"] = state.round
    return DONE


@STEPS.step("discard_depots", params={}, value=lambda s, seat, p: 0.5)
def step_discard_depots(state: Any, frame: Any, p: dict) -> int:
    """Both players of the combat discard every card of their Storage Depot (their double-bordered cards)."""
    c = state.combat
    for seat in ((c.att, c.dfn) if c is not None else (frame.seat, state.opponent_of(frame.seat))):
        pl = state.seats[seat]
        for inst in list(pl.depot):
            pl.depot.remove(inst)
            state.discard(inst)
        state.say("note", text=f"{state.seat_name(seat)} discards the Storage Depot")
    return DONE


@STEPS.step("stun_all", params=_f(_FILTER), value=lambda s, seat, p: 1.0)
def step_stun_all(state: Any, frame: Any, p: dict) -> int:
    """Every creature of both Combat Hands matching the filter is put out of the fight (`stun_random`)."""
    c = state.combat
    if c is None:
        return DONE
    for seat in (c.att, c.dfn):
        for inst in sorted(c.hands[seat]):
            if state.cd(inst).type == "creature" and matches(state.cd(inst), p["filter"]):
                state.stun(seat, inst)
    return DONE


def _card_choices(state: Any, insts: list[int]) -> list[tuple]:
    """A choice among these cards: one option per card id (its first copy), named, in the order given (which
    copy of two identical cards is taken changes nothing a player could tell)."""
    first: dict[str, int] = {}
    for i in insts:
        first.setdefault(state.cards[i], i)
    return [("target", (i,), state.name(i), (f"card:{i}",)) for i in first.values()]


def _retreat(state: Any, seat: int) -> None:
    """`seat` withdraws from the combat before the match-ups: it loses the space (RB-MR "Retreat")."""
    c = state.combat
    c.flags["forfeit"] = seat
    c.stage = "victor"
    state.say("note", text=f"{state.seat_name(seat)} retreats before the fight")


@STEPS.step("opponent_discards", params=_f(_FILTER), value=lambda s, seat, p: 1.5)
def step_opponent_discards(state: Any, frame: Any, p: dict) -> int:
    """The opponent discards one creature of its Combat Hand matching the filter, of its own choice."""
    c = state.combat
    if c is None:
        return DONE
    enemy = state.opponent_of(frame.seat)
    fits = [i for i in c.hands[enemy] if state.cd(i).type == "creature" and matches(state.cd(i), p["filter"])]
    if not fits:
        return DONE
    if frame.answer is None:
        return state.ask(enemy, "target", "Discard one of these creatures from your Combat Hand", _card_choices(state, fits))
    if frame.answer in c.hands[enemy]:
        c.hands[enemy].remove(frame.answer)
        state.discard(frame.answer)
        state.mark_revealed()
        state.say("discard", seat_name=state.seat_name(enemy), card=state.name(frame.answer), seat=enemy)
    return DONE


@STEPS.step("dare", params=_f(_AMOUNT), value=lambda s, seat, p: 1.5)
def step_dare(state: Any, frame: Any, p: dict) -> int:
    """The opponent chooses at once: retreat (losing the space), or fight with the amount added to each of its
    creatures, all of which are destroyed if the player wins the combat."""
    c = state.combat
    if c is None or c.matchups:
        return DONE
    enemy = state.opponent_of(frame.seat)
    if frame.answer is None:
        return state.ask(enemy, "target", f"Retreat now, or fight with +{p['amount']} and lose every creature if you lose?",
                         [("target", ("retreat",), "Retreat", ()), ("target", ("fight",), "Fight", ())])
    if frame.answer == "retreat":
        _retreat(state, enemy)
    else:
        state.register_effect(enemy, "aura", {"filter": {}, "amount": p["amount"], "side": "own", "scope": "combat"},
                              frame.env.get("source"))
        c.flags[f"dare:{frame.seat}"] = True
        state.say("note", text=f"{state.seat_name(enemy)} fights on")
    return DONE


@STEPS.step("toll", params=_f(Field("stones", int, minimum=1), Field("depot", int, minimum=1)),
            value=lambda s, seat, p: 1.5)
def step_toll(state: Any, frame: Any, p: dict) -> int:
    """Before the match-ups the opponent chooses: retreat, pay the Power Stones, or discard that many cards of
    its Storage Depot (one at a time, its choice); the payments it cannot make are not offered."""
    c = state.combat
    if c is None or c.matchups:
        return DONE
    enemy = state.opponent_of(frame.seat)
    pl = state.seats[enemy]
    left = frame.env.get("toll_left")
    if left is None:
        if frame.answer is None:
            options = [("target", ("retreat",), "Retreat", ())]
            if pl.stones >= p["stones"]:
                options.append(("target", ("pay",), f"Pay {p['stones']} Power Stone(s)", ()))
            if len(pl.depot) >= p["depot"]:
                options.append(("target", ("depot",), f"Discard {p['depot']} cards of your Storage Depot", ()))
            return state.ask(enemy, "target", "Retreat, or pay the toll to fight", options)
        if frame.answer == "retreat":
            _retreat(state, enemy)
            return DONE
        if frame.answer == "pay":
            state.gain_stones(enemy, -p["stones"])
            return DONE
        left = frame.env["toll_left"] = p["depot"]
        frame.answer = None
    if frame.answer is not None and frame.answer in pl.depot:
        pl.depot.remove(frame.answer)
        state.discard(frame.answer)
        state.say("discard", seat_name=state.seat_name(enemy), card=state.name(frame.answer), seat=enemy)
        left = frame.env["toll_left"] = left - 1
        frame.answer = None
    if left <= 0 or not pl.depot:
        return DONE
    return state.ask(enemy, "target", "Discard a card of your Storage Depot",
                     [("target", (i,), state.name(i), (f"card:{i}",)) for i in dict.fromkeys(pl.depot)])


@STEPS.step("bonus_unless_paid", params=_f(_AMOUNT, Field("cost", int, minimum=1)), value=_v(0.6))
def step_bonus_unless_paid(state: Any, frame: Any, p: dict) -> int:
    """The card whose text this is gets the amount in its match-up unless the opponent pays the Power Stones."""
    c = state.combat
    source = frame.env.get("source")
    if c is None or c.cur is None or source not in (c.cur.a, c.cur.d):
        return DONE
    enemy = state.opponent_of(frame.seat)
    if state.seats[enemy].stones >= p["cost"] and frame.answer is None:
        return state.ask(enemy, "target", f"Pay {p['cost']} Power Stone(s), or {state.name(source)} gets +{p['amount']}?",
                         [("target", (True,), "Pay", ()), ("target", (False,), "Do not pay", ())])
    if frame.answer is True:
        state.gain_stones(enemy, -p["cost"])
    else:
        c.cur.mods[source] = c.cur.mods.get(source, 0) + p["amount"]
    return DONE


@STEPS.step("destroy_enemy_command", params={}, value=lambda s, seat, p: 2.0)
def step_destroy_enemy_command(state: Any, frame: Any, p: dict) -> int:
    """The opposing Command Card, when it is a creature still in play, is destroyed."""
    c = state.combat
    cmd = c.command.get(state.opponent_of(frame.seat)) if c is not None else None
    if cmd is not None and state.is_creature(cmd) and state.alive(cmd):
        state._destroy(cmd)
        state.say("note", text=f"{state.name(cmd)} is destroyed")
    return DONE


@STEPS.step("strike_upcard", params=_f(_AMOUNT), value=lambda s, seat, p: 1.0)
def step_strike_upcard(state: Any, frame: Any, p: dict) -> int:
    """The card whose text this is attacks the opponent's Up-card when it is a creature: with the amount
    added to its base Vitality, strictly more than the Up-card's base Vitality beats it, and that opponent
    draws one card fewer at the next Draw and Organize."""
    source = frame.env.get("source")
    enemy = state.opponent_of(frame.seat)
    up = state.seats[enemy].upcard
    if not isinstance(source, int) or up is None or state.cd(up).type != "creature":
        return DONE
    mine, theirs = (state.cd(source).vitality or 0) + p["amount"], state.cd(up).vitality or 0
    beaten = mine > theirs
    if beaten:
        state.flags[f"short:{enemy}"] = int(state.flags.get(f"short:{enemy}", 0)) + 1
    state.say("note", text=f"{state.name(source)} ({mine}) attacks the Up-card {state.name(up)} ({theirs}): "
                           + (f"beaten, {state.seat_name(enemy)} draws one card fewer" if beaten else "not beaten"))
    return DONE


@STEPS.step("arrange_top", params=_f(Field("count", int, minimum=1)), value=lambda s, seat, p: 0.5)
def step_arrange_top(state: Any, frame: Any, p: dict) -> int:
    """The player looks at the top cards of an opponent's deck (told to it alone) and puts them back one at
    a time: each either next on top (the first one chosen ends on top) or at the bottom. The cards stay in
    the deck meanwhile: the unplaced ones on top, below them those already put back on top."""
    env = frame.env
    if "victim" not in env:
        others = [s for s in range(state.n) if s != frame.seat and state.seats[s].deck]
        if not others:
            return DONE
        if len(others) > 1 and frame.answer is None:
            return state.ask(frame.seat, "target", "Whose deck do you look at?",
                             [("target", (s,), state.seat_name(s), (f"guardian:{s}",)) for s in others])
        victim = frame.answer if len(others) > 1 else others[0]
        frame.answer = None
        deck = state.seats[victim].deck
        env["victim"], env["left"], env["tops"] = victim, min(p["count"], len(deck)), 0
        state.say("peek", seats=(frame.seat,), seat_name=state.seat_name(frame.seat), seat=frame.seat,
                  what=f"the top of {state.seat_name(victim)}'s deck",
                  secret={"names": ", ".join(state.name(i) for i in reversed(deck[-env['left']:]))})
    deck = state.seats[env["victim"]].deck
    if frame.answer is not None:
        where, inst = str(frame.answer).split(":")
        inst = int(inst)
        deck.remove(inst)
        env["left"] -= 1
        if where == "top":
            deck.insert(len(deck) - env["left"] - env["tops"], inst)
            env["tops"] += 1
        else:
            deck.insert(0, inst)
        frame.answer = None
    if env["left"] <= 0:
        state.say("note", text=f"{state.seat_name(frame.seat)} puts back the top of {state.seat_name(env['victim'])}'s deck")
        return DONE
    unplaced = list(reversed(deck[-env["left"]:]))
    return state.ask(frame.seat, "target", "Put back the next card: on top (below those already put on top) or at the bottom",
                     [("target", (f"top:{i}",), f"On top: {state.name(i)}", ()) for i in unplaced]
                     + [("target", (f"bottom:{i}",), f"To the bottom: {state.name(i)}", ()) for i in unplaced])


@STEPS.step("destroy_self", params={}, value=lambda s, seat, p: -1.0)
def step_destroy_self(state: Any, frame: Any, p: dict) -> int:
    """The card whose text runs is destroyed (RB-MR "Destroyed": discarded, nothing of it counts)."""
    source = frame.env.get("source")
    if state.combat is not None and isinstance(source, int):
        state._destroy(source)
    return DONE


@STEPS.step("no_channel_zone", params={}, value=lambda s, seat, p: 1.0)
def step_no_channel_zone(state: Any, frame: Any, p: dict) -> int:
    """A space, the player's choice: nobody channels into a combat there or next to it for this round."""
    if frame.answer is None:
        return state.ask(frame.seat, "target", "Choose the space where nobody may channel this turn",
                         [("target", (sid,), sid, (f"space:{sid}",)) for sid in sorted(state.spaces)])
    for sid in (frame.answer, *state.spaces[frame.answer].adj):
        state.flags[f"nochannel:{sid}"] = state.round
    return DONE


PEEKS = ("storage_hand", "space_total", "combat_hand", "combat_one", "combat_summary")


@STEPS.step("peek", params=_f(Field("what", str, choices=PEEKS)), value=lambda s, seat, p: 0.3)
def step_peek(state: Any, frame: Any, p: dict) -> int:
    """Information only, told to the player alone: an opponent's Storage Hand; the total base Vitality of
    the creatures an opponent has on a space the player chooses; in a combat, the opposing Combat Hand, one
    card of it at random, or how many creatures it holds and their total base Vitality."""
    enemy = state.opponent_of(frame.seat)
    if p["what"].startswith("combat"):
        c = state.combat
        hand = [i for i in (c.hands.get(enemy, []) if c is not None else []) if state.cd(i).type == "creature"]
        if p["what"] == "combat_one":
            hand = [state.rng.pick(hand)] if hand else []
        if p["what"] == "combat_summary":
            names = f"{len(hand)} creatures, {sum(state.cd(i).vitality or 0 for i in hand)} Vitality in all"
        else:
            names = ", ".join(state.name(i) for i in hand) or "nothing"
        state.say("peek", seats=(frame.seat,), seat_name=state.seat_name(frame.seat), seat=frame.seat,
                  what=f"{state.seat_name(enemy)}'s Combat Hand", secret={"names": names})
        return DONE
    if p["what"] == "storage_hand":
        pl = state.seats[enemy]
        names = ", ".join(state.name(i) for i in pl.pen + pl.depot) or "nothing"
        state.say("peek", seats=(frame.seat,), seat_name=state.seat_name(frame.seat), seat=frame.seat,
                  what=f"{state.seat_name(enemy)}'s Storage Hand", secret={"names": names})
        return DONE
    spaces = sorted(sid for sid, sp in state.spaces.items() if enemy in sp.stacks)
    if not spaces:
        return DONE
    if frame.answer is None:
        return state.ask(frame.seat, "target", "Choose the space to learn the opposing total of",
                         [("target", (sid,), sid, (f"space:{sid}",)) for sid in spaces])
    st = state.spaces[frame.answer].stacks[enemy]
    total = sum(state.cd(i).vitality or 0 for i in st.cards if state.cd(i).type == "creature")
    state.say("peek", seats=(frame.seat,), seat_name=state.seat_name(frame.seat), seat=frame.seat,
              what=f"the total Vitality on {frame.answer}", secret={"names": str(total)})
    return DONE


@STEPS.step("offer_retreat", params={}, value=lambda s, seat, p: 0.5)
def step_offer_retreat(state: Any, frame: Any, p: dict) -> int:
    """Before the match-ups, the player may retreat at once, discarding the card whose text this is: the
    combat is lost without a fight (as a withdrawal, RB-MR "Retreat")."""
    c = state.combat
    source = frame.env.get("source")
    if c is None or c.matchups:
        return DONE
    if frame.answer is None:
        return state.ask(frame.seat, "target", "Retreat now, discarding this card?",
                         [("target", (True,), "Retreat", ()), ("target", (False,), "Fight", ())])
    if frame.answer is True:
        if isinstance(source, int):
            state._destroy(source)
        c.flags["forfeit"] = frame.seat
        c.stage = "victor"
        state.say("note", text=f"{state.seat_name(frame.seat)} retreats before the fight")
    return DONE


@STEPS.step("bribe_from_hand", params=_f(Field("icon", str, choices=("babes", "beer", "gold"))),
            value=lambda s, seat, p: 2.0)
def step_bribe_from_hand(state: Any, frame: Any, p: dict) -> int:
    """The opponent shows every creature of its Combat Hand carrying the icon; the one the player picks is
    treated as bribed: it goes to its owner's Creature Pen (RB "Bribery")."""
    c = state.combat
    if c is None:
        return DONE
    enemy = state.opponent_of(frame.seat)
    shown = [i for i in c.hands[enemy] if state.cd(i).type == "creature" and p["icon"] in state.cd(i).bribery]
    if not shown:
        return DONE
    if frame.answer is None:
        state.say("note", text=f"{state.seat_name(enemy)} shows {', '.join(state.name(i) for i in shown)}")
        return state.ask(frame.seat, "target", "Pick the creature treated as bribed",
                         [("target", (i,), state.name(i), (f"card:{i}",)) for i in shown])
    if frame.answer in c.hands[enemy]:
        c.hands[enemy].remove(frame.answer)
        state.seats[enemy].pen.append(frame.answer)
        state.say("note", text=f"{state.name(frame.answer)} is treated as bribed and goes to the Creature Pen")
    return DONE


@STEPS.step("steal_stones", params=_f(_AMOUNT), value=_v(2.0))
def step_steal_stones(state: Any, frame: Any, p: dict) -> int:
    """Power Stones move from the opponent's Guardian to the player's, as many as the opponent has."""
    enemy = state.opponent_of(frame.seat)
    n = min(p["amount"], state.seats[enemy].stones)
    if n:
        state.gain_stones(enemy, -n)
        state.gain_stones(frame.seat, n)
    return DONE


@STEPS.step("answer_channel", params=_f(Field("how", str, choices=("reverse", "feedback"))), value=lambda s, seat, p: 2.0)
def step_answer_channel(state: Any, frame: Any, p: dict) -> int:
    """A Spell played right after an opponent's channel: `reverse` takes the points away from the creature
    instead of adding them; `feedback` undoes them and destroys the creature that channelled."""
    c = state.combat
    last = c.flags.pop("answered_channel", None) if c is not None else None
    if last is None:
        return DONE
    state.undo_last_channel(last, 2 if p["how"] == "reverse" else 1)
    channeler = last[3]
    if p["how"] == "feedback" and channeler is not None:
        for sp in state.spaces.values():
            if channeler in sp.under:
                sp.under.remove(channeler)
                state.discard(channeler)
                state.say("note", text=f"{state.name(channeler)} is destroyed")
    return DONE


@STEPS.step("recover_from_discard", params=_f(_FILTER), value=lambda s, seat, p: 2.0)
def step_recover_from_discard(state: Any, frame: Any, p: dict) -> int:
    """A card of the player's discard pile matching the filter, the player's choice, goes to its Storage
    Hand (a creature to the Creature Pen, a double-bordered card to the Depot)."""
    pl = state.seats[frame.seat]
    found = [i for i in pl.discard if matches(state.cd(i), p["filter"])]
    if not found:
        return DONE
    if frame.answer is None:
        return state.ask(frame.seat, "target", "Choose the card to take back from your discard pile",
                         _card_choices(state, found))
    if frame.answer in pl.discard:
        pl.discard.remove(frame.answer)
        (pl.depot if state.cd(frame.answer).back == "double" else pl.pen).append(frame.answer)
        state.say("note", text=f"{state.seat_name(frame.seat)} takes {state.name(frame.answer)} back from the discard pile")
    return DONE


@STEPS.step("summon_to_shield", params=_f(Field("filters", list)), value=lambda s, seat, p: 2.0)
def step_summon_to_shield(state: Any, frame: Any, p: dict) -> int:
    """Creatures of the player's Creature Pen matching one of the filters join one turned Shield of the player's,
    one at a time as the player picks them, within the space limit (RB-GL Shield Cost)."""
    seat = frame.seat
    sid = frame.env.get("summon_to")
    if sid is None:
        spaces = sorted(s for s, sp in state.spaces.items() if (st := sp.stacks.get(seat)) is not None
                        and st.shield is not None and st.turned)
        if not spaces:
            return DONE
        if frame.answer is None:
            return state.ask(seat, "target", "Choose the turned Shield your creatures join",
                             [("target", (s,), s, (f"space:{s}",)) for s in spaces])
        sid = frame.env["summon_to"] = frame.answer
        frame.answer = None
    st = state.spaces[sid].stacks.get(seat)
    if frame.answer == "done" or st is None:
        return DONE
    pl = state.seats[seat]
    if frame.answer is not None and frame.answer in pl.pen:
        pl.pen.remove(frame.answer)
        st.cards.append(frame.answer)
        state.say("note", text=f"{state.seat_name(seat)} brings a creature to the Shield on {sid}")
        frame.answer = None
    room = state.limit_of(st) - state.stack_cost(st.cards)
    fits = [i for i in pl.pen if state.cd(i).type == "creature" and any(matches(state.cd(i), f) for f in p["filters"])
            and state.cost(i) <= room]
    if not fits:
        return DONE
    return state.ask(seat, "target", "Bring a creature to that Shield, or stop",
                     _card_choices(state, fits) + [("target", ("done",), "Done", ())])


@STEPS.step("destroy_terrain", params={}, value=lambda s, seat, p: 1.5)
def step_destroy_terrain(state: Any, frame: Any, p: dict) -> int:
    """A Terrain card on any space, the player's choice, goes to its owner's discard pile (the land is
    then disputed again, RB-GL Terrain)."""
    spaces = sorted(sid for sid, sp in state.spaces.items() if sp.terrain is not None)
    if not spaces:
        return DONE
    if frame.answer is None:
        return state.ask(frame.seat, "target", "Choose the Terrain card to destroy",
                         [("target", (sid,), sid, (f"space:{sid}",)) for sid in spaces])
    sp = state.spaces[frame.answer]
    if sp.terrain is not None:
        state.discard(sp.terrain)
        state.say("terrain_lost", seat_name=state.seat_name(sp.terrain_owner or 0), space=frame.answer,
                  seat=sp.terrain_owner)
        sp.terrain, sp.terrain_owner, sp.face_down = None, None, False
    return DONE


@STEPS.step("discard_from_hand", params=_f(_FILTER, _o("own", bool)), value=lambda s, seat, p: -2.0 if p.get("own") else 2.0)
def step_discard_from_hand(state: Any, frame: Any, p: dict) -> int:
    """RB-MR "Other Card Effects": a text that makes the opponent discard, from the Combat Hand, every
    creature not yet played that matches the filter (not an AOE: Vitality and AOE immunity do not count);
    `own`: the player's own Combat Hand instead."""
    c = state.combat
    if c is None:
        return DONE
    enemy = frame.seat if p.get("own") else state.opponent_of(frame.seat)
    hit = [i for i in c.hands[enemy] if state.cd(i).type == "creature" and matches(state.cd(i), p["filter"])]
    for inst in hit:
        c.hands[enemy].remove(inst)
        state.discard(inst)
    state.say("note", text=f"{state.seat_name(enemy)} discards from the Combat Hand: "
                           f"{', '.join(state.name(i) for i in hit) or 'nothing'}")
    return DONE


@STEPS.step("dispel", params=_f(Field("what", str, choices=("command",))), value=lambda s, seat, p: 2.0)
def step_dispel(state: Any, frame: Any, p: dict) -> int:
    state.do_dispel_command(frame.seat, frame.env.get("source"))
    return DONE


@STEPS.step("stones", params=_f(_AMOUNT, _o("who", str, ("self", "opponent")), _o("terrain", str, TERRAINS)),
            value=_v(1.0))
def step_stones(state: Any, frame: Any, p: dict) -> int:
    """Power Stones gained (or the opponent's); `terrain`: only in a combat on that terrain."""
    if p.get("terrain") and (state.combat is None or p["terrain"] not in state.terrain_types(state.combat.space)):
        return DONE
    state.gain_stones(frame.seat if p.get("who", "self") == "self" else state.opponent_of(frame.seat), p["amount"])
    return DONE


@STEPS.step("grant_receiver", params={}, value=lambda s, seat, p: 1.5)
def step_grant_receiver(state: Any, frame: Any, p: dict) -> int:
    """Power Lunch: one own creature in the current match-up may receive channelling."""
    state.do_grant_receiver(frame.seat)
    return DONE


@STEPS.step("special", params=_f(Field("handler", str, choices=SPECIAL_HANDLERS)), value=lambda s, seat, p: 1.5)
def step_special(state: Any, frame: Any, p: dict) -> int:
    getattr(state, f"_special_{p['handler']}")(frame.seat, frame.env.get("source"))
    return DONE


def vocabulary() -> dict[str, list[Field]]:
    """The YAML schema of every step, for the loader."""
    return {n: list(STEPS.params(n).values()) for n in STEPS.names()}
