package activities

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/operatorservice/v1"
	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/internal/errtext"
)

// SearchAttributesInput names the search attributes a workflow would
// upsert, with their types.
type SearchAttributesInput struct {
	Want map[string]enumspb.IndexedValueType `json:"want"`
}

// SearchAttributesCheck is what CheckSearchAttributes found. The workflow
// reads it from its history (a local activity's marker), so every replay
// takes the branch the first run took.
type SearchAttributesCheck struct {
	// Enabled is set when the namespace has every wanted attribute with
	// its type: only then may the workflow upsert them (an upsert of an
	// unknown attribute fails the workflow task, again and again).
	Enabled bool `json:"enabled"`
	// Reason says why they are off.
	Reason string `json:"reason,omitempty"`
	// DefaultModel is the worker's OPENAI_MODEL, the model of an analysis
	// that names none (its AnalysisModel).
	DefaultModel string `json:"default_model,omitempty"`
}

// searchAttrsCacheFor is how long a worker trusts what the server said:
// attributes registered later are used within this long, without a
// restart, and the server is asked at most once per interval.
const searchAttrsCacheFor = time.Minute

// searchAttrs is the worker's cache of the namespace's search attributes,
// and what it last logged about them (so a worker logs once, not once per
// workflow).
type searchAttrs struct {
	mu     sync.Mutex
	at     time.Time
	have   map[string]enumspb.IndexedValueType
	err    error
	logged string
}

// CheckSearchAttributesName is the name CheckSearchAttributes is registered under.
const CheckSearchAttributesName = "CheckSearchAttributes"

// CheckSearchAttributes is a local activity: it tells a workflow whether
// the namespace has the search attributes it would upsert. The server's
// list is cached per worker; the first "off" (and the reason) is logged
// once per worker, as is the change back to "on". It never fails: any
// problem turns the attributes off.
func (a *Activities) CheckSearchAttributes(ctx context.Context, in SearchAttributesInput) (SearchAttributesCheck, error) {
	return SearchAttributesReady(ctx, a, activity.GetInfo(ctx).WorkflowNamespace, in.Want), nil
}

// SearchAttributesReady is CheckSearchAttributes for a namespace named by
// the caller: the worker calls it at start-up, so that the log says at
// once whether search attributes are on. (A function, not a method: every
// method of Activities is registered as an activity.)
func SearchAttributesReady(ctx context.Context, a *Activities, ns string, want map[string]enumspb.IndexedValueType) SearchAttributesCheck {
	res := SearchAttributesCheck{DefaultModel: a.DefaultModel}
	if a.Temporal == nil {
		res.Reason = "the worker has no Temporal client to list them"
		return res
	}
	have, err := a.searchAttrs.list(ctx, func(ctx context.Context) (map[string]enumspb.IndexedValueType, error) {
		resp, err := a.Temporal.OperatorService().ListSearchAttributes(ctx, &operatorservice.ListSearchAttributesRequest{Namespace: ns})
		if err != nil {
			return nil, err
		}
		all := maps.Clone(resp.GetSystemAttributes())
		if all == nil {
			all = map[string]enumspb.IndexedValueType{}
		}
		maps.Copy(all, resp.GetCustomAttributes())
		return all, nil
	})
	if err != nil {
		res.Reason = fmt.Sprintf("list search attributes of namespace %s: %v", ns, errtext.Message(err))
	} else {
		res.Reason = missingSearchAttributes(want, have)
	}
	res.Enabled = res.Reason == ""
	a.searchAttrs.logOnce(a.Log(), ns, want, res)
	return res
}

// list returns the cached attributes, asking fetch when the cache is old.
func (s *searchAttrs) list(ctx context.Context, fetch func(context.Context) (map[string]enumspb.IndexedValueType, error)) (map[string]enumspb.IndexedValueType, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.at.IsZero() || time.Since(s.at) > searchAttrsCacheFor {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		s.have, s.err = fetch(ctx)
		s.at = time.Now()
	}
	return s.have, s.err
}

// logOnce logs the outcome when it differs from the last one logged.
// The names are listed only when it logs, not on every workflow's check.
func (s *searchAttrs) logOnce(logger *slog.Logger, ns string, want map[string]enumspb.IndexedValueType, res SearchAttributesCheck) {
	s.mu.Lock()
	defer s.mu.Unlock()
	state := cmp.Or(res.Reason, "on")
	if state == s.logged {
		return
	}
	s.logged = state
	if res.Enabled {
		logger.Info("search attributes on: workflows upsert them as they progress", "namespace", ns, "search_attributes", strings.Join(slices.Sorted(maps.Keys(want)), ","))
		return
	}
	logger.Warn("search attributes off: workflows run without them (register them to filter runs; see docs/operations.md, Searchable runs)",
		"namespace", ns, "reason", res.Reason)
}

// missingSearchAttributes says which wanted attributes the server lacks or
// has with another type; "" when none.
func missingSearchAttributes(want, have map[string]enumspb.IndexedValueType) string {
	var problems []string
	for _, name := range slices.Sorted(maps.Keys(want)) {
		got, ok := have[name]
		switch {
		case !ok:
			problems = append(problems, name+" is not registered")
		case got != want[name]:
			problems = append(problems, fmt.Sprintf("%s is a %s, want %s", name, shortType(got), shortType(want[name])))
		}
	}
	return strings.Join(problems, "; ")
}

// shortType is a value type's name as the CLI spells it (Keyword, Int).
func shortType(t enumspb.IndexedValueType) string {
	for name, v := range enumspb.IndexedValueType_shorthandValue {
		if v == int32(t) {
			return name
		}
	}
	return t.String()
}
