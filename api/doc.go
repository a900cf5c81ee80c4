// Package api is the contract of durable-analyst: the names (workflow
// types, task queue, queries, updates, error types), the input and result
// types of analyses, conversations and batches, and their JSON Schemas.
//
// It imports the standard library only, so another service can start an
// analysis with this package and a Temporal client, without linking the
// worker's model, S3 and sandbox clients (a test holds it to that). The
// JSON Schemas in schema/ are the contract for callers in other languages;
// package api/validate runs them, with the few rules a schema cannot say
// (Check), to give the worker's own verdict before a start.
package api
