"""The README stays a five-minute read that leads to docs/, and no link there is dead."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REPO

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings."""
    found = set()
    for line in page.read_text().splitlines():
        heading = re.match(r"^#+ (.+)", line)
        if heading:
            text = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower())
            found.add(text.replace(" ", "-"))
    return found


def test_the_readme_is_short_and_leads_to_every_page_of_docs() -> None:
    assert len((REPO / "README.md").read_text().splitlines()) <= 200
    reached, todo = set(), [REPO / "README.md"]
    while todo:
        page = todo.pop()
        for match in LINK.finditer(page.read_text()):
            target = (page.parent / match.group(1).partition("#")[0]).resolve()
            if target.suffix == ".md" and target.is_file() and target not in reached:
                reached.add(target)
                todo.append(target)
    assert [p.name for p in PAGES[1:] if p not in reached] == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_links_resolve(page: Path) -> None:
    dead = []
    for match in LINK.finditer(page.read_text()):
        target, _, anchor = match.group(1).partition("#")
        if re.match(r"^[a-z]+:", target):
            continue
        path = page.parent / target if target else page
        if not path.is_file() or (anchor and anchor not in anchors(path)):
            dead.append(match.group(1))
    assert dead == []
