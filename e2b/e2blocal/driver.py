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
import re
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
    emit_text(json.dumps(obj))


def emit_text(line):
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
    if isinstance(format_dict.get("e2b/chart"), dict):
        known.add("e2b/chart")
        line["chart"] = format_dict["e2b/chart"]
    line["extra"] = {k: v for k, v in format_dict.items() if k not in known and _is_json(v)}
    line["is_main_result"] = main
    try:
        text = json.dumps(line, allow_nan=False)
    except ValueError:
        # A value JSON cannot carry (NaN in a chart): the PNG still goes out.
        if "chart" in line:
            line["chart"] = {}
        text = json.dumps(line)
    _stdout.flush()
    _stderr.flush()
    emit_text(text)


def _is_json(v):
    try:
        json.dumps(v)
        return True
    except Exception:
        return False


# --- chart data ---------------------------------------------------------------
#
# _chart mirrors the e2b_charts package of E2B's code-interpreter template: a
# figure becomes {"type", "title", "elements", ...} (protocol doc section 5.4)
# sent as the e2b/chart MIME entry next to the figure's PNG. It never raises:
# anything it cannot describe gives {} and the PNG goes out regardless.
# Figures with more than _CHART_MAX_POINTS data points get {} too: their chart
# JSON would run to megabytes (about 40 bytes a point) and take seconds.
_CHART_MAX_POINTS = 100000


def _chart(fig):
    try:
        from matplotlib.collections import PathCollection
        from matplotlib.lines import Line2D
        from matplotlib.patches import PathPatch, Rectangle, Wedge
        from matplotlib.text import Text
        import numpy as np
    except Exception:
        return {}

    def num(v):
        v = float(v)
        return v if v == v and v not in (float("inf"), float("-inf")) else None

    def rnd(v):
        # Drops float noise such as 90.00000000000001 (e2b_charts' dynamic_round).
        return float("%.12g" % float(v))

    def values(data):
        a = np.asarray(data)
        if a.dtype.kind == "M":
            return a.astype("datetime64[s]").astype(str).tolist()
        if a.dtype.kind in "iub":
            return a.astype(float).tolist()
        if a.dtype.kind == "f":
            out = a.tolist()
            return out if np.isfinite(a).all() else [num(v) for v in out]
        out = []
        for v in a.tolist():
            if hasattr(v, "isoformat"):
                out.append(v.isoformat())
            elif isinstance(v, np.datetime64):
                out.append(str(v.astype("datetime64[s]")))
            elif isinstance(v, (int, float)) and not isinstance(v, bool):
                out.append(num(v))
            else:
                out.append(str(v))
        return out

    def is_grid(line):
        x, y = line.get_xdata(), line.get_ydata()
        return len(x) == 2 and len(y) == 2 and (x[0] == x[1] or y[0] == y[1])

    def kind(ax):
        objs = [o for o in ax._children if not isinstance(o, Text)]
        if all(isinstance(o, Line2D) for o in objs):
            return "line"
        if all(isinstance(o, (PathPatch, Line2D)) for o in objs):
            return "box_and_whisker"
        objs = [o for o in objs if not (isinstance(o, Line2D) and is_grid(o))]
        for name, cls in (("scatter", PathCollection), ("pie", Wedge), ("bar", Rectangle)):
            if all(isinstance(o, cls) for o in objs):
                return name
        return "unknown"

    def text_or_none(s):
        return s if s else None

    def unit(label):
        m = label and re.search(r"\s\((.*?)\)|\[(.*?)\]", label)
        return (m.group(1) or m.group(2)) if m else None

    def converter(axis):
        get = getattr(axis, "get_converter", None)
        return get() if get else getattr(axis, "converter", None)

    def axis_info(ax, axis, name):
        labels = [t.get_text() for t in axis.get_ticklabels()]
        ticks = axis.get_ticklocs()
        conv = converter(axis)
        dates = type(conv).__module__ == "matplotlib.dates"
        if dates:
            import matplotlib.dates as mdates
            out_ticks = [mdates.num2date(t).isoformat() for t in ticks]
        else:
            out_ticks = [num(t) for t in ticks]
        scale = getattr(ax, "get_%sscale" % name)()
        if dates:
            scale = "datetime"
        elif scale == "linear" and len(ticks) and all(
                t == i and str(i) != lab for i, (t, lab) in enumerate(zip(ticks, labels))):
            scale = "categorical"
        return {name + "_ticks": out_ticks, name + "_tick_labels": labels, name + "_scale": scale}

    def two_d(c, ax, swap=False):
        xl, yl = text_or_none(ax.get_xlabel()), text_or_none(ax.get_ylabel())
        if swap:
            xl, yl = yl, xl
        c.update(x_label=xl, y_label=yl, x_unit=unit(xl), y_unit=unit(yl))

    def bar_elements(ax):
        out, swap = [], False
        for cont in ax.containers:
            group = cont.get_label() or ""
            if group.startswith("_container"):
                group = "Group " + group[len("_container"):]
            rects = list(cont)
            if not rects:
                continue
            orient = getattr(cont, "orientation", None)
            if orient is None:
                hs = [r.get_height() for r in rects]
                orient = "horizontal" if all(h == hs[0] for h in hs) else "vertical"
            horizontal = orient == "horizontal"
            swap = swap or horizontal
            axis = ax.yaxis if horizontal else ax.xaxis
            ticks = dict(zip(axis.get_ticklocs(), (t.get_text() for t in axis.get_ticklabels())))
            for r in rects:
                center = r.get_y() + r.get_height() / 2 if horizontal else r.get_x() + r.get_width() / 2
                label = next((lab for t, lab in ticks.items() if abs(t - center) < 1e-9), None)
                if label is None:
                    label = "%g" % center
                value = r.get_width() if horizontal else r.get_height()
                out.append({"label": label, "value": num(value), "group": group})
        return out, swap

    def box_elements(ax):
        labels = [t.get_text() for t in ax.get_xticklabels()]
        boxes = []
        for label, patch in zip(labels, ax.patches):
            v = patch.get_path().vertices
            xs, ys = [rnd(x) for x in v[:, 0]], [rnd(y) for y in v[:, 1]]
            boxes.append({"x": min(xs), "y": min(ys), "w": max(xs) - min(xs), "h": max(ys) - min(ys),
                          "label": label, "outliers": [], "median": None, "lo": None, "hi": None})
        vertical = bool(boxes) and all(b["h"] == boxes[0]["h"] for b in boxes)
        if vertical:
            for b in boxes:
                b["x"], b["y"], b["w"], b["h"] = b["y"], b["x"], b["h"], b["w"]
        for line in ax.lines:
            xs, ys = [rnd(x) for x in line.get_xdata()], [rnd(y) for y in line.get_ydata()]
            if vertical:
                xs, ys = ys, xs
            if len(xs) == 1:
                for b in boxes:
                    if b["x"] <= xs[0] <= b["x"] + b["w"]:
                        b["outliers"].append(ys[0])
                        break
                continue
            if len(ys) != 2:
                continue
            b = next((b for b in boxes if b["x"] <= min(xs) <= max(xs) <= b["x"] + b["w"]), None)
            if b is None:
                continue
            if ys[0] == ys[1] and b["y"] <= ys[0] <= b["y"] + b["h"]:
                b["median"] = ys[0]
            elif max(ys) == b["y"]:
                b["lo"] = min(ys)
            elif min(ys) == b["y"] + b["h"]:
                b["hi"] = max(ys)
        return [{"label": b["label"], "min": b["lo"], "first_quartile": b["y"], "median": b["median"],
                 "third_quartile": b["y"] + b["h"], "max": b["hi"], "outliers": b["outliers"]} for b in boxes], vertical

    def of_axes(ax):
        t = kind(ax)
        c = {"type": t, "title": text_or_none(ax.get_title()), "elements": []}
        if t in ("line", "scatter"):
            two_d(c, ax)
            c.update(axis_info(ax, ax.xaxis, "x"))
            c.update(axis_info(ax, ax.yaxis, "y"))
            if t == "line":
                for line in ax.get_lines():
                    if is_grid(line):
                        continue
                    label = str(line.get_label())
                    if label.startswith("_child"):
                        label = "Line " + label[len("_child"):]
                    pts = list(zip(values(line.get_xdata()), values(line.get_ydata())))
                    c["elements"].append({"label": label, "points": [list(p) for p in pts]})
            else:
                for coll in ax.collections:
                    off = np.asarray(coll.get_offsets())
                    pts = zip(values(off[:, 0]), values(off[:, 1])) if off.ndim == 2 and len(off) else ()
                    c["elements"].append({"label": str(coll.get_label()), "points": [list(p) for p in pts]})
        elif t == "bar":
            c["elements"], swap = bar_elements(ax)
            two_d(c, ax, swap)
        elif t == "box_and_whisker":
            c["elements"], swap = box_elements(ax)
            two_d(c, ax, swap)
        elif t == "pie":
            c["elements"] = [{"label": str(w.get_label()), "angle": abs(rnd(w.theta2 - w.theta1)), "radius": num(w.r)}
                             for w in ax.patches]
        return c

    try:
        axes = fig.get_axes()
        if not axes:
            return {}
        npoints = sum(len(line.get_xdata()) for ax in axes for line in ax.get_lines())
        npoints += sum(len(coll.get_offsets()) for ax in axes for coll in ax.collections)
        if npoints > _CHART_MAX_POINTS:
            return {}
        if len(axes) == 1:
            chart = of_axes(axes[0])
        else:
            sup = getattr(fig, "_suptitle", None)
            chart = {"type": "superchart", "title": sup.get_text() if sup is not None else "",
                     "elements": [of_axes(ax) for ax in axes]}
        return chart
    except Exception:
        return {}


# emit_figures plays E2B's inline backend: open figures become display
# results with E2B's chart data. The worker's cell journal (code_journal.py in
# package activities/journal) has its own short loop: it runs in any E2B sandbox,
# the real service's included, where this driver does not exist.
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
            # The PNG is drawn first: tick labels exist only after a draw.
            shell.display_pub.publish({"text/plain": repr(fig), "image/png": buf.getvalue(), "e2b/chart": _chart(fig)})
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
