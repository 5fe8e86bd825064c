"""Helpers for the documentation-site browser test (tests/site/test_browser.py).

Four small tools, standard library only:

* ``build_site``: ``mkdocs build --strict`` into a directory.
* ``SiteServer``: serves a built site with ``http.server`` on 127.0.0.1.
* ``Chromium``: Debian's headless Chromium, one browser per test process, driven by a minimal Chrome DevTools
  Protocol client over ``--remote-debugging-pipe`` (JSON messages separated by NUL bytes on file descriptors 3
  and 4): a page's DOM, the Mermaid SVG that the material theme puts in a *closed* shadow root, typing into the
  search box. (Its command-line modes, ``--dump-dom`` and ``--screenshot``, launched a browser per page.)
* ``BootedPlayground``: the playground page with Python started in it, shared by the tests that use it.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import functools
import http.server
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
INSTALL_HINT = (
    f"{CHROMIUM} not found: the documentation browser test needs Debian's "
    "Chromium. Install it with: apt-get install -y chromium"
)

# Seconds Chromium has to answer one DevTools command or send an awaited event. Only a stuck browser reaches it:
# 30 s was reached by well-behaved page loads on a machine loaded 17 deep (two failures on main, 2026-12-06).
CDP_TIMEOUT = 120.0

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--mute-audio",
]


def build_site(repo_root: Path, site_dir: Path) -> subprocess.CompletedProcess[str]:
    """Run ``mkdocs build --strict`` for the repository into ``site_dir``."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
        cwd=repo_root,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _site_paths(run_dir: Path) -> tuple[Path, Path, Path]:
    """The shared build's directory, its saved strict result and its lock, in the run's own temporary directory."""
    return run_dir / "shared-site", run_dir / "shared-site.json", run_dir / "shared-site.lock"


def build_shared(repo_root: Path, out: Path, saved: Path) -> None:
    """Build the site into ``out`` (``mkdocs build --strict``, then without ``--strict`` when that fails, so the page
    tests stay useful while test_strict_build reports the strict failure) and save the strict result to ``saved``."""
    strict = build_site(repo_root, out)
    if strict.returncode != 0 or not (out / "index.html").is_file():
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(out)],
            cwd=repo_root,
            capture_output=True,
            text=True,
            timeout=600,
        )
    saved.write_text(
        json.dumps(
            {"args": strict.args, "returncode": strict.returncode, "stdout": strict.stdout, "stderr": strict.stderr}
        ),
        encoding="utf-8",
    )


# The background build (``start_shared_site``): ``build_shared`` in a process of its own, from the repository.
_BUILD_PY = "import sys; from pathlib import Path; from tests.site.site_helpers import build_shared; " + (
    "build_shared(*map(Path, sys.argv[1:]))"
)


def start_shared_site(run_dir: Path, repo_root: Path) -> subprocess.Popen[bytes] | None:
    """Start the run's one build of the site (``build_shared``) in the background, so that no test process waits
    idle for it: the first test that needs the site waits only for what is left of it (``shared_site``).

    The build's process holds the run's site lock (``shared_site`` waits on it) from before it starts until it
    exits: the lock is taken here, without waiting, and handed to the process, then let go by this one. Returns
    the process; None when the lock is taken (another process of the run builds, or built, the site) or the site is
    built already."""
    out, saved, lock_path = _site_paths(run_dir)
    with open(lock_path, "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return None
        if saved.is_file():
            return None
        return subprocess.Popen(
            [sys.executable, "-c", _BUILD_PY, str(repo_root), str(out), str(saved)],
            cwd=repo_root,
            pass_fds=(lock.fileno(),),  # the lock's one open file, shared: it is held until the build exits
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # a process group of its own, stopped as one (tests/site/conftest.py)
        )


def shared_site(tmp_path_factory: pytest.TempPathFactory, repo_root: Path) -> Site:
    """One build of the site for the whole test run, shared by the modules and the xdist workers.

    The build is started in the background when the tests are collected (``start_shared_site``, from
    tests/site/conftest.py); the first caller that finds no saved result under the lock (the background build did
    not run or died) builds it itself (``build_shared``); the others wait for the lock and reuse it.
    ``MTG_LAYERS_SITE_DIR`` names a prebuilt site instead (the strict result is then None). Tests must not write
    into it: a test that needs a page of its own serves ``overlay_site``.
    """
    prebuilt = os.environ.get("MTG_LAYERS_SITE_DIR")
    if prebuilt:
        path = Path(prebuilt).resolve()
        if not (path / "index.html").is_file():
            raise RuntimeError(f"MTG_LAYERS_SITE_DIR={prebuilt} has no index.html: build the site first")
        return path, None
    from tests import session_shared

    return site_in(session_shared.run_dir(tmp_path_factory), repo_root)


def site_in(run_dir: Path, repo_root: Path) -> Site:
    """``shared_site``'s build in ``run_dir``: the one saved there, once the lock is free (the background build's
    process holds it until it exits), or built now when none was saved."""
    out, saved, lock_path = _site_paths(run_dir)
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not saved.is_file():
            build_shared(repo_root, out, saved)
        result = json.loads(saved.read_text(encoding="utf-8"))
    strict = subprocess.CompletedProcess(result["args"], result["returncode"], result["stdout"], result["stderr"])
    if not (out / "index.html").is_file():
        raise RuntimeError(f"mkdocs could not build the site:\n{strict.stdout}\n{strict.stderr}")
    return out, strict


def shared_bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The playground's Python bundle (``mkdocs_hooks.python_bundle``) written once for the whole test run, shared by
    the modules and the xdist workers (``tests.session_shared.once``): a directory holding ``mtg-layers.zip`` and
    ``py/``, the zip extracted. Tests read it and run it, never write into it."""
    from mtg_layers.docs_site.mkdocs_hooks import python_bundle
    from tests import session_shared

    def build(path: Path) -> None:
        path.mkdir()
        python_bundle(path / "mtg-layers.zip")
        with zipfile.ZipFile(path / "mtg-layers.zip") as zf:
            zf.extractall(path / "py")

    return session_shared.once(tmp_path_factory, "playground-bundle", build)


# A built site: its directory, and the strict build's result (None when it was built elsewhere).
Site = tuple[Path, "subprocess.CompletedProcess[str] | None"]


def overlay_site(site: Path, into: Path, pages: dict[str, str]) -> Path:
    """A directory that serves ``site`` as it is (links to its top-level entries) plus ``pages`` (path -> HTML)."""
    into.mkdir(parents=True, exist_ok=True)
    for entry in site.iterdir():
        (into / entry.name).symlink_to(entry)
    for rel, html in pages.items():
        page = into / rel / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(html, encoding="utf-8")
    return into


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # signature fixed by the base class
        pass


class SiteServer:
    """Serve a directory over HTTP on 127.0.0.1 on a free port, in a thread."""

    def __init__(self, directory: Path):
        handler = functools.partial(_QuietHandler, directory=str(directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> SiteServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


class CDPError(RuntimeError):
    pass


class _Link:
    """What the sessions on one browser's pipe share: the bytes read and not yet split, the last message id, and
    each open page's event list (by DevTools session id)."""

    def __init__(self) -> None:
        self.buffer = b""
        self.next_id = 0
        self.events: dict[str, list[dict[str, Any]]] = {}


def _move_high(fd: int) -> int:
    high = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return high


def wait_script(expression: str, timeout: float, interval: float = 0.02, stop_on_error: bool = False) -> str:
    """A page script whose promise settles with ``expression``'s value once it is truthy, checked every ``interval``
    seconds, or with its last value after ``timeout`` seconds; with ``stop_on_error``, also as soon as the page
    throws (an uncaught exception or an unhandled rejection), so that a wait for what an error prevents ends then.
    An exception in ``expression`` itself rejects the promise (``evaluate`` raises ``CDPError``), as it did when
    each check was a call of its own."""
    return f"""new Promise((resolve, reject) => {{
  const end = performance.now() + {timeout * 1000!r};
  let last = null, done = false;
  const finish = () => {{ if (!done) {{ done = true; removeEventListener('error', finish);
    removeEventListener('unhandledrejection', finish); resolve(last); }} }};
  if ({"true" if stop_on_error else "false"}) {{
    addEventListener('error', finish); addEventListener('unhandledrejection', finish);
  }}
  const check = () => {{
    if (done) return;
    try {{ last = ({expression}); }} catch (e) {{ done = true; reject(e); return; }}
    if (last || performance.now() >= end) finish(); else setTimeout(check, {interval * 1000!r});
  }};
  check();
}})"""


class DevToolsSession:
    """A Chrome DevTools Protocol session over ``--remote-debugging-pipe``."""

    def __init__(self, chromium: str, user_data_dir: Path, window_size: str = "1280,1600"):
        to_chrome_r, self._to_chrome_w = os.pipe()
        self._from_chrome_r, from_chrome_w = os.pipe()
        # Move the child's ends to descriptors >= 10 so that the shell's
        # "3<&N 4>&M" below can never clobber one with the other.
        to_chrome_r = _move_high(to_chrome_r)
        from_chrome_w = _move_high(from_chrome_w)
        env = dict(os.environ, CDP_IN_FD=str(to_chrome_r), CDP_OUT_FD=str(from_chrome_w))
        # Chromium reads commands on fd 3 and writes answers on fd 4; bash
        # puts our pipe ends there whatever numbers the OS gave them.
        self.proc = subprocess.Popen(
            [
                "/bin/bash",  # dash only accepts one-digit descriptors
                "-c",
                'exec "$0" "$@" 3<&"$CDP_IN_FD" 4>&"$CDP_OUT_FD"',
                chromium,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={user_data_dir}",
                f"--window-size={window_size}",
                "--remote-debugging-pipe",
                "about:blank",
            ],
            pass_fds=(to_chrome_r, from_chrome_w),
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._link = _Link()
        self._events: list[dict[str, Any]] = []
        self.session_id: str | None = None
        self._owner: DevToolsSession | None = None  # for a tab: the session that launched its browser
        self._context: str | None = None
        self._target: str | None = None

    def tab(self) -> DevToolsSession:
        """A new page in this session's browser, in a browser context of its own (its own cookies, storage and
        cache, as a fresh profile has): what one test does there is not seen by the next. The tab shares this
        session's pipe; each session keeps the events of its own page (``_events``)."""
        tab = object.__new__(DevToolsSession)
        tab.proc, tab._to_chrome_w, tab._from_chrome_r = self.proc, self._to_chrome_w, self._from_chrome_r
        tab._link, tab._events, tab.session_id, tab._owner = self._link, [], None, self
        tab._context = self.send("Target.createBrowserContext", session=False)["browserContextId"]
        tab._target = None
        try:
            tab.open_page()
        except Exception:
            tab.close()
            raise
        return tab

    # -- transport -------------------------------------------------------
    def _read_message(self, deadline: float) -> dict[str, Any]:
        link = self._link
        while b"\0" not in link.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CDPError("timed out waiting for Chromium")
            ready, _, _ = select.select([self._from_chrome_r], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self._from_chrome_r, 1 << 20)
            if not chunk:
                raise CDPError(f"Chromium closed the pipe (exit code {self.proc.poll()}): {self._stderr_tail()}")
            link.buffer += chunk
        raw, link.buffer = link.buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message

    def _stderr_tail(self) -> str:
        if self.proc.poll() is None or not self.proc.stderr:
            return ""
        return self.proc.stderr.read().decode(errors="replace")[-2000:]

    def send(
        self, method: str, params: dict[str, Any] | None = None, *, session: bool = True, timeout: float = CDP_TIMEOUT
    ) -> dict[str, Any]:
        self._link.next_id += 1
        sent = self._link.next_id
        message = {"id": sent, "method": method, "params": params or {}}
        if session and self.session_id:
            message["sessionId"] = self.session_id
        os.write(self._to_chrome_w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == sent:
                if "error" in reply:
                    raise CDPError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            self._route(reply)

    def _route(self, message: dict[str, Any]) -> None:
        """Keep an event for the session whose page sent it (a closed tab's are dropped); the browser's own
        events (no session) stay with the session that read them."""
        owner = message.get("sessionId")
        if owner is None or owner == self.session_id:
            self._events.append(message)
        elif owner in self._link.events:
            self._link.events[owner].append(message)

    def wait_event(self, method: str, timeout: float = CDP_TIMEOUT) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            for i, event in enumerate(self._events):
                if event.get("method") == method:
                    return self._events.pop(i)
            self._route(self._read_message(deadline))

    # -- page helpers ----------------------------------------------------
    def open_page(self) -> None:
        where = {"browserContextId": self._context} if self._context else {}
        target = self.send("Target.createTarget", {"url": "about:blank", **where}, session=False)
        self._target = target["targetId"]
        attached = self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}, session=False)
        self.session_id = attached["sessionId"]
        self._link.events[self.session_id] = self._events
        self.send("Page.enable")
        self.send("Runtime.enable")

    def navigate(self, url: str, timeout: float = CDP_TIMEOUT) -> None:
        self._events.clear()
        result = self.send("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise CDPError(f"navigation to {url} failed: {result['errorText']}")
        self.wait_event("Page.loadEventFired", timeout=timeout)

    def evaluate(self, expression: str, timeout: float = CDP_TIMEOUT) -> Any:
        result = self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
            timeout=timeout,
        )
        if "exceptionDetails" in result:
            raise CDPError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def poll(self, expression: str, timeout: float = 20, interval: float = 0.02) -> Any:
        """Evaluate ``expression`` until it is truthy; return the last value.

        The waiting happens in the page: one ``Runtime.evaluate`` awaits a promise that checks ``expression`` every
        ``interval`` seconds (a timer of the page, so no round trip per check) and settles as soon as it is truthy,
        or with its last value once ``timeout`` seconds have passed. No idle time is lost after the condition holds.
        """
        value = self.evaluate(wait_script(expression, timeout, interval), timeout=timeout + CDP_TIMEOUT)
        return value

    def document_tree(self) -> dict[str, Any]:
        """The whole DOM, shadow roots (open and closed) included."""
        root: dict[str, Any] = self.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
        return root

    def type_text(self, text: str) -> None:
        """Type into the focused element key by key (keydown, input, keyup)."""
        for char in text:
            self.send("Input.dispatchKeyEvent", {"type": "keyDown", "key": char, "text": char, "unmodifiedText": char})
            self.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": char})

    def screenshot(self, path: Path) -> None:
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        if self.session_id:
            self._link.events.pop(self.session_id, None)
        if self._owner is not None:  # a tab: its page and context go, the browser stays
            with contextlib.suppress(CDPError, OSError):
                if self._target:
                    self.send("Target.closeTarget", {"targetId": self._target}, session=False, timeout=10)
                if self._context:
                    self.send("Target.disposeBrowserContext", {"browserContextId": self._context}, session=False)
            return
        with contextlib.suppress(CDPError, OSError):
            self.send("Browser.close", session=False, timeout=5)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        for fd in (self._to_chrome_w, self._from_chrome_r):
            with contextlib.suppress(OSError):
                os.close(fd)
        if self.proc.stderr:
            self.proc.stderr.close()


class Chromium:
    """Headless Chromium with a throw-away profile per call."""

    def __init__(self, path: str = CHROMIUM):
        self.path = path
        self._tmp = Path(tempfile.mkdtemp(prefix="mtg-layers-chromium-"))
        self._count = 0
        self._browser: DevToolsSession | None = None

    def _profile(self) -> Path:
        self._count += 1
        profile = self._tmp / f"profile-{self._count}"
        profile.mkdir()
        return profile

    def devtools(self) -> DevToolsSession:
        """A page of its own (``DevToolsSession.tab``: its own browser context) in this object's one browser,
        launched by the first call: a browser's start costs about as much CPU as loading two pages."""
        if self._browser is None or self._browser.proc.poll() is not None:
            self._browser = DevToolsSession(self.path, self._profile())
        return self._browser.tab()

    def cleanup(self) -> None:
        if self._browser is not None:
            self._browser.close()
            self._browser = None
        shutil.rmtree(self._tmp, ignore_errors=True)


def problems(events: list[dict[str, Any]]) -> list[str]:
    """The errors among the DevTools events a page load produced."""
    found = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            found.append(f"exception: {details.get('exception', {}).get('description') or details.get('text')}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            said = " ".join(str(a.get("value", a.get("description"))) for a in params["args"])
            found.append(f"console.error: {said}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            found.append(f"{entry.get('source')}: {entry.get('text')} {entry.get('url', '')}".strip())
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            found.append(f"network: {params.get('errorText')} ({params.get('type')})")
        elif method == "Network.responseReceived" and params.get("response", {}).get("status", 200) >= 400:
            found.append(f"HTTP {params['response']['status']}: {params['response']['url']}")
    return found


PLAYGROUND = "playground/?case=seed-gray-ogre"  # the page BootedPlayground opens

# The page's state a test may change, read and put back as JSON (``BootedPlayground.fresh``).
_STATE_JS = """
(() => ({board: document.getElementById('pg-board').value, version: document.getElementById('pg-version').value,
         status: document.getElementById('pg-status').textContent,
         output: document.getElementById('pg-output').dataset.version || ''}))()
"""
_FRESH_JS = """
((state) => {
  const $ = (id) => document.getElementById(id);
  $('pg-board').value = state.board; $('pg-version').value = state.version; $('pg-step').value = '';
  $('pg-names').value = ''; $('pg-card').value = '';
  $('pg-output').innerHTML = ''; $('pg-output').dataset.version = ''; $('pg-check').innerHTML = '';
  $('pg-status').textContent = ''; $('pg-status').classList.remove('pg-error');
})(%s)
"""


class BootedPlayground:
    """The playground page opened on the Gray Ogre case (``PLAYGROUND``) with Python started, its console and network
    watched from before it loaded (DevTools ``Log`` and ``Network``).

    ``started`` is the page's state once Python was ready (the board it opened, the rules version it chose, its
    status line, the version its first answer is for), ``boot_problems`` what went wrong while it loaded and
    started (``site_helpers.problems``): each is read once, before any test acted on the page.
    """

    def __init__(self, session: DevToolsSession, url: str, ready: bool) -> None:
        self.session, self.url, self.ready = session, url, ready
        self.started: dict[str, Any] = session.evaluate(_STATE_JS)
        self.boot_problems = self.new_problems()

    def new_problems(self) -> list[str]:
        """The errors the page reported since the last call (queued ones flushed first)."""
        self.session.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
        self.session.send("Runtime.evaluate", {"expression": "0"})
        events, self.session._events[:] = list(self.session._events), []
        return problems(events)

    def fresh(self) -> DevToolsSession:
        """The page as Python's start left it: the case's board, the version it chose, no answer, no names, no
        error, the desktop window; what went wrong before (another test's) is dropped. Returns the page."""
        assert self.ready, f"the playground did not start: {self.started['status']}"
        self.session.send("Emulation.clearDeviceMetricsOverride")
        self.session.evaluate(_FRESH_JS % json.dumps(self.started))
        self.new_problems()
        return self.session


def walk(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Yield every node of a DevTools DOM tree, entering shadow roots."""
    yield node
    for key in ("children", "shadowRoots"):
        for child in node.get(key, ()):
            yield from walk(child)
    if "contentDocument" in node:
        yield from walk(node["contentDocument"])


def node_classes(node: dict[str, Any]) -> set[str]:
    attributes = node.get("attributes", [])
    pairs = dict(zip(attributes[::2], attributes[1::2], strict=True))
    return set(pairs.get("class", "").split())
