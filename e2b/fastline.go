package e2b

import (
	"bytes"
	"unicode/utf8"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// parseOutputLine is the fast path for the bulk of an /execute stream: a
// stdout or stderr line of the exact shape {"type": ..., "text": ...,
// "timestamp": ...} whose strings hold only simple escapes (no \u). encoding/json spends most
// of its time on a validation pass and reflection for these lines. ok is
// false for anything else (other types, other or duplicate keys, \u escapes,
// control bytes, invalid UTF-8, non-string values), and the caller then
// decodes the line with encoding/json, so the result is always the same.
func parseOutputLine(line []byte, scratch *[]byte, wantTS bool) (l wire.Line, ok bool) {
	typ, text, ts, ok := scanOutputLine(line)
	if !ok {
		return l, false
	}
	*scratch, ok = unescape((*scratch)[:0], text)
	if !ok {
		return l, false
	}
	l.Type, l.Text = wire.LineStdout, string(*scratch)
	if string(typ) == wire.LineStderr {
		l.Type = wire.LineStderr
	}
	// The timestamp is checked like encoding/json would (a bad escape sends
	// the line to it), but only kept when a callback will read it.
	*scratch, ok = unescape((*scratch)[:0], ts)
	if ok && wantTS {
		l.Timestamp = string(*scratch)
	}
	return l, ok
}

// scanOutputLine splits a line of parseOutputLine's shape into its still
// escaped strings.
func scanOutputLine(line []byte) (typ, text, ts []byte, ok bool) {
	i := skipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return nil, nil, nil, false
	}
	var seenType, seenText, seenTS bool
	for {
		i = skipSpace(line, i+1)
		key, j, ok := plainString(line, i)
		if !ok {
			return nil, nil, nil, false
		}
		i = skipSpace(line, j)
		if i >= len(line) || line[i] != ':' {
			return nil, nil, nil, false
		}
		i = skipSpace(line, i+1)
		val, j, ok := plainString(line, i)
		if !ok {
			return nil, nil, nil, false
		}
		// Keys must match exactly: encoding/json also matches them case
		// insensitively and lets the last duplicate win, so decline those.
		switch {
		case string(key) == "type" && !seenType:
			typ, seenType = val, true
		case string(key) == "text" && !seenText:
			text, seenText = val, true
		case string(key) == "timestamp" && !seenTS:
			ts, seenTS = val, true
		default:
			return nil, nil, nil, false
		}
		i = skipSpace(line, j)
		if i >= len(line) {
			return nil, nil, nil, false
		}
		if line[i] == '}' {
			break
		}
		if line[i] != ',' {
			return nil, nil, nil, false
		}
	}
	if skipSpace(line, i+1) != len(line) {
		return nil, nil, nil, false
	}
	if string(typ) != "stdout" && string(typ) != "stderr" {
		return nil, nil, nil, false
	}
	return typ, text, ts, true
}

// skipSpace returns the index of the first non-JSON-whitespace byte at or
// after i.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString reads a JSON string starting at b[i] with no control bytes
// and valid UTF-8. It returns the still escaped contents and the index after
// the closing quote.
func plainString(b []byte, i int) ([]byte, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, 0, false
	}
	start := i + 1
	ascii := true
	for j := start; j < len(b); j++ {
		c := b[j]
		switch {
		case c == '"':
			s := b[start:j]
			if !ascii && !utf8.Valid(s) {
				return nil, 0, false // encoding/json would substitute U+FFFD
			}
			return s, j + 1, true
		case c == '\\':
			j++ // the escaped byte cannot end the string; unescape checks it
		case c < 0x20:
			return nil, 0, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, 0, false
}

// unescape appends the JSON string contents s to dst, undoing the one-byte
// escapes. ok is false for \u escapes (surrogate pairs and invalid ones
// are left to encoding/json) and for anything invalid.
func unescape(dst, s []byte) ([]byte, bool) {
	for {
		k := bytes.IndexByte(s, '\\')
		if k < 0 {
			return append(dst, s...), true
		}
		dst = append(dst, s[:k]...)
		if k+1 >= len(s) {
			return dst, false
		}
		switch s[k+1] {
		case '"', '\\', '/':
			dst = append(dst, s[k+1])
		case 'n':
			dst = append(dst, '\n')
		case 't':
			dst = append(dst, '\t')
		case 'r':
			dst = append(dst, '\r')
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		default:
			return dst, false
		}
		s = s[k+2:]
	}
}
