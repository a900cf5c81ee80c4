package main

import (
	"context"
	"fmt"
	"io"

	"github.com/durable-analyst/durable-analyst/api"
)

// presignOutputs refreshes the URLs of an analysis' files and reports.
func presignOutputs(ctx context.Context, s *store, res *api.AnalysisResult) error {
	for i := range res.Files {
		u, err := s.presignGet(ctx, res.Files[i].Key)
		if err != nil {
			return err
		}
		res.Files[i].URL = u
	}
	if r := res.Report; r != nil {
		var err error
		if r.MarkdownURL, err = s.presignGet(ctx, r.MarkdownKey); err != nil {
			return err
		}
		if r.HTMLURL, err = s.presignGet(ctx, r.HTMLKey); err != nil {
			return err
		}
	}
	return nil
}

// writeOutputs prints each file and the reports, as writeResult prints
// charts: the object, then its URL.
func writeOutputs(w io.Writer, res *api.AnalysisResult, bucket string) {
	where := func(key string) string {
		if bucket != "" {
			return "s3://" + bucket + "/" + key
		}
		return key
	}
	line := func(what, key, url string) {
		fmt.Fprintf(w, "%s: %s\n", what, where(key))
		if url != "" {
			fmt.Fprintf(w, "  %s\n", url)
		}
	}
	for _, f := range res.Files {
		line(fmt.Sprintf("file (step %d, %d bytes, %s)", f.Step, f.Bytes, f.ContentType), f.Key, f.URL)
	}
	if r := res.Report; r != nil {
		line("report (markdown)", r.MarkdownKey, r.MarkdownURL)
		line("report (html)", r.HTMLKey, r.HTMLURL)
	}
}
