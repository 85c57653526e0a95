"""The command line as a whole: sub-commands are wired, and an early-closing reader is fine."""

import subprocess
import sys

from cardkit.cli import build_parser, main


def test_every_sub_command_is_wired():
    # the type: ignore below: argparse's private subparser list: its type allows None
    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {"xeri", "zion", "replay", "serve"} <= set(commands)


def test_bad_input_is_one_clear_line_not_a_traceback(tmp_path, capsys):
    record = tmp_path / "not-a-record.json"
    record.write_text("[1, 2]", encoding="utf-8")
    assert main(["replay", str(record)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardkit: not a cardkit record") and "Traceback" not in err


def test_a_reader_that_stops_early_is_not_an_error():
    proc = subprocess.Popen([sys.executable, "-m", "cardkit", "xeri", "--seed", "3"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and b"Broken pipe" not in err and b"Traceback" not in err
