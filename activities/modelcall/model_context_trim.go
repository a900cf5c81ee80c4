package modelcall

import (
	"encoding/json"
	"fmt"
)

// DefaultMaxContextBytes bounds the input items sent to the model when
// Activities.MaxContextBytes is unset: about 100k tokens at four bytes a
// token, under the context window of current models.
const DefaultMaxContextBytes = 400_000

// fitContext is the conversation as sent to the model. When the items
// exceed limit bytes, whole turns are left out, oldest first, and a note
// says how many: a turn runs from a question (the first item, or a user
// message right after an answer) to its answer, so a call is never
// separated from its output and no turn is cut in the middle. The turn
// under way is always sent whole, even alone over the limit. The
// transcript in S3 keeps every item.
func fitContext(items []json.RawMessage, limit int) []json.RawMessage {
	total := 0
	for _, it := range items {
		total += len(it)
	}
	if limit <= 0 || total <= limit {
		return items
	}
	starts := turnStarts(items)
	dropped, cut := 0, 0
	for _, s := range starts[1:] {
		if total <= limit {
			break
		}
		for _, it := range items[cut:s] {
			total -= len(it)
		}
		cut = s
		dropped++
	}
	if dropped == 0 {
		return items
	}
	note := userMessage(fmt.Sprintf("[%d earlier question(s) and their answers were left out to fit the context window. "+
		"Variables they defined are still in the Python kernel.]", dropped))
	return append([]json.RawMessage{note}, items[cut:]...)
}

// turnStarts returns the index of each turn's question.
func turnStarts(items []json.RawMessage) []int {
	starts := []int{0}
	prevAnswer := false
	for i, raw := range items {
		var it struct {
			Type string `json:"type"`
			Role string `json:"role"`
		}
		_ = json.Unmarshal(raw, &it)
		isMessage := it.Type == "message" || (it.Type == "" && it.Role != "")
		if i > 0 && prevAnswer && isMessage && it.Role == "user" {
			starts = append(starts, i)
		}
		prevAnswer = isMessage && it.Role == "assistant"
	}
	return starts
}

func (a *Activities) maxContextBytes() int {
	if a.d.MaxContextBytes > 0 {
		return a.d.MaxContextBytes
	}
	return DefaultMaxContextBytes
}
