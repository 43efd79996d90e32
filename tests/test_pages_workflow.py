"""The web app's home on the web (issue 23): .github/workflows/pages.yml is valid YAML,
builds the site with `scorekeeper build-web` into the folder it uploads, and publishes it
with GitHub Pages' own actions. No network: the file is only read."""

from __future__ import annotations

import shlex
from pathlib import Path

import yaml

from scorekeeper.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def _load() -> dict:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _steps(job: dict) -> list[dict]:
    steps = job["steps"]
    assert isinstance(steps, list) and all(isinstance(s, dict) for s in steps)
    return steps


def _uses(steps: list[dict]) -> list[str]:
    return [s["uses"].split("@")[0] for s in steps if "uses" in s]


def test_the_workflow_is_valid_yaml_with_triggers_and_pages_permissions() -> None:
    data = _load()
    # YAML 1.1 reads the key `on` as True
    triggers = data.get("on", data.get(True))
    assert "workflow_dispatch" in triggers and "push" in triggers
    assert data["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    assert set(data["jobs"]) == {"build", "deploy"}


def test_it_builds_with_build_web_into_the_uploaded_folder() -> None:
    build = _load()["jobs"]["build"]
    steps = _steps(build)
    runs = [s["run"] for s in steps if "run" in s]
    [line] = [r for r in runs if "build-web" in r]
    words = shlex.split(line.replace("${{ steps.pages.outputs.base_path }}", "/repo"))
    assert words[0] == "scorekeeper"
    args = build_parser().parse_args(words[1:])  # the command line the CLI really takes
    assert args.command == "build-web" and args.base == "/repo/"
    [upload] = [s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert upload["with"]["path"] == args.dir
    assert any("pip install ." in r for r in runs)  # the app (and flet-web) before the build
    order = _uses(steps)
    assert order.index("actions/configure-pages") < order.index("actions/upload-pages-artifact")


def test_it_deploys_with_deploy_pages_after_the_build() -> None:
    deploy = _load()["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["environment"]["name"] == "github-pages"
    assert _uses(_steps(deploy)) == ["actions/deploy-pages"]
