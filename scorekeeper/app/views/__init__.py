"""Flet controls the screens are drawn with (widgets, overlays, chart...)."""
