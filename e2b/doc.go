// Package e2b is a client for E2B sandboxes (https://e2b.dev): the
// control-plane API (create, connect, list, pause, kill), the code
// interpreter (RunCode with streamed output and rich results such as PNG
// charts, with their data in Result.Chart), the sandbox filesystem
// (including Filesystem.WatchDir) and commands.
//
// It follows the official JS and Python SDKs on the wire (see
// docs/e2b-protocol.md), so it works against E2B cloud, self-hosted E2B and
// the local E2B-compatible server in e2b/e2blocal.
//
// Configuration comes from options, then the environment variables
// E2B_API_KEY, E2B_DOMAIN, E2B_API_URL, E2B_SANDBOX_URL and E2B_DEBUG.
//
//	client, err := e2b.NewClient()
//	if err != nil {
//		return err
//	}
//	sb, err := client.Create(ctx, e2b.CreateParams{Template: e2b.CodeInterpreterTemplate, Timeout: 10 * time.Minute})
//	if err != nil {
//		return err
//	}
//	defer sb.Kill(context.WithoutCancel(ctx))
//	exec, err := sb.RunCode(ctx, "print('hi'); 1 + 1", nil)
//	if err != nil {
//		return err // the sandbox or the network failed
//	}
//	if exec.Error != nil {
//		// the code raised: exec.Error.Name, .Value, .Traceback
//	}
//	fmt.Print(exec.Logs.Stdout, exec.Text())
//
// Errors from E2B are *APIError values; IsNotFound, IsAuth, IsRateLimited,
// IsSandboxGone, IsTimeout, IsRetryable and RetryAfter classify them. Idempotent calls
// (GET, kill, set timeout, connect) are retried up to twice on 429, 502,
// 503, 504 and connection errors; Create and RunCode never are.
package e2b
