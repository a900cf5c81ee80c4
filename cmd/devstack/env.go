package main

import (
	"bytes"
	"io"
	"strings"
	"sync"
)

// environ is an ordered environment where later settings replace earlier ones.
type environ struct {
	keys []string
	vals map[string]string
}

func newEnv(base []string) *environ {
	e := &environ{vals: map[string]string{}}
	e.set(base...)
	return e
}

// set adds or replaces KEY=VALUE entries.
func (e *environ) set(kvs ...string) {
	for _, kv := range kvs {
		k, v, _ := strings.Cut(kv, "=")
		if _, ok := e.vals[k]; !ok {
			e.keys = append(e.keys, k)
		}
		e.vals[k] = v
	}
}

// list returns the environment as KEY=VALUE entries in first-set order.
func (e *environ) list() []string {
	out := make([]string, 0, len(e.keys))
	for _, k := range e.keys {
		out = append(out, k+"="+e.vals[k])
	}
	return out
}

// prefixWriter writes each line to w with a prefix, buffering partial lines.
type prefixWriter struct {
	mu     sync.Mutex
	w      io.Writer
	prefix []byte
	buf    []byte
}

func newPrefixWriter(w io.Writer, prefix string) *prefixWriter {
	return &prefixWriter{w: w, prefix: []byte(prefix)}
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	for {
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			break
		}
		line := append(append([]byte{}, p.prefix...), p.buf[:i+1]...)
		if _, err := p.w.Write(line); err != nil {
			return len(b), err
		}
		p.buf = p.buf[i+1:]
	}
	return len(b), nil
}
