package scriptedmodel

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// AnalystModel is the model name of the offline analyst: a deterministic,
// rule-based analyst (not a language model) that analyses whatever tables it
// is given. It answers in three turns: inspect every dataset, compute what
// the question asks with pandas and draw a chart, answer from the printed
// figures. Like the scripts it keeps no state: it reads where it is from the
// conversation, so a retried request gets the same answer and call ids.
const AnalystModel = "offline-analyst"

// addAnalyst serves the analyst under its model name beside the scripts.
func addAnalyst(scripts map[string]*script) error {
	if scripts[AnalystModel] != nil {
		return fmt.Errorf("a script may not be named %s: that is the built-in offline analyst", AnalystModel)
	}
	scripts[AnalystModel] = &script{name: AnalystModel, analyst: true,
		description: "offline analyst: deterministic rules over pandas output, not a language model"}
	return nil
}

// modelID is the model name that picks a script: the analyst's own name,
// else "script:<name>".
func modelID(script string) string {
	if script == AnalystModel {
		return AnalystModel
	}
	return ModelPrefix + script
}

// Nudges the worker adds as user messages; they are not questions.
var nudges = []string{"You have no steps left", "Your last reply was empty"}

// datasetLine is a dataset as the worker lists it in the first message:
// "- /home/user/sales.csv (1234 bytes)".
var datasetLine = regexp.MustCompile(`^- (/.+) \(\d+ bytes\)$`)

// analystState is what the conversation tells the analyst.
type analystState struct {
	question string
	paths    []string
	turn     int       // the turn to answer; call ids are call_<turn>_1
	profiles []profile // from the newest inspection, nil if none parsed
	// inspected is the output of an inspection made for this question.
	inspected *string
	// analysed is the output of an analysis made for this question.
	analysed *string
	calls    int // analyst calls since the question
}

// readConversation reads the question, the datasets and the outputs of the
// analyst's earlier calls. Like the API, it refuses a call without an
// output and an output without a call.
func readConversation(conv []item) (analystState, *apiError) {
	var st analystState
	qAt := -1
	for i, it := range conv {
		if it.Type != "message" || it.Role != "user" {
			continue
		}
		if isNudge(it.Text) {
			continue
		}
		st.question, qAt = it.Text, i
		if q, list, ok := strings.Cut(it.Text, "\n\nDatasets in the sandbox:\n"); ok {
			st.question, st.paths = q, nil
			for _, l := range strings.Split(list, "\n") {
				if m := datasetLine.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
					st.paths = append(st.paths, m[1])
				}
			}
		}
	}
	args := make(map[string]string)
	outputs := make(map[string]string)
	last := 0
	for i, it := range conv {
		switch it.Type {
		case "function_call":
			args[it.CallID] = it.Arguments
			if i > qAt {
				st.calls++
			}
		case "function_call_output":
			if _, ok := args[it.CallID]; !ok {
				return st, invalidRequest("", "input", fmt.Sprintf("No tool call found for function call output with call_id %s.", it.CallID))
			}
			outputs[it.CallID] = it.Text
		default:
			continue
		}
		if t, _, ok := parseCallID(it.CallID); ok {
			last = max(last, t)
		}
	}
	st.turn = last + 1
	for i, it := range conv {
		if it.Type != "function_call" {
			continue
		}
		out, ok := outputs[it.CallID]
		if !ok {
			return st, invalidRequest("missing_function_call_output", "input", fmt.Sprintf("No tool output found for function call %s.", it.CallID))
		}
		switch {
		case strings.Contains(it.Arguments, strings.TrimSpace(profileMarker)):
			if ps := parseProfiles(out); len(ps) > 0 {
				st.profiles = ps
			}
			if i > qAt {
				st.inspected = &out
			}
		case strings.Contains(it.Arguments, strings.TrimSpace(resultMarker)) && i > qAt:
			st.analysed = &out
		}
	}
	return st, nil
}

func isNudge(text string) bool {
	for _, n := range nudges {
		if strings.HasPrefix(text, n) {
			return true
		}
	}
	return false
}

// next is the analyst's move: a call, or the answer when it has one or
// must answer now (tool_choice "none", or no execute_python tool offered).
func (st analystState) next(mustAnswer bool) turn {
	switch {
	case st.analysed != nil:
		return turn{text: answerText(planFor(st.question, st.profiles), *st.analysed)}
	case st.profiles == nil && st.inspected != nil && len(st.paths) == 0:
		return turn{text: finish("No dataset was given (none is listed, and /home/user holds no CSV, TSV, JSON or Excel file), so I have nothing to analyse.")}
	case st.profiles == nil && st.inspected != nil:
		return turn{text: finish("I could not read the datasets as tables, so I have no figures to answer from. The inspection printed: " + excerpt(*st.inspected, 500))}
	case st.calls >= 4:
		// Not the analyst's own calls (another model's conversation):
		// stop rather than loop.
		return turn{text: finish("This conversation has calls I did not make, so I have nothing of my own to answer from.")}
	case st.profiles == nil && mustAnswer:
		return turn{text: finish("I had no step left to look at the data, so I cannot answer: " + st.question)}
	case st.profiles == nil:
		return turn{calls: []call{pythonCall(profileCode(st.paths))}}
	}
	pl := planFor(st.question, st.profiles)
	if pl.Dataset.Path == "" {
		return turn{text: finish("I could not read the datasets as tables, so I have no figures to answer from: " + profileErrors(st.profiles))}
	}
	if mustAnswer {
		return turn{text: finish(fmt.Sprintf("I had no step left to compute an answer. What I know of %s: %d rows, columns %s.",
			pl.Dataset.Name, pl.Dataset.Rows, columnList(pl.Dataset)))}
	}
	return turn{calls: []call{pythonCall(analysisCode(st.question, pl))}}
}

func pythonCall(code string) call {
	args, _ := json.Marshal(map[string]string{"code": code}) // strings always encode
	return call{name: ToolExecutePython, arguments: string(args)}
}

func profileErrors(ps []profile) string {
	var parts []string
	for _, p := range ps {
		if p.Error != "" {
			parts = append(parts, p.Name+": "+p.Error)
		}
	}
	return strings.Join(parts, "; ")
}

func columnList(p profile) string {
	names := make([]string, len(p.Columns))
	for i, c := range p.Columns {
		names[i] = fmt.Sprintf("%s (%s)", c.Name, c.Kind)
	}
	return strings.Join(names, ", ")
}

// offersPython reports whether the request's tools include execute_python.
func offersPython(raw json.RawMessage) bool {
	var tools []struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(raw, &tools) != nil {
		return false
	}
	for _, t := range tools {
		if t.Name == ToolExecutePython {
			return true
		}
	}
	return false
}

// answerAsAnalyst answers a request for the analyst; conv is the whole
// conversation (previous response included).
func (s *Server) answerAsAnalyst(ctx context.Context, req responseRequest, conv []item, rec *RequestRecord) (*response, *apiError) {
	st, apiErr := readConversation(conv)
	rec.Turn = st.turn
	if apiErr != nil {
		return nil, apiErr
	}
	if apiErr := s.begin(ctx, AnalystModel, st.turn); apiErr != nil {
		return nil, apiErr
	}
	t := st.next(toolChoiceNone(req.ToolChoice) || !offersPython(req.Tools))
	instructions := flattenText(req.Instructions)
	fp := fingerprint(AnalystModel, st.turn, instructions, conv)
	resp, out := buildResponse(req, t, st.turn, fp, instructions, conv)
	if req.Store == nil || *req.Store {
		s.store(resp, append(conv, out...))
	}
	return resp, nil
}
