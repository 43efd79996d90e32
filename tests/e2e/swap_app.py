"""A bare two-screen Flet app: a "sheet" with a total and an "entry" screen with Save.

The browser benchmark measures the score sheet's Save (tap Save, route back to the sheet,
draw the new totals) against this app doing the same swap with nothing else: tap Save,
route back to the sheet, draw a new total. Served like ``hello_app.py`` (and the app).

    .venv/bin/python tests/e2e/swap_app.py --port 8562
"""

from __future__ import annotations

import argparse

import flet as ft

SWAP_ENTER = "swap-enter"
SWAP_SAVE = "swap-save"
SWAP_TOTAL = "swap-total"
STEP = 13  # what each save adds to the total


def main(page: ft.Page) -> None:
    page.title = "Swap"
    total = [0]

    def sheet() -> ft.View:
        return ft.View(route="/", key="sheet", controls=[
            ft.Semantics(identifier=SWAP_TOTAL, content=ft.Text(str(total[0]), size=26)),
            ft.Semantics(identifier=SWAP_ENTER, content=ft.FilledButton(
                "Enter hand", on_click=lambda e: go("/hand"))),
        ])

    def entry() -> ft.View:
        def save(e: object) -> None:
            total[0] += STEP
            go("/")

        return ft.View(route="/hand", key="hand", controls=[
            ft.Semantics(identifier=SWAP_SAVE, content=ft.FilledButton("Save", on_click=save)),
        ])

    def draw() -> None:
        page.views.clear()
        page.views.append(entry() if page.route == "/hand" else sheet())
        page.update()

    def go(route: str) -> None:
        # as the app does: draw at once, then show the address (its route change is
        # the screen already drawn, so it is not drawn again)
        shown[0] = route
        page.views.clear()
        page.views.append(entry() if route == "/hand" else sheet())
        page.update()
        page.run_task(page.push_route, route)

    shown = [page.route]

    def route_changed(e: object) -> None:
        if page.route != shown[0]:
            shown[0] = page.route
            draw()

    page.on_route_change = route_changed
    draw()


def build_asgi_app():
    import flet_web.fastapi as flet_fastapi

    app = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    app.mount("/", flet_fastapi.app(main, app_name="Swap", no_cdn=True))
    return app


def serve(host: str, port: int) -> None:
    import uvicorn

    print(f"Swap: open http://{host}:{port}", flush=True)
    uvicorn.run(build_asgi_app(), host=host, port=port, log_level="warning",
                ws="websockets-sansio")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Serve a bare two-screen Flet app.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    serve(args.host, args.port)
