"""The README's examples run as written: its >>> sessions and its python code blocks."""

import contextlib
import doctest
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = [block for block in re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"),
                                        re.S) if not block.startswith(">>>")]


def test_readme_sessions_give_the_printed_answers():
    failures, tried = doctest.testfile(str(README), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried >= 8 and failures == 0


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_code_blocks_run(code):
    with contextlib.redirect_stdout(io.StringIO()) as out:
        exec(compile(code, str(README), "exec"), {})
    if "print(" in code:
        assert out.getvalue().strip()
