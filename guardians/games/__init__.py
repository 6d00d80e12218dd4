"""One package per game: heroes, explore, realms, chronicles (see engine/registry.py)."""
