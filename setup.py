"""Build step only (everything else is in pyproject.toml): the wheel carries the web
assets. The repository's top-level ``assets/`` stays their source; ``build_py`` copies it
into the package as ``scorekeeper/app/bundled_assets/``, where
``scorekeeper.app.server.assets.assets_dir()`` finds it through ``importlib.resources``. An
editable install gets no copy: it reads ``assets/`` in the checkout."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SOURCE = Path("assets")
TARGET = ("scorekeeper", "app", "bundled_assets")


class build_py_with_assets(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        dest = Path(self.build_lib, *TARGET)
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(SOURCE, dest)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        dest = Path(self.build_lib, *TARGET)
        return outputs + [str(dest / p.relative_to(SOURCE))
                          for p in sorted(SOURCE.rglob("*")) if p.is_file()]


setup(cmdclass={"build_py": build_py_with_assets})
