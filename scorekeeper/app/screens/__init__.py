"""One module per screen, each with its Flet-free model."""
