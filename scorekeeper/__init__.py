"""Hearts Scorekeeper: the score sheet for Hearts played with real cards."""

__version__ = "0.1.0"
