"""Adapter processes (an edge): start them as argument vectors, talk the protocol, survive their faults.

Nothing an adapter does can stop the runner: a crash, a hang, garbage, an oversized or
out-of-order answer all become a ``Reply`` with ``kind == "fault"`` (or ``"timeout"``) and
a message, and the process is killed so the next run starts from a fresh one.
Processes run in their own session, so killing one kills its children too (a shell
script that starts ``node``, a JVM launcher…). Never through a shell.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .protocol import DEFAULT_MAX_LINE, PROTOCOL_VERSION, encode, excerpt, message_error, start_message

STDERR_KEEP = 64 * 1024  # bytes of an adapter's standard error kept in memory
STDERR_TAIL = 2000  # characters of it kept per run in the report


@dataclass(frozen=True)
class Reply:
    """What came back for one message: an answer, or a fault of the adapter."""

    kind: str  # results | skipped | errored | fault | timeout
    message: str = ""
    results: Mapping[str, Any] | None = None
    stderr: str = ""
    context: Any = None


@dataclass(frozen=True)
class Handshake:
    """The answer to start: the implementation, or why there is none."""

    implementation: Mapping[str, Any] | None
    error: str | None = None
    mismatch: bool = False  # protocol-version mismatch: retrying cannot help
    stderr: str = ""


def _poll(fd: int, timeout_ms: int | None) -> bool:
    """True when ``fd`` has data or is at its end (poll, not select: no limit on descriptor numbers)."""
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    return bool(poller.poll(timeout_ms))


class StderrBuffer:
    """Drains a process's standard error in a thread; keeps the last bytes and a running total."""

    def __init__(self, stream: Any) -> None:
        self._data = bytearray()
        self.total = 0
        self._lock = threading.Lock()
        self._fd = stream.fileno()
        self._reading = False  # a chunk has been read but not yet stored
        self.thread = threading.Thread(target=self._drain, args=(self._fd,), daemon=True)
        self.thread.start()

    def _drain(self, fd: int) -> None:
        while True:
            try:
                ready = _poll(fd, None)
                if ready:
                    with self._lock:
                        self._reading = True
                    chunk = os.read(fd, 65536)
                else:
                    continue
            except (OSError, ValueError):
                chunk = b""
            with self._lock:
                self._reading = False
                if not chunk:
                    break
                self._data += chunk
                self.total += len(chunk)
                if len(self._data) > STDERR_KEEP:
                    del self._data[: len(self._data) - STDERR_KEEP]

    def settle(self, limit: float = 0.2) -> None:
        """Wait (at most ``limit`` s) until what the process has written so far is stored.

        Without this, a line written just before an answer could be read after the run was
        judged and be attributed to the next run.
        """
        end = time.monotonic() + limit
        while time.monotonic() < end and self.thread.is_alive():
            with self._lock:
                busy = self._reading
            if not busy:
                try:
                    pending = _poll(self._fd, 0)
                except (OSError, ValueError):
                    return
                if not pending:
                    return
            time.sleep(0.002)

    def since(self, mark: int) -> str:
        """What was written after ``mark`` (a former ``total``), at most STDERR_TAIL characters."""
        with self._lock:
            n = min(self.total - mark, len(self._data))
            data = bytes(self._data[len(self._data) - n :]) if n > 0 else b""
        text = data.decode("utf-8", "replace")
        return text[-STDERR_TAIL:]

    def join(self, timeout: float) -> None:
        """Wait (a little) for the rest of the output once the process has ended."""
        self.thread.join(timeout)


@dataclass(frozen=True)
class _Line:
    kind: str  # line | oversized | eof
    data: bytes = b""
    size: int = 0


class LineReader:
    """Reads JSON lines from a process's standard output in a thread, with a cap on line length.

    A line longer than the cap is reported once as ``oversized`` (and the rest of it is
    discarded, never stored); the end of the stream is reported as ``eof`` with whatever
    partial line was pending.
    """

    def __init__(self, stream: Any, max_line: int) -> None:
        self.lines: queue.Queue[_Line] = queue.Queue()
        self._max = max_line
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream: Any) -> None:
        fd = stream.fileno()
        buf = bytearray()
        discarding = 0  # > 0: bytes of an oversized line dropped so far
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                if discarding:
                    self.lines.put(_Line("oversized", size=discarding))
                self.lines.put(_Line("eof", bytes(buf)))
                return
            start = 0
            while start < len(chunk):
                nl = chunk.find(b"\n", start)
                piece = chunk[start:] if nl < 0 else chunk[start:nl]
                if discarding:
                    discarding += len(piece)
                elif len(buf) + len(piece) > self._max:
                    discarding = len(buf) + len(piece)
                    buf.clear()
                else:
                    buf += piece
                if nl < 0:
                    break
                if discarding:
                    self.lines.put(_Line("oversized", size=discarding))
                    discarding = 0
                else:
                    self.lines.put(_Line("line", bytes(buf)))
                    buf.clear()
                start = nl + 1

    def get(self, deadline: float) -> _Line | None:
        """The next line, or None when the deadline passes first."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        try:
            return self.lines.get(timeout=remaining)
        except queue.Empty:
            return None


def spawn(argv: Sequence[str], cwd: str | None = None, env: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start an adapter as an argument vector, in a session of its own, with three pipes."""
    return subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env=dict(env) if env is not None else None,
        start_new_session=True,
    )


def kill(proc: subprocess.Popen[bytes], threads: Sequence[threading.Thread | None] = ()) -> None:
    """Kill an adapter and everything it started (its process group), reap it, then close its pipes.

    The group is killed even when the adapter itself has already exited: a grandchild it
    left behind would otherwise live on. (A grandchild that starts a session of its own
    escapes every process group; nothing short of a container can hold it.)
    """
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        os.killpg(proc.pid, signal.SIGKILL)
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)
    for thread in threads:
        if thread is not None and thread is not threading.current_thread():
            thread.join(1)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.close()


class Writer:
    """Writes one message to a process's standard input in a thread, so no timeout waits behind a full pipe."""

    def __init__(self, proc: subprocess.Popen[bytes], data: bytes, close: bool = False) -> None:
        assert proc.stdin is not None
        self._stdin = proc.stdin
        self._fd = proc.stdin.fileno()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._write, args=(data, close), daemon=True)
        self.thread.start()

    def _write(self, data: bytes, close: bool) -> None:
        view = memoryview(data)
        try:
            while view:
                n = os.write(self._fd, view)
                view = view[n:]
            if close:
                self._stdin.close()
        except (OSError, ValueError):
            pass  # the process is gone or stopped reading; its answer (or its absence) says what happened
        finally:
            self.done.set()


MAX_JSON_DEPTH = 64  # nesting of an adapter's answer; deeper answers are faults, never parsed
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def json_depth_error(line: bytes) -> str | None:
    """Why a line nests JSON too deeply to parse safely, or None (a linear scan, strings skipped)."""
    brackets = _JSON_STRING.sub(b"", line).translate(None, _NOT_BRACKETS)
    depth = 0
    for b in brackets:
        depth = depth + 1 if b in b"[{" else max(0, depth - 1)
        if depth > MAX_JSON_DEPTH:
            return f"JSON nested more than {MAX_JSON_DEPTH} levels deep"
    return None


def load_json(line: bytes) -> tuple[Any, str | None]:
    """Parse one answer line: (value, None), or (None, why it is not acceptable JSON)."""
    deep = json_depth_error(line)
    if deep:
        return None, deep
    try:
        return json.loads(line), None
    except json.JSONDecodeError as exc:
        return None, f"not JSON ({exc.msg} at character {exc.pos})"
    except ValueError as exc:  # Python refuses to read an integer of more digits than sys.get_int_max_str_digits()
        if "integer string conversion" in str(exc):
            return None, f"JSON with an integer longer than {sys.get_int_max_str_digits()} digits"
        return None, f"not JSON ({type(exc).__name__})"
    except RecursionError:
        return None, "not JSON (RecursionError)"


def parse_ready(line: bytes) -> Handshake:
    """Judge the answer to start."""
    reply, problem = load_json(line)
    if problem:
        return Handshake(None, f"answer to start is {problem}: {excerpt(line)!r}")
    if isinstance(reply, dict) and reply.get("version") not in (None, PROTOCOL_VERSION):
        return Handshake(
            None,
            f"protocol version mismatch: the runner speaks version {PROTOCOL_VERSION}, "
            f"the adapter version {reply.get('version')!r}"
            + (f" ({reply['error']})" if isinstance(reply.get("error"), str) else ""),
            mismatch=True,
        )
    if isinstance(reply, dict) and reply.get("ready") is False:
        why = reply.get("error", "no reason given")
        return Handshake(None, f"adapter not ready for protocol version {PROTOCOL_VERSION}: {why}", mismatch=True)
    problem = message_error("ready", reply)
    if problem:
        return Handshake(None, f"invalid answer to start: {problem}")
    return Handshake(dict(reply["implementation"]))


def parse_result(line: bytes, seq: int | None) -> Reply:
    """Judge the answer to a run: a well-formed result with the right seq, or a fault."""
    reply, problem = load_json(line)
    if problem:
        return Reply("fault", f"answer is {problem}: {excerpt(line)!r}")
    problem = message_error("result", reply)
    if problem:
        return Reply("fault", f"invalid answer: {excerpt(problem)}; got {excerpt(json.dumps(reply))}")
    if seq is not None and reply["seq"] != seq:
        return Reply("fault", f"answer has seq {reply['seq']}, expected {seq} (out of order)")
    ctx = reply.get("context")
    if "results" in reply:
        return Reply("results", results=reply["results"], context=ctx)
    if "skipped" in reply:
        return Reply("skipped", str(reply.get("reason", "no reason given")), context=ctx)
    return Reply("errored", str(reply.get("message", "no message given")), context=ctx)


@dataclass
class PersistentAdapter:
    """One long-lived adapter process speaking JSON lines; restarted after any fault."""

    argv: Sequence[str]
    timeout: float = 10.0
    start_timeout: float = 30.0
    max_line: int = DEFAULT_MAX_LINE
    cwd: str | None = None
    env: Mapping[str, str] | None = None
    starts: int = 0
    _proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    _out: LineReader | None = field(default=None, repr=False)
    _err: StderrBuffer | None = field(default=None, repr=False)
    _writer: Writer | None = field(default=None, repr=False)

    @property
    def running(self) -> bool:
        """True when a started process is alive."""
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> Handshake:
        """Start the process and shake hands."""
        self.close()
        self.starts += 1
        try:
            self._proc = spawn(self.argv, self.cwd, self.env)
        except OSError as exc:
            return Handshake(None, f"cannot start the adapter: {exc}")
        self._out = LineReader(self._proc.stdout, self.max_line)
        self._err = StderrBuffer(self._proc.stderr)
        self._writer = None
        reply = self._exchange(start_message(), self.start_timeout)
        if isinstance(reply, Reply):
            self.kill()
            return Handshake(None, f"no valid answer to start: {reply.message}", stderr=reply.stderr)
        shake = parse_ready(reply)
        if shake.implementation is None:
            self.kill()
        return shake

    def _exchange(self, message: Mapping[str, Any], timeout: float) -> bytes | Reply:
        """Send one message and read one line back: the line, or a fault/timeout Reply.

        The timeout covers the write too: an adapter that stops reading its input while a
        large message is on its way is timed out like one that never answers.
        """
        assert self._proc is not None and self._out is not None and self._err is not None
        mark = self._err.total
        deadline = time.monotonic() + timeout
        if self._writer is not None and not self._writer.done.wait(max(0.0, deadline - time.monotonic())):
            self.kill()  # the previous message is still not read
            return Reply(
                "timeout",
                f"no answer within {timeout:g} s (the adapter stopped reading its input); adapter killed",
                stderr=self._err.since(mark),
            )
        self._writer = Writer(self._proc, encode(message))
        exited_at: float | None = None
        while True:
            item = self._out.get(min(deadline, time.monotonic() + 0.1))
            if item is None:
                if time.monotonic() >= deadline:
                    unread = not self._writer.done.is_set()
                    self.kill()
                    why = " (the adapter stopped reading its input)" if unread else ""
                    return Reply(
                        "timeout", f"no answer within {timeout:g} s{why}; adapter killed", stderr=self._err.since(mark)
                    )
                if self._proc.poll() is None:
                    continue
                # The adapter has exited, but something it started still holds its output open.
                exited_at = exited_at or time.monotonic()
                if time.monotonic() - exited_at < 0.3:
                    continue
                item = _Line("eof")
            if item.kind == "line" and not item.data.strip():
                continue  # blank lines carry nothing
            break
        if item.kind == "line":
            self._err.settle()
            return item.data
        if item.kind == "oversized":
            self.kill()
            return Reply(
                "fault",
                f"answer longer than the {self.max_line}-byte line limit ({item.size}+ bytes); adapter killed",
                stderr=self._err.since(mark),
            )
        status = self._proc.poll()
        if status is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = self._proc.wait(timeout=min(1.0, max(0.05, deadline - time.monotonic())))
        partial = f"; partial output: {excerpt(item.data)!r}" if item.data else ""
        self.kill()
        stderr = self._err.since(mark)
        if status is None:
            return Reply(
                "fault",
                f"adapter closed its standard output without answering but kept running; adapter killed{partial}",
                stderr=stderr,
            )
        return Reply("fault", f"adapter exited with status {status} before answering (crash){partial}", stderr=stderr)

    def run(self, message: Mapping[str, Any]) -> Reply:
        """Send a run message; judge the answer. Any fault kills the process."""
        assert self._err is not None
        err = self._err
        mark = err.total
        got = self._exchange(message, self.timeout)
        if isinstance(got, Reply):
            return got
        reply = parse_result(got, message.get("seq"))
        if reply.kind == "fault":
            self.kill()
        return Reply(reply.kind, reply.message, reply.results, err.since(mark), reply.context)

    def kill(self) -> None:
        """Kill the process (and its children); the reader threads end with it."""
        if self._proc is not None:
            threads = [
                self._writer.thread if self._writer else None,
                self._out.thread if self._out else None,
                self._err.thread if self._err else None,
            ]
            kill(self._proc, threads)
            self._proc = None
            self._writer = None

    def close(self) -> None:
        """Send stop and let the process exit; kill it (and whatever it started) if it lingers."""
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None and (self._writer is None or self._writer.done.is_set()):
            stopper = Writer(proc, encode({"cmd": "stop"}), close=True)
            if stopper.done.wait(2):
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=2)
            self._writer = stopper
        self.kill()


@dataclass
class OneShotAdapter:
    """A fresh process per message: one message on stdin, one answer on stdout, the exit status."""

    argv: Sequence[str]
    timeout: float = 10.0
    start_timeout: float = 30.0
    max_line: int = DEFAULT_MAX_LINE
    cwd: str | None = None
    env: Mapping[str, str] | None = None
    starts: int = 0
    _proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    running = False

    def _call(self, message: Mapping[str, Any], timeout: float) -> tuple[int | None, bytes, str, str | None]:
        """Run the process once: (exit status, stdout, stderr tail, fault) — status None on timeout.

        The timeout covers writing the message too (an adapter that never reads its input).
        """
        self.starts += 1
        try:
            proc = spawn(self.argv, self.cwd, self.env)
        except OSError as exc:
            return 127, b"", "", f"cannot start the adapter: {exc}"
        self._proc = proc
        err = StderrBuffer(proc.stderr)
        out = bytearray()
        over = threading.Event()

        def read() -> None:
            assert proc.stdout is not None
            fd = proc.stdout.fileno()
            while True:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                if len(out) + len(chunk) > self.max_line:
                    over.set()
                    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
                        os.killpg(proc.pid, signal.SIGKILL)
                    return
                out.extend(chunk)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        writer = Writer(proc, encode(message), close=True)
        try:
            status: int | None = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            status = None
        kill(proc, [writer.thread, reader, err.thread])
        self._proc = None
        if over.is_set():
            return status, b"", err.since(0), f"answer longer than the {self.max_line}-byte limit; adapter killed"
        return status, bytes(out), err.since(0), None

    def start(self) -> Handshake:
        """One-shot adapters answer start in a process of its own; without an answer, metadata is unknown."""
        status, out, stderr, fault = self._call(start_message(), self.start_timeout)
        if fault or status is None:
            return Handshake(None, fault or f"no answer to start within {self.start_timeout:g} s", stderr=stderr)
        text = out.strip()
        if not text:
            return Handshake(None, f"no answer to start (exit status {status})", stderr=stderr)
        shake = parse_ready(text)
        return Handshake(shake.implementation, shake.error, shake.mismatch, stderr)

    def run(self, message: Mapping[str, Any]) -> Reply:
        """One process for one run; the exit status says results (0), errored (1) or skipped (2)."""
        status, out, stderr, fault = self._call(message, self.timeout)
        if fault:
            return Reply("fault", fault, stderr=stderr)
        if status is None:
            return Reply("timeout", f"no answer within {self.timeout:g} s; adapter killed", stderr=stderr)
        text = out.strip()
        if status in (1, 2):
            kind = "errored" if status == 1 else "skipped"
            detail = ""
            if text:
                parsed = parse_result(text, None)
                if parsed.kind in ("errored", "skipped"):
                    detail = parsed.message
            if not detail:
                last = stderr.strip().splitlines()[-1:] if stderr.strip() else []
                detail = last[0] if last else ("unsupported" if status == 2 else "no message given")
            return Reply(kind, detail, stderr=stderr)
        if status != 0:
            partial = f"; output: {excerpt(text)!r}" if text else ""
            return Reply("fault", f"adapter exited with status {status} (crash){partial}", stderr=stderr)
        if not text:
            return Reply("fault", "adapter exited with status 0 without an answer", stderr=stderr)
        reply = parse_result(text, message.get("seq"))
        return Reply(reply.kind, reply.message, reply.results, stderr, reply.context)

    def kill(self) -> None:
        """Kill the process of the run in progress, if any (nothing else lives between runs)."""
        proc = self._proc
        if proc is not None:
            kill(proc)
            self._proc = None

    def close(self) -> None:
        """Kill the process of the run in progress, if any."""
        self.kill()
