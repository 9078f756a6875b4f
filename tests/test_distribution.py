"""Distribution: the console scripts, the protos shipped with the package, the README's Quick
start, the container image definition (checked against the package; no container runtime
runs here), and the built wheel working from a clean virtualenv outside the repository."""

from __future__ import annotations

import contextlib
import json
import os
import re
import selectors
import shutil
import socket
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
ENTRYPOINT = ROOT / "docker" / "entrypoint.sh"


def _env(path_first: Path = BIN, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("ORACLE_AUTH_TOKEN", "CONFORMANCE_TOKEN", "PYTHONPATH")}
    env["PATH"] = f"{path_first}{os.pathsep}{env.get('PATH', '')}"
    env.update(extra)
    return env


def _run(args: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None,
         timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env or _env(), capture_output=True, text=True, timeout=timeout)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class _Served:
    """A server child process started by a command that prints the listening line."""

    def __init__(self, args: list[str], cwd: Path, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True)
        assert self.proc.stdout is not None
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        line = self.proc.stdout.readline() if sel.select(60) else ""
        sel.close()
        if not line.startswith("oracle listening on "):
            self.stop()
            raise AssertionError(f"{args} did not start: {line!r}")
        self.listening = line.split()[-1]
        self.port = int(self.listening.rsplit(":", 1)[1])
        self.address = f"127.0.0.1:{self.port}"

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            return self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


@contextlib.contextmanager
def _served(args: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> Iterator[_Served]:
    srv = _Served(args, cwd, env or _env())
    try:
        yield srv
    finally:
        srv.stop()


# --- console scripts -------------------------------------------------------------------


def test_console_scripts_are_declared() -> None:
    """pyproject declares both console scripts, and the fuzzer's and ``-n``'s libraries
    are plain dependencies (no extra needed for any documented command)."""
    scripts = PYPROJECT["project"]["scripts"]
    assert scripts == {"berserk-oracle": "oracle.__main__:main", "berserk-conformance": "conformance_suite.__main__:main"}
    deps = " ".join(PYPROJECT["project"]["dependencies"])
    for name in ("grpcio", "grpcio-health-checking", "grpcio-reflection", "pytest", "hypothesis", "pytest-xdist"):
        assert re.search(rf"(^| ){re.escape(name)}[<>=]", deps), name


@pytest.mark.parametrize("tool", ["berserk-oracle", "berserk-conformance"])
def test_version_and_help(tool: str) -> None:
    """``--version`` prints the tool and the package version; ``--help`` names the tool
    (not ``python -m …``) and has examples and exit codes."""
    import oracle

    exe = BIN / tool
    assert exe.exists(), f"{tool} is not installed beside {sys.executable}: pip install -e ."
    version = _run([str(exe), "--version"])
    assert version.returncode == 0
    assert version.stdout.strip() == f"{tool} {oracle.__version__} (protocol berserk.oracle.v1)"
    helptext = _run([str(exe), "--help"])
    assert helptext.returncode == 0
    assert helptext.stdout.startswith(f"usage: {tool} ")
    assert "examples:" in helptext.stdout and "exit codes" in helptext.stdout


@pytest.mark.parametrize(("module", "sub"), [("oracle", "serve"), ("conformance_suite", "run"),
                                             ("conformance_suite", "verify"), ("conformance_suite", "fuzz")])
def test_python_m_still_works_and_says_so(module: str, sub: str) -> None:
    """``python -m oracle`` and ``python -m conformance_suite`` keep working; their help
    names them that way; each subcommand's help has examples or exit codes."""
    proc = _run([sys.executable, "-m", module, sub, "--help"])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"usage: python -m {module} {sub} ")
    assert "exit codes" in proc.stdout


def test_protos_command_copies_the_shipped_protos(tmp_path: Path) -> None:
    """``berserk-oracle protos`` prints a folder holding berserk/oracle/v1/*.proto, and
    ``--out DIR`` copies them; they are the repository's protos byte for byte (with the
    go_package, csharp_namespace and java options)."""
    printed = _run([str(BIN / "berserk-oracle"), "protos"])
    assert printed.returncode == 0
    root = Path(printed.stdout.strip())
    source = sorted(p.relative_to(ROOT / "proto") for p in (ROOT / "proto").rglob("*.proto"))
    assert sorted(p.relative_to(root) for p in root.rglob("*.proto")) == source
    copied = _run([str(BIN / "berserk-oracle"), "protos", "--out", str(tmp_path)])
    assert copied.returncode == 0
    for rel in source:
        text = (tmp_path / rel).read_text(encoding="utf-8")
        assert text == (ROOT / "proto" / rel).read_text(encoding="utf-8")
        for option in ('option go_package = "', 'option csharp_namespace = "', 'option java_package = "',
                       "option java_multiple_files = true;"):
            assert option in text, f"{rel}: {option}"


def test_run_waits_for_a_target_that_is_still_starting(tmp_path: Path) -> None:
    """``berserk-conformance run --wait 60`` started before the server retries while the
    target is unreachable and passes once it serves; without --wait an unreachable target
    exits 3 at once."""
    port = _free_port()
    conformance = str(BIN / "berserk-conformance")
    at_once = _run([conformance, "run", "--target", f"127.0.0.1:{port}", "-q"], cwd=tmp_path, timeout=60)
    assert at_once.returncode == 3, at_once.stderr
    waiting = subprocess.Popen([conformance, "run", "--target", f"127.0.0.1:{port}", "--wait", "60", "-q",
                                "--id", "s401.3-fifo-inactive-player-chosen-order"],
                               cwd=tmp_path, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(2)
        assert waiting.poll() is None, "run --wait gave up before the target started"
        with _served([str(BIN / "berserk-oracle"), "serve", "--port", str(port)], cwd=tmp_path):
            out, err = waiting.communicate(timeout=120)
    finally:
        if waiting.poll() is None:
            waiting.kill()
            waiting.wait()
    assert waiting.returncode == 0, out + err
    assert "4 passed" in out


# --- README Quick start ----------------------------------------------------------------


def _quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1]
    block = re.search(r"```\n(.*?)```", section, flags=re.S)
    assert block
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_quick_start_lines_each_stand_alone() -> None:
    """The Quick start has exactly two lines (.ci/run reads them), each creates the
    virtualenv it uses, so either works first on a fresh machine; .ci/run strips exactly
    the serve part of the first line."""
    lines = _quick_start()
    assert len(lines) == 2
    for line in lines:
        assert line.startswith("python3 -m venv .venv && .venv/bin/pip install -e "), line
    assert lines[0].endswith("&& .venv/bin/python -m oracle serve")
    assert "'.[test]'" in lines[1] and lines[1].endswith(".venv/bin/python -m pytest -n auto")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'install_line=${quick[0]%%&& .venv/bin/python -m oracle serve*}' in ci


# --- container image ---------------------------------------------------------------------


def _dockerfile_instructions() -> list[tuple[str, str]]:
    joined = re.sub(r"\\\n", " ", DOCKERFILE)
    out = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def test_dockerfile_is_consistent_with_the_package() -> None:
    """The image definition copies paths that exist (and are not excluded by
    .dockerignore), installs the wheel it builds, runs as a non-root user, starts through
    docker/entrypoint.sh (executable, calling the installed console script) and checks
    health with ``berserk-oracle health``."""
    instructions = _dockerfile_instructions()
    ignore = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    allowed = {line[1:].rstrip("/") for line in ignore if line.startswith("!")}
    for word, rest in instructions:
        if word == "COPY" and not rest.startswith("--from"):
            *sources, _dest = rest.split()
            for src in sources:
                assert (ROOT / src).exists(), src
                parts = Path(src.rstrip("/")).parts
                assert any("/".join(parts[: i + 1]) in allowed for i in range(len(parts))), \
                    f"{src} is excluded by .dockerignore"
    users = [rest for word, rest in instructions if word == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    entry = [json.loads(rest) for word, rest in instructions if word == "ENTRYPOINT"]
    assert entry == [["berserk-entrypoint"]]
    assert any(word == "COPY" and rest.startswith("docker/entrypoint.sh /usr/local/bin/berserk-entrypoint")
               for word, rest in instructions)
    assert os.access(ENTRYPOINT, os.X_OK)
    assert "exec berserk-oracle serve --host 0.0.0.0" in ENTRYPOINT.read_text(encoding="utf-8")
    health = [rest for word, rest in instructions if word == "HEALTHCHECK"]
    assert len(health) == 1 and " CMD berserk-oracle health " in f" {health[0]}"
    assert any(word == "RUN" and "pip install" in rest and "/tmp/dist/*.whl" in rest for word, rest in instructions)


def _healthcheck_command() -> str:
    health = next(rest for word, rest in _dockerfile_instructions() if word == "HEALTHCHECK")
    return health.split(" CMD ", 1)[1]


def test_entrypoint_and_healthcheck_work_with_the_installed_package(tmp_path: Path) -> None:
    """docker/entrypoint.sh, run as the image runs it (the console scripts on PATH,
    $ORACLE_PORT set), serves on every interface; the image's HEALTHCHECK command then
    exits 0, and ``berserk-conformance run --target`` through the entrypoint passes a
    scenario; once the server is stopped, the health check exits 1."""
    port = _free_port()
    env = _env(ORACLE_PORT=str(port), HOME=str(tmp_path))
    with _served(["sh", str(ENTRYPOINT), "serve"], cwd=tmp_path, env=env) as srv:
        assert srv.listening == f"0.0.0.0:{port}"
        check = _run(["sh", "-c", _healthcheck_command()], cwd=tmp_path, env=env, timeout=30)
        assert check.returncode == 0, check.stdout + check.stderr
        suite = _run(["sh", str(ENTRYPOINT), "berserk-conformance", "run", "--target", srv.address,
                      "--id", "s401.3-fifo-inactive-player-chosen-order", "-q"], cwd=tmp_path, env=env)
        assert suite.returncode == 0, suite.stdout + suite.stderr
        assert "passed" in suite.stdout
    after = _run(["sh", "-c", _healthcheck_command()], cwd=tmp_path, env=env, timeout=30)
    assert after.returncode == 1


# --- the wheel, from a clean virtualenv outside the repository ---------------------------


@pytest.mark.slow
def test_wheel_in_a_clean_virtualenv(tmp_path: Path) -> None:
    """The wheel, built from exactly what the Dockerfile copies (pyproject.toml, README.md,
    oracle/, conformance_suite/), installs into a new virtualenv outside the repository
    (its dependencies from the package index or the local cache); from a folder outside
    the repository: ``berserk-oracle serve`` serves; ``berserk-conformance run -n 2``
    passes against it with JUnit and HTML reports; ``verify`` says an agreeing transcript
    agrees (exit 0) and finds the planted error of another (exit 1), locally and via the
    server; ``fuzz`` finds no divergence; the protos are in the installed package."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for name in ("oracle", "conformance_suite"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    dist = tmp_path / "dist"
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist),
                  str(src)], cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    (wheel,) = dist.glob("berserk_oracle-*.whl")
    venv = tmp_path / "venv"
    made = _run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    vbin = venv / "bin"
    installed = _run([str(vbin / "python"), "-m", "pip", "install", "-q", str(wheel)], cwd=tmp_path, timeout=900)
    if installed.returncode != 0 and re.search(r"(?i)could not find a version|connection|network|resolve",
                                               installed.stderr):
        pytest.skip(f"the wheel's dependencies could not be fetched (no network?): {installed.stderr[-400:]}")
    assert installed.returncode == 0, installed.stderr
    work = tmp_path / "work"
    work.mkdir()
    env = _env(vbin, HOME=str(tmp_path))
    agreeing = json.loads((ROOT / "examples" / "transcripts" / "planted_first_turn_attack.json").read_text())
    (work / "diverging.json").write_text(json.dumps(agreeing), encoding="utf-8")
    planted = json.loads((ROOT / "examples" / "transcripts" / "planted.json").read_text())
    # the steps before the planted error (make_examples.py records where it planted it)
    agreeing["steps"] = agreeing["steps"][: planted["planted_first_turn_attack.json"]["step"]]
    (work / "agreeing.json").write_text(json.dumps(agreeing), encoding="utf-8")

    protos = _run([str(vbin / "berserk-oracle"), "protos"], cwd=work, env=env)
    assert protos.returncode == 0 and Path(protos.stdout.strip()).is_relative_to(venv)
    assert (Path(protos.stdout.strip()) / "berserk" / "oracle" / "v1" / "oracle_service.proto").exists()

    with _served([str(vbin / "berserk-oracle"), "serve", "--port", "0"], cwd=work, env=env) as srv:
        health = _run([str(vbin / "berserk-oracle"), "health", "--target", srv.address], cwd=work, env=env)
        assert health.returncode == 0, health.stderr
        run = _run([str(vbin / "berserk-conformance"), "run", "--target", srv.address, "-n", "2", "-q",
                    "--junitxml", "junit.xml", "--report-html", "report.html"], cwd=work, env=env, timeout=900)
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
        assert (work / "junit.xml").exists() and (work / "report.html").exists()
        conformance = str(vbin / "berserk-conformance")
        for args, code in ((["verify", "agreeing.json"], 0), (["verify", "diverging.json"], 1),
                           (["verify", "agreeing.json", "--target", srv.address], 0),
                           (["verify", "diverging.json", "--target", srv.address, "--stream"], 1)):
            verified = _run([conformance, *args], cwd=work, env=env)
            assert verified.returncode == code, (args, verified.stdout, verified.stderr)
        fuzz = _run([conformance, "fuzz", "--target", srv.address, "--games", "5", "--seed", "1", "--out",
                     "findings", "-q"], cwd=work, env=env, timeout=600)
        assert fuzz.returncode == 0, fuzz.stdout + fuzz.stderr
        assert "no divergence in 5 games" in fuzz.stdout


# --- the release path: .ci/release and every documented install line -------------------


def _block_lines(markdown: str, heading: str, fence: str = "```") -> list[str]:
    """The non-empty lines of the first fenced block after ``heading``."""
    section = markdown.split(heading, 1)[1]
    block = re.search(re.escape(fence) + r"[a-z]*\n(.*?)```", section, flags=re.S)
    assert block, heading
    return [line for line in block.group(1).splitlines() if line.strip()]


def _command(line: str) -> str:
    """A documented shell line without its trailing ``# comment``."""
    return re.sub(r"\s+#.*$", "", line).strip()


def _checkout(tmp_path: Path) -> Path:
    """A copy of what a checkout holds for building: pyproject, README, the packages and
    .ci/release."""
    src = tmp_path / "checkout"
    (src / ".ci").mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for name in ("release", "normalize_dist.py"):
        shutil.copy(ROOT / ".ci" / name, src / ".ci" / name)
    for name in ("oracle", "conformance_suite"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return src


def _fresh_venv(path: Path) -> Path:
    made = _run([sys.executable, "-m", "venv", str(path)], cwd=path.parent)
    assert made.returncode == 0, made.stderr
    return path / "bin"


def _install(line: str, cwd: Path, vbin: Path, **env: str) -> None:
    """Run a documented install line with bash, the fresh virtualenv first on PATH (so
    ``pip`` and ``python`` are its own); skip when the dependencies cannot be fetched."""
    proc = _run(["bash", "-eo", "pipefail", "-c", line], cwd=cwd, env=_env(vbin, **env), timeout=900)
    if proc.returncode != 0 and re.search(r"(?i)could not find a version|connection|network|resolve", proc.stderr):
        pytest.skip(f"the dependencies could not be fetched (no network?): {proc.stderr[-400:]}")
    assert proc.returncode == 0, f"{line!r} in {cwd}:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    import oracle

    version = _run([str(vbin / "berserk-conformance"), "--version"], cwd=cwd, env=_env(vbin))
    assert version.returncode == 0 and oracle.__version__ in version.stdout, version.stderr


def test_release_script_builds_the_wheel_and_the_sdist(tmp_path: Path) -> None:
    """``.ci/release DIR`` writes the wheel and the sdist of the package's version and a
    SHA256SUMS file whose sums are theirs; the sdist holds the packages, the protos' code
    and the scenarios."""
    import hashlib
    import tarfile

    import oracle

    out = tmp_path / "dist"
    proc = _run(["bash", str(ROOT / ".ci" / "release"), str(out)], env=_env(PYTHON=sys.executable), timeout=600)
    assert proc.returncode == 0, proc.stderr
    wheel = out / f"berserk_oracle-{oracle.__version__}-py3-none-any.whl"
    sdist = out / f"berserk_oracle-{oracle.__version__}.tar.gz"
    assert wheel.exists() and sdist.exists(), sorted(p.name for p in out.iterdir())
    sums = dict(reversed(line.split()) for line in (out / "SHA256SUMS").read_text().splitlines())
    for f in (wheel, sdist):
        assert sums[f.name] == hashlib.sha256(f.read_bytes()).hexdigest()
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
    base = f"berserk_oracle-{oracle.__version__}/"
    for inside in ("pyproject.toml", "oracle/engine.py", "oracle/data/catalogue.json",
                   "conformance_suite/scenarios/p3_main/s106.1.1-final-cost-not-below-zero.json"):
        assert base + inside in names, inside


def test_two_release_builds_are_byte_identical(tmp_path: Path) -> None:
    """Two checkouts of the same tree, made at different times with different file modes,
    give ``.ci/release`` the same wheel and sdist, byte for byte (same SHA256SUMS): the
    entries are dated $SOURCE_DATE_EPOCH (the last commit in a git checkout), sorted, with
    plain modes and no owners (.ci/normalize_dist.py).  Without that the two wheels differed
    in every entry's date."""
    sums = []
    for k in range(2):
        src = _checkout(tmp_path / f"tree{k}")
        if k:
            for path in src.rglob("*"):
                os.utime(path, (1.9e9, 1.9e9))
                if path.is_file():
                    path.chmod(path.stat().st_mode | 0o020)
        proc = _run(["bash", str(src / ".ci" / "release"), str(tmp_path / f"dist{k}")], cwd=src,
                    env=_env(PYTHON=sys.executable, SOURCE_DATE_EPOCH="1765000000"), timeout=600)
        assert proc.returncode == 0, proc.stderr
        sums.append((tmp_path / f"dist{k}" / "SHA256SUMS").read_text())
    assert sums[0] == sums[1], sums


def test_no_install_line_names_an_unpublished_package() -> None:
    """No documented install line installs ``berserk-oracle`` by name (it is not on a
    public index yet): README and docs/CI.md install a wheel file or a checkout, and the one
    mention of the name is marked as after publishing."""
    for doc in ("README.md", "docs/CI.md", "examples/typescript/README.md", "conformance_suite/RUNNING.md"):
        for line in (ROOT / doc).read_text(encoding="utf-8").splitlines():
            if re.search(r"pip install \"?berserk-oracle", line) or re.search(r"BERSERK_ORACLE: \"berserk-oracle", line):
                assert "publish" in line, f"{doc}: {line.strip()}"


@pytest.mark.slow
def test_every_install_line_works_as_written(tmp_path: Path) -> None:
    """Each install line of README ("Installing the package") and docs/CI.md, run as
    written with bash in a fresh virtualenv, installs a working package: README's
    ``.ci/release`` then ``pip install dist/…whl`` in a checkout, README's ``pip install .``
    in a checkout, docs/CI.md's ``pip install ./…whl`` beside the wheel, and the GitHub job's
    ``python -m pip install "$BERSERK_ORACLE"`` with the job's value, the wheel under
    vendor/."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / "docs" / "CI.md").read_text(encoding="utf-8")
    src = _checkout(tmp_path)
    lines = [_command(x) for x in _block_lines(readme, "## Installing the package")]
    build, install = lines[0], lines[1]
    assert build == ".ci/release" and install.startswith("pip install dist/berserk_oracle-")
    assert "pip install ." in readme.split("## Installing the package", 1)[1].split("##", 1)[0]

    vbin = _fresh_venv(tmp_path / "venv-readme")
    built = _run(["bash", "-eo", "pipefail", "-c", build], cwd=src, env=_env(PYTHON=sys.executable), timeout=600)
    assert built.returncode == 0, built.stderr
    _install(install, src, vbin)
    wheel = next((src / "dist").glob("berserk_oracle-*.whl"))

    _install("pip install .", src, _fresh_venv(tmp_path / "venv-checkout"))

    ci_lines = [_command(x) for x in _block_lines(ci, "# Running the conformance suite in CI", "```sh")]
    assert ci_lines[0] == f"pip install ./{wheel.name}", ci_lines
    here = tmp_path / "ci-sh"
    here.mkdir()
    shutil.copy(wheel, here / wheel.name)
    _install(ci_lines[0], here, _fresh_venv(tmp_path / "venv-ci-sh"))

    from tests.test_ci_recipe import github_job

    job = github_job(ci)
    step = next(s.run for s in job.steps if "pip install" in s.run).strip()
    assert step == 'python -m pip install "$BERSERK_ORACLE"'
    work = tmp_path / "ci-job"
    (work / "vendor").mkdir(parents=True)
    target = work / job.env["BERSERK_ORACLE"]
    assert target.parent == work / "vendor" and target.name == wheel.name, job.env["BERSERK_ORACLE"]
    shutil.copy(wheel, target)
    _install(step, work, _fresh_venv(tmp_path / "venv-ci-job"), BERSERK_ORACLE=job.env["BERSERK_ORACLE"])


def test_list_mutants_into_a_closed_pipe_ends_quietly() -> None:
    """``python -m oracle list-mutants | head -1``: the reader goes away before the list is
    written; the command ends with exit 0 and no traceback (it ended in a BrokenPipeError
    before; issue 44's walk)."""
    proc = subprocess.Popen([sys.executable, "-m", "oracle", "list-mutants"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=str(Path(__file__).resolve().parents[1]))
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the interpreter has started: every write fails
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0 and "Traceback" not in err, err
