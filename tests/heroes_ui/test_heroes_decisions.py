"""The decisions added by the heroes timing rules, on the heroes table: the reacting player's choice of
"that hero" is made by clicking a hero on the board, a utility card offered after a phase's automatic part
by clicking the card, and "continue" is a button naming what comes next."""

from __future__ import annotations

from heroes.helpers import act, arrange, give, main_turn, new, to_first_action
from heroes_helpers import click_on_table, make_app, pump

from guardians.games.heroes.scenes.play import HeroesPlayScene
from guardians.ui.session import Session


def _table(state):
    app = make_app()
    session = Session(state)
    scene = HeroesPlayScene(app, session)
    app.push(scene)
    session.accept_handover()
    scene.refresh()
    pump(app, 2)
    return app, session, scene


def test_that_hero_is_chosen_by_clicking_a_hero_on_the_board():
    """000_04d8657756ecac85.txt, "Example: Reaction Card": after Split Shot the Renegade player picks the hero
    her Rapid Response is about; the candidates are lit on the board and a click on one chooses it."""
    state = to_first_action(new(seed=3))
    loyal = state.faction.index("loyalist")
    ren = 1 - loyal
    arrange(state, {"astra": (loyal, 0), "whiplash": (loyal, 1),
                    "grave": (ren, 0), "mauler": (ren, 1), "paladin": (ren, 3)})
    split = give(state, loyal, "astra_split_shot")[0]
    rapid = give(state, ren, "paladin_rapid_response")[0]
    main_turn(state, loyal)
    act(state, "play", split)
    if state.decision.kind == "target":
        act(state, "charge", "astra")
    act(state, "react", rapid)
    decision = state.decision
    assert decision.prompt == 'Rapid Response: choose "that hero"'
    app, session, scene = _table(state)
    try:
        assert session.human_to_move == ren
        assert {t.ref for t in scene.presenter.targets} >= {"hero:grave", "hero:mauler", "hero:paladin"}
        assert "Click a highlighted" in scene.hint_line(decision)
        mauler = next(a for a in decision.options if a.args == ("mauler",))
        assert click_on_table(app, scene, mauler) == "direct"
        assert state.decision.kind == "target" and state.decision.options[0].kind == "charge"
    finally:
        app.close()


def test_a_utility_card_after_a_return_is_a_card_click_and_continue_a_named_button():
    """000, Utility Cards and "2. Ready Phase": after Valkyrie returns, Flight Check is offered: its card is
    lit in the hand, and declining is a button that says the Ready Phase ends."""
    state = to_first_action(new(seed=3))
    me = state.active
    arrange(state, {"valkyrie": (me, 0), "astra": (me, 1), "grave": (1 - me, 3)})
    state.heroes["valkyrie"].slot = None
    state.heroes["valkyrie"].ko = True
    flight = give(state, me, "valkyrie_flight_check")[0]
    state.phase = "ready"
    state.pending = None
    state.advance()
    act(state, "return", "valkyrie", 1)
    decision = state.decision
    assert decision.kind == "utility"
    app, session, scene = _table(state)
    try:
        labels = [t.direct.label for t in scene.presenter.targets if t.ref.startswith("opt:") and t.direct]
        assert "End the Ready Phase" in labels
        assert scene.hint_line(decision) == "Click a highlighted card to play it, or the button to go on."
        play = next(a for a in decision.options if a.kind == "utility")
        assert click_on_table(app, scene, play) == "direct"
        assert flight not in state.seats[me].hand
    finally:
        app.close()
