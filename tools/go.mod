module github.com/durable-analyst/durable-analyst/tools

go 1.26
