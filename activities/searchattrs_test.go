package activities

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	enumspb "go.temporal.io/api/enums/v1"
)

func TestMissingSearchAttributes(t *testing.T) {
	kw, num := enumspb.INDEXED_VALUE_TYPE_KEYWORD, enumspb.INDEXED_VALUE_TYPE_INT
	want := map[string]enumspb.IndexedValueType{"AnalysisStatus": kw, "AnalysisSteps": num}
	for _, tc := range []struct {
		name string
		have map[string]enumspb.IndexedValueType
		want string
	}{
		{"all there", map[string]enumspb.IndexedValueType{"AnalysisStatus": kw, "AnalysisSteps": num, "Other": kw}, ""},
		{"none", nil, "AnalysisStatus is not registered; AnalysisSteps is not registered"},
		{"one missing", map[string]enumspb.IndexedValueType{"AnalysisSteps": num}, "AnalysisStatus is not registered"},
		{"wrong type", map[string]enumspb.IndexedValueType{"AnalysisStatus": enumspb.INDEXED_VALUE_TYPE_TEXT, "AnalysisSteps": num},
			"AnalysisStatus is a Text, want Keyword"},
	} {
		if got := missingSearchAttributes(want, tc.have); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// The server is asked once while the cache is fresh, and each outcome is
// logged once however many workflows ask.
func TestSearchAttrsCacheAndLogOnce(t *testing.T) {
	var s searchAttrs
	var buf bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&buf, nil))
	calls := 0
	fetch := func(context.Context) (map[string]enumspb.IndexedValueType, error) {
		calls++
		return nil, errors.New("permission denied")
	}
	for range 3 {
		_, err := s.list(context.Background(), fetch)
		if err == nil {
			t.Fatal("list: got no error, want the fetch's")
		}
		s.logOnce(logger, "default", nil, SearchAttributesCheck{Reason: "list: " + err.Error()})
	}
	if calls != 1 {
		t.Errorf("fetches: got %d, want 1 (cached)", calls)
	}
	if n := strings.Count(buf.String(), "search attributes off"); n != 1 {
		t.Errorf("off log lines: got %d, want 1\n%s", n, buf.String())
	}
	s.logOnce(logger, "default", nil, SearchAttributesCheck{Enabled: true})
	s.logOnce(logger, "default", nil, SearchAttributesCheck{Enabled: true})
	if n := strings.Count(buf.String(), "search attributes on"); n != 1 {
		t.Errorf("on log lines: got %d, want 1\n%s", n, buf.String())
	}
}
