"""The wheel installs one namespace, ``binlog_kaitai``, and its console scripts run from a
fresh venv (``--system-site-packages`` off) where the repository is not importable.

The wheel is built offline from a copy of the sources, with the project venv's setuptools
and Cython (the kernels compiled as ``pip install .`` compiles them). The fresh venv gets
the wheel alone; the third-party dependencies come from the project venv's site-packages,
which a ``.pth`` file appends to the fresh venv's path (no network at test time): its
editable hook is a ``.pth`` of its own, which a path added so is not made to run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, REPO

FIXTURE = FIXTURES / "mariadb" / "gtid" / "binlog.000001"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the sources (a build in the repository would write
    its build/ and kernels' C beside the files other runs are reading)."""
    src = tmp_path_factory.mktemp("src")
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.c", "*.egg-info")
    setuptools = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = ["binlog_kaitai", *setuptools["package-dir"].values()]
    for name in [*folders, "pyproject.toml", "setup.py", "README.md"]:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, src / name, ignore=skip)
        else:
            shutil.copy2(REPO / name, src / name)
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "--wheel-dir", str(out), str(src)],
                   check=True, capture_output=True)
    (built,) = out.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed, the dependencies from the project venv."""
    root = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
    python = root / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--quiet", "--no-deps", "--no-index", str(wheel)],
                   check=True, capture_output=True)
    site = subprocess.run([str(python), "-c", "import sysconfig; "
                           "print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    Path(site, "project_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return root


def run(venv: Path, *argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A command of the fresh venv, from outside the repository, without PYTHONPATH."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


def test_the_wheel_holds_one_namespace(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {"binlog_kaitai",
                                                "binlog_kaitai-0.1.0.dist-info"}
    assert {"binlog_kaitai/generated/mysql_binlog.py", "binlog_kaitai/spark/job.py",
            "binlog_kaitai/tables/extract.py", "binlog_kaitai/row_kernel.py"} <= set(names)
    compiled = {n.split(".")[0] for n in names if n.endswith(".so")}
    assert {"binlog_kaitai/row_kernel", "binlog_kaitai/text_kernel",
            "binlog_kaitai/run_loop"} <= compiled
    assert [n for n in names if n.endswith(".c")] == []


def test_the_installed_package_is_the_wheel_s(venv: Path, tmp_path: Path) -> None:
    code = ("import binlog_kaitai, binlog_kaitai.generated.mysql_binlog as g, "
            "binlog_kaitai.spark.job as j, binlog_kaitai.row_kernel as r, "
            "binlog_kaitai.text_kernel as t; "
            "print(binlog_kaitai.__file__, g.__file__, j.__file__, r.COMPILED, t.COMPILED)")
    done = run(venv, "python", "-c", code, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    *files, row_compiled, text_compiled = done.stdout.split()
    assert all(Path(f).is_relative_to(venv) for f in files), files
    assert (row_compiled, text_compiled) == ("True", "True")
    for generic in ("generated", "spark"):
        missing = run(venv, "python", "-c", f"import {generic}", cwd=tmp_path)
        assert f"No module named '{generic}'" in missing.stderr


def test_binlog_kaitai_summary(venv: Path, tmp_path: Path) -> None:
    done = run(venv, "binlog-kaitai", "summary", str(FIXTURE), "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert (found["server_version"], found["end_reason"], found["next_file"]) == (
        "10.11.19-MariaDB-0+deb12u1-log", "rotate", "binlog.000002")
    assert (found["start_time"], found["last_event_pos"]) == ("2026-11-21T19:47:58Z", 3510)


def test_binlog_kaitai_spark_help(venv: Path, tmp_path: Path) -> None:
    done = run(venv, "binlog-kaitai-spark", "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: binlog-kaitai-spark")
    assert all(option in done.stdout for option in ("--input", "--output", "--incremental"))
