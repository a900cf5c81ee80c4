# durable-analyst cell journal, installed into the sandbox's kernel on the
# first cell. It makes a cell run at most once per id, keeps its outputs in
# /home/user/.durable/cells/<id>.done.json so a retried activity (after a
# worker crash) gets them back, and notices a kernel that restarted and lost
# the state earlier cells built.
def __da_install():
    import base64 as _b64
    import hashlib as _hashlib
    import json as _json
    import os as _os
    import stat as _stat
    import time as _time
    import signal as _signal
    import sys as _sys
    import traceback as _traceback
    import uuid as _uuid

    def _write(path, obj):
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            _json.dump(obj, f)
            f.flush()
            _os.fsync(f.fileno())
        _os.replace(tmp, path)

    class DurableKernelLost(Exception):
        pass

    ip = get_ipython()  # noqa: F821 - defined in IPython kernels
    root = "/home/user/.durable"
    cells = root + "/cells"
    outputs = "/home/user/outputs"
    _os.makedirs(cells, exist_ok=True)
    _os.makedirs(outputs, exist_ok=True)
    token = _uuid.uuid4().hex
    kernel_file = root + "/kernel.json"
    try:
        with open(kernel_file) as f:
            prev = _json.load(f)
    except (OSError, ValueError):
        prev = None
    if prev is not None and any(n.endswith(".done.json") for n in _os.listdir(cells)):
        # Another kernel ran cells here and is gone: their state is lost.
        raise DurableKernelLost("the kernel restarted; variables defined by earlier cells are gone")
    _write(kernel_file, {"token": token, "pid": _os.getpid()})

    # hashes: the content of each output file as last recorded, so a file
    # rewritten with the same bytes is not recorded again.
    state = {"cell": None, "hashes": {}}
    cap = 4 << 20
    max_scan = 10000

    def scan():
        # The regular files under outputs (no symlinks: the worker must not
        # be led to read what lies elsewhere), by path relative to it, with
        # their size and modification time.
        seen = {}
        for top, dirs, files in _os.walk(outputs):
            dirs.sort()
            for name in sorted(files):
                path = _os.path.join(top, name)
                try:
                    st = _os.lstat(path)
                except OSError:
                    continue
                if not _stat.S_ISREG(st.st_mode):
                    continue
                seen[_os.path.relpath(path, outputs)] = (st.st_size, st.st_mtime_ns)
                if len(seen) >= max_scan:
                    return seen
        return seen

    def sha256(path):
        h = _hashlib.sha256()
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
        return h.hexdigest()

    def changed_files(before, since_ns):
        # Files new or changed since the cell began, in name order; a file
        # rewritten with the bytes recorded last time does not count. File
        # times tick coarsely, so a file touched around the start is hashed
        # even when its size and time look the same.
        out = []
        for rel, sig in sorted(scan().items()):
            if before.get(rel) == sig and sig[1] < since_ns:
                continue
            try:
                digest = sha256(_os.path.join(outputs, rel))
            except OSError:
                continue
            if state["hashes"].get(rel) == digest:
                continue
            state["hashes"][rel] = digest
            out.append({"name": rel, "bytes": sig[0], "sha256": digest})
        return out

    class DurableCellDone(Exception):
        pass

    class DurableCellLost(Exception):
        pass

    class Tee:
        def __init__(self, orig, sink):
            self._orig, self._sink, self._n = orig, sink, 0

        def write(self, s):
            if isinstance(s, str) and self._n < cap:
                self._sink.append(s[: cap - self._n])
                self._n += len(s)
            return self._orig.write(s)

        def __getattr__(self, name):
            return getattr(self._orig, name)

    def bundle(data):
        out = {}
        for k, v in (data or {}).items():
            if isinstance(v, (bytes, bytearray)):
                v = _b64.b64encode(v).decode("ascii")
            try:
                _json.dumps(v)
            except (TypeError, ValueError):
                v = str(v)
            out[k] = v
        return out

    def begin(cid, timeout):
        # A disconnected client makes the server interrupt the kernel; the
        # cell must finish anyway so its retry can collect it, so interrupts
        # are ignored from here until the journal entry is written (the
        # cell's own timeout takes their place). An interrupt that lands
        # before this line stops the cell before it has started anything.
        # The one interrupt that counts is a cancellation's: the worker
        # writes <id>.cancel before it lets go of the cell.
        base = cells + "/" + cid

        def on_interrupt(signum, frame):
            cur = state["cell"]
            if cur is not None and cur[0] == cid and _os.path.exists(base + ".cancel"):
                raise KeyboardInterrupt("the cell was cancelled")

        old_int = _signal.signal(_signal.SIGINT, on_interrupt)
        try:
            if _os.path.exists(base + ".done.json"):
                raise DurableCellDone(cid)
            if _os.path.exists(base + ".started"):
                raise DurableCellLost(cid + " started in a kernel that is gone")
        except BaseException:
            _signal.signal(_signal.SIGINT, old_int)
            raise
        with open(base + ".started", "w") as f:
            f.write(token)
        rec = {"id": cid, "stdout": [], "stderr": [], "results": [], "error": None}
        try:
            before = (scan(), _time.time_ns() - 50_000_000)
        except Exception:
            before = ({}, 0)
        restore = []
        signals = [lambda: _signal.signal(_signal.SIGINT, old_int)]
        so, se = _sys.stdout, _sys.stderr
        _sys.stdout, _sys.stderr = Tee(so, rec["stdout"]), Tee(se, rec["stderr"])
        restore.append(lambda: (setattr(_sys, "stdout", so), setattr(_sys, "stderr", se)))
        pub = ip.display_pub
        orig_publish = pub.publish

        def publish(data, *args, **kwargs):
            rec["results"].append({"main": False, "data": bundle(data)})
            return orig_publish(data, *args, **kwargs)

        pub.publish = publish
        restore.append(lambda: delattr(pub, "publish") if "publish" in vars(pub) else None)
        hook = ip.displayhook
        orig_write = hook.write_format_data

        def write_format_data(format_dict, *args, **kwargs):
            rec["results"].append({"main": True, "data": bundle(format_dict)})
            return orig_write(format_dict, *args, **kwargs)

        hook.write_format_data = write_format_data
        restore.append(lambda: delattr(hook, "write_format_data") if "write_format_data" in vars(hook) else None)
        if timeout and timeout > 0:
            def on_alarm(signum, frame):
                raise TimeoutError("the cell ran longer than %d s and was stopped" % timeout)
            old_alrm = _signal.signal(_signal.SIGALRM, on_alarm)
            _signal.setitimer(_signal.ITIMER_REAL, timeout)
            # The alarm is cancelled first thing in finish.
            restore.insert(0, lambda: _signal.signal(_signal.SIGALRM, old_alrm))
        state["cell"] = (cid, rec, restore, signals, before)
        if _os.path.exists(base + ".cancel"):
            # Cancelled while it waited for its turn or was being set up.
            raise KeyboardInterrupt("the cell was cancelled")

    # Figures still open when the cell ends are shown here, so they are in
    # the journal's record. e2blocal's driver.py has a loop like it that
    # plays E2B's inline backend; they stay two on purpose: this one runs
    # in any E2B sandbox (the real service included) and shows figures the
    # IPython way, that one is the local server's kernel and adds E2B's
    # chart data. A journal shown by the driver sees the driver's figures.
    def flush_figures():
        plt = _sys.modules.get("matplotlib.pyplot")
        if plt is None:
            return
        import io
        from IPython.display import Image, display
        for num in list(plt.get_fignums()):
            fig = plt.figure(num)
            buf = io.BytesIO()
            try:
                fig.savefig(buf, format="png", bbox_inches="tight")
                display(Image(data=buf.getvalue(), format="png"))
            finally:
                plt.close(fig)

    def finish(result):
        cur = state["cell"]
        if cur is None:
            return
        cid, rec, restore, signals, before = cur
        _signal.setitimer(_signal.ITIMER_REAL, 0)
        try:
            flush_figures()
        except Exception as e:  # a broken figure must not lose the journal
            rec["stderr"].append("figure could not be rendered: %s\n" % e)
        state["cell"] = None
        for undo in reversed(restore):
            try:
                undo()
            except Exception:
                pass
        err = result.error_in_exec or result.error_before_exec
        if err is not None:
            rec["error"] = {
                "name": type(err).__name__,
                "value": str(err),
                "traceback": "".join(_traceback.format_exception(type(err), err, err.__traceback__)),
            }
        rec["stdout"] = "".join(rec["stdout"])
        rec["stderr"] = "".join(rec["stderr"])
        try:
            rec["files"] = changed_files(*before)
        except Exception as e:  # a file that cannot be read must not lose the journal
            rec["files"] = []
            rec["stderr"] += "output files could not be listed: %s\n" % e
        hidden = getattr(ip, "user_ns_hidden", {})
        rec["names"] = sorted(k for k in ip.user_ns if not k.startswith("_") and k not in hidden)
        base = cells + "/" + cid
        _write(base + ".done.json", rec)
        _write(base + ".meta.json", {"names": rec["names"], "error": rec["error"] and rec["error"]["name"], "files": rec["files"]})
        for done_with in (".started", ".cancel"):
            try:
                _os.remove(base + done_with)
            except OSError:
                pass
        # Only now may an interrupt stop the kernel again.
        for undo in signals:
            undo()

    ip.events.register("post_run_cell", finish)
    return begin



# Installing must not be cut short by the interrupt a disconnecting client
# causes: a half-installed journal would make a retry's bootstrap guess.
__da_sigint = __import__("signal").signal(__import__("signal").SIGINT, __import__("signal").SIG_IGN)
try:
    __da_begin = __da_install()
finally:
    __import__("signal").signal(__import__("signal").SIGINT, __da_sigint)
    del __da_install, __da_sigint
