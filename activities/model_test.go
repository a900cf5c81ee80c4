package activities

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEchoItem(t *testing.T) {
	for _, tt := range []struct {
		raw, want string
		ok        bool
	}{
		{`{"type":"function_call","id":"fc_1","call_id":"call_1","name":"execute_python","arguments":"{}","status":"completed"}`,
			`{"arguments":"{}","call_id":"call_1","name":"execute_python","status":"completed","type":"function_call"}`, true},
		{`{"type":"message","id":"msg_1","role":"assistant","content":[{"type":"output_text","text":"hi"}]}`,
			`{"content":[{"type":"output_text","text":"hi"}],"role":"assistant","type":"message"}`, true},
		{`{"type":"reasoning","id":"rs_1","summary":[]}`, "", false},
		{``, "", false},
		{`not json`, "", false},
	} {
		got, ok := echoItem(tt.raw)
		assert.Equal(t, tt.ok, ok, tt.raw)
		if tt.ok {
			assert.JSONEq(t, tt.want, string(got))
		}
	}
}
