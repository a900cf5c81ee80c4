package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/stream"
)

const followUsage = `Usage: starter follow <workflow-id> [--from N] [--json]

Prints an analysis as it runs, from its event stream: each step, the code of
each cell and its output as it prints, the charts and files as they are
stored (with links), and the answer; it exits when the analysis ends. A
closed analysis is printed whole, for as long as Temporal keeps its history.
A conversation is followed turn by turn until it ends.

The stream holds the first STREAM_CELL_BYTES (1024) bytes of each cell's
stdout and stderr; when a cell printed more, the line after its output names
the S3 key of its whole output.

Examples:
  starter follow analysis-20261127-103000-ab12cd
  starter follow analysis-20261127-103000-ab12cd --from 40 --json
`

func runFollow(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("follow", followUsage, stderr)
	from := fs.Int64("from", 0, "the stream `offset` to start at (0: the first event)")
	asJSON := fs.Bool("json", false, "print each event as one line of JSON, with its offset (\"at\")")
	id, err := parseIDArgs(fs, args)
	if err != nil {
		return helpOK(err)
	}
	if *from < 0 {
		return fmt.Errorf("follow: --from %d is negative; offsets start at 0", *from)
	}
	_, c, err := connect(ctx, stderr)
	if err != nil {
		return err
	}
	defer c.Close()
	return follow(ctx, c, id, *from, *asJSON, stdout)
}

// follow prints the stream of the analysis id from offset from until the
// analysis ends.
func follow(ctx context.Context, c client.Client, id string, from int64, asJSON bool, out io.Writer) error {
	p := &eventPrinter{out: out, json: asJSON}
	return stream.Follow(ctx, c, id, stream.FollowOptions{From: from}, p.print)
}

// eventPrinter prints events as text (or JSON lines), keeping track of
// whether the last output ended its line.
type eventPrinter struct {
	out      io.Writer
	json     bool
	openLine bool
	next     int64
}

func (p *eventPrinter) print(ev stream.Event) error {
	if p.json {
		line := struct {
			At int64 `json:"at"`
			api.StreamEvent
		}{ev.At, ev.StreamEvent}
		b, err := json.Marshal(line)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(p.out, "%s\n", b)
		return err
	}
	if ev.At > p.next && p.next > 0 {
		p.line("(events %d to %d are no longer in the stream)", p.next, ev.At-1)
	}
	p.next = ev.At + 1
	cell := 0
	if ev.Cell != nil {
		cell = *ev.Cell
	}
	switch ev.Kind {
	case api.EventStarted:
		if ev.Turn > 0 {
			p.line("── turn %d: %s", ev.Turn, ev.Question)
		} else {
			p.line("── question: %s", ev.Question)
		}
	case api.EventStep:
		p.line("── step %d", ev.Step)
	case api.EventModel:
		if ev.Text != "" {
			p.line("model: %s", ev.Text)
		}
		if len(ev.Tools) > 0 {
			p.line("model calls %s", strings.Join(ev.Tools, ", "))
		}
	case api.EventCellStarted:
		p.line("[step %d cell %d] %s:", ev.Step, cell, ev.Tool)
		for _, l := range strings.Split(strings.TrimRight(ev.Code, "\n"), "\n") {
			p.line("  | %s", l)
		}
	case api.EventOutput:
		fmt.Fprint(p.out, ev.Text)
		p.openLine = !strings.HasSuffix(ev.Text, "\n")
	case api.EventCellFinished:
		if ev.Error != "" {
			p.line("[step %d cell %d] raised %s", ev.Step, cell, ev.Error)
		}
		if ev.StreamCut {
			p.line("[step %d cell %d] printed more than the stream holds; all of it: %s", ev.Step, cell, ev.OutputKey)
		}
	case api.EventChart:
		p.line("chart: %s %s", ev.Chart.Key, ev.Chart.URL)
	case api.EventFile:
		p.line("file: %s %s", ev.File.Name, ev.File.URL)
	case api.EventVerifying:
		p.line("checking the answer's figures against the cells' output")
	case api.EventAnswer:
		p.line("answer: %s", ev.Text)
	case api.EventEnded:
		if ev.Error != "" {
			p.line("── ended: %s: %s", ev.Status, ev.Error)
		} else {
			p.line("── ended: %s", ev.Status)
		}
	}
	return nil
}

// line prints one line, after ending a cell's output line left open.
func (p *eventPrinter) line(format string, args ...any) {
	if p.openLine {
		fmt.Fprintln(p.out)
		p.openLine = false
	}
	fmt.Fprintf(p.out, format+"\n", args...)
}
