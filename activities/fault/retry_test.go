package fault

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"
)

// TestRetryTable: every error type the activities declare has a retry
// decision, and the list workflows use holds exactly the others.
func TestRetryTable(t *testing.T) {
	// The declared types are read from api/names.go, so a type added
	// there without a retry decision fails this test.
	declared := declaredErrTypes(t)
	require.NotEmpty(t, declared)
	nonRetryable := NonRetryableTypes()
	for _, typ := range declared {
		_, known := retryableTypes[typ]
		assert.True(t, known, "%s has no entry in retryableTypes", typ)
		assert.Equal(t, !Retryable(typ), slices.Contains(nonRetryable, typ), "%s: Retryable and NonRetryableTypes disagree", typ)
		err := New(typ, "m", nil, time.Second)
		var appErr *temporal.ApplicationError
		require.True(t, errors.As(err, &appErr))
		assert.Equal(t, !Retryable(typ), appErr.NonRetryable(), "%s: New", typ)
	}
	assert.Len(t, retryableTypes, len(declared), "retryableTypes has a type not declared in api/names.go")
	assert.False(t, Retryable("SomeChildType"), "an unknown type is not retryable")
}

// declaredErrTypes reads the activity error types the contract declares:
// the ErrType* string constants of api/names.go but the workflow's own
// ErrTypeInvalidInput.
func declaredErrTypes(t *testing.T) []string {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", "..", "api", "names.go"), nil, 0)
	require.NoError(t, err)
	var out []string
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.CONST {
			continue
		}
		for _, spec := range gen.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if !strings.HasPrefix(name.Name, "ErrType") || name.Name == "ErrTypeInvalidInput" || i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				require.True(t, ok, "api.%s is not a string literal", name.Name)
				typ, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				out = append(out, typ)
			}
		}
	}
	return out
}

// TestOnePlaceDecidesRetry: no activity code (in any package under activities/) outside fault/errors.go builds a
// Temporal ApplicationError itself, so the retry decision cannot drift
// from the table.
func TestOnePlaceDecidesRetry(t *testing.T) {
	var files []string
	require.NoError(t, filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			files = append(files, p)
		}
		return err
	}))
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == filepath.Join("..", "fault", "errors.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		require.NoError(t, err)
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "temporal" && strings.HasPrefix(sel.Sel.Name, "New") && strings.HasSuffix(sel.Sel.Name, "Error") {
				t.Errorf("%s: temporal.%s: build activity errors with fault.New/fault.Classify (activities/fault)", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
}
