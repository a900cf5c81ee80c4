package activities

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestNormalizeErrorBody(t *testing.T) {
	big := `{"error":"` + strings.Repeat("x", maxErrorBody) + `"}`
	tests := []struct {
		name, body string
		status     int
		want       string
	}{
		{"string error", `{"error":"model not found"}`, 404, `{"error":{"message":"model not found"}}`},
		{"OpenAI's shape kept", `{"error":{"message":"m","code":"c"}}`, 400, `{"error":{"message":"m","code":"c"}}`},
		{"text kept", "Bad Gateway", 502, "Bad Gateway"},
		{"success kept", `{"error":"not an error"}`, 200, `{"error":"not an error"}`},
		{"a body over the bound is kept whole", big, 500, big},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			next := func(*http.Request) (*http.Response, error) {
				return &http.Response{StatusCode: tt.status, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(tt.body))}, nil
			}
			resp, err := NormalizeErrorBody(&http.Request{}, next)
			if err != nil {
				t.Fatalf("got error %v", err)
			}
			b, _ := io.ReadAll(resp.Body)
			if string(b) != tt.want {
				t.Errorf("got body %.80q, want %.80q", b, tt.want)
			}
		})
	}
}
