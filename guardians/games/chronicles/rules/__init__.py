"""The rules of Guardians' Chronicles (no pygame): so far the board geometry in `board.py`."""
