// Package layers holds no code: its test checks the import rules of
// docs/architecture.md against the packages as they are.
package layers
