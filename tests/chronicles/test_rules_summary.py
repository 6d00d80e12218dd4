"""The in-app rules reference for chronicles (guardians/games/chronicles/rules_summary.md): every ruling of
docs/rules-notes/chronicles.md is shown to players as a "Ruling:" paragraph in the section where its rule is
explained, and no other ruling is.
"""

from __future__ import annotations

import pytest

from rules_reference import check_no_stray_rulings, check_ruling_shown, check_rulings_pinned, summary_text

GAME = "chronicles"

RULINGS = {
    # words of the ruling in the rules notes: (the rules reference heading it is shown under, words it says)
    "**Spaces and areas.**": ("## The base", ("5 by 5 cells", "solid", "areas", "Never two figures")),
    "**Walls.**": ("## The base", ("walls run between cells", "painted line")),
    "**Doors join tiles, nothing else does.**": ("## The base", ("joined only by doors", "front spaces",
                                                                 "9 doors and 5 airlocks")),
    "**Turning tiles.**": ("## The base", ("turned a quarter", "turn with it")),
    "**Scenery never blocks**": ("## The base", ("scenery", "never block")),
    "**Speed counts areas**": ("## Moving", ("up to Speed areas", "any free space", "corner is not enough")),
    "**The area you start in is never a Move's end.**": ("## Moving", ("never ends in the area it started",
                                                                       "Reposition", "one action")),
    "**Enemies stop you**": ("## Moving", ("enemy in it ends your Move", "never be crossed", "cannot enter")),
    "**Full areas are passages**": ("## Moving", ("no free space and no enemy", "crossed but not stopped")),
    "**Leaving an enemy**": ("## Moving", ("start a Move in an area with an enemy", "exactly one area",
                                           "Speed 0")),
    "**Doors and heroes**": ("## Moving", ("heroes cannot pass a closed door", "no forced stop")),
    "**Doors and villains**": ("## Moving", ("villains go through every door", "as it was")),
    "**Airlocks.**": ("## Moving", ("airlock", "before the Final Showdown", "Control Room is an airlock")),
    "**Light spaces.**": ("## Moving", ("only Skarov may stand on a light space", "pushed there")),
    "**The hostage**": ("## Moving", ("hostage", "never stops a move")),
    "**Adjacent spaces**": ("## Fighting", ("adjacent spaces", "diagonals included", "another area")),
    "**The straight line**": ("## Fighting", ("centre to centre", "corner", "both sides", "single wall")),
    "**Closed doors**": ("## Fighting", ("closed door blocks a line", "tile border", "once the door is open")),
    "**Ranged attacks**": ("## Fighting", ("ranged attack", "enemy figure also blocks", "Allies and the hostage",
                                          "Range has no limit")),
    '**"Within n spaces"**': ("## Fighting", ('"within n spaces"', "eight directions", "clear straight line")),
    "A push (L438": ("## Fighting", ("push moves the target", "farther from the attacker", "closed door",
                                     '"Push up to n"')),
    "**Reinforcement spaces**": ("## Seats and set-up", ("reinforcement spaces", "1+ to 4+", "Entrance")),
    "**Start spaces**": ("## Seats and set-up", ("four green start spaces",)),
    "**Lights**": ("## Seats and set-up", ("eight light spaces", "1 to 8")),
    "**Seats.**": ("## Seats and set-up", ("seat 0 is Skarov", "one to four heroes", "rookie, veteran",
                                           "open_strategy", "seat order")),
    "**Minions**": ("## Seats and set-up", ("number of minions follows the number of heroes",
                                            "two kinds of minion")),
    "**Lieutenants**": ("## Seats and set-up", ("which lieutenant", "left over", "stay out")),
    "**Skarov** starts": ("## Seats and set-up", ("light space of the Control Room", "one Event card for each hero")),
    "**Personal missions**": ("## Seats and set-up", ("white die", "mission 1", "mission 3", "public")),
    "**Ranks.**": ("## Seats and set-up", ("Rookie swaps", "Veteran adds", "whole rank", "campaign")),
    "**Who commits when**": ("### 1. Strategy", ("lead hero", "lowest seat", "Skarov places his Events",
                                                 "when his turn comes")),
    "**What is seen**": ("### 1. Strategy", ("see each other's hands", "how many cards", "Wounds",
                                             "never his hand", "Activation phase begins")),
    "**Legal plays**": ("### 1. Strategy", ("one Power card and one Wound", "Weakness goes only on the left",
                                            "Wound only on the right")),
    "**Events as Secret Techniques**": ("### 1. Strategy", ("one Event per hero", "his own included", "add up")),
    "**Weakness** (L282)": ("### 1. Strategy", ("Weakness is revealed", "as much Damage as his Health")),
    "**Order** (L334": ("### 2. Activation", ("as many hero and villain turns", "not yet activated",
                                             "Control Room is open", "Event card instead")),
    "**Heroes** have 3 actions": ("### 2. Activation", ("3 actions", "repeat", "is lost")),
    "**Villains.**": ("### 2. Activation", ("all figures of the activated card", "until the activation ends",
                                            "play two")),
    "**Powers that need an Action**": ("### 2. Activation", ("Action power", "lasts the turn",
                                                             "has not acted yet")),
    "**Pool**": ("## Fighting", ("white dice", "red dice", "removes that many white dice", "POW", "wave after wave")),
    "**Hit**": ("## Fighting", ("hit deals 1 Damage", '"melee hits deal 2"', "push it one space")),
    "**Defense floors at 1": ("## Fighting", ("Defense never drops below 1", "Speed, Combat and Mental")),
    "**Damage on heroes**": ("## Fighting", ("Damage turns into Wounds only at the end of the turn",
                                             "back to the supply")),
    "**Checks**": ("## Value checks and doors", ("orange dice", "number of heroes", "-1 token", "shared",
                                                 "no roll is needed")),
    "**Where.**": ("## Value checks and doors", ("orange space", "villain standing there", "ranged",
                                                 '"one per space"')),
    "**Doors** (L485": ("## Value checks and doors", ("front spaces", "Attack or a Mental check", "from afar",
                                                      "per door and per stat")),
    "**Airlocks** are doors": ("## Value checks and doors", ("airlocks cannot be tried",
                                                            "opens the Control Room")),
    "**Forced checks**": ("## Value checks and doors", ("forces on you", "no action", "no -1 token")),
    "**Room activation**": ("### 3. End of turn", ("optional", "disarmed", "again and again",
                                                   "no more rooms", "Skarov's")),
    "**Objectives** (L524)": ("### 3. End of turn", ("threat rises by 1", "met it", "neutralize", "at once")),
    "**Cards and Wounds**": ("### 3. End of turn", ("no hand limit", "reshuffled", "draws a Wound",
                                                    "Three Wounds", "discard pile do not count")),
    "**Refresh**": ("## A turn", ("refresh", "no Power card in hand", "Wounds included")),
    "**Start** (L542)": ("## The Final Showdown and the end", ("Final Showdown begins", "middle of an activation")),
    "**Escape**": ("## The Final Showdown and the end", ("emergency exit", "any space", "knocked out")),
    "**Arrest**": ("## The Final Showdown and the end", ("arrested", "Damage reaches his Health")),
    "**All heroes out**": ("## The Final Showdown and the end", ("every hero is out", "count as met",
                                                                 "Skarov escapes")),
    "**Turn limit**": ("## The Final Showdown and the end", ("last turn", "not in the rulebook", "count as met")),
    "**The newspaper**": ("## The newspaper", ("shaming", "praising", "more articles wins", "equal counts",
                                               "Ads")),
}


def test_every_ruling_of_the_rules_notes_is_pinned_here_once():
    """Each bullet of docs/rules-notes/chronicles.md holds exactly one key of RULINGS, and each key names one
    bullet: a ruling added to the notes fails here until it reaches the players."""
    check_rulings_pinned(GAME, RULINGS, 55)


@pytest.mark.parametrize("key", sorted(RULINGS))
def test_each_ruling_is_shown_where_its_rule_is_explained(key):
    check_ruling_shown(GAME, RULINGS, key)


def test_no_ruling_is_shown_that_the_notes_do_not_hold():
    check_no_stray_rulings(GAME, RULINGS)


def test_the_summary_covers_the_game():
    text = summary_text(GAME)
    for words in ("## On the screen", "## Seats and set-up", "Doktor Skarov", "rookie", "veteran", "open_strategy",
                  "easy", "challenging", "difficult", "## A turn", "### 1. Strategy", "### 2. Activation",
                  "### 3. End of turn", "Secret Technique", "Special Power", "initiative", "## Moving",
                  "## Fighting", "POW", "## Value checks and doors", "## The Final Showdown and the end",
                  "## The newspaper", "LIBERTY PATROL TRIUMPHANT", "A CLOSE CALL", "listed on the right"):
        assert words in text, words
