"""Entry point for ``flet run`` and ``flet build apk|ipa|web`` (``scorekeeper`` serves the
same app without Flet's tooling). Data goes to FLET_APP_STORAGE_DATA on a phone."""

import flet as ft

from scorekeeper.app.main import main

if __name__ == "__main__":
    ft.run(main, assets_dir="assets", no_cdn=True)  # fully offline under `flet run --web` too
