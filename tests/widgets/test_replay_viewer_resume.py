"""The replay viewer after a fault (issue 12): "Start again" gives the page's kept record and
step back, and the viewer shows the same record at the same step, or refuses and keeps its
own replay. The page's side is tested in tests/browser/test_replay_resume.py (this file's
name differs: pytest imports test files without a package by their base name)."""

from __future__ import annotations

import html
import json

import pytest

from cardkit.widgets.resume import ResumeLink
from cardkit.widgets.stepper import ReplayViewer, sample_game


@pytest.fixture(scope="module")
def xeri_record() -> str:
    return sample_game("xeri", seed=4).to_json()


@pytest.fixture(scope="module")
def zion_record() -> str:
    return sample_game("zioncheck", seed=3, players=3).to_json()


@pytest.fixture
def viewer() -> ReplayViewer:
    return ReplayViewer(game="xeri", seed=1)


def kept(viewer: ReplayViewer) -> str:
    """The text the page keeps for this viewer: its place, a space, its record (what
    the template's keptRecord() reads from the two hidden elements)."""
    def text(value: str) -> str:
        return html.unescape(value.split(">", 1)[1].rsplit("<", 1)[0])

    link = viewer.resume_link
    return text(link.place.value) + " " + text(link.record.value)


def test_the_page_keeps_the_record_shown_and_the_step(viewer):
    assert kept(viewer) == "step 0 " + viewer.stepper.record
    record_html = viewer.resume_link.record.value
    viewer.stepper.next_button.click()
    viewer.stepper.go(6)
    assert kept(viewer).startswith("step 6 ")
    assert viewer.resume_link.record.value == record_html  # a step does not send the record


def test_a_kept_record_and_step_come_back(viewer, xeri_record):
    assert json.loads(xeri_record)["seed"] != json.loads(viewer.stepper.record)["seed"]
    given = f"step 9 {xeri_record}"
    assert viewer.resume_from(given) is True
    assert viewer.stepper.record == xeri_record
    assert viewer.stepper.position == 9
    assert "Step 9 of" in viewer.stepper.caption.value
    assert viewer.message.text == (
        f"Your replay is back where it was: step 9 of {len(viewer.stepper.steps)}.")
    assert viewer.holder.children == (viewer.stepper, viewer.review)
    # the page keeps exactly what it gave back, so it goes on keeping after the resume
    assert kept(viewer) == given


def test_the_page_gives_it_back_through_the_hidden_box(viewer, xeri_record):
    viewer.resume_link.box.value = f"step 3 {xeri_record}"
    assert viewer.stepper.record == xeri_record and viewer.stepper.position == 3
    assert viewer.resume_link.box.value == ""  # taken: the next one is a new message


def test_a_record_of_the_other_game_comes_back_too(viewer, zion_record):
    assert viewer.stepper.start.game_name == "xeri"
    assert viewer.resume_from(f"step 5 {zion_record}") is True
    assert viewer.stepper.start.game_name == "zioncheck"
    assert viewer.stepper.position == 5 and viewer.stepper.record == zion_record


def test_the_last_step_comes_back_and_one_past_it_is_refused(viewer, xeri_record):
    viewer2 = ReplayViewer(game="xeri", seed=1)
    shown = viewer.stepper
    steps = len(json.loads(xeri_record)["actions"])
    assert viewer2.resume_from(f"step {steps} {xeri_record}") is True
    assert viewer2.stepper.position == steps
    assert viewer.resume_from(f"step {steps + 1} {xeri_record}") is False
    assert viewer.message.kind == "refused"
    assert f"it was at step {steps + 1}, but the record has {steps} steps" in viewer.message.text
    assert viewer.stepper is shown and viewer.stepper.position == 0


@pytest.mark.parametrize(("given", "why"), [
    ("step 4 this is not a record", "not JSON"),
    ("step four {}", "is not a step number"),
    ("step 4{}", "is not a step number"),
    ("step -2 {}", "is not a step number"),
    ("step 12345678901 {}", "is not a step number"),
    ("step 2 " + json.dumps({"game": "chess", "version": 1}), "not of xeri or zioncheck"),
    ("step 2 " + "x" * 2_000_000, "bytes"),
])
def test_garbage_is_refused_and_the_replay_shown_stays(viewer, given, why):
    shown, before = viewer.stepper, kept(viewer)
    viewer.stepper.go(2)
    assert viewer.resume_from(given) is False
    assert viewer.message.kind == "refused"
    assert viewer.message.text.startswith("Could not bring your replay back")
    assert why in viewer.message.text
    assert viewer.stepper is shown and viewer.stepper.position == 2
    assert kept(viewer) == before.replace("step 0", "step 2", 1)


def test_a_record_past_the_bounds_is_refused_before_any_replay(viewer, zion_record):
    record = json.loads(zion_record)
    record["rules"]["num_decks"] = 20000
    shown = viewer.stepper
    assert viewer.resume_from("step 1 " + json.dumps(record)) is False
    assert "20000 decks" in viewer.message.text
    assert viewer.stepper is shown


def test_a_tampered_move_is_refused_by_the_rules(viewer, xeri_record):
    record = json.loads(xeri_record)
    record["actions"][1] = record["actions"][0]  # the same card played twice
    shown = viewer.stepper
    assert viewer.resume_from("step 1 " + json.dumps(record)) is False
    assert viewer.message.kind == "refused"
    assert "cannot be replayed" in viewer.message.text and "(XR-3.1)" in viewer.message.text
    assert viewer.stepper is shown


def test_a_link_without_steps_keeps_the_record_alone():
    """The Xeri and Zion Check tables' link: two hidden widgets, the record as it is."""
    given: list[str] = []
    link = ResumeLink(given.append)
    assert link.place is None and link.widgets == (link.record, link.box)
    link.show('{"game": "xeri"}')
    assert "cardkit-record-data" in link.record.value
    link.box.value = "step 3 {}"
    assert given == ["step 3 {}"]  # passed on whole: only apps with steps split it
