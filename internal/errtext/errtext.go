// Package errtext is the text of an error that people should read: in the
// UI, the CLI and a batch report. It is deterministic, so workflows use it
// too, and it imports only the standard library and the Temporal SDK.
package errtext

import (
	"errors"
	"strings"

	"go.temporal.io/sdk/temporal"
)

// Message is the message of the first ApplicationError in err's chain,
// after the context that wrappers above it added, without the SDK's
// "(type: …, retryable: …)" and the repeated text of the causes below it.
// Activity, child-workflow and workflow-execution wrappers add nothing.
func Message(err error) string {
	switch e := err.(type) {
	case nil:
		return ""
	case *temporal.ApplicationError:
		return e.Message()
	case *temporal.ActivityError, *temporal.ChildWorkflowExecutionError, *temporal.WorkflowExecutionError:
		if inner := errors.Unwrap(e); inner != nil {
			return Message(inner)
		}
		return e.Error()
	}
	inner := errors.Unwrap(err)
	if inner == nil {
		return err.Error()
	}
	// A fmt.Errorf("context: %w", inner) wrapper: keep its context.
	if prefix, ok := strings.CutSuffix(err.Error(), inner.Error()); ok {
		return prefix + Message(inner)
	}
	return err.Error()
}
