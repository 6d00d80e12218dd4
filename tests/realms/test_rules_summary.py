"""The in-app rules reference for realms (guardians/games/realms/rules_summary.md): every ruling of
docs/rules-notes/realms.md is shown to players as a "Ruling:" paragraph in the section where its rule is
explained, and no other ruling is. The section "Missing (not implemented)" of the notes lists what the app
leaves out (shown under "What the app leaves out"), not rulings.
"""

from __future__ import annotations

import pytest

from rules_reference import check_no_stray_rulings, check_ruling_shown, check_rulings_pinned, summary_text

GAME = "realms"
NOT_RULINGS = ("Missing (not implemented)", "Determinization")   # not rules: what is missing, how the AI guesses

RULINGS = {
    # words of the ruling in the rules notes: (the rules reference heading it is shown under, words it says)
    "**Shuffle and cut**": ("## Set-up", ("cut at a random place", "mulligan", "Standard Bearer", "second hand")),
    "**Draw modifiers**": ("### 1. Draw and Organize", ("never drops below 0", "tie", "two players as well as four",
                                                         "after any tie redraws")),
    "**The Up-card is the first card drawn**": ("### 1. Draw and Organize", ("Guardian's text", "discard it")),
    "**What returns to the Storage Hand**": ("### 1. Draw and Organize", ("tower Upgrade", "Rubble",
                                                                          "Upgrades stay")),
    "**Placement is a hidden simultaneous commitment**": ("### 1. Draw and Organize", (
        "in secret by everyone at once", "revealed together", "shield cost", "card effect")),
    "**Shields** are placed after a coin flip": ("### 1. Draw and Organize", ("coin", "once you pass",
                                                                              "one Standard Bearer", "25 points")),
    "**Discard to seven**": ("### 1. Draw and Organize", ("one player after the other", "face up")),
    "**The Memory Rule**": ("### 1. Draw and Organize", ("Memory Rule is kept", "how many cards",
                                                         "Movement phase begins", "memory_rule=off")),
    "**Stops**": ("### 2. Movement and Combat", ("empty disputed land", "enemy Terrain", "own Rubble never stop")),
    "**Ending a move**": ("### 2. Movement and Combat", ("never ends its move", "pass through")),
    "**Flying**": ("### 2. Movement and Combat", ("only flyers", "One flight per player", "Spires",
                                                  "not remembered")),
    "**Reinforce**": ("### 2. Movement and Combat", ("reinforcing", "one at a time", "channelers never leave",
                                                     "two spaces")),
    "**Pick-up and drop-off**": ("### 2. Movement and Combat", ("walks (not flies)", "never its last one",
                                                               "turned Shield", "after every step",
                                                               "channelers stay")),
    "**Entering an enemy Stronghold card unopposed**": ("### 2. Movement and Combat", (
        "Rubble at once", "tower Upgrade", "attack the Guardian", "Rubble belongs")),
    "**Command Cards**": ("### Command Cards", ("stay in the fight", "lower Up-card number", "attacker first")),
    "**Primary picks**": ("### Match-ups", ("picks of each match-up", "secret", "revealed together")),
    "**Windows**": ("### Modifying a match-up", ("bribery turn", "reveal effects", "currently losing",
                                                 "before any channelling")),
    "**Ranged attacks**": ("### Modifying a match-up", ("ranged attack only helps", "Woods", "unchallenged")),
    "**Channelling**": ("### Modifying a match-up", ("channel only into your own receiver", "one stone per channel",
                                                     "once per Movement phase", "base Vitality", "secondary")),
    "**Destroys**": ("### Modifying a match-up", ('"destroys X"', "needs the win", "secondary attacks")),
    "**Immunity**": ("### Modifying a match-up", ("immune creature", "turned around", "secondary round", "AOE")),
    "**Auras**": ("### Modifying a match-up", ("aura", "played after it", "never itself", "whole fight")),
    "**Secondary attackers**": ("### Secondary attackers", ("optional", "already fought the target",
                                                            "beaten ones included", "only its base Vitality")),
    "**Unplayed creatures**": ("### Who wins the space", ("unplayed", "count toward the total")),
    "**Decide the victor**": ("### Who wins the space", ("defender winning ties", "healers",
                                                         "cannot heal another", "both Shields are lost",
                                                         "only when the attacker wins")),
    "**Guardian combat**": ("## The Guardian", ("printed Vitality", "no border", "cannot receive channelling",
                                               "with four", "Storage Hand")),
    "**Overload**": ("## Combat", ("30-point limit", "Combat Hands are made", "at random")),
    "A losing attacker goes back the way it came": ("### Retreat", ("losing attacker", "losing defender",
                                                                    "never enters enemy creatures")),
    "**Onto one's own Shield**": ("### Retreat", ("own Shields", "your choice", "turned if either was",
                                                  "one at a time")),
    "Step A removes every Terrain": ("### 3. Terrain Settlement", ("even when you hold a Terrain card",
                                                                   "last creature")),
    "**Six lands**": ("## Winning with two players", ("six lands", "after every lost Shield", "draw")),
    "**Deck exhaustion**": ("### 1. Draw and Organize", ("deck runs out", "never drawn", "next Draw and Organize")),
    "**The round limit**": ("## Winning with two players", ("40 rounds", "not of the rulebook", "fewer Shields",
                                                            "draw")),
    "**The board**": ("## Four players", ("centre land X", "next player's left land", "thirteen",
                                          "belongs to nobody")),
    "**Victory Cards**": ("## Four players", ("set aside", "never drawn", "Seven lands", "Movement and Combat phase",
                                              "15+")),
    "Movement order is clockwise": ("## Four players", ("tie for the highest Up-card", "everybody turns")),
    "**Bystanders**": ("## Four players", ("outside a fight", "never as Command Cards", "clockwise from the attacker",
                                           "dispel", "optional rule")),
    "**Quick Start**": ("## The Quick Start variant", ("base Vitality only", "no card text", "bribery",
                                                       "30-point limit")),
    "**Dispel Magic**": ("### Command Cards", ("Dispel Magic", "right after the Command Cards are revealed")),
    "**Control Destiny**": ("### 2. Movement and Combat", ("Control Destiny", "highest Up-card number on top")),
    "**Assassin of Shadow**": ("### Modifying a match-up", ("Assassin of Shadow", "strongest creature", "shuffled")),
    "**Titans**": ("### Match-ups", ("Titans", "Large", "Medium (−2)", "Small (−4)")),
    "**Force Barrier**": ("### Modifying a match-up", ("Force Barrier", "rest of the round")),
    "**Great Balderoon**": ("### Modifying a match-up", ("Great Balderoon", "printed ranged value")),
    "**Out of the fight**": ("### Modifying a match-up", ("Cow", "Arms of the Earth", "out of the fight",
                                                          "secondary attacker")),
    "**Picks a Command changes**": ("### Match-ups", ("Sphinx", "Shadow Spy", "at random", "Bruce the Goose",
                                                      "base Vitality")),
    "**Creatures that change places**": ("### Match-ups", ("Spirit of the Hunt", "Phantom Stalker",
                                                           "Slippery Slime", "not destroyed")),
    "**Command creatures that strike**": ("### Command Cards", ("Shadow Warrior", "Heels of Speed",
                                                               "Agent of Shadow", "Pauly")),
    "**Borders and bonuses taken**": ("### Modifying a match-up", ("Dragon 19", "Rogue Spectre", "Grim Skull")),
    "**Upgrades and face-down Terrain in a combat**": ("### Command Cards", ("Flame Cannon", "Sacrificial Altar",
                                                                             "Reverend Smilin' Jack")),
    "**Pirate Log Platform**": ("### 2. Movement and Combat", ("Pirate Log Platform", "before the Stronghold falls",
                                                               "the Stronghold stands")),
    "**Summon Gravity Well**": ("### 2. Movement and Combat", ("Summon Gravity Well", "one flight",
                                                               "Helm of the BrotherHood")),
    "**Earth Mother**": ("### 3. Terrain Settlement", ("Earth Mother", "Holy Grail", "discard to seven")),
}


def test_every_ruling_of_the_rules_notes_is_pinned_here_once():
    """Each bullet of docs/rules-notes/realms.md (but the Missing section) holds exactly one key of RULINGS,
    and each key names one bullet: a ruling added to the notes fails here until it reaches the players."""
    check_rulings_pinned(GAME, RULINGS, 40, NOT_RULINGS)


@pytest.mark.parametrize("key", sorted(RULINGS))
def test_each_ruling_is_shown_where_its_rule_is_explained(key):
    check_ruling_shown(GAME, RULINGS, key)


def test_no_ruling_is_shown_that_the_notes_do_not_hold():
    check_no_stray_rulings(GAME, RULINGS)


def test_the_summary_covers_the_game():
    text = summary_text(GAME)
    for words in ("## On the screen", "## Your deck", "at least 55", "## Set-up", "twelve", "### 1. Draw and Organize",
                  "### 2. Movement and Combat", "### 3. Terrain Settlement", "## Combat", "### Command Cards",
                  "### Secondary attackers", "### Retreat", "Bribery", "AOE", "30 points", "seven",
                  "## Winning with two players", "five enemy Shields", "all six disputed lands", "## Four players",
                  "Victory Card", "0–3", "15 or more", "listed on the right",
                  "What the app leaves out"):
        assert words in text, words
