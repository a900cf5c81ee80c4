# e2blocal kernel driver: one IPython InteractiveShell per process, spoken to
# over a line protocol. Requests arrive as JSON lines on stdin:
#   {"op": "exec", "id": N, "code": "...", "env": {...}, "lang": "python"|"bash"}
#   {"op": "interrupt"}
# Events leave as JSON lines on the original stdout: wire lines of the E2B
# /execute stream (stdout, stderr, result, error) framed by the control lines
#   {"type": "_start", "id": N, "execution_count": C}
#   {"type": "_done", "id": N}
# User code sees sys.stdout/sys.stderr capture streams; fd 1 is pointed at
# fd 2 so stray native writes never corrupt the protocol.
import base64
import datetime
import importlib.machinery
import io
import json
import os
import queue
import signal
import subprocess
import sys
import threading

_proto = os.fdopen(os.dup(1), "w", encoding="utf-8")
_proto_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
os.dup2(2, 1)
_devnull = os.open(os.devnull, os.O_RDONLY)
os.dup2(_devnull, 0)
_lock = threading.RLock()


def emit(obj):
    line = json.dumps(obj)
    with _lock:
        _proto.write(line + "\n")
        _proto.flush()


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat()


class Capture(io.TextIOBase):
    """A text stream that forwards writes as stdout/stderr wire lines."""

    def __init__(self, name):
        self._name = name
        self._buf = []

    @property
    def encoding(self):
        return "utf-8"

    def writable(self):
        return True

    def isatty(self):
        return False

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not %s" % type(s).__name__)
        if not s:
            return 0
        with _lock:
            self._buf.append(s)
            if "\n" in s:
                text = "".join(self._buf)
                cut = text.rfind("\n") + 1
                self._buf = [text[cut:]] if cut < len(text) else []
                self._send(text[:cut])
        return len(s)

    def _send(self, text):
        if text:
            emit({"type": self._name, "text": text, "timestamp": now()})

    def flush(self):
        with _lock:
            text = "".join(self._buf)
            self._buf = []
            self._send(text)


_stdout = Capture("stdout")
_stderr = Capture("stderr")
sys.stdout = _stdout
sys.stderr = _stderr
sys.stdin = open(os.devnull)


def _flusher():
    import time
    while True:
        time.sleep(0.1)
        _stdout.flush()
        _stderr.flush()


threading.Thread(target=_flusher, daemon=True).start()

# --- rich results -----------------------------------------------------------

_MIME_KEYS = [
    ("text/plain", "text"), ("text/html", "html"), ("text/markdown", "markdown"),
    ("image/svg+xml", "svg"), ("image/png", "png"), ("image/jpeg", "jpeg"),
    ("application/pdf", "pdf"), ("text/latex", "latex"), ("application/json", "json"),
    ("application/javascript", "javascript"),
]
_BINARY = {"image/png", "image/jpeg", "application/pdf"}


def _strip_quotes(text):
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def _jsonable(v):
    if hasattr(v, "isoformat"):
        return v.isoformat()
    if hasattr(v, "item"):
        try:
            return v.item()
        except Exception:
            pass
    if isinstance(v, float) and v != v:
        return None
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    return str(v)


def _dataframe_data(obj):
    pd = sys.modules.get("pandas")
    if pd is None or not isinstance(obj, pd.DataFrame):
        return None
    try:
        return {str(k): [_jsonable(x) for x in col] for k, col in obj.to_dict(orient="list").items()}
    except Exception:
        return None


def emit_result(format_dict, main, obj=None):
    line = {"type": "result"}
    known = set()
    for mime, key in _MIME_KEYS:
        if mime not in format_dict:
            continue
        known.add(mime)
        value = format_dict[mime]
        if mime in _BINARY and isinstance(value, (bytes, bytearray)):
            value = base64.b64encode(value).decode("ascii")
        elif mime == "text/plain":
            value = _strip_quotes(value)
        line[key] = value
    data = _dataframe_data(obj) if obj is not None else None
    if data is not None:
        line["data"] = data
    line["extra"] = {k: v for k, v in format_dict.items() if k not in known and _is_json(v)}
    line["is_main_result"] = main
    _stdout.flush()
    _stderr.flush()
    emit(line)


def _is_json(v):
    try:
        json.dumps(v)
        return True
    except Exception:
        return False


def emit_figures():
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is None:
        return
    for num in list(plt.get_fignums()):
        fig = plt.figure(num)
        buf = io.BytesIO()
        try:
            fig.savefig(buf, format="png", bbox_inches="tight")
            # Through the display publisher, as Jupyter's inline backend
            # does, so hooks on display (a journal) see figures too.
            shell.display_pub.publish({"text/plain": repr(fig), "image/png": buf.getvalue()})
        except Exception as e:
            emit_result({"text/plain": "<figure could not be rendered: %s>" % e}, False)
        finally:
            plt.close(fig)


class _BackendLoader:
    """Loads the matplotlib backend module named by MPLBACKEND: Agg whose
    show() emits figures as display results, like Jupyter's inline backend."""

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        from matplotlib.backend_bases import FigureManagerBase
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        module.FigureCanvas = FigureCanvasAgg
        module.FigureManager = FigureManagerBase
        module.show = lambda *args, **kwargs: emit_figures()


class _BackendFinder:
    def find_spec(self, name, path=None, target=None):
        if name == "e2b_mpl_backend":
            return importlib.machinery.ModuleSpec(name, _BackendLoader())
        return None


sys.meta_path.insert(0, _BackendFinder())
os.environ["MPLBACKEND"] = "module://e2b_mpl_backend"

# --- the shell ----------------------------------------------------------------

from traitlets import Type  # noqa: E402
from traitlets.config import Config  # noqa: E402
from IPython.core.displayhook import DisplayHook  # noqa: E402
from IPython.core.displaypub import DisplayPublisher  # noqa: E402
from IPython.core.interactiveshell import InteractiveShell  # noqa: E402


class Hook(DisplayHook):
    def write_output_prompt(self):
        pass

    def compute_format_data(self, result):
        self._obj = result
        return super().compute_format_data(result)

    def write_format_data(self, format_dict, md_dict=None):
        emit_result(format_dict, True, getattr(self, "_obj", None))
        self._obj = None

    def finish_displayhook(self):
        pass


class Publisher(DisplayPublisher):
    def publish(self, data, metadata=None, source=None, *, transient=None, update=False, **kwargs):
        emit_result(data, False)

    def clear_output(self, wait=False):
        pass


class _State:
    error_sent = False


class Shell(InteractiveShell):
    displayhook_class = Type(Hook)
    display_pub_class = Type(Publisher)

    def _showtraceback(self, etype, evalue, stb):
        if _State.error_sent:
            return
        _State.error_sent = True
        _stdout.flush()
        _stderr.flush()
        # E2B's code-interpreter server joins the frames with "", not "\n".
        emit({"type": "error", "name": getattr(etype, "__name__", str(etype)),
              "value": str(evalue), "traceback": "".join(stb)})


cfg = Config()
cfg.HistoryManager.enabled = False
cfg.InteractiveShell.colors = "NoColor"
cfg.InteractiveShell.autocall = 0
cfg.InteractiveShell.xmode = "Context"
shell = Shell.instance(config=cfg)

# --- request loop -------------------------------------------------------------

_requests = queue.Queue()
_busy = threading.Event()
_child = [None]


def _reader():
    for raw in _proto_in:
        try:
            req = json.loads(raw)
        except ValueError:
            continue
        if req.get("op") == "interrupt":
            if _busy.is_set():
                child = _child[0]
                if child is not None and child.poll() is None:
                    child.send_signal(signal.SIGINT)
                signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
        else:
            _requests.put(req)
    _requests.put(None)


def run_bash(code):
    proc = subprocess.Popen(["/bin/bash", "-c", code], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _child[0] = proc

    def pump(src, dst):
        for chunk in iter(lambda: src.readline(), b""):
            dst.write(chunk.decode("utf-8", "replace"))
    t = threading.Thread(target=pump, args=(proc.stderr, _stderr), daemon=True)
    t.start()
    pump(proc.stdout, _stdout)
    t.join()
    code = proc.wait()
    _child[0] = None
    if code != 0:
        emit({"type": "error", "name": "BashError", "value": "exit status %d" % code, "traceback": ""})


def execute(req):
    env = req.get("env") or {}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update({str(k): str(v) for k, v in env.items()})
    _State.error_sent = False
    try:
        if req.get("lang") == "bash":
            emit({"type": "_start", "id": req["id"], "execution_count": shell.execution_count})
            shell.execution_count += 1
            run_bash(req.get("code", ""))
        else:
            emit({"type": "_start", "id": req["id"], "execution_count": shell.execution_count})
            shell.run_cell(req.get("code", ""), store_history=True)
            emit_figures()
    except KeyboardInterrupt:
        if not _State.error_sent:
            emit({"type": "error", "name": "KeyboardInterrupt", "value": "", "traceback": "KeyboardInterrupt"})
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def main():
    threading.Thread(target=_reader, daemon=True).start()
    emit({"type": "_ready"})
    while True:
        try:
            req = _requests.get()
            if req is None:
                return
            _busy.set()
            try:
                execute(req)
            finally:
                _busy.clear()
                _stdout.flush()
                _stderr.flush()
                emit({"type": "_done", "id": req.get("id")})
        except KeyboardInterrupt:
            # An interrupt that lands between cells has nothing to stop.
            continue


main()
