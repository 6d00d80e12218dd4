"""The pygame shell: app loop, scenes, widgets, card rendering and the decision presenter.

Importing this package (or `guardians.ui.launch`) does not import or initialise pygame; the modules
that draw import it themselves and are loaded only once `run_app` has set up the environment.
"""
