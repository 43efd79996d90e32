#!/usr/bin/env bash
# Installs everything the tests need, then runs the whole suite (unit, property, store,
# view and end-to-end browser tests). Usage: bash tests/run_all.sh [pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."

# The end-to-end tests drive Debian's Chromium (Playwright cannot download browsers here);
# tests/e2e/e2e_harness.py looks for /usr/bin/chromium (or $SCOREKEEPER_CHROMIUM).
if [ -z "${SCOREKEEPER_CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing Debian's chromium for the browser tests" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
    else
        echo "chromium is missing: run 'sudo apt-get install -y chromium' first" >&2
        exit 1
    fi
fi

# The web app's browser tests also run on Firefox ESR (WebDriver BiDi, no geckodriver) and
# WebKitGTK (WebKitWebDriver and its MiniBrowser under an Xvfb the tests start): Debian's
# packages, installed once (a second run finds them and installs nothing).
missing=()
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v xauth >/dev/null 2>&1 || missing+=(xauth)
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing Debian's ${missing[*]} for the web app's browser tests" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "${missing[*]} missing: run 'sudo apt-get install -y ${missing[*]}' first" >&2
        exit 1
    fi
fi

# The accessibility check (tests/e2e/axe_check.py) installs axe-core with npm on first use.
if ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing Debian's npm for the accessibility check" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq npm >/dev/null
    else
        echo "npm is missing: run 'sudo apt-get install -y npm' first" >&2
        exit 1
    fi
fi
(cd tests/e2e/axe && npm install --no-audit --no-fund --loglevel=error)
# The keeper's tests in Node (tests/web/test_js.py) use fake-indexeddb, pinned by its lock.
[ -f tests/web/js/node_modules/fake-indexeddb/package.json ] ||
    (cd tests/web/js && npm ci --no-audit --no-fund --loglevel=error)

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e '.[test]'
# Two workers (pytest-xdist), one per core; a test file's tests stay together on one
# worker, in their order (they share its server). SCOREKEEPER_TEST_WORKERS=0 runs them
# all in this one process.
exec .venv/bin/python -m pytest -n "${SCOREKEEPER_TEST_WORKERS:-2}" --dist loadfile "$@"
