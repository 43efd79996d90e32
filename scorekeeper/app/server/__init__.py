"""The web server around the app: serving, the gate, limits, downloads."""
