package e2blocal_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

// chart is the e2b/chart object of a result line (docs/e2b-protocol.md §5.4).
type chart struct {
	Type        string            `json:"type"`
	Title       *string           `json:"title"`
	Elements    []json.RawMessage `json:"elements"`
	XLabel      *string           `json:"x_label"`
	YLabel      *string           `json:"y_label"`
	XUnit       *string           `json:"x_unit"`
	YUnit       *string           `json:"y_unit"`
	XTickLabels []string          `json:"x_tick_labels"`
	XScale      string            `json:"x_scale"`
	YScale      string            `json:"y_scale"`
}

type pointsElement struct {
	Label  string  `json:"label"`
	Points [][]any `json:"points"`
}

type barElement struct {
	Label string  `json:"label"`
	Value float64 `json:"value"`
	Group string  `json:"group"`
}

type pieElement struct {
	Label  string  `json:"label"`
	Angle  float64 `json:"angle"`
	Radius float64 `json:"radius"`
}

// elements decodes a chart's elements into a slice of E.
func elements[E any](t *testing.T, c chart) []E {
	t.Helper()
	out := make([]E, len(c.Elements))
	for i, raw := range c.Elements {
		if err := json.Unmarshal(raw, &out[i]); err != nil {
			t.Fatalf("element %d %s: %v", i, raw, err)
		}
	}
	return out
}

func str(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

// figureResult returns the one result of a cell that shows a figure, after
// checking that it carries the PNG.
func figureResult(t *testing.T, lines []map[string]any) map[string]any {
	t.Helper()
	res := ofType(lines, "result")
	if len(res) != 1 {
		t.Fatalf("results: got %d, want 1 (the figure): %v", len(res), lines)
	}
	checkPNG(t, res[0])
	if _, ok := res[0]["extra"].(map[string]any)["e2b/chart"]; ok {
		t.Errorf("extra holds e2b/chart; want it only as the chart key")
	}
	return res[0]
}

func decodeChart(t *testing.T, res map[string]any) chart {
	t.Helper()
	raw, ok := res["chart"]
	if !ok {
		t.Fatalf("result has no chart key: %v", res)
	}
	var c chart
	if err := json.Unmarshal([]byte(jsonString(raw)), &c); err != nil {
		t.Fatalf("chart %s: %v", jsonString(raw), err)
	}
	return c
}

func TestChart(t *testing.T) {
	_, url := newServer(t, e2blocal.Config{})
	sb := create(t, url, map[string]any{})
	sb.run(t, "import matplotlib.pyplot as plt\nimport numpy as np")

	tests := []struct {
		name  string
		code  string
		check func(t *testing.T, c chart)
	}{
		{"line", `plt.plot([1, 2, 3], [1, 4, 9], label="squares")
plt.plot([1, 2], [float("nan"), 2])
plt.title("Squares"); plt.xlabel("time (s)"); plt.ylabel("distance [m]")
plt.show()`, func(t *testing.T, c chart) {
			if c.Type != "line" || str(c.Title) != "Squares" {
				t.Errorf("type, title: got %s, %s; want line, Squares", c.Type, str(c.Title))
			}
			if str(c.XLabel) != "time (s)" || str(c.XUnit) != "s" || str(c.YUnit) != "m" {
				t.Errorf("labels: got x %s (%s), y unit %s; want time (s) (s), m", str(c.XLabel), str(c.XUnit), str(c.YUnit))
			}
			if c.XScale != "linear" || c.YScale != "linear" || len(c.XTickLabels) == 0 {
				t.Errorf("scales: got %s/%s with %d x tick labels, want linear/linear with some", c.XScale, c.YScale, len(c.XTickLabels))
			}
			got := elements[pointsElement](t, c)
			want := []pointsElement{
				{"squares", [][]any{{1.0, 1.0}, {2.0, 4.0}, {3.0, 9.0}}},
				{"Line 1", [][]any{{1.0, nil}, {2.0, 2.0}}}, // unlabelled: "Line N"; NaN: null
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("elements: got %v, want %v", got, want)
			}
		}},
		{"categorical line", `plt.plot(["a", "b", "c"], [3, 1, 2]); plt.show()`, func(t *testing.T, c chart) {
			got := elements[pointsElement](t, c)
			if c.Type != "line" || c.XScale != "categorical" || len(got) != 1 || !reflect.DeepEqual(got[0].Points[0], []any{"a", 3.0}) {
				t.Errorf("got type %s, x scale %s, elements %v; want line, categorical, first point [a 3]", c.Type, c.XScale, got)
			}
		}},
		{"bar", `plt.bar(["x", "y"], [3, 5], label="sales"); plt.bar(["x", "y"], [1, 1]); plt.show()`, func(t *testing.T, c chart) {
			if c.Type != "bar" {
				t.Errorf("type: got %s, want bar", c.Type)
			}
			want := []barElement{{"x", 3, "sales"}, {"y", 5, "sales"}, {"x", 1, "Group 1"}, {"y", 1, "Group 1"}}
			if got := elements[barElement](t, c); !reflect.DeepEqual(got, want) {
				t.Errorf("elements: got %v, want %v", got, want)
			}
		}},
		{"horizontal bar swaps the axes", `plt.barh(["p", "q"], [2, 4]); plt.xlabel("count (n)"); plt.show()`, func(t *testing.T, c chart) {
			want := []barElement{{"p", 2, "Group 0"}, {"q", 4, "Group 0"}}
			if got := elements[barElement](t, c); c.Type != "bar" || !reflect.DeepEqual(got, want) || str(c.YLabel) != "count (n)" {
				t.Errorf("got %s %v, y label %s; want bar %v, y label count (n)", c.Type, got, str(c.YLabel), want)
			}
		}},
		{"pie", `plt.pie([1, 1, 2], labels=["a", "b", "c"]); plt.title("Share"); plt.show()`, func(t *testing.T, c chart) {
			want := []pieElement{{"a", 90, 1}, {"b", 90, 1}, {"c", 180, 1}}
			if got := elements[pieElement](t, c); c.Type != "pie" || str(c.Title) != "Share" || !reflect.DeepEqual(got, want) {
				t.Errorf("got %s %q %v, want pie \"Share\" %v", c.Type, str(c.Title), got, want)
			}
		}},
		{"scatter", `plt.scatter([1, 2, 3], [4, 5, 6], label="pts"); plt.show()`, func(t *testing.T, c chart) {
			want := []pointsElement{{"pts", [][]any{{1.0, 4.0}, {2.0, 5.0}, {3.0, 6.0}}}}
			if got := elements[pointsElement](t, c); c.Type != "scatter" || !reflect.DeepEqual(got, want) {
				t.Errorf("got %s %v, want scatter %v", c.Type, got, want)
			}
		}},
		{"several axes make a superchart", `fig, (a, b) = plt.subplots(1, 2)
a.plot([1, 2], [3, 4]); a.set_title("left")
b.pie([1, 3]); fig.suptitle("both")
plt.show()`, func(t *testing.T, c chart) {
			if c.Type != "superchart" || str(c.Title) != "both" || len(c.Elements) != 2 {
				t.Fatalf("got %s %q with %d elements, want superchart \"both\" with 2", c.Type, str(c.Title), len(c.Elements))
			}
			nested := elements[chart](t, c)
			if nested[0].Type != "line" || str(nested[0].Title) != "left" || nested[1].Type != "pie" {
				t.Errorf("nested: got %s %q and %s, want line \"left\" and pie", nested[0].Type, str(nested[0].Title), nested[1].Type)
			}
		}},
		{"image is unknown", `plt.imshow([[1, 2], [3, 4]]); plt.show()`, func(t *testing.T, c chart) {
			if c.Type != "unknown" || len(c.Elements) != 0 {
				t.Errorf("got %s with %d elements, want unknown with none", c.Type, len(c.Elements))
			}
		}},
		{"failed extraction gives {} and keeps the png", `fig, ax = plt.subplots(); ax.plot([1, 2])
ax.get_lines = lambda: 1 / 0
plt.show()`, func(t *testing.T, c chart) {
			if !reflect.DeepEqual(c, chart{}) {
				t.Errorf("got %+v, want {}", c)
			}
		}},
		{"too many points give {}", `plt.plot(np.arange(200_000), np.zeros(200_000)); plt.show()`, func(t *testing.T, c chart) {
			if !reflect.DeepEqual(c, chart{}) {
				t.Errorf("got %+v, want {}", c)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.check(t, decodeChart(t, figureResult(t, sb.run(t, tc.code))))
		})
	}
}
