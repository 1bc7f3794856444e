"""An output folder published whole or not at all, and never replaced unless asked.

``export`` and the Spark job write a run's tables into a staging folder beside the
output (same parent, hidden: ``.OUT.binlog-kaitai-staging-<host>-<pid>-<random>``), then
publish them as one set (:func:`publish`):

1. the manifest, :data:`MANIFEST`, written last into the staging folder: every file of
   the run, by path under the output, with its size (local files and folders synced to
   disk first, so a power cut cannot publish a manifest that lies);
2. one rename of the staging folder to the output (new, or an empty folder). Replacing
   an output (``overwrite``) takes two: the old output aside
   (``.OUT.binlog-kaitai-old-...``), then the staging folder in; the old one is deleted
   after. A crash between the two renames leaves no output and the old one aside: the
   next run on that output puts it back (a failed run leaves the previous output), and
   deletes the staging folders of this host's runs whose process is gone
   (:func:`begin`).

Object stores (``s3://``, ``gs://``, ``abfs://``...) rename nothing atomically: there
the manifest written last is the commit, and ``overwrite`` deletes the old manifest,
then the old files. The Spark job writes straight into the output (the old export
deleted before the run starts); ``export``, whose writers write local files
(``begin(local=True)``), stages its run in a local temporary folder and uploads it at
publication (the old export deleted only then: a failed run leaves it).

A reader can tell a whole output from a half-written one by its manifest alone, and
should read only the files it lists (:func:`read_manifest`). Pure Python and
:mod:`pyarrow.fs` (local paths, ``file://``, ``hdfs://``, object stores): the same for
``export`` and the Spark job's driver.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import tempfile
from collections.abc import Collection
from contextlib import suppress
from dataclasses import dataclass

import pyarrow.fs as pafs

from binlog_kaitai.storage import resolve

MANIFEST = "_binlog_kaitai_manifest.json"
FORMAT = "binlog-kaitai output"
TAG = "binlog-kaitai"
OBJECT_STORES = frozenset({"s3", "s3a", "s3n", "gs", "gcs", "abfs", "abfss", "az", "wasb",
                           "wasbs"})
"""URI schemes without an atomic rename of a folder."""
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


class OutputRefused(Exception):
    """The output holds an export (and ``overwrite`` was not given) or other files."""


@dataclass(frozen=True)
class Staging:
    """A run's output being written: where (``staging``, in the output's form: a path or
    a URI, for whatever writes there), and how it is to be published."""

    output: str
    staging: str
    overwrite: bool
    known: frozenset[str]
    """Names of an export's top folders: an output holding one is an export."""
    upload: bool = False
    """``staging`` is a local folder, uploaded to the store's ``output`` at publication."""

    @property
    def in_place(self) -> bool:
        return self.staging == self.output


def begin(output: str, *, overwrite: bool, known: Collection[str], local: bool = False
          ) -> Staging:
    """The staging folder of a run writing ``output``, created, once the leftovers of
    dead runs are recovered and the output is known to be one the run may replace
    (new, empty, or an export with ``overwrite``); else :class:`OutputRefused`.
    ``local``: the run writes local files only (a store's output is uploaded)."""
    scheme = _SCHEME.match(output)
    in_place = scheme is not None and scheme.group(1).lower() in OBJECT_STORES
    fs, path = _locate(output)
    if in_place and local:
        _check(fs, path, Staging(output, output, overwrite, frozenset(known)))
        staging = tempfile.mkdtemp(prefix=f".{TAG}-staging-")
        return Staging(output, staging, overwrite, frozenset(known), upload=True)
    run = Staging(output, output if in_place else _sibling(output, "staging"), overwrite,
                  frozenset(known))
    if not in_place:
        _recover(fs, path)
    holds = _check(fs, path, run)
    if in_place and holds:  # the manifest first: no reader takes the rest for whole
        if _exists(fs, f"{path}/{MANIFEST}"):
            fs.delete_file(f"{path}/{MANIFEST}")
        fs.delete_dir_contents(path)
    fs.create_dir(_locate(run.staging)[1])
    return run


def check_output(output: str, *, overwrite: bool, known: Collection[str]) -> None:
    """:class:`OutputRefused` unless a run may write ``output``, for a caller that would
    refuse before costly work such as starting Spark (:func:`begin` checks again)."""
    fs, path = _locate(output)
    _check(fs, path, Staging(output, output, overwrite, frozenset(known)))


def publish(run: Staging) -> None:
    """The staging folder's files listed in its manifest, and the folder made the output
    (see the module's docstring); :class:`OutputRefused` if another run published an
    export there meanwhile (without ``overwrite``)."""
    if run.upload:
        _upload(run)
        return
    fs, staging = _locate(run.staging)
    _write_manifest(fs, staging)
    if run.in_place:
        return
    out = _locate(run.output)[1]
    if not _check(fs, out, run):
        if _exists(fs, out):
            fs.delete_dir(out)  # empty: a rename onto it would move into it on HDFS
        fs.move(staging, out)
    else:
        aside = _locate(_sibling(run.output, "old"))[1]
        fs.move(out, aside)
        try:
            fs.move(staging, out)
        except BaseException:
            fs.move(aside, out)
            raise
        with suppress(OSError):  # published; the next run deletes it (its process gone)
            fs.delete_dir(aside)
    _sync(fs, out.rpartition("/")[0] or "/")


def _upload(run: Staging) -> None:
    """The local staging folder's files uploaded to the store's output (an export there
    deleted first, its manifest first of all), the manifest last, the folder deleted."""
    fs, out = _locate(run.output)
    if _check(fs, out, run):
        if _exists(fs, f"{out}/{MANIFEST}"):
            fs.delete_file(f"{out}/{MANIFEST}")
        fs.delete_dir_contents(out)
    pafs.copy_files(run.staging, out, source_filesystem=pafs.LocalFileSystem(),
                    destination_filesystem=fs)
    _write_manifest(fs, out)
    shutil.rmtree(run.staging, ignore_errors=True)


def abandon(run: Staging) -> None:
    """What the failed run wrote deleted, as far as possible (what cannot be is the next
    run's to delete: its process is gone then)."""
    if run.upload:
        shutil.rmtree(run.staging, ignore_errors=True)
        return
    fs, staging = _locate(run.staging)
    with suppress(OSError):
        if run.in_place:
            fs.delete_dir_contents(staging, missing_dir_ok=True)
        else:
            fs.delete_dir(staging)


def read_manifest(output: str) -> dict[str, int]:
    """The files of a published output (path under it: size); FileNotFoundError when it
    has no manifest (an unfinished run's on an object store, or no output)."""
    fs, path = _locate(output)
    with fs.open_input_stream(f"{path}/{MANIFEST}") as source:
        manifest = json.loads(source.read())
    if manifest.get("format") != FORMAT:
        raise ValueError(f"{output}: {MANIFEST} is not a {FORMAT} manifest")
    return dict(manifest["files"])


def _locate(location: str) -> tuple[pafs.FileSystem, str]:
    """The filesystem of a path or URI, and the path inside it."""
    if _SCHEME.match(location) is None:
        return pafs.LocalFileSystem(), os.path.abspath(location)
    return resolve(location)


def _sibling(output: str, kind: str) -> str:
    """A new hidden name beside ``output`` for this process's ``kind`` of folder."""
    head, _, name = (output if _SCHEME.match(output) else os.path.abspath(output)
                     ).rstrip("/").rpartition("/")
    return (f"{head}/.{name}.{TAG}-{kind}-{socket.gethostname()}-{os.getpid()}-"
            f"{secrets.token_hex(4)}")


def _check(fs: pafs.FileSystem, path: str, run: Staging) -> bool:
    """Whether ``path`` holds an export the run may replace (False: nothing there, or an
    empty folder); :class:`OutputRefused` when the run may not write there."""
    info = fs.get_file_info(path)
    if info.type == pafs.FileType.NotFound:
        return False
    if info.type != pafs.FileType.Directory:
        raise OutputRefused(f"{run.output}: not a folder")
    names = {below.base_name for below in fs.get_file_info(pafs.FileSelector(path))}
    if not names:
        return False
    if MANIFEST not in names and not names & run.known:
        raise OutputRefused(f"{run.output}: holds other files than an export; "
                            "the output must be a new or empty folder, or an export")
    if not run.overwrite:
        raise OutputRefused(f"{run.output}: already holds an export; --overwrite replaces it")
    return True


def _recover(fs: pafs.FileSystem, path: str) -> None:
    """The leftovers of this host's dead runs on ``path``: an old output set aside put
    back when there is no output (a crash between the two renames), everything else
    (staging folders, old outputs replaced) deleted."""
    head, _, name = path.rpartition("/")
    pattern = re.compile(rf"\.{re.escape(name)}\.{TAG}-(staging|old)-"
                         rf"{re.escape(socket.gethostname())}-(\d+)-[0-9a-f]{{8}}")
    found = [(m.group(1), below.path) for below in _listing(fs, head or "/")
             if (m := pattern.fullmatch(below.base_name)) and not _alive(int(m.group(2)))]
    for kind, left in sorted(found):  # "old" first
        if kind == "old" and not _exists(fs, path):
            fs.move(left, path)
        else:
            fs.delete_dir(left)


def _listing(fs: pafs.FileSystem, folder: str) -> list[pafs.FileInfo]:
    return fs.get_file_info(pafs.FileSelector(folder, allow_not_found=True))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's
    return True


def _exists(fs: pafs.FileSystem, path: str) -> bool:
    return fs.get_file_info(path).type != pafs.FileType.NotFound


def _write_manifest(fs: pafs.FileSystem, root: str) -> None:
    """Every file under ``root`` (sizes as written, synced to disk when local), then the
    manifest listing them."""
    files = {below.path[len(root) + 1:]: below.size
             for below in fs.get_file_info(pafs.FileSelector(root, recursive=True))
             if below.type == pafs.FileType.File}
    for below in files:
        _sync(fs, f"{root}/{below}")
    body = json.dumps({"format": FORMAT, "version": 1, "files": dict(sorted(files.items()))},
                      indent=1)
    with fs.open_output_stream(f"{root}/{MANIFEST}") as sink:
        sink.write(body.encode())
    _sync(fs, f"{root}/{MANIFEST}")
    folders = {root} | {f"{root}/{'/'.join(parts[:i])}" for parts in map(
        lambda f: f.split("/"), files) for i in range(1, len(parts))}
    for folder in folders:
        _sync(fs, folder)


def _sync(fs: pafs.FileSystem, path: str) -> None:
    """A local file or folder's data and entries on disk (others: their store's)."""
    if not isinstance(fs, pafs.LocalFileSystem):
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
