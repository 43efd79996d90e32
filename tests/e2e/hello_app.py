"""A minimal Flet hello-world page, served the way the real app is served.

The browser benchmark measures it beside the score sheet (the floor any Flet page pays),
and the end-to-end harness checks itself against it. Same stack as
``scorekeeper.app.server.serve``: the Flet web client without CDN, mounted in FastAPI, run by
uvicorn.

    .venv/bin/python tests/e2e/hello_app.py --port 8561
"""

from __future__ import annotations

import argparse

import flet as ft

HELLO_BUTTON = "hello-button"
HELLO_TEXT = "hello-text"


def main(page: ft.Page) -> None:
    page.title = "Hello"
    taps = [0]
    text = ft.Text("Tapped 0 times", size=20)

    def tap(_: ft.Event) -> None:
        taps[0] += 1
        text.value = f"Tapped {taps[0]} times"

    page.add(
        ft.Semantics(identifier=HELLO_TEXT, content=text),
        ft.Semantics(identifier=HELLO_BUTTON, content=ft.FilledButton("Tap", on_click=tap)),
    )


def build_asgi_app():
    import flet_web.fastapi as flet_fastapi

    app = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    app.mount("/", flet_fastapi.app(main, app_name="Hello", no_cdn=True))
    return app


def serve(host: str, port: int) -> None:
    import uvicorn

    print(f"Hello: open http://{host}:{port}", flush=True)
    uvicorn.run(build_asgi_app(), host=host, port=port, log_level="warning",
                ws="websockets-sansio")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Serve a minimal Flet hello-world page.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    serve(args.host, args.port)
