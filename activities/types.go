package activities

// CodeError is an exception raised by the model's code: the cell record
// and every tool's result share it. Each activity keeps its input and
// result types beside it.
type CodeError struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}
