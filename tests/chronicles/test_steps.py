"""The step vocabulary (rules/effects.py), one test per step: each runs on a real game from a Frame.

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt — the steps are our content's words; the rules they serve
are cited where they come from the book.
"""

from __future__ import annotations

from chronicles.game_helpers import clear_board, do, kinds, new_game, put, to_activation
from guardians.engine.flow import Frame
from guardians.games.chronicles.rules.effects import PASSIVE_STEPS, STEPS, steps_value


def run(state, steps, seat=1, **env):
    """Run `steps` now, as a card would (the pending decision waits and comes back afterwards)."""
    state.pending = None
    state.stack.append(Frame(tuple(steps), seat, {"self": None, **env}))
    state.advance()
    state.invalidate()


def game(players=4, scenario="welcome_to_the_lair"):
    """The first hero (Sgt Freedom) is active and stays on the board; everyone else is lifted off."""
    state = to_activation(new_game(players, scenario=scenario))
    clear_board(state, keep=("sgt_freedom",))
    return state


def test_every_step_has_an_ai_value_and_a_schema():
    assert STEPS.check() == []
    for name in STEPS.names():
        assert isinstance(STEPS.params(name), dict)
    assert steps_value((("damage", {"target": "it", "amount": 2}),)) == 6.0


def test_choose_hero_and_modify():
    state = game()
    put(state, "sgt_freedom", (2, 8))
    put(state, "golden_boy", (1, 9))
    run(state, [("choose_hero", {"as": "ally", "filter": {"not_self": True}}),
                ("modify", {"target": "ally", "stat": "mental", "amount": 1, "until": "turn"})], self="sgt_freedom")
    assert [o.args for o in state.legal_actions()] == [("golden_boy",)]
    do(state, "pick", "golden_boy")
    assert state.stat("golden_boy", "mental") == 3


def test_choose_villain_and_heal():
    state = game()
    put(state, "mutated_alison", (7, 7))
    put(state, "robot.01", (8, 8))
    state.figures["mutated_alison"].damage = 3
    run(state, [("choose_villain", {"as": "v", "filter": {"damaged": True, "role": "not_boss"}}),
                ("heal", {"target": "v", "amount": 2})], seat=0)
    assert [o.args for o in state.legal_actions()] == [("mutated_alison",)]
    do(state, "pick", "mutated_alison")
    assert state.figures["mutated_alison"].damage == 1


def test_choose_area_each_hero_and_damage():
    state = game()
    put(state, "sgt_freedom", (7, 6))
    put(state, "golden_boy", (7, 8))
    put(state, "nightlark", (5, 7))
    run(state, [("choose_area", {"as": "zone", "among": "here"}),
                ("each_hero", {"where": "area", "of": "zone", "do": (("damage", {"target": "it", "amount": 1}),)})],
        seat=0, here="crusher_hall")
    assert state.pending.seat == 0 and len(state.legal_actions()) == 7
    do(state, "area", "crusher_hall.B")
    assert [state.figures[h].damage for h in ("sgt_freedom", "golden_boy", "nightlark")] == [1, 1, 0]


def test_each_hero_on_the_tile_and_adjacent():
    state = game()
    put(state, "sgt_freedom", (7, 6))
    put(state, "golden_boy", (2, 8))
    put(state, "robot.01", (3, 8))
    run(state, [("each_hero", {"where": "tile", "do": (("damage", {"target": "it", "amount": 1}),)})],
        seat=0, here="crusher_hall")
    run(state, [("each_hero", {"where": "adjacent", "of": "bot",
                               "do": (("damage", {"target": "it", "amount": 2}),)})], seat=0, bot="robot.01")
    assert state.figures["sgt_freedom"].damage == 1 and state.figures["golden_boy"].damage == 2


def test_grant_and_extra_actions():
    state = game()
    put(state, "golden_boy", (2, 8))
    run(state, [("grant", {"target": "self", "rule": "ranged", "until": "turn"}),
                ("extra_actions", {"target": "self", "amount": 1})], self="golden_boy")
    assert state.rule("golden_boy", "ranged") == 1
    assert state.bonus == {"golden_boy": 1}          # not yet activated: a fourth action when he is


def test_check_success_and_failure_branches():
    """Reactive checks (room effects) cost no action and leave no -1 token (ruling Q35)."""
    state = game()
    put(state, "sgt_freedom", (2, 8))
    steps = [("check", {"target": "it", "stat": "speed", "dice": 2,
                        "fail": (("damage", {"target": "it", "amount": 2}),),
                        "success": (("heal", {"target": "it", "amount": 1}),)})]
    state.dice_script = [2, 1]
    run(state, steps, seat=0, it="sgt_freedom")
    assert state.figures["sgt_freedom"].damage == 2
    state.dice_script = [0, 1]
    run(state, steps, seat=0, it="sgt_freedom")
    assert state.figures["sgt_freedom"].damage == 1 and state.check_tokens == {}


def test_attack_step_ranged_with_its_own_dice():
    """L430: a power's ranged attack needs a line with no wall, closed door or enemy on it."""
    state = game()
    state.heroes[1].played = []
    put(state, "sgt_freedom", (1, 9))
    put(state, "mutated_alison", (3, 8))
    run(state, [("attack", {"mode": "ranged", "dice": 2})], self="sgt_freedom")
    assert [o.args for o in state.legal_actions()] == [("mutated_alison",)]
    state.dice_script = [2, 2]
    do(state, "target", "mutated_alison")
    roll = [e for e in state.log if e.kind == "roll"][-1]
    assert roll["dice"] == "2 white + 0 red" and state.figures["mutated_alison"].damage == 1


def test_push_away_and_pull_toward_the_magnet():
    state = game(scenario="send_in_the_clones")
    placed = state.base.faces["magnet_lab"]
    magnet = next(m.at for m in placed.marks if m.kind == "anchor")
    far = max(placed.spaces, key=lambda c: max(abs(c[0] - magnet[0]), abs(c[1] - magnet[1])))
    put(state, "sgt_freedom", far)
    run(state, [("pull", {"target": "it", "toward": "magnet", "spaces": 2})], seat=0, it="sgt_freedom",
        here="magnet_lab")
    before = max(abs(far[0] - magnet[0]), abs(far[1] - magnet[1]))
    cell = state.legal_actions()[0].args
    do(state, "push", *cell)
    assert max(abs(cell[0] - magnet[0]), abs(cell[1] - magnet[1])) == before - 1
    assert state.figures["sgt_freedom"].cell == cell


def test_push_step():
    state = game()
    put(state, "golden_boy", (2, 8))
    put(state, "robot.01", (3, 8))
    run(state, [("push", {"target": "foe", "spaces": 1, "away_from_self": True})], self="golden_boy",
        foe="robot.01")
    cells = [o.args for o in state.legal_actions() if o.kind == "push"]
    assert cells and all(max(abs(c[0] - 2), abs(c[1] - 8)) == 2 for c in cells)


def test_move_place_and_reposition():
    state = game()
    put(state, "nightlark", (2, 8))
    run(state, [("move", {"target": "self", "ignore_enemies": True, "areas": 1})], self="nightlark")
    assert "stay" in kinds(state)
    cell = next(o.args for o in state.legal_actions() if o.kind == "move")
    do(state, "move", *cell)
    assert state.figures["nightlark"].cell == cell
    run(state, [("place", {"target": "self", "within": 2})], self="nightlark")
    assert all(max(abs(o.args[0] - cell[0]), abs(o.args[1] - cell[1])) <= 2
               for o in state.legal_actions() if o.kind == "move")
    do(state, "stay")
    run(state, [("reposition", {"target": "self"})], self="nightlark")
    area = state.base.area_of[cell]
    assert all(state.base.area_of[o.args] == area for o in state.legal_actions() if o.kind == "move")


def test_spawn_supply_limited_and_on_a_chosen_tile():
    """L60 "30 Robot miniatures": spawns stop when the supply is empty (spec R3)."""
    state = game()
    run(state, [("spawn", {"villain": "robot", "count": 2, "tile": "here", "onto": "reinforcement"})], seat=0,
        here="crusher_hall")
    assert len(state.figures_of("robot")) == 2
    run(state, [("spawn", {"villain": "robot", "count": 1, "tile": "choose", "onto": "reinforcement"})], seat=0)
    do(state, "tile", "missile_silo")
    assert sum(1 for f in state.figures_of("robot") if state.base.face_of[f.cell] == "missile_silo") == 1
    for fig in state.figures.values():
        if fig.card == "robot":
            fig.cell = None
    run(state, [("spawn", {"villain": "robot", "count": 0, "per_hero": True, "tile": "here", "onto": "free"})],
        seat=0, here="cave_mouth")
    assert len(state.figures_of("robot")) == state.heroes_in_play_count() == 3
    hero_area = state.base.area_of[state.figures["sgt_freedom"].cell]
    assert all(state.base.area_of[f.cell] != hero_area for f in state.figures_of("robot"))


def test_remove_figure_threat_and_progress():
    """L552: a settled objective prints its article for the side that settled it."""
    state = game()
    put(state, "robot.01", (7, 7))
    run(state, [("remove_figure", {"target": "bot"})], seat=0, bot="robot.01")
    assert state.figures["robot.01"].cell is None
    run(state, [("threat", {"by": 3})], seat=0, here="missile_silo")
    assert state.objectives["missile_silo"][1] == 3
    run(state, [("threat", {"by": 1, "which": "choose"})], seat=0)
    do(state, "tile", "missile_silo")
    assert state.objectives["missile_silo"][1] == 4
    run(state, [("progress", {"by": 4})], here="missile_silo", self="sgt_freedom")
    assert state.objectives["missile_silo"][2] == "heroes" and ("silo_saved", "heroes") in state.articles


def test_free_hostage_follows_and_comes_home():
    state = game(scenario="the_hostage")
    cell = next(m.at for m in state.base.faces["hostage_cell"].marks if m.kind == "hostage")
    lock = next(m.at for m in state.base.faces["hostage_cell"].marks if m.kind == "check")
    put(state, "hostage", cell)
    put(state, "sgt_freedom", lock)
    run(state, [("free_hostage", {})], self="sgt_freedom")
    assert state.escort == "sgt_freedom"
    hostage = state.figures["hostage"]
    assert state.base.area_of[hostage.cell] == state.base.area_of[lock]
    entrance = state.base.faces["cave_mouth"].spaces[3]
    state.move_figure("sgt_freedom", entrance)
    assert state.base.area_of[hostage.cell] == state.base.area_of[entrance]
    state._escort_home()
    assert state.objectives["hostage_cell"][2] == "heroes"


def test_close_door_draw_events_and_activate_room():
    state = game()
    state.doors |= state.base.door_by_id["d1"].bit
    run(state, [("close_door", {})], seat=0)
    do(state, "door", "d1")
    assert not state.doors & state.base.door_by_id["d1"].bit
    hand = len(state.v_hand)
    run(state, [("draw_events", {"amount": 2})], seat=0)
    assert len(state.v_hand) == hand + 2
    # Power Surge runs a lit room's activation now (L518): the Missile Silo's brings a Robot guard (rooms.yaml)
    guards = lambda: sum(1 for f in state.on_board() if f.card == "robot"  # noqa: E731
                         and state.base.face_of[f.cell] == "missile_silo")
    before = guards()
    run(state, [("activate_room", {})], seat=0)
    do(state, "room", "missile_silo")
    assert guards() == before + 1 and state.objectives["missile_silo"][1] == 0


def test_passive_aura_and_rule_are_read_not_run():
    """L155 "A character's power is always active": Sgt Freedom's Rally gives allies in his area +1 Defense."""
    state = game()
    state.heroes[2].played = []
    state.heroes[1].played = []
    put(state, "sgt_freedom", (2, 8))
    put(state, "golden_boy", (1, 9))
    assert state.stat("golden_boy", "defense") == 4 and state.stat("sgt_freedom", "defense") == 3
    put(state, "golden_boy", (7, 7))
    assert state.stat("golden_boy", "defense") == 3
    assert state.rule("golden_boy", "push_extra") == 1
    assert set(PASSIVE_STEPS) <= set(STEPS.names())
