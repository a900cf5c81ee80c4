package scriptedmodel

import (
	"fmt"
	"testing"
)

// The package documentation promises that the newest maxStored responses are
// kept for previous_response_id and GET, and older ones dropped.
func TestStoreKeepsTheNewest(t *testing.T) {
	s, err := New(Config{ScriptDir: "../testdata/scripts"})
	if err != nil {
		t.Fatal(err)
	}
	id := func(i int) string { return fmt.Sprintf("resp_%d", i) }
	for i := range maxStored + 1 {
		s.store(&response{ID: id(i)}, nil)
	}
	s.store(&response{ID: id(maxStored)}, nil) // storing an id again keeps one entry
	if got := len(s.stored); got != maxStored {
		t.Errorf("stored %d responses, want %d", got, maxStored)
	}
	if got := len(s.order); got != maxStored {
		t.Errorf("order has %d ids, want %d", got, maxStored)
	}
	if _, ok := s.stored[id(0)]; ok {
		t.Errorf("the oldest response %s is still stored, want it dropped", id(0))
	}
	for _, i := range []int{1, maxStored} {
		if _, ok := s.stored[id(i)]; !ok {
			t.Errorf("response %s was dropped, want it kept", id(i))
		}
	}
}
