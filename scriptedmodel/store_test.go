package scriptedmodel_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// Like OpenAI, the server refuses items that name a server-side id when
// store=false: nothing was kept to look them up by.
func TestStoreFalseRefusesEchoedItemIDs(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	input := []map[string]any{
		{"type": "message", "role": "user", "content": "Which region had the highest revenue?"},
		{"type": "function_call", "id": "fc_abc", "call_id": "call_1_1", "name": "execute_python", "arguments": `{"code":"print(1)"}`},
		{"type": "function_call_output", "call_id": "call_1_1", "output": "month region product units revenue"},
	}
	send := func(store bool, items []map[string]any) error {
		_, err := client.Responses.New(context.Background(), responses.ResponseNewParams{
			Model: "script:sales-chart", Store: openai.Bool(store),
		}, option.WithJSONSet("input", items))
		return err
	}
	err := send(false, input)
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 {
		t.Fatalf("store=false with an item id: got %v, want a 400", err)
	}
	if want := "Item with id 'fc_abc' not found"; !strings.Contains(apiErr.Message, want) {
		t.Errorf("got message %q, want it to contain %q", apiErr.Message, want)
	}
	if err := send(true, input); err != nil {
		t.Errorf("store=true with an item id: got %v, want success", err)
	}
	delete(input[1], "id")
	if err := send(false, input); err != nil {
		t.Errorf("store=false without item ids: got %v, want success", err)
	}
}
