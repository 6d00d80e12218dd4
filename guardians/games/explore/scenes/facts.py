"""What one seat may see of an explore game, read for drawing: faces, looks and labels.

Everything here reads `state.view(viewer)` — the rules' own masked copy, where every card, quest and
monster the viewer may not identify is "?" — so the table cannot show a secret by mistake: another
seat's hand, a Power Up chain before the reveal, the face-down boss rewards, a face-down monster.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from guardians.engine.actions import Decision
from guardians.engine.table import CardFace
from guardians.games.explore.rules.model import BOSS, HIDDEN, NONE
from guardians.games.explore.scenes.pieces import MonsterLook
from guardians.engine.words import counted

PHASE_STEPS = (("location", "Location"), ("overrun", "Overrun"), ("powerup", "Power Up"), ("battle", "Battle"),
               ("cleanup", "Clean Up"))
PHASE_ALIASES = {"round_start": "location", "end_pu": "powerup",
                 "battle_start": "battle", "boss_resolve": "battle", "boss_reward": "battle"}
WARMUP_STEPS = (("deal", "Deal"), ("draft", "Draft"), ("final", "Final choice"))
WARMUP_PHASES = ("setup", "colour", "draft", "final", "deal")
TRACK_LABELS = {"setup": "Set-up", "deck_creation": "Deck Creation", "round": "Round", "blue_boss": "Blue Boss",
                "red_boss": "Red Boss", "third_wave": "Third Wave", "end": "End"}


@dataclass
class Ctx:
    """The masked state and who looks at it, for one build of the table."""

    vs: object                                   # ExploreState.view(viewer)
    viewer: int | None
    focus: int                                   # the seat whose mat, hand and play area are drawn large
    humans: tuple[int, ...]
    shown: Decision | None                       # the decision offered to the viewer (opt: refs added)
    selected: str | None = None
    acting: int | None = None                    # the seat whose decision it is (anyone's)
    faces: dict = field(default_factory=dict)
    inspecting: bool = False                     # `focus` is another player, opened from their mat line

    # ----- cards ---------------------------------------------------------------------------------

    def card_id(self, inst: int) -> str:
        return self.vs.cards[inst]

    def card_known(self, inst: int) -> bool:
        return self.vs.cards[inst] != HIDDEN

    def card_face(self, inst: int) -> CardFace | None:
        cid = self.vs.cards[inst]
        if cid == HIDDEN:
            return None
        face = self.faces.get(cid)
        if face is None:
            face = self.faces[cid] = self.vs.card_face(cid)
        return face

    def card_name(self, inst: int) -> str:
        return "a hidden card" if not self.card_known(inst) else self.vs.card_name(inst)

    def card_tags(self, seat: int, inst: int, persistent: bool = False) -> tuple[str, ...]:
        """What a card in play carries: SUPER, what it is attached to, cards set under it, a copy."""
        vs = self.vs
        if not self.card_known(inst):
            return ()
        player = vs.p[seat]
        tags = []
        if persistent:
            tags.append("persistent: its benefit comes back every Power Up")
        if inst in vs.virtual:
            tags.append("a borrowed copy (gone at Clean Up)")
        target = player.attached.get(inst)
        if target is not None:
            tags.append(f"attached to {self.card_name(target)}")
        if inst in player.attached.values():
            source = next(a for a, t in player.attached.items() if t == inst)
            tags.append(f"made SUPER by {self.card_name(source)}")
        elif vs.cdef(inst).super:
            tags.append("SUPER card")
        under = player.under.get(inst)
        if under:
            tags.append(f"{counted(len(under), 'card')} set under it")
        if inst in player.used:
            tags.append("ability used this round")
        return tuple(tags)

    # ----- monsters, quests, locations --------------------------------------------------------------

    def mon_known(self, m: int) -> bool:
        return self.vs.mons[m] != HIDDEN

    def monster_look(self, m: int) -> MonsterLook:
        vs = self.vs
        if not self.mon_known(m):
            return MonsterLook("", "", "", 0, 0, hidden=True, wave=vs.mwave[m])
        kind = vs.content.monsters[vs.mons[m]]
        family = vs.content.families[kind.family]
        return MonsterLook(kind.name, kind.family, family.name, kind.attack, kind.trophy, vs.mdmg.get(m, 0),
                           False, vs.mwave[m], family.immune, vs.shield_round)

    def monster_face(self, m: int) -> CardFace | None:
        if not self.mon_known(m):
            return None
        key = ("mon", self.vs.mons[m], self.vs.mwave[m])
        face = self.faces.get(key)
        if face is None:
            family = self.vs.content.monsters[self.vs.mons[m]].family
            face = self.faces[key] = replace(self.vs.monster_face(m), emblem=("explore", "families", family))
        return face

    def monster_tags(self, m: int) -> tuple[str, ...]:
        vs = self.vs
        if not self.mon_known(m):
            return (f"face down (Wave {vs.mwave[m]}): flipped when the Battle Phase starts",)
        kind = vs.content.monsters[vs.mons[m]]
        family = vs.content.families[kind.family]
        tags = []
        dmg = vs.mdmg.get(m, 0)
        if dmg:
            tags.append(f"{dmg} damage: {max(0, kind.attack - dmg)} of {kind.attack} attack left")
        if family.immune:
            tags.append("immune to damage counters")
        elif vs.shield_round:
            tags.append("shielded this round (Purify-A1)")
        if family.overrun:
            tags.append("Overrun family")
        return tuple(tags)

    def quest_known(self, q: int) -> bool:
        return self.vs.quests[q] != HIDDEN

    def quest_face(self, q: int) -> CardFace | None:
        if not self.quest_known(q):
            return None
        key = ("quest", self.vs.quests[q])
        face = self.faces.get(key)
        if face is None:
            face = self.faces[key] = self.vs.quest_face(q)
        return face

    def quest_name(self, q: int) -> str:
        return self.vs.content.quests[self.vs.quests[q]].name if self.quest_known(q) else "a secret quest"

    def location_face(self, loc: int) -> CardFace:
        key = ("loc", loc, self.vs.home_flipped)
        face = self.faces.get(key)
        if face is None:
            face = self.faces[key] = self.vs.location_face(loc)
        return face

    def boss_face(self, colour: str) -> CardFace:
        key = ("boss", colour)
        face = self.faces.get(key)
        if face is None:
            boss = self.vs.bosses[colour]
            face = self.faces[key] = replace(self.vs.boss_face(colour), emblem=("explore", "bosses", boss))
        return face

    # ----- seats ---------------------------------------------------------------------------------

    def seat_colour(self, seat: int) -> str:
        return self.vs.p[seat].colour

    def seat_label(self, seat: int, short: bool = False) -> str:
        """"P2 Black (you)", "Player 3 (Green, computer)"."""
        vs = self.vs
        colour = vs.p[seat].colour
        who = "you" if seat == self.viewer and len(self.humans) <= 1 else (
            "computer" if vs.config.seats[seat].startswith("ai") else "")
        if short:
            base = f"P{seat + 1}" + (f" {colour}" if colour else "")
            return base + (" (you)" if who == "you" else "")
        base = f"Player {seat + 1}"
        bits = [b for b in (colour, who) if b]
        return base + (f" ({', '.join(bits)})" if bits else "")

    def levels_known(self, seat: int) -> bool:
        """Another seat's Power Up (levels and chain) is secret until the reveal in the Guardian game."""
        return seat == self.viewer or not self.vs.pu_hidden(seat)

    def location_value(self, loc: int) -> int | None:
        """A location's value (attack less damage of its monsters), None while one is face down."""
        vs = self.vs
        if any(not self.mon_known(m) for m in vs.mloc[loc]):
            return None
        return vs.value(loc)

    def attack_at(self, seat: int, loc: int) -> int | None:
        """The seat's attack when battling at `loc` (or BOSS), with location bonuses; None if secret."""
        if not self.levels_known(seat):
            return None
        vs = self.vs
        if loc != BOSS and any(not self.mon_known(m) for m in vs.mloc[loc]):
            return vs.p[seat].attack
        return vs.attack_vs(seat, loc)

    def fort_owner(self, loc: int) -> int:
        for seat, player in enumerate(self.vs.p):
            if player.fort == loc:
                return seat
        return NONE

    def in_battle_phase(self) -> bool:
        return self.vs.phase in ("battle", "battle_start", "boss_resolve", "boss_reward")
