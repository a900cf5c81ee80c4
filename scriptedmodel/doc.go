// Package scriptedmodel is an OpenAI-compatible model server that answers the
// Responses API (POST /v1/responses, GET /v1/models) and Chat Completions
// (POST /v1/chat/completions) from scripts instead of a language model, so tests and the offline demo can run the production
// openai-go code end to end without network or keys.
//
// # Scripts
//
// A script is a JSON file in the server's script directory; its name is the
// file name without ".json". A request picks its script with the metadata key
// "script", or with the model name "script:<name>" (or just "<name>"); any
// other model name without the "script:" prefix gets the default script, and
// an unknown script is OpenAI's 404 model_not_found, word for word ("The
// model `x` does not exist or you do not have access to it."; the scripts
// there are named in the server's log). A script is an ordered list of
// turns; every turn but the last asks for tool calls, the last one answers:
//
//	{
//	  "description": "what the script exercises",
//	  "turns": [
//	    {"calls": [{"code": ["import pandas as pd", "print(pd.__version__)"]}]},
//	    {"calls": [{"name": "execute_python", "arguments": "{not json"}],
//	     "expect": {"output_contains": ["2."]},
//	     "fault": {"status": 429, "retry_after": "1", "times": 2}},
//	    {"text": "The answer is 42.", "usage": {"input_tokens": 900, "output_tokens": 12}}
//	  ]
//	}
//
// A turn with "text" before the last one answers one question of a
// conversation (the analysis' follow-ups, asked by Update): the next request,
// which carries that answer and the user's next question, gets the turn
// after it. The turn is read as one past the highest turn whose call ids
// appear in the input, plus one for each answer ("text" turn) the input
// carries after them; so a forced answer (tool_choice "none", below) in
// the middle of a conversation shifts the turns of the rest of it.
//
// A call with "code" (a string, or an array of lines) becomes an
// execute_python call with arguments {"code": ...}; a call with "name" and
// "arguments" is sent verbatim, so scripts can send malformed JSON or unknown
// tools. A call with "sql" ({"source": …, "query": …, "name": …}) becomes a
// run_sql call with those arguments. "text" may also be an array of lines.
//
// "fault" makes the server fail a turn "times" times (default 1) before it
// answers: with "status" (and optional "retry_after", "message"), and/or
// after "stall" (a Go duration during which the request is held, or until the
// client gives up). "expect" checks the function_call_output items that answer
// the previous turn: every "output_contains" string must occur in them, no
// "output_not_contains" string may, and every "output_matches" regular
// expression must match; a failed check is answered with 400 and code
// "expectation_failed", naming the expectation (the tool output it was
// checked against is user data: it goes to the log, not the answer).
//
// A request with "tool_choice": "none" that reaches a turn with calls gets
// the script's final message instead, as a model forced to answer would.
//
// # Determinism
//
// The server keeps no per-conversation counter: it reads the turn from the
// conversation itself. Call ids are "call_<turn>_<i>" (both 1-based), so the
// next turn is one past the highest turn whose call ids appear in the input,
// and a retried request (same input) gets the same answer with the same ids.
// Before answering turn n it checks that the input carries a
// function_call_output for every call of turn n-1 (400 naming the missing
// call id otherwise). Fault counters are keyed by the same conversation
// fingerprint, so "times" counts attempts of one request, however often the
// caller retries it. Identical conversations (same script, instructions and
// input) therefore share one fault counter: give concurrent conversations
// that must each see the fault different input, e.g. a question naming the
// item. Responses are kept in memory (the newest 10,000) for
// previous_response_id and GET /v1/responses/{id}, unless the request sets
// "store": false.
//
// # Chat Completions
//
// A chat request plays the same scripts by the same rules: system and
// developer messages are the instructions, an assistant message's
// tool_calls are the calls (ids "call_<turn>_<i>" as above), and "expect"
// checks the content of the tool messages that answer them (matched by
// tool_call_id). The answer is a chat.completion whose one choice carries
// the calls (content null, finish_reason "tool_calls") or the text
// (finish_reason "stop"), with usage as prompt_tokens/completion_tokens.
// The same conversation gets the same turn, fault counter and usage over
// either API. Messages are checked like OpenAI checks them, in its words: a
// tool message must answer a call of the assistant message before it, and
// every call must be answered. Chat completions are not stored.
//
// # The offline analyst
//
// The model "offline-analyst" (AnalystModel) is not a script and not a
// language model: it is a deterministic, rule-based analyst that really
// analyses whatever CSV, TSV, JSON or Excel tables the conversation's first
// message lists. Turn 1 runs code that inspects every dataset and prints one
// JSON line per dataset; turn 2 maps the question onto those columns
// (analyst_plan.go) and runs pandas code that prints its figures and draws a
// chart; turn 3 answers from the printed figures only. It reads its turn
// from the conversation like the scripts do, with the same call ids.
package scriptedmodel
