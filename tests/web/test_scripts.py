"""The build's values put into the package's scripts (``web/scripts.py``) and the table
of patches to Flet's and Pyodide's files (``web/patches.py``): each patch fits the
installed Flet and Pyodide once, and one that no longer fits stops the build with one
line that names it, its file, and the version it was made for against the one found."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.web import client, patches, scripts, snapshot

FOUND = {"Flet": "1.0.5", "Pyodide": "314.0.7"}


def test_a_value_goes_where_the_script_has_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scripts, "source", lambda name: "const A = /*A*/null, B = 2;\n")
    assert scripts.fill("x.js", A='"a"') == 'const A = "a", B = 2;\n'
    with pytest.raises(scripts.ScriptError, match=r"no value for /\*A\*/null"):
        scripts.fill("x.js")
    with pytest.raises(scripts.ScriptError, match=r"no one place /\*C\*/null"):
        scripts.fill("x.js", A="1", C="3")


def test_the_workers_start_is_given_the_sites_files() -> None:
    start = scripts.start_pyodide(snapshot="python.snapshot", stdlib=client.STDLIB_RESTORED,
                                  archive=client.ARCHIVE_RESTORED, build="0123456789abcdef")
    assert 'self.pythonSnapshot = "python.snapshot";' in start
    assert f'self.pythonStdlib = "{client.STDLIB_RESTORED}";' in start
    assert f'self.pythonArchive = "{client.ARCHIVE_RESTORED}";' in start
    assert 'self.pythonBuild = "0123456789abcdef";' in start
    assert "self.pythonSnapshot = null;" in scripts.start_pyodide(
        snapshot=None, stdlib="s", archive="a", build=None)


def test_the_page_is_told_the_step_and_the_words_of_a_start_that_failed() -> None:
    """The step that has the service worker keep the usual start's files is the one the
    app says, and the page's words when Python could not start are the catalogues'."""
    from scorekeeper.web import entry

    early = scripts.start_early()
    assert f"const SHOWN = {json.dumps(entry.FIRST_SCREEN)};" in early
    assert 'const LANGUAGE_KEY = "flutter.scorekeeper.language";' in early
    words = scripts.page_words()
    assert set(words) == {"en", "pl", "lt"}
    assert words["en"]["again"] == "Try again" and words["pl"]["again"] == "Spróbuj ponownie"
    assert "offline" in words["en"]["offline"] and "Wi-Fi" in words["lt"]["offline"]
    assert len({words[code]["other"] for code in words}) == 3  # translated, not English
    assert json.dumps(words["pl"]["offline"], ensure_ascii=False) in early


def test_the_boot_script_corrects_the_languages_before_anything_else() -> None:
    boot = scripts.boot_script()
    assert boot.startswith("<script>\n" + scripts.source("locales.js"))
    assert boot.endswith(scripts.source("boot.js") + "</script>\n")


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    """The files the table patches, as the build has them before it patches them."""
    web = client.flet_web_dir()
    for patch in patches.table(None):
        if not (tmp_path / patch.file).exists():
            (tmp_path / patch.file).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(web / patch.file, tmp_path / patch.file)
    return tmp_path


def test_every_patch_fits_the_installed_flet_and_pyodide_once(shipped: Path) -> None:
    table = patches.table("python.snapshot")
    assert client.versions(client.flet_web_dir()) == FOUND
    assert {p.made_for for p in table} == {patches.FLET, patches.PYODIDE}
    assert {p.file for p in table} == {"flutter_bootstrap.js", "index.html", "python.js",
                                       "python-worker.js", "pyodide/pyodide.asm.mjs"}
    patches.apply(shipped, table, FOUND)
    for patch in table:
        assert patch.new in (shipped / patch.file).read_text(), patch.name


def test_a_patch_that_no_longer_fits_is_named_with_both_versions(shipped: Path) -> None:
    runtime = shipped / "pyodide" / "pyodide.asm.mjs"
    runtime.write_text(runtime.read_text().replace(patches.TRAMPOLINE, "const ptr=0;"))
    before = {p.file: (shipped / p.file).read_bytes() for p in patches.table(None)}
    with pytest.raises(patches.PatchError) as caught:
        patches.apply(shipped, patches.table(None), {"Flet": "1.0.5", "Pyodide": "315.0.1"})
    assert str(caught.value) == (
        "the patch \"the browser's trampoline kept\" of pyodide/pyodide.asm.mjs no longer "
        "fits (its text is not there): made for Pyodide 314.0.7, found Pyodide 315.0.1")
    assert {f: (shipped / f).read_bytes() for f in before} == before  # nothing patched


def test_a_patch_whose_text_is_there_twice_does_not_fit(shipped: Path) -> None:
    page = shipped / "python.js"
    page.write_text(page.read_text() + patches.NEW_WORKER)
    with pytest.raises(patches.PatchError, match=r"'the worker the page started' of "
                       r"python\.js no longer fits \(its text is there 2 times\): made for "
                       r"Flet 1\.0\.5, found Flet 1\.0\.6$"):
        patches.apply(shipped, patches.table(None), {"Flet": "1.0.6"})


def test_build_web_says_in_one_line_which_patch_no_longer_fits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(patches, "UNPACK_IN_PYTHON", "a line Flet no longer has")
    monkeypatch.setattr(snapshot, "make_snapshot",  # not needed here
                        lambda site, imports: snapshot.NoSnapshot("not needed"))
    assert main(["build-web", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("the patch 'the archive unpacked in JavaScript' of python-worker.js "
                        "no longer fits (its text is not there): made for Flet 1.0.5, "
                        "found Flet 1.0.5"), err
    assert "\n" not in err
