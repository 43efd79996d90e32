"""The phone app: a Flet web app on the rules core and the store.

``state.App`` is the controller (user event -> rules/store -> new screen state),
``views`` turns its state into Flet controls, ``main`` wires both to a Flet page and
``serve`` serves it. ``ids`` names every control a browser test looks up.
"""
