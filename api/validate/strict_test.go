package validate_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
)

// Invalid UTF-8, repeated keys and hosts that are not plain names are
// refused with the field named; the Lenient variants (for workflow runs
// begun before these rules) still accept them.
func TestInputEncodingRules(t *testing.T) {
	long := strings.Repeat("a", 60) + "."
	long = strings.Repeat(long, 8) + "test" // 492 bytes
	ds := func(url string) string {
		return `{"question":"q","datasets":[{"name":"a.csv","url":"` + url + `"}]}`
	}
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"invalid UTF-8 in a value", "{\"question\":\"q\xff\"}", "question: not valid UTF-8 (byte 0xff at offset 14 of the input)"},
		{"invalid UTF-8 in a nested value", "{\"question\":\"q\",\"datasets\":[{\"name\":\"a.csv\",\"content\":\"a,b\\n\xc3\x28\"}]}", "datasets[0].content: not valid UTF-8"},
		{"invalid UTF-8 in a key", "{\"question\":\"q\",\"x\xfe\":1}", "the key is not valid UTF-8"},
		{"repeated key", `{"question":"q","question":"r"}`, "question: given twice in one object"},
		{"repeated nested key", `{"question":"q","datasets":[{"name":"a.csv","content":"x","name":"b.csv"}]}`, "datasets[0].name: given twice"},
		{"trailing-dot host", ds("http://localhost.:8080/a.csv"), `datasets[0].url: host name "localhost." ends with a dot`},
		{"500-byte host", ds("https://" + long + "/a.csv"), "datasets[0].url: host name of 492 bytes, at most 253"},
		{"underscore", ds("https://a_b.test/a.csv"), "may hold only letters, digits, hyphens and dots"},
		{"hyphen at a label's end", ds("https://a-.test/a.csv"), "starts or ends with a hyphen"},
		{"empty label", ds("https://a..test/a.csv"), "has an empty label"},
		{"numeric spelling", ds("http://2130706433/a.csv"), "neither a host name nor an IP address"},
		{"IPv6 zone", ds("http://[fe80::1%25eth0]/a.csv"), "zone"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var in api.AnalysisInput
			if err := json.Unmarshal([]byte(tc.doc), &in); err != nil {
				t.Fatal(err)
			}
			err := validate.AnalysisInput(in)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
	for _, ok := range []string{
		ds("https://data.example.com/a.csv"), ds("http://127.0.0.1:8080/a.csv"), ds("http://[::1]:8080/a.csv"),
		ds("https://xn--bcher-kva.example/a.csv"), `{"question":"grüße ✓","datasets":[{"name":"a.csv","content":"a\n1\n"}]}`,
	} {
		var in api.AnalysisInput
		if err := json.Unmarshal([]byte(ok), &in); err != nil {
			t.Fatal(err)
		}
		if err := validate.AnalysisInput(in); err != nil {
			t.Errorf("%s: got %v, want valid", ok, err)
		}
	}
	// Lenient: what was accepted before stays accepted.
	for _, doc := range []string{`{"question":"q","question":"r"}`, "{\"question\":\"q\xff\"}", ds("http://localhost.:8080/a.csv")} {
		var in api.AnalysisInput
		if err := json.Unmarshal([]byte(doc), &in); err != nil {
			t.Fatal(err)
		}
		if err := validate.LenientAnalysisInput(in); err != nil {
			t.Errorf("lenient %q: got %v, want valid", doc, err)
		}
	}
}

func TestBatchInputEncodingRules(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{`{"items":[{"question":"q","question":"r"}]}`, "items[0]: question: given twice"},
		{`{"items":[{"question":"q"}],"concurrency":2,"concurrency":3}`, "concurrency: given twice"},
		{`{"items":[{"question":"q","datasets":[{"name":"a.csv","url":"http://x.test./a"}]}]}`, `items[0]: datasets[0].url: host name "x.test." ends with a dot`},
	} {
		var in api.BatchInput
		if err := json.Unmarshal([]byte(tc.doc), &in); err != nil {
			t.Fatal(err)
		}
		if err := validate.BatchInput(in); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.doc, err, tc.want)
		}
		if err := validate.LenientBatchInput(in); err != nil {
			t.Errorf("lenient %s: got %v, want valid", tc.doc, err)
		}
	}
	var it api.BatchItem
	if err := json.Unmarshal([]byte(`{"id":"a","id":"b","question":"q"}`), &it); err != nil {
		t.Fatal(err)
	}
	if err := validate.BatchItem(it); err == nil || !strings.Contains(err.Error(), "id: given twice") {
		t.Errorf("item: got %v", err)
	}
}
