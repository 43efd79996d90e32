"""The score sheet as a static, installable, offline web app (Python in the browser).

``build`` (with ``bundle``, ``client``, ``patches`` and the JavaScript of ``js/``) makes
the site on the build machine (``scorekeeper build-web DIR``); ``entry`` and ``browser``
run in the phone's browser, in Pyodide. The browser path never imports the server (uvicorn, FastAPI, app/server/guard.py) nor
the builder: tests/web/test_import_graph.py checks that.
"""
