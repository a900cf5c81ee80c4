package modelcall

import (
	"encoding/json"
	"strings"
	"testing"
)

func item(typ, role, text string) json.RawMessage {
	m := map[string]string{"type": typ}
	if role != "" {
		m["role"], m["content"] = role, text
	} else {
		m["call_id"], m["output"] = "c", text
	}
	b, _ := json.Marshal(m)
	return b
}

// turn is a question, a call with its output, and an answer.
func convTurn(q string, outBytes int) []json.RawMessage {
	return []json.RawMessage{
		item("message", "user", q),
		item("function_call", "", "x"),
		item("function_call_output", "", strings.Repeat("o", outBytes)),
		item("message", "assistant", "answer to "+q),
	}
}

func size(items []json.RawMessage) int {
	n := 0
	for _, it := range items {
		n += len(it)
	}
	return n
}

func TestFitContextDropsWholeOldTurns(t *testing.T) {
	var items []json.RawMessage
	for _, q := range []string{"q1", "q2", "q3"} {
		items = append(items, convTurn(q, 1000)...)
	}
	current := append([]json.RawMessage{item("message", "user", "q4")}, item("function_call", "", "y"), item("function_call_output", "", "out"),
		item("message", "user", "You have no steps left: answer now."))
	items = append(items, current...)
	one := size(convTurn("q1", 1000))

	tests := []struct {
		name      string
		max       int
		wantFirst string // text of the first real question sent
		dropped   string
	}{
		{"fits", size(items), "q1", ""},
		{"no limit", 0, "q1", ""},
		{"one turn too many", size(items) - 10, "q2", "[1 earlier"},
		{"room for the last only", size(current) + one/2, "q4", "[3 earlier"},
		{"the turn under way alone is too big", 10, "q4", "[3 earlier"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fitContext(items, tt.max)
			first := got[0]
			if tt.dropped != "" {
				if !strings.Contains(string(first), tt.dropped) {
					t.Fatalf("got first item %s, want a note starting %q", first, tt.dropped)
				}
				first = got[1]
			} else if len(got) != len(items) {
				t.Fatalf("got %d items, want all %d", len(got), len(items))
			}
			var m map[string]string
			_ = json.Unmarshal(first, &m)
			if m["content"] != tt.wantFirst {
				t.Errorf("got first question %q, want %q", m["content"], tt.wantFirst)
			}
			// The turn under way is always whole, at the end.
			tail := got[len(got)-len(current):]
			for i := range current {
				if string(tail[i]) != string(current[i]) {
					t.Fatalf("item %d of the turn under way: got %s, want %s", i, tail[i], current[i])
				}
			}
		})
	}
}
