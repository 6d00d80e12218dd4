"""Guardians' Chronicles: heroes against Doktor Skarov in his base (tiles, figures, dice).

Milestone 1 only: the tile content (`cards.py`) and the board geometry (`rules/board.py`). The game is not
registered in `guardians.engine.registry` until it has rules to play.
"""
