"""Every command that README.md and docs/*.md show runs as written, from the repository
root, after the README's two commands (the install, and ``bash tests/run_all.sh``,
which puts the test extras into ``.venv``).

A command is a line of a fenced ``sh``/``bash``/``shell`` block (a ``console`` block:
the lines after ``$ ``), or inline code in the prose that starts with a program to run
(``.venv/bin/...``, ``python3``, ``pip``, ``pytest``, ``bash``, ``sudo``). Nothing is
run; each command is read as the shell would split it, and checked:

- the program is there: ``.venv/bin/<name>`` exists in the test run's environment (the
  one the README's commands make); a bare name only for what a Debian machine has
  (``bash``, ``python3`` with the standard library only, ``apt-get``, ``npm``...), never
  ``python``, ``pip``, ``pytest``, ``scorekeeper`` or ``pybabel`` (not on the PATH after
  the install);
- every file, folder or module it names exists in the repository, or was made by a
  command before it on the same page (``build-web site``, ``pip wheel -w dist``, ``-o``);
- ``scorekeeper``: the arguments are accepted by the command's own reading of them
  (``scorekeeper.cli.parse_args``: a flag may stand before or after its subcommand, one
  the subcommand does not take is refused), and the file given to ``replay``/``import``
  exists;
- ``pytest``: every option is in ``pytest --help`` and every path or node id exists;
- a script (a benchmark, a tool): every option is one its parser adds (read from its
  ``add_argument`` calls, which is what its ``--help`` lists; importing a browser
  benchmark to ask it would take seconds).

Every fenced block also says what it holds (``sh``, ``text``, ``json``...), so that no
command hides in a block this test would not read."""

from __future__ import annotations

import ast
import contextlib
import fnmatch
import functools
import importlib.util
import io
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from scorekeeper.cli import UsageError, parse_args

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
VENV_BIN = Path(sys.executable).parent  # the environment the README's commands make

FENCE = re.compile(r"^(?P<fence>```|~~~)(?P<lang>[^\n`]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$",
                   re.S | re.M)
SHELL = {"sh", "bash", "shell", "console"}
LANGUAGES = SHELL | {"text", "json", "csv", "python", "toml", "yaml", "ini", "js", "html"}
INLINE = re.compile(r"`([^`\n]+)`")
INLINE_PROGRAM = re.compile(r"^(\.venv/bin/|python3? |pip3? |pytest\b|bash |sudo )")
HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1")
# a Debian machine's own programs that the docs may call by name
SYSTEM = {"bash", "python3", "apt-get", "apt", "cd", "mkdir", "npm", "node", "git",
          "uptime", "xvfb-run", "id", "nproc"}
NOT_ON_PATH = {"python", "python3.11", "pip", "pip3", "pytest", "scorekeeper", "pybabel",
               "flet", "playwright", "uvicorn"}
OUTPUT_FLAGS = {"-o", "--output", "-w", "--wheel-dir"}  # a file or folder it makes
INPUT_FLAGS = {"-d", "--directory", "-F", "-C"}  # a file or folder it reads
SYNOPSIS = re.compile(r"^\[|^[^:]*\]$|^[A-Z]{3,}$")  # [--runs N], FILE: a usage line
EXTENSIONS = (".py", ".sh", ".json", ".csv", ".md", ".cfg", ".toml", ".txt", ".whl",
              ".pot", ".po", ".png", ".js")


@dataclass
class Page:
    """What one page's commands have made so far (files and folders, by relative path)."""

    made: set[str] = field(default_factory=set)


@dataclass
class Command:
    page: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.text}"


def commands_of(page: Path) -> list[Command]:
    """Every command of the page's shell blocks and its inline commands, in page order."""
    text = page.read_text(encoding="utf-8")
    name = str(page.relative_to(ROOT))
    found: list[tuple[int, Command]] = []
    for m in FENCE.finditer(text):
        if m.group("lang").strip() not in SHELL:
            continue
        first = text.count("\n", 0, m.start("body")) + 1
        console = m.group("lang").strip() == "console"
        for number, line in _lines(m.group("body"), console):
            found.append((m.start(), Command(name, first + number, line)))
    prose = FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)  # same offsets
    for m in INLINE.finditer(prose):
        if INLINE_PROGRAM.match(m.group(1)):
            line = prose.count("\n", 0, m.start()) + 1
            found.append((m.start(), Command(name, line, m.group(1))))
    return [c for _, c in sorted(found, key=lambda pair: pair[0])]


def _lines(body: str, console: bool) -> list[tuple[int, str]]:
    """A block's commands as (line within the block, text): continuation lines joined,
    comments and heredoc bodies left out; in a console block only the ``$ `` lines."""
    out = []
    lines = body.split("\n")
    i = 0
    while i < len(lines):
        start, line = i, lines[i]
        i += 1
        if console:
            if not line.startswith("$ "):
                continue
            line = line[2:]
        while line.endswith("\\") and i < len(lines):
            line = line[:-1] + " " + lines[i].strip()
            i += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        heredoc = HEREDOC.search(line)
        if heredoc:
            while i < len(lines) and lines[i].strip() != heredoc.group(2):
                i += 1
            i += 1
            line = line[:heredoc.start()] + line[heredoc.end():]
        out.append((start, line.strip()))
    return out


def split(text: str) -> list[list[str]]:
    """The simple commands of a line: words, split at ``&&``, ``||``, ``;``, ``|``,
    ``&`` and parentheses; redirections stay in as words (``>`` then the file)."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    simple: list[list[str]] = [[]]
    for token in lexer:
        if token in {"&&", "||", ";", "|", "&", "(", ")"}:
            simple.append([])
        else:
            simple[-1].append(token)
    return [words for words in simple if words]


def is_pathlike(word: str) -> bool:
    if "://" in word or word.startswith(("-", "/", "~", "$")) or "=" in word:
        return False
    return "/" in word or word.endswith(EXTENSIONS)


@functools.cache
def in_a_clone() -> frozenset[str]:
    """Every file and folder a fresh clone has (``git ls-files``), not what a run left in
    this checkout (``build/``, ``.venv``, ``test-artifacts/``); without git, the files."""
    try:
        files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                               check=True, timeout=60).stdout.decode().split("\0")
    except (OSError, subprocess.SubprocessError):
        files = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                 if not {".git", ".venv", "build", "dist", "test-artifacts"} & set(p.parts)]
    found = set()
    for name in filter(None, files):
        parts = name.split("/")
        found.update("/".join(parts[:i]) for i in range(1, len(parts) + 1))
    return frozenset(found)


def exists(word: str, page: Page) -> bool:
    """A path in a fresh clone (a glob matches something), or made before, or under
    something made before."""
    rel = word.rstrip("/")
    while rel.startswith("./"):
        rel = rel[2:]
    if rel in {".", ""}:
        return True
    if any(ch in rel for ch in "*?["):
        if any(fnmatch.fnmatchcase(name, rel) for name in in_a_clone()):
            return True
    elif rel in in_a_clone():
        return True
    return any(rel == m or rel.startswith(m.rstrip("/") + "/") for m in page.made)


def check_command(command: Command, page: Page) -> list[str]:
    problems = []
    for words in split(HEREDOC.sub("", command.text)):
        problems += check_simple(words, page)
    return [f"{command}\n    {p}" for p in problems]


def check_simple(words: list[str], page: Page) -> list[str]:
    words = list(words)
    while words and re.match(r"^[A-Za-z_]\w*=", words[0]):  # VAR=value before a program
        words.pop(0)
    if words and words[0] == "sudo":
        words.pop(0)
        while words and words[0].startswith("-"):
            words.pop(0)
    if not words:
        return []
    words, problems = _redirections(words, page)
    shown = [w for w in words if SYNOPSIS.search(w)]
    if shown:
        return problems + [f"{' '.join(shown)}: a usage line, not a command: write the command "
                           "as it is run (options in the prose) or put it in a text block"]
    program, args = words[0], words[1:]
    name = program.rsplit("/", 1)[-1]
    if program.startswith(".venv/bin/"):
        if not (VENV_BIN / name).exists() and not (ROOT / program).exists():
            problems.append(f"{program}: not installed by the README's commands")
    elif "/" in program:
        if not exists(program, page):
            problems.append(f"{program}: no such program (nor made by a command before it)")
    elif program in NOT_ON_PATH:
        return [f"{program}: not on the PATH after the README's commands; "
                f"write .venv/bin/{'python' if program.startswith('python') else program}"]
    elif program not in SYSTEM:
        return [f"{program}: neither in .venv nor a program a Debian machine has"]
    if name == "python3" and "/" not in program:
        return problems + check_system_python(args, page)
    check = {"python": check_python, "python3": check_python, "scorekeeper": check_scorekeeper,
             "pytest": check_pytest, "pip": check_pip, "bash": check_bash, "cd": check_cd,
             "npm": check_npm, "mkdir": check_mkdir}.get(name, check_paths)
    return problems + check(args, page)


def _redirections(words: list[str], page: Page) -> tuple[list[str], list[str]]:
    kept, problems = [], []
    it = iter(words)
    for word in it:
        if word in {">", ">>", "&>"}:
            target = next(it, "")
            page.made.add(target)
        elif word == "<":
            target = next(it, "")
            if not exists(target, page):
                problems.append(f"< {target}: no such file")
        elif word in {">&", "<&"}:
            next(it, "")
        else:
            kept.append(word)
    return kept, problems


def check_paths(args: list[str], page: Page) -> list[str]:
    """A program this test knows nothing more of: the files it names exist; the file or
    folder after an output flag is made."""
    problems = []
    it = iter(args)
    for word in it:
        if word in OUTPUT_FLAGS:
            problems += made_by(word, next(it, ""), page)
        elif word in INPUT_FLAGS:
            value = next(it, "")
            if not exists(value, page):
                problems.append(f"{word} {value}: no such file or folder in the repository")
        elif is_pathlike(word) and not exists(word, page):
            problems.append(f"{word}: no such file or folder in the repository")
    return problems


def made_by(flag: str, path: str, page: Page) -> list[str]:
    """``-o FILE`` writes into a folder that must be there (pybabel, the export make
    none); ``-w DIR`` (pip) makes its folder."""
    page.made.add(path)
    parent = path.rstrip("/").rpartition("/")[0]
    if flag in {"-o", "--output"} and parent and not exists(parent, page):
        return [f"{flag} {path}: there is no folder {parent}/ to write into (mkdir -p it first)"]
    return []


def check_mkdir(args: list[str], page: Page) -> list[str]:
    page.made.update(a for a in args if not a.startswith("-"))
    return []


def check_system_python(args: list[str], page: Page) -> list[str]:
    """Debian's python3 has the standard library only: ``-m venv DIR`` or another
    standard module, never Flet, pytest or the app."""
    if len(args) >= 2 and args[0] == "-m":
        module = args[1].split(".")[0]
        if module not in sys.stdlib_module_names:
            return [f"python3 -m {args[1]}: the system's python3 has only the standard "
                    "library; write .venv/bin/python"]
        if module == "venv":
            page.made.update(a for a in args[2:] if not a.startswith("-"))
            return []
        return check_paths(args[2:], page)
    return ["python3 runs only a standard module here (-m venv, -m http.server); "
            "write .venv/bin/python for the app's code"]


def check_python(args: list[str], page: Page) -> list[str]:
    if not args:
        return []
    if args[0] == "-m":
        module = args[1] if len(args) > 1 else ""
        if module == "pytest":
            return check_pytest(args[2:], page)
        if module == "venv":
            page.made.update(a for a in args[2:] if not a.startswith("-"))
            return []
        if importlib.util.find_spec(module.split(".")[0]) is None:
            return [f"-m {module}: no such module in .venv"]
        if module.split(".")[0] == "scorekeeper":
            return check_scorekeeper(args[2:], page)
        return check_paths(args[2:], page)
    if args[0] == "-c":
        return []
    script = args[0]
    if not exists(script, page):
        return [f"{script}: no such script in the repository"]
    return check_script_flags(ROOT / script, args[1:], page)


def check_script_flags(script: Path, args: list[str], page: Page) -> list[str]:
    options = script_options(script)
    problems = []
    for word in args:
        if word.startswith("-") and word != "-":
            flag = word.split("=", 1)[0]
            if flag not in options:
                listed = ", ".join(sorted(options)) or "none"
                problems.append(f"{flag}: not an option of {script.relative_to(ROOT)} "
                                f"(its --help lists: {listed})")
        elif is_pathlike(word) and not exists(word, page):
            problems.append(f"{word}: no such file or folder in the repository")
    return problems


@functools.cache
def script_options(script: Path) -> frozenset[str]:
    """The option strings a script's argparse parser adds, and -h/--help."""
    found = {"-h", "--help"}
    for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "add_argument"):
            found.update(a.value for a in node.args if isinstance(a, ast.Constant)
                         and isinstance(a.value, str) and a.value.startswith("-"))
    return frozenset(found)


def check_scorekeeper(args: list[str], page: Page) -> list[str]:
    """The command's own reading of its arguments accepts the line; replay's and
    import's file exists; what the command writes is made."""
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            ns = parse_args(args)
    except UsageError as e:  # a flag of another command
        return [f"scorekeeper refuses it: {e}"]
    except SystemExit as e:
        if e.code:
            return [f"scorekeeper refuses it: {err.getvalue().strip().splitlines()[-1]}"]
        return []  # --help, --version
    problems: list[str] = []
    for key in ("file",):
        value = getattr(ns, key, None)
        if value not in (None, "-") and not exists(value, page):
            problems.append(f"{value}: no such file for scorekeeper {ns.command}")
    for key in ("dir", "db"):
        value = getattr(ns, key, None)
        if value:
            page.made.add(value)
    if getattr(ns, "output", None):
        problems += made_by("-o", ns.output, page)
    return problems


@functools.cache
def pytest_options() -> dict[str, bool]:
    """pytest's options from its own --help: each flag, and whether it takes a value."""
    out = subprocess.run([sys.executable, "-m", "pytest", "--help"], capture_output=True,
                         text=True, cwd=ROOT, timeout=120, check=True).stdout
    options = {}
    for line in out.splitlines():
        m = re.match(r"^  (-[-\w]+.*?)(?:\s{2,}|$)", line)
        if not m or line.startswith("   "):
            continue
        for part in m.group(1).split(", "):
            flag = re.match(r"^(-[-\w]+)([ =]\S+)?", part)
            if flag:
                options[flag.group(1)] = bool(flag.group(2))
    return options


def check_pytest(args: list[str], page: Page) -> list[str]:
    options = pytest_options()
    problems = []
    it = iter(args)
    for word in it:
        if word.startswith("--"):
            flag, _, value = word.partition("=")
            if flag not in options:
                problems.append(f"{flag}: not an option of pytest")
            elif options[flag] and not value:
                value = next(it, "")
            if flag in {"--ignore", "--deselect", "--rootdir"} and value:
                problems += check_node(value, page)
        elif word.startswith("-") and len(word) > 1:
            rest = word[1:]
            while rest:
                flag, rest = "-" + rest[0], rest[1:]
                if flag not in options:
                    problems.append(f"{flag}: not an option of pytest")
                    break
                if options[flag]:
                    if not rest:
                        next(it, "")
                    break
        else:
            problems += check_node(word, page)
    return problems


def check_node(node: str, page: Page) -> list[str]:
    """A pytest path, or node id (``file::test`` or ``file::Class::test[param]``)."""
    path, *names = node.split("::")
    if not exists(path, page):
        return [f"{path}: no such test file or folder"]
    if names:
        defined = {n.name for n in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8")))
                   if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
        for name in names:
            if name.split("[")[0] not in defined:
                return [f"{node}: no test {name.split('[')[0]} in {path}"]
    return []


def check_pip(args: list[str], page: Page) -> list[str]:
    return check_paths([a for a in args if a != "-e"], page)


def check_bash(args: list[str], page: Page) -> list[str]:
    if args and not args[0].startswith("-") and not exists(args[0], page):
        return [f"{args[0]}: no such script in the repository"]
    return []


def check_cd(args: list[str], page: Page) -> list[str]:
    if args and not exists(args[0], page):
        return [f"cd {args[0]}: no such folder in the repository"]
    return []


def check_npm(args: list[str], page: Page) -> list[str]:
    return []  # npm install in a folder checked by the cd before it


def page_problems(page: Path) -> list[str]:
    made = Page()
    problems = []
    for command in commands_of(page):
        problems += check_command(command, made)
    return problems


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_command_runs_as_written(page: Path) -> None:
    problems = page_problems(page)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_fenced_block_says_what_it_holds(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    bare = [text.count("\n", 0, m.start()) + 1 for m in FENCE.finditer(text)
            if m.group("lang").strip() not in LANGUAGES]
    assert not bare, (f"{page.name}: fenced blocks without a language (sh, text, json...) "
                      f"at lines {bare}")


def test_the_readme_commands_are_read() -> None:
    """The two commands every other command may rely on are found and pass."""
    found = [c.text for c in commands_of(ROOT / "README.md")]
    assert "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/scorekeeper" in found
    assert "bash tests/run_all.sh" in found


@pytest.mark.parametrize("line,problem", [
    ("python3 -m pytest tests/app -q", "only the standard library"),
    ("python tests/benchmarks/bench_store.py", "not on the PATH"),
    ("scorekeeper build-web site", "not on the PATH"),
    ("pybabel extract -F babel.cfg -o x.pot scorekeeper", "not on the PATH"),
    ("pipx install dist/x.whl", "neither in .venv nor"),
    (".venv/bin/python tests/benchmarks/bench_store.py --size 10", "--size: not an option"),
    (".venv/bin/python tests/benchmarks/bench_nothing.py", "no such script"),
    (".venv/bin/python -m pytest tests/nowhere -q", "no such test file"),
    (".venv/bin/python -m pytest tests/test_rules.py::test_nothing", "no test test_nothing"),
    (".venv/bin/python -m pytest --no-such-flag tests", "--no-such-flag: not an option"),
    (".venv/bin/scorekeeper --port 9000 import game.json", "not an option of import"),
    (".venv/bin/scorekeeper replay nowhere.json", "no such file"),
    (".venv/bin/scorekeeper export --db", "refuses it"),
    (".venv/bin/scorekeeper serve --colour", "refuses it"),
    (".venv/bin/nothing --help", "not installed"),
    ("bash tests/nothing.sh", "no such script"),
    ("python3 -m http.server -d site 8000", "site: no such file"),
    (".venv/bin/python tests/benchmarks/bench_store.py [--rounds 5]", "a usage line"),
    (".venv/bin/scorekeeper import FILE", "a usage line"),
    (".venv/bin/pybabel extract -F babel.cfg -o build/x.pot scorekeeper", "no folder build/"),
    (".venv/bin/scorekeeper export -o out/games.json", "no folder out/"),
])
def test_the_checker_finds_what_does_not_run(line: str, problem: str) -> None:
    found = check_command(Command("page.md", 1, line), Page())
    assert any(problem in p for p in found), found


def test_the_checker_passes_what_runs() -> None:
    lines = ["python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/scorekeeper",
             ".venv/bin/scorekeeper --lan      # prints the address",
             ".venv/bin/scorekeeper build-web site --base /hearts/",
             "python3 -m http.server -d site 8000",
             ".venv/bin/python -m pytest tests -q -m 'not e2e' --ignore=tests/e2e -x -ra "
             "-p no:cacheprovider -k 'docs or rules'",
             ".venv/bin/python -m pytest tests/test_rules.py::test_standard_deck_plan[3-removed0-17-lead0]",
             ".venv/bin/python tests/benchmarks/bench_store.py --sizes 0,1000 --rounds 5",
             ".venv/bin/scorekeeper replay - <<'EOF'",
             "(cd tests/e2e/axe && npm install --no-audit)",
             "sudo apt-get install -y nodejs",
             "mkdir -p build && .venv/bin/pybabel extract -F babel.cfg -o build/x.pot scorekeeper",
             ".venv/bin/scorekeeper export --format csv -o games.csv",
             ".venv/bin/scorekeeper import games.csv --db /tmp/other",
             ".venv/bin/scorekeeper --db /tmp/other import games.csv"]
    made = Page()
    found = [p for line in lines for p in check_command(Command("page.md", 1, line), made)]
    assert not found, found
