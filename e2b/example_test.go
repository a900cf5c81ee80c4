package e2b_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/durable-analyst/durable-analyst/e2b"
)

// fakeE2B answers create, /execute and kill like E2B would, on loopback.
func fakeE2B() *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v2/sandboxes", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"sandboxID":"iexample","templateID":"code-interpreter-v1","envdVersion":"0.6.13","envdAccessToken":"t"}`)
	})
	mux.HandleFunc("POST /execute", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, strings.Join([]string{
			`{"type": "number_of_executions", "execution_count": 1}`,
			`{"type": "stdout", "text": "hi\n", "timestamp": "2026-08-21T10:00:00+00:00"}`,
			`{"type": "result", "text": "2", "extra": {}, "is_main_result": true}`,
			`{"type": "end_of_execution"}`,
		}, "\n")+"\n")
	})
	mux.HandleFunc("DELETE /sandboxes/{id}", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	return httptest.NewServer(mux)
}

func Example() {
	srv := fakeE2B()
	defer srv.Close()

	// In production NewClient() reads E2B_API_KEY and friends.
	client, err := e2b.NewClient(e2b.WithAPIKey("e2b_test"), e2b.WithAPIURL(srv.URL), e2b.WithSandboxURL(srv.URL))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	sb, err := client.Create(ctx, e2b.CreateParams{Template: e2b.CodeInterpreterTemplate})
	if err != nil {
		log.Fatal(err)
	}
	defer sb.Kill(context.WithoutCancel(ctx))

	exec, err := sb.RunCode(ctx, "print('hi'); 1 + 1", &e2b.RunCodeOptions{
		OnStdout: func(m e2b.OutputMessage) { fmt.Print("live: ", m.Line) },
	})
	if err != nil {
		log.Fatal(err) // the sandbox or the network failed
	}
	if exec.Error != nil {
		fmt.Println("the code raised", exec.Error.Name)
	}
	fmt.Println("sandbox:", sb.ID)
	fmt.Println("result:", exec.Text())
	// Output:
	// live: hi
	// sandbox: iexample
	// result: 2
}
