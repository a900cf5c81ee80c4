package config_test

import (
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/config"
)

func TestOpenAIAPI(t *testing.T) {
	tests := []struct {
		name    string
		val     *string // nil: unset
		want    string
		wantErr string
	}{
		{"unset is responses", nil, config.OpenAIAPIResponses, ""},
		{"responses", ptr("responses"), config.OpenAIAPIResponses, ""},
		{"chat", ptr("chat"), config.OpenAIAPIChat, ""},
		{"wrong case", ptr("Chat"), "", `OPENAI_API: "Chat" is not responses or chat`},
		{"another name", ptr("chat-completions"), "", `OPENAI_API: "chat-completions" is not responses or chat`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setBase(t)
			if tt.val != nil {
				t.Setenv("OPENAI_API", *tt.val)
			}
			c, err := config.Load()
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("got error %v, want %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), "\n") {
					t.Errorf("got a multi-line error %q, want one line", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if c.OpenAIAPI != tt.want {
				t.Errorf("got OpenAIAPI %q, want %q", c.OpenAIAPI, tt.want)
			}
		})
	}
}

func ptr(s string) *string { return &s }
