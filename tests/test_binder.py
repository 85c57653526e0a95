"""The Binder environment: binder/requirements.txt installs into a fresh virtual environment
from the package index, and an app notebook runs there headless.

This is what mybinder.org builds (repo2docker runs ``pip install -r binder/requirements.txt``
from the repository's root). It takes a minute or two with pip's cache, longer on a clean
machine; it needs the package index, which this project's machines and CI reach.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"

RUN_APP = textwrap.dedent("""
    import json, sys
    import nbformat
    from nbclient import NotebookClient

    import cardkit

    nb = nbformat.read(sys.argv[1], as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    outputs = [o for cell in nb.cells for o in cell.get("outputs", [])]
    errors = [o for o in outputs if o.get("output_type") == "error"]
    state = nb.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    classes = [c for model in state.values() for c in model["state"].get("_dom_classes", [])]
    print(json.dumps({"version": cardkit.__version__, "errors": len(errors),
                      "views": sum("application/vnd.jupyter.widget-view+json" in o.get("data", {})
                                   for o in outputs),
                      "classes": classes}))
""")


def test_binder_files_pin_what_the_issue_names() -> None:
    lines = [line.strip() for line in (BINDER / "requirements.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    pins = dict(line.split("==") for line in lines if "==" in line)
    assert pins["ipywidgets"].startswith("8.") and pins["voila"].startswith("0.5.")
    assert pins["jupyterlab"].startswith("4.")
    assert {"plotly", "anywidget"} <= set(pins)
    assert "-e .[sim]" in lines  # cardkit with its simulation extra (the tutorials simulate)
    assert (BINDER / "runtime.txt").read_text().strip().startswith("python-3.")


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> Path:
    env = tmp_path_factory.mktemp("binder") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env)], check=True, timeout=120)
    python = env / "bin" / "python"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-compile", "-r",
         str(BINDER / "requirements.txt")],
        cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, f"pip install -r binder/requirements.txt failed:\n" \
                                 f"{done.stderr[-4000:]}"
    return env


def test_the_binder_environment_is_consistent(binder_env: Path) -> None:
    done = subprocess.run([str(binder_env / "bin" / "python"), "-m", "pip", "check"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    # Binder's links open /voila/render/...: the Voila server extension must be enabled.
    listed = subprocess.run([str(binder_env / "bin" / "jupyter"), "server", "extension", "list"],
                            capture_output=True, text=True, timeout=120)
    assert "voila" in listed.stdout + listed.stderr
    assert "enabled" in listed.stdout + listed.stderr


def test_an_app_notebook_runs_headless_in_the_binder_environment(binder_env: Path) -> None:
    done = subprocess.run(
        [str(binder_env / "bin" / "python"), "-c", RUN_APP,
         str(ROOT / "notebooks" / "meld_checker.ipynb")],
        cwd=ROOT / "notebooks", capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["errors"] == 0
    assert result["views"] == 1, "the notebook shows one app"
    assert "cardkit-app" in result["classes"] and "cardkit-app-error" not in result["classes"]
