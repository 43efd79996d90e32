"""Words: translations, messages, game words, the phone's time zone."""
