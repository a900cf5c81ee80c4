package scriptedmodel

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Markers that start the machine-readable lines the analyst's cells print;
// the next turn finds its facts by them.
const (
	profileMarker = "ANALYST_PROFILE "
	resultMarker  = "ANALYST_RESULT "
)

// pyPrelude loads a dataset by its extension and prints JSON safely. Each
// cell carries it, so every cell runs on its own (a rebuilt kernel, or a
// user pasting it into a notebook).
const pyPrelude = `import json, math, os, warnings
import pandas as pd

warnings.filterwarnings("ignore")


NUMBER_RE = r"[-+]?[$€£¥]?\s?[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?\s?%?"
SLASH_DATE_RE = r"(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(\s+\d{1,2}:\d{2}(:\d{2})?)?"
DOT_DATE_RE = r"(\d{1,2})\.(\d{1,2})\.(\d{4})"
MONTH_NAME_DATE_RE = r"(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+)?\d{1,2}[ -](Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?[ -]\d{2,4}"


def load(path):
    """Read a table by file extension; column names become strings."""
    df = read(path)
    df.columns = [str(c) for c in df.columns]
    # Numbers written with currency signs, thousands separators or % become numbers.
    for c in df.columns:
        if str(df[c].dtype).startswith("int") and len(df[c]) and df[c].between(19000101, 21001231).all():
            # 20250106: a date written as one number, year first.
            d = pd.to_datetime(df[c].astype(str), format="%Y%m%d", errors="coerce")
            if d.notna().all():
                df[c] = d.dt.strftime("%Y-%m-%d")
        if df[c].dtype == object:
            v = df[c].dropna().astype(str).str.strip()
            if len(v) and v.str.fullmatch(NUMBER_RE).mean() >= 0.95 and v.str.contains(r"[$€£¥%,]").any():
                df[c] = pd.to_numeric(df[c].astype(str).str.replace(r"[\s,$€£¥%]", "", regex=True), errors="coerce")
            elif len(v) and v.str.fullmatch(SLASH_DATE_RE).mean() >= 0.95:
                df[c] = iso_dates(df[c], v)
            elif len(v) and v.str.fullmatch(DOT_DATE_RE).mean() >= 0.95:
                # 01.07.2024 is day first, as where dots are written, unless a second part is over 12.
                parts = v.str.extract(DOT_DATE_RE)
                fmt = "%m.%d.%Y" if (parts[1].astype(float) > 12).any() else "%d.%m.%Y"
                d = pd.to_datetime(df[c].astype(str).str.strip(), format=fmt, errors="coerce")
                df[c] = d.dt.strftime("%Y-%m-%d").where(d.notna(), None)
            elif len(v) and v.str.fullmatch(MONTH_NAME_DATE_RE, case=False).mean() >= 0.95:
                # 01 Apr 2024, 22-Jun-2024, Sat 04 May 2024: the month's name says which part it is.
                t = df[c].astype(str).str.strip().str.replace(r"^[A-Za-z]+,?\s+(?=\d)", "", regex=True)
                d = pd.to_datetime(t.str.replace("-", " "), dayfirst=True, errors="coerce")
                df[c] = d.dt.strftime("%Y-%m-%d").where(d.notna(), None)
    return df


def iso_dates(col, v):
    """Dates written 31/12/2024, 12/31/2024, 31-12-2024 or 31/12/24 as
    2024-12-31: day first when a first part is over 12 and no second part is,
    else month first."""
    col = col.astype(str).str.strip().str.replace(r"^(\d{1,2})-(\d{1,2})-(\d{4}|\d{2})\b", r"\1/\2/\3", regex=True)
    parts = v.str.extract(SLASH_DATE_RE)
    first, second = parts[0].astype(float), parts[1].astype(float)
    dayfirst = bool((first > 12).any() and not (second > 12).any())
    timed = parts[3].notna().any()
    year = "%Y" if parts[2].str.len().eq(4).all() else "%y"
    fmt = ("%d/%m/" if dayfirst else "%m/%d/") + year + (" %H:%M" if timed else "")
    d = pd.to_datetime(col.astype(str).str.strip().str.replace(r"(:\d{2}):\d{2}$", r"\1", regex=True), format=fmt, errors="coerce")
    return d.dt.strftime("%Y-%m-%d %H:%M" if timed else "%Y-%m-%d").where(d.notna(), None)


def read(path):
    """Read a table by file extension: CSV, TSV, JSON (records, columns or JSON lines), Excel."""
    ext = os.path.splitext(path)[1].lower()
    if ext in (".tsv", ".tab"):
        return pd.read_csv(path, sep="\t")
    if ext in (".jsonl", ".ndjson"):
        return pd.read_json(path, lines=True)
    if ext == ".json":
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            obj = json.loads(text)
        except ValueError:
            return pd.read_json(path, lines=True)
        if isinstance(obj, dict):
            lists = [v for v in obj.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
            if len(lists) == 1:
                obj = lists[0]
            elif all(isinstance(v, list) for v in obj.values()):
                return pd.DataFrame(obj)
            else:
                obj = [obj]
        return pd.json_normalize(obj)
    if ext in (".xlsx", ".xlsm", ".xls"):
        return pd.read_excel(path)
    if ext == ".csv":
        return pd.read_csv(path)
    return pd.read_csv(path, sep=None, engine="python")


def clean(v):
    """A JSON-safe Python value: numpy scalars unwrapped, NaN and infinities as null."""
    if hasattr(v, "item"):
        v = v.item()
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        return None
    if isinstance(v, (int, float, str, bool)) or v is None:
        return v
    return str(v)


def short(v, n=100):
    v = clean(v)
    return v[:n] if isinstance(v, str) else v


def emit(marker, obj):
    print(marker + json.dumps(obj, default=clean, allow_nan=False), flush=True)


readable = []


def show(*parts):
    """Keep readable output for the end, after the machine-readable lines."""
    readable.append(" ".join(str(p) for p in parts))
`

// pyProfile is the first cell's body after the prelude: a JSON line per
// dataset first (kept whole when the output is cut, which keeps its head),
// then readable tables.
const pyProfile = `
DATE_RE = r"^\s*(\d{4}[-/.]\d{1,2}([-/.]\d{1,2})?|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})([ T]\d.*)?\s*$"


def kind(s):
    if pd.api.types.is_bool_dtype(s):
        return "categorical"
    if pd.api.types.is_numeric_dtype(s):
        return "numeric"
    if pd.api.types.is_datetime64_any_dtype(s):
        return "date"
    v = s.dropna().astype(str)
    if len(v) and v.str.match(DATE_RE).mean() >= 0.9:
        return "date"
    n = s.nunique()
    return "categorical" if n <= 50 or n <= 0.5 * len(s) else "text"


def profile(path, budget):
    p = {"path": path, "name": os.path.basename(path)}
    try:
        df = load(path)
    except Exception as e:
        p["error"] = "%s: %s" % (type(e).__name__, str(e)[:300])
        if "openpyxl" in str(e):
            p["error"] += " (Debian: apt-get install python3-openpyxl)"
        return p, None
    p["rows"], p["cols"] = int(df.shape[0]), int(df.shape[1])
    cols = []
    for name in df.columns[:60]:
        s = df[name]
        c = {"name": str(name), "dtype": str(s.dtype), "kind": kind(s), "missing": int(s.isna().sum()), "unique": int(s.nunique())}
        if c["kind"] == "numeric" and s.notna().any():
            c["min"], c["max"], c["mean"] = clean(s.min()), clean(s.max()), clean(round(float(s.mean()), 6))
        elif c["kind"] in ("categorical", "date") and c["unique"] <= 50:
            # As text, so True and 1 read as the strings the filters compare.
            c["values"] = [short(str(v)) for v in s.value_counts().index[:30]]
        if c["kind"] == "date":
            c["min"], c["max"] = short(s.dropna().astype(str).min()), short(s.dropna().astype(str).max())
        cols.append(c)
    p["columns"] = cols
    # The budget is for what the line says of the table: its path, which
    # is as long as the folder it is in, takes nothing from it.
    path_len = len(json.dumps(p["path"]))
    size = lambda: len(json.dumps(p, default=clean)) - path_len
    while size() > budget and any("values" in c for c in cols):
        longest = max((c for c in cols if "values" in c), key=lambda c: len(c["values"]))
        longest["values"] = longest["values"][: len(longest["values"]) // 2] or None
        if longest["values"] is None:
            del longest["values"]
    # Then the details the question mapping can best do without; the column
    # names and kinds go last.
    for keys in (("dtype", "missing", "mean"), ("min", "max"), ("unique",)):
        if size() <= budget:
            break
        for c in cols:
            for k in keys:
                c.pop(k, None)
    while size() > budget and len(cols) > 1:
        cols.pop()
    return p, df


paths = PATHS
if not paths:
    paths = sorted(os.path.join("/home/user", f) for f in os.listdir("/home/user")
                   if os.path.splitext(f)[1].lower() in (".csv", ".tsv", ".tab", ".json", ".jsonl", ".ndjson", ".xlsx", ".xlsm", ".xls"))
# The JSON lines come first and stay within about 3.5 KB in all (besides
# their paths), so a tool output cut to its head and tail keeps them; with
# more than 4 datasets they are all there is (about 7.5 KB).
budget = max(250, (3500 if len(paths) <= 4 else 7500) // max(1, len(paths)))
frames = {}
for path in paths:
    p, df = profile(path, budget)
    emit(MARKER, p)
    frames[path] = df
print("datasets read: %d of %d" % (sum(df is not None for df in frames.values()), len(frames)))
for path, df in frames.items():
    print()
    if df is None or len(frames) > 4:
        continue
    print("== %s: %d rows x %d columns" % (os.path.basename(path), df.shape[0], df.shape[1]))
    print(df.dtypes.to_string())
    print("-- first rows")
    print(df.head().to_string(max_colwidth=30))
    missing = df.isna().sum()
    print("-- missing values:", "none" if not missing.any() else ", ".join("%s %d" % (k, v) for k, v in missing.items() if v))
    if len(df.select_dtypes("number").columns):
        print("-- describe")
        print(df.describe().round(3).to_string())
`

// profileCode is the first cell: inspect every dataset (all files with a
// table's extension in /home/user when the question listed none).
func profileCode(paths []string) string {
	var b strings.Builder
	b.WriteString("# Offline analyst (rule-based, not a language model), step 1: inspect every dataset.\n")
	b.WriteString(pyPrelude)
	fmt.Fprintf(&b, "\nMARKER = %s\n", py(profileMarker))
	b.WriteString(strings.Replace(pyProfile, "PATHS", pyList(paths), 1))
	return b.String()
}

// analysisCode is the second cell: the plan's computations, each printing
// one result line, and a chart each.
func analysisCode(question string, pl plan) string {
	var b strings.Builder
	b.WriteString("# Offline analyst (rule-based, not a language model), step 2: compute the answer to\n")
	for _, l := range strings.Split(strings.TrimSpace(question), "\n") {
		fmt.Fprintf(&b, "#   %s\n", l)
	}
	b.WriteString(pyPrelude)
	fmt.Fprintf(&b, `import matplotlib.pyplot as plt

MARKER = %s


def fail(task, e):
    emit(MARKER, {"task": task, "type": "error", "error": "%%s: %%s" %% (type(e).__name__, str(e)[:300])})


def aggregate(s, how):
    """One figure of a column: mean, sum, median, min, max, std, var, range, iqr or pNN (a percentile)."""
    s = pd.to_numeric(s, errors="coerce").dropna()
    if how == "range":
        return s.max() - s.min()
    if how == "iqr":
        return s.quantile(0.75) - s.quantile(0.25)
    if how.startswith("p"):
        return s.quantile(int(how[1:]) / 100)
    return getattr(s, how)()


def grouped(values, key, how):
    """aggregate() per value of key; nunique counts distinct values."""
    if how == "nunique":
        return values.groupby(key, dropna=False).nunique()
    values = pd.to_numeric(values, errors="coerce")
    if how in ("mean", "sum", "median", "min", "max", "std", "var"):
        return values.groupby(key, dropna=False).agg(how)
    return values.groupby(key, dropna=False).apply(lambda s: aggregate(s, how))


def period(col, freq):
    """The period of each date: a weekday, an hour, or a day, week, month, quarter or year."""
    d = pd.to_datetime(col, errors="coerce")
    if freq == "weekday":
        return d.dt.day_name()
    if freq == "H":
        return d.dt.hour
    return d.dt.to_period(freq).astype(str)


data = load(%s)
`, py(resultMarker), py(pl.Dataset.Path))
	for _, d := range pl.Derived {
		fmt.Fprintf(&b, "# %s\ndata[%s] = %s\n", d.Formula, py(d.Name), d.Expr)
	}
	for i, t := range pl.Tasks {
		fmt.Fprintf(&b, "\n# task %d: %s\ntry:\n", i+1, t)
		b.WriteString(indentLines(taskCode(i+1, t, pl.Dataset.Name), "    "))
		fmt.Fprintf(&b, "except Exception as e:\n    fail(%d, e)\n", i+1)
	}
	b.WriteString("\nprint()\nprint(\"\\n\\n\".join(readable))\n")
	return b.String()
}

// taskCode is the Python of task n of a plan on dataset name; df is the
// data after the task's filters.
func taskCode(n int, t task, name string) string {
	var b strings.Builder
	b.WriteString("df = data\n")
	var where []string
	for _, f := range t.Filters {
		fmt.Fprintf(&b, "df = df[%s]\n", mask(f))
		where = append(where, f.String())
	}
	res := fmt.Sprintf(`{"task": %d, "type": %s, "rows": int(len(df)), "where": %s`, n, py(t.Op), pyList(where))
	title := t.title(name)
	switch {
	case t.Over != "":
		// One column's total over another's, on the rows that have both.
		pct := t.Op == opShare
		fmt.Fprintf(&b, `num = pd.to_numeric(df[%[1]s], errors="coerce")
den = pd.to_numeric(df[%[2]s], errors="coerce")
both = num.notna() & den.notna()
part, whole = num[both].sum(), den[both].sum()
value = part / whole * (100 if %[3]s else 1) if whole else None
show("total of %%s: %%s, total of %%s: %%s, ratio: %%s" %% (%[1]s, part, %[2]s, whole, value))
emit(MARKER, %[4]s, "agg": %[5]s, "column": %[1]s, "over": %[2]s, "part": clean(part), "whole": clean(whole), "value": clean(value), "count": int(both.sum())})
fig, ax = plt.subplots(figsize=(5, 4))
ax.bar([%[1]s, %[2]s], [part, whole], color=["steelblue", "lightgray"])
ax.set_ylabel("total")
`, py(t.Measure), py(t.Over), pyBool(pct), res, py(t.Agg))
	default:
		b.WriteString(taskCodeOf(t, res))
	}
	fmt.Fprintf(&b, "ax.set_title(%s)\nfig.tight_layout()\nplt.show()\n", py(title))
	return b.String()
}

// taskCodeOf is the Python of a task of one op over df; res opens its
// result's JSON.
func taskCodeOf(t task, res string) string {
	var b strings.Builder
	switch t.Op {
	case opScalar:
		fmt.Fprintf(&b, `col = pd.to_numeric(df[%[1]s], errors="coerce")
value = aggregate(col, %[2]q)
show(%[3]s, value)
emit(MARKER, %[4]s, "agg": %[5]s, "column": %[1]s, "value": clean(value), "count": int(col.notna().sum())})
fig, ax = plt.subplots(figsize=(7, 4))
col.dropna().plot.hist(ax=ax, bins=min(20, max(5, col.nunique())), color="steelblue")
ax.axvline(value, color="darkred", linestyle="--", label="%[2]s = %%s" %% clean(value))
ax.set_xlabel(%[1]s)
ax.legend()
`, py(t.Measure), t.Agg, py(t.Agg+" of "+t.Measure+":"), res, py(t.Agg))
	case opSummary:
		fmt.Fprintf(&b, `col = pd.to_numeric(df[%[1]s], errors="coerce").dropna()
d = col.describe()
show(d.to_string())
emit(MARKER, %[2]s, "column": %[1]s, "stats": {k: clean(v) for k, v in d.items()}, "skew": clean(col.skew())})
fig, ax = plt.subplots(figsize=(7, 4))
col.plot.hist(ax=ax, bins=20, color="steelblue")
ax.set_xlabel(%[1]s)
`, py(t.Measure), res)
	case opExtreme:
		k := max(t.N, 1)
		fmt.Fprintf(&b, `col = pd.to_numeric(df[%[1]s], errors="coerce")
top = df.assign(_v=col).dropna(subset=["_v"]).sort_values("_v", ascending=%[2]s, kind="stable").drop(columns="_v")
show(top.head(10).to_string(max_colwidth=30))
rows = [{str(k): short(v) for k, v in r.items()} for _, r in top.head(%[3]d).iterrows()]
emit(MARKER, %[4]s, "agg": %[5]s, "column": %[1]s, "n": %[3]d, "top": rows, "value": clean(top[%[1]s].iloc[0]) if len(top) else None})
labels = [", ".join(str(v) for k, v in r.items() if k != %[1]s)[:40] for r in rows]
fig, ax = plt.subplots(figsize=(7, 4))
ax.barh(labels[::-1], [r[%[1]s] for r in rows][::-1], color="steelblue")
ax.set_xlabel(%[1]s)
`, py(t.Measure), pyBool(!t.Desc), k, res, py(t.Agg))
	case opGroup:
		byLabel := t.By
		if t.ByFreq != "" {
			fmt.Fprintf(&b, "key = period(df[%s], %s)\n", py(t.By), py(t.ByFreq))
			byLabel = periodName(t.ByFreq)
		} else {
			fmt.Fprintf(&b, "key = df[%s]\n", py(t.By))
		}
		switch {
		case t.Agg == "count":
			b.WriteString("g = df.groupby(key, dropna=False).size()\n")
		case t.Agg == "share" && t.Cond != nil:
			fmt.Fprintf(&b, "g = %s.groupby(key, dropna=False).mean() * 100\n", mask(*t.Cond))
		default:
			fmt.Fprintf(&b, "g = grouped(df[%s], key, %s)\n", py(t.Measure), py(t.Agg))
		}
		if t.Ranked {
			b.WriteString("g = g[g.index.notna()]  # an empty cell is no group to rank\n")
		}
		if t.ByFreq != "" && !t.Ranked {
			b.WriteString("g = g.sort_index()\n")
		} else {
			fmt.Fprintf(&b, "g = g.sort_values(ascending=%s, kind=\"stable\")\n", pyBool(!t.Desc))
		}
		cond := ""
		if t.Cond != nil {
			cond = t.Cond.String()
		}
		fmt.Fprintf(&b, `g.index = g.index.map(str)
show(g.to_string(max_rows=40))
row = None
if %[11]s:
    col = pd.to_numeric(df[%[4]s], errors="coerce")
    i = col.idxmax() if %[1]s == False else col.idxmin()
    row = [short(key[i]), clean(col[i])]
emit(MARKER, %[2]s, "agg": %[3]s, "column": %[4]s, "by": %[5]s, "cond": %[10]s, "groups": int(len(g)), "ranked": %[8]s, "n": %[9]d, "values": [[short(k), clean(v)] for k, v in g.head(%[6]d).items()], "total": clean(g.sum()), "row": row})
shown = g.head(%[6]d)
fig, ax = plt.subplots(figsize=(7, 4))
shown.plot.bar(ax=ax, color="steelblue")
ax.set_xlabel(%[5]s)
ax.set_ylabel(%[7]s)
flat = len(shown) <= 8 and max([len(k) for k in shown.index] or [0]) <= 12
plt.setp(ax.get_xticklabels(), rotation=0 if flat else 45, ha="center" if flat else "right")
`, pyBool(!t.Desc), res, py(t.Agg), py(t.Measure), py(byLabel), groupShown(t), py(t.measureLabel()), pyBool(t.Ranked), t.N, py(cond), pyBool(t.Implied))
	case opSeries:
		b.WriteString("def series(part):\n")
		switch {
		case t.TimeKind == kindDate && t.Freq != "":
			fmt.Fprintf(&b, "    key = pd.to_datetime(part[%s], errors=\"coerce\").dt.to_period(%s)\n", py(t.Time), py(t.Freq))
		case t.TimeKind == kindDate:
			fmt.Fprintf(&b, "    key = pd.to_datetime(part[%s], errors=\"coerce\")\n", py(t.Time))
		default:
			fmt.Fprintf(&b, "    key = part[%s]\n", py(t.Time))
		}
		if t.Agg == "count" {
			b.WriteString("    s = part.groupby(key).size().sort_index()\n")
		} else {
			fmt.Fprintf(&b, "    s = grouped(part[%s], key, %s).sort_index()\n", py(t.Measure), py(t.Agg))
		}
		by := "None"
		if t.By != "" {
			by = py(t.By)
		}
		fmt.Fprintf(&b, `    if pd.api.types.is_datetime64_any_dtype(s.index) and (s.index == s.index.normalize()).all():
        s.index = s.index.strftime("%%Y-%%m-%%d")
    s.index = s.index.map(str)
    return s


import numpy as np
by = %[7]s
# One line, or one per group (the 8 largest) when the question splits by a category.
parts = [(None, df)] if by is None else [(str(k), df[df[by].astype(str) == str(k)]) for k in df[by].astype(str).value_counts().index[:8]]
fig, ax = plt.subplots(figsize=(8, 4))
for group, part in parts:
    s = series(part)
    show(("%%s %%s\n" %% (by, group) if group else "") + s.to_string(max_rows=40))
    slope = float(np.polyfit(range(len(s)), s.values.astype(float), 1)[0]) if len(s) > 1 else 0.0
    points = [[short(k), clean(v)] for k, v in s.items()]
    emit(MARKER, %[1]s, "agg": %[2]s, "column": %[3]s, "time": %[4]s, "freq": %[6]s, "by": by, "group": group, "n": len(s), "points": points if group is None and len(points) <= 60 else [], "first": points[0] if points else None, "last": points[-1] if points else None, "max": [str(s.idxmax()), clean(s.max())] if len(s) else None, "min": [str(s.idxmin()), clean(s.min())] if len(s) else None, "slope": clean(slope), "mean": clean(s.mean()), "per_period": %[8]s, "change_pct": clean(round((points[-1][1] - points[0][1]) / abs(points[0][1]) * 100, 1)) if points and points[0][1] else None})
    ax.plot(list(s.index), s.values, marker="o", label=group)
if by is not None:
    ax.legend(title=by)
ax.set_xlabel(%[4]s)
ax.set_ylabel(%[5]s)
if len(ax.get_xticks()) > 12:
    ax.set_xticks(ax.get_xticks()[:: max(1, len(ax.get_xticks()) // 12)])
plt.setp(ax.get_xticklabels(), rotation=45, ha="right")
`, res, py(t.Agg), py(t.Measure), py(t.Time), py(t.measureLabel()), py(t.Freq), by, pyBool(t.PerPeriod))
	case opCorr:
		fmt.Fprintf(&b, `xy = df[[%[1]s, %[2]s]].apply(pd.to_numeric, errors="coerce").dropna()
r = xy[%[1]s].corr(xy[%[2]s])
show("Pearson r of %%s and %%s: %%s (n=%%d)" %% (%[1]s, %[2]s, r, len(xy)))
emit(MARKER, %[3]s, "x": %[1]s, "y": %[2]s, "r": clean(r), "n": int(len(xy))})
fig, ax = plt.subplots(figsize=(6, 5))
ax.scatter(xy[%[1]s], xy[%[2]s], color="steelblue", alpha=0.7)
ax.set_xlabel(%[1]s)
ax.set_ylabel(%[2]s)
`, py(t.X), py(t.Y), res)
	case opShare:
		cond := ""
		if t.Cond != nil {
			// The share of the filtered rows that meet the condition.
			fmt.Fprintf(&b, "base = df\ndf = df[%s]\n", mask(*t.Cond))
			cond = t.Cond.String()
		} else {
			b.WriteString("base = data\n")
		}
		if t.Measure == "" {
			b.WriteString("part, whole = len(df), len(base)\n")
		} else {
			fmt.Fprintf(&b, "part, whole = pd.to_numeric(df[%[1]s], errors=\"coerce\").sum(), pd.to_numeric(base[%[1]s], errors=\"coerce\").sum()\n", py(t.Measure))
		}
		fmt.Fprintf(&b, `show("part:", part, "whole:", whole)
emit(MARKER, %s, "column": %s, "cond": %s, "part": clean(part), "whole": clean(whole), "value": clean(part / whole * 100) if whole else None})
fig, ax = plt.subplots(figsize=(5, 4))
ax.bar(["matching", "all"], [part, whole], color=["steelblue", "lightgray"])
`, res, py(t.Measure), py(cond))
	case opCountRows:
		fmt.Fprintf(&b, `show("rows:", len(df))
emit(MARKER, %s, "value": int(len(df)), "total": int(len(data))})
fig, ax = plt.subplots(figsize=(5, 4))
ax.bar(["matching rows", "all rows"], [len(df), len(data)], color=["steelblue", "lightgray"])
`, res)
	case opDistinct:
		fmt.Fprintf(&b, `g = df[%[1]s].dropna().astype(str).value_counts()
show(g.to_string(max_rows=40))
emit(MARKER, %[2]s, "column": %[1]s, "value": int(len(g)), "count": int(df[%[1]s].isna().sum()), "total": int(len(df)), "values": [[short(k), int(v)] for k, v in g.head(20).items()]})
fig, ax = plt.subplots(figsize=(7, 4))
g.head(20).plot.bar(ax=ax, color="steelblue")
ax.set_ylabel("rows")
`, py(t.By), res)
	default: // overview
		b.WriteString(`num = df.select_dtypes("number")
cols = [{"name": str(c), "dtype": str(df[c].dtype), "missing": int(df[c].isna().sum())} for c in df.columns[:30]]
colstats = {str(c): {"mean": clean(num[c].mean()), "min": clean(num[c].min()), "max": clean(num[c].max())} for c in num.columns[:10]}
show(df.describe(include="all").round(3).to_string())
`)
		fmt.Fprintf(&b, `emit(MARKER, %s, "cols": cols, "colstats": colstats})
fig, ax = plt.subplots(figsize=(7, 4))
if len(num.columns):
    num.iloc[:, :6].plot.box(ax=ax)
    ax.set_title("Numeric columns")
else:
    df.iloc[:, 0].astype(str).value_counts().head(20).plot.bar(ax=ax, color="steelblue")
`, res)
	}
	return b.String()
}

// title is the chart title of t on dataset name, e.g. "Total revenue by region".
func (t task) title(name string) string {
	var s string
	switch t.Op {
	case opScalar:
		s = fmt.Sprintf("%s, with its %s", t.Measure, aggName(t.Agg))
	case opSummary:
		s = "Distribution of " + t.Measure
	case opShare:
		s = "Share of " + t.measureLabel()
	case opExtreme:
		s = capitalize(map[string]string{"max": "highest", "min": "lowest"}[t.Agg]) + " " + t.Measure
	case opGroup:
		s = capitalize(t.measureLabel()) + " by " + t.By
		if t.ByFreq != "" {
			s = capitalize(t.measureLabel()) + " by " + periodName(t.ByFreq) + " of " + t.By
		}
	case opSeries:
		s = capitalize(t.measureLabel()) + " per " + t.Time
		if t.By != "" {
			s += ", by " + t.By
		}
	case opCorr:
		s = t.Y + " against " + t.X
	case opCountRows:
		s = "Rows"
	case opDistinct:
		s = "Rows per " + t.By
	default:
		s = "Overview of " + name
	}
	if len(t.Filters) > 0 {
		var w []string
		for _, f := range t.Filters {
			w = append(w, f.String())
		}
		s += " (" + strings.Join(w, ", ") + ")"
	}
	return s
}

// measureLabel names what a task aggregates: "total revenue", "rows".
func (t task) measureLabel() string {
	switch {
	case t.Agg == "share":
		return "share of rows (%)"
	case t.Agg == "count" || t.Measure == "":
		return "rows"
	}
	return aggName(t.Agg) + " " + t.Measure
}

// mask is the pandas condition of a filter over df.
func mask(f filter) string {
	switch {
	case f.Op == opEmpty:
		return fmt.Sprintf("df[%s].isna()", py(f.Column))
	case f.Op == opFilled:
		return fmt.Sprintf("df[%s].notna()", py(f.Column))
	case f.Op != "":
		return fmt.Sprintf("(pd.to_numeric(df[%s], errors=\"coerce\") %s %s)", py(f.Column), f.Op, strconv.FormatFloat(f.Num, 'f', -1, 64))
	case f.Part == "day of the year":
		return fmt.Sprintf("pd.to_datetime(df[%s], errors=\"coerce\").dt.strftime(\"%%m-%%d\").isin(%s)", py(f.Column), pyList(f.Values))
	case f.Part == "weekday":
		return fmt.Sprintf("pd.to_datetime(df[%s], errors=\"coerce\").dt.day_name().isin(%s)", py(f.Column), pyList(f.Values))
	case f.Part != "":
		return fmt.Sprintf("pd.to_datetime(df[%s], errors=\"coerce\").dt.%s.isin([%s])", py(f.Column), f.Part, strings.Join(f.Values, ", "))
	}
	return fmt.Sprintf("df[%s].astype(str).isin(%s)", py(f.Column), pyList(f.Values))
}

// periodName names a period a date column is grouped by.
func periodName(freq string) string {
	return map[string]string{"D": "day", "W": "week", "M": "month", "Q": "quarter", "Y": "year", "weekday": "weekday", "H": "hour"}[freq]
}

// groupShown is how many groups a group task prints and charts.
func groupShown(t task) int {
	if t.N > 0 {
		return t.N
	}
	return 20
}

// py renders s as a Python string literal; a JSON string is one.
func py(s string) string {
	b, _ := json.Marshal(s) // a string always encodes
	return string(b)
}

func pyList(ss []string) string {
	if ss == nil {
		ss = []string{}
	}
	b, _ := json.Marshal(ss)
	return string(b)
}

func pyBool(v bool) string {
	if v {
		return "True"
	}
	return "False"
}

func indentLines(s, pad string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = pad + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}
