"""The app's generic scenes: menu, rules, settings, play, hotseat hand-over and end screen."""
