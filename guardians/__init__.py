"""Guardians Tabletop: four tabletop games named Guardians, rule for rule."""

__version__ = "0.1.0"
