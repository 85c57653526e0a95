"""The class board and the lab's Send to the class, in plain pytest (issue 21)."""

from __future__ import annotations

import base64
import io

import pandas as pd
import pytest

from cardkit import probability as P
from cardkit.classroom import Board
from cardkit.widgets.class_board import ClassBoard, student_link
from cardkit.widgets.probability_lab import ProbabilityLab

OPTION = "top_two_pair_or_top_jack"


@pytest.fixture
def board(tmp_path):
    return Board(tmp_path / "class.sqlite")


def start(board, n=512):
    teacher = ClassBoard(board, class_url="http://192.0.2.7:8866/voila/render/"
                         "probability_lab.ipynb?token=abc")
    teacher.question.value = "xeri_redeal"
    teacher.option.value = OPTION
    teacher.samples.value = n
    teacher.start_button.click()
    return teacher


def student_sends(board, code, seed, nickname="", student=None):
    lab = ProbabilityLab(n=100, seed=seed, chunk=256, background=False, class_code=code,
                         student=student or f"student-{seed}", board=board)
    lab.send.nickname.value = nickname
    lab.run_button.click()
    lab.send.send_button.click()
    return lab


def test_students_send_and_the_board_shows_their_intervals_then_the_exact_value(board):
    teacher = start(board)
    code = teacher.code
    assert code in teacher.join.value and "ck-board-qr" in teacher.join.value
    assert student_link("http://x/lab.ipynb?token=abc", code).endswith(f"&class={code}")
    labs = [student_sends(board, code, seed, nickname=f"s{seed}") for seed in (1, 2, 3)]
    for lab in labs:  # joining set the lab to the experiment's question, option and samples
        assert (lab.question.value, lab.option.value, lab.samples.value) == (
            "xeri_redeal", OPTION, 512)
        assert lab.send.status.text.startswith("Sent: your estimate"), lab.send.status.text
    teacher.refresh()
    chart, histogram = teacher.charts.children
    assert len(chart.data[0].x) == 3 and len(histogram.data[0].x) == 3
    assert sorted(chart.data[0].x) == list(chart.data[0].x)  # sorted by estimate
    assert "exact value is hidden" in teacher.summary.value
    assert not chart.layout.shapes  # no exact line before Reveal
    assert "contain the exact value" not in teacher.summary.value
    teacher.reveal_button.click()
    chart = teacher.charts.children[0]
    exact = float(P.first_pile_redeal(OPTION))
    assert chart.layout.shapes[0].x0 == pytest.approx(exact)
    frame = board.results(code)
    k = int(((frame["low"] <= exact) & (exact <= frame["high"])).sum())
    assert f"{k} of 3 intervals contain the exact value" in teacher.summary.value
    assert "Pooled estimate" in teacher.summary.value and "1,536 samples" in teacher.summary.value
    rows = pd.read_csv(io.StringIO(teacher.export()))
    assert len(rows) == 3 and sorted(rows["seed"]) == [1, 2, 3]
    link = teacher.download.value
    data = link.split("base64,", 1)[1].split('"', 1)[0]
    assert len(pd.read_csv(io.StringIO(base64.b64decode(data).decode()))) == 3


def test_the_lab_sends_only_what_it_computed(board):
    teacher = start(board)
    lab = ProbabilityLab(n=100, seed=4, chunk=256, background=False, class_code=teacher.code,
                         student="ana", board=board)
    lab.send.send_button.click()  # nothing run yet
    assert lab.send.status.text.startswith("Run the experiment first")
    lab.samples.value = 256  # a run of other settings than the class's
    lab.run_button.click()
    lab.send.send_button.click()
    assert lab.send.status.text.startswith("Run the experiment first")
    lab.samples.value = 512
    lab.run_button.click()
    lab.successes = 511  # the page cannot tell the lab an estimate: only the run's record counts
    lab.send.send_button.click()
    sent = board.results(teacher.code)
    assert sent["estimate"].tolist() == [lab.finished.successes / 512]
    assert lab.finished.seed == 4


def test_a_double_click_and_a_closed_or_unknown_code_say_so(board):
    teacher = start(board)
    lab = student_sends(board, teacher.code, seed=5)
    lab.send.send_button.click()
    assert "was already on the class board" in lab.send.status.text
    assert len(board.results(teacher.code)) == 1
    teacher.close_button.click()
    late = student_sends(board, teacher.code, seed=6)
    assert "is closed" in late.send.status.text
    unknown = ProbabilityLab(n=100, background=False, class_code="ZZZZZ", board=board)
    assert "there is no experiment with the code 'ZZZZZ'" in unknown.send.status.text


def test_nicknames_are_shown_escaped(board):
    teacher = start(board)
    student_sends(board, teacher.code, seed=7, nickname="<b onclick=x>hi</b>")
    teacher.refresh()
    names = list(teacher.charts.children[0].data[0].text)
    assert names == ["&lt;b onclick=x&gt;hi&lt;/b&gt;"]


def test_an_old_experiment_can_be_shown_again(board):
    teacher = start(board)
    first = teacher.code
    student_sends(board, first, seed=8)
    teacher.close_button.click()
    teacher.start_button.click()
    assert teacher.code != first and len(teacher.frame) == 0
    later = ClassBoard(board)  # the next lesson, a new page
    later.shown.value = first
    assert later.code == first and len(later.frame) == 1
    assert "closed" in later.join.value and later.close_button.disabled
