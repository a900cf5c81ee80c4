package main

import (
	"context"
	"os"
	"strconv"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// services are what make run and make cluster start besides Temporal: S3
// and, unless real ones are configured, the local E2B and model servers;
// and the environment that points a worker at all of them.
type services struct {
	s3               *devstack.S3
	env              *environ
	e2bURL, modelURL string // for the banner
	stops            []func() error
}

// startServices starts S3 (with opts) and the local E2B server and scripted
// model unless E2B_API_KEY / OPENAI_API_KEY are set, logging into logDir.
// On error, the stops of what did start are returned too.
func startServices(ctx context.Context, root, logDir string, opts devstack.Options, temporal *devstack.Temporal, enc encryption) (services, error) {
	svc := services{e2bURL: "E2B cloud", modelURL: "OpenAI"}
	s3srv, stopS3, err := devstack.StartS3(ctx, opts)
	if err != nil {
		return svc, err
	}
	svc.s3 = s3srv
	svc.stops = append(svc.stops, stopS3)

	env := newEnv(os.Environ())
	env.set(temporal.Env()...)
	env.set("TASK_QUEUE=" + taskQueue)
	env.set(s3srv.Env()...)
	env.set(enc.Env...)
	svc.env = env

	if os.Getenv("E2B_API_KEY") == "" {
		url, key, capacity, stop, err := startLocalE2B(logDir)
		if err != nil {
			return svc, err
		}
		svc.stops = append(svc.stops, stop)
		env.set("E2B_API_KEY="+key, "E2B_API_URL="+url, "E2B_SANDBOX_URL="+url)
		// Every worker shares the local server's one line, whose name
		// stays across restarts (the key does not), as its analyses do.
		if os.Getenv("SANDBOX_POOL") == "" {
			env.set("SANDBOX_POOL=local")
		}
		if os.Getenv("SANDBOX_CAPACITY") == "" {
			env.set("SANDBOX_CAPACITY=" + strconv.Itoa(max(capacity, 0)))
		}
		svc.e2bURL = url + " (local sandbox server; set E2B_API_KEY to use E2B)"
	}
	if os.Getenv("OPENAI_API_KEY") == "" {
		url, key, stop, err := startScriptedModel(root, logDir)
		if err != nil {
			return svc, err
		}
		svc.stops = append(svc.stops, stop)
		env.set("OPENAI_API_KEY="+key, "OPENAI_BASE_URL="+url+"/v1", "OPENAI_MODEL="+demoModel)
		svc.modelURL = url + "/v1 (" + demoModel + ": rule-based offline analyst, not a language model; set OPENAI_API_KEY to use OpenAI)"
	}
	return svc, nil
}
