package config

import "fmt"

// The model APIs the worker can speak (OPENAI_API).
const (
	// OpenAIAPIResponses is OpenAI's Responses API (POST /v1/responses).
	OpenAIAPIResponses = "responses"
	// OpenAIAPIChat is Chat Completions with function calling
	// (POST /v1/chat/completions): Ollama, vLLM, llama.cpp's server, LM
	// Studio and most gateways speak it.
	OpenAIAPIChat = "chat"
)

// checkOpenAIAPI checks OPENAI_API; empty means the default, responses.
func checkOpenAIAPI(v string) error {
	switch v {
	case "", OpenAIAPIResponses, OpenAIAPIChat:
		return nil
	}
	return fmt.Errorf("OPENAI_API: %q is not %s or %s", v, OpenAIAPIResponses, OpenAIAPIChat)
}

// The values of OPENAI_BACKGROUND.
const (
	BackgroundAuto = "auto"
	BackgroundOn   = "on"
	BackgroundOff  = "off"
)

// checkOpenAIBackground checks OPENAI_BACKGROUND; empty means auto.
func checkOpenAIBackground(v string) error {
	switch v {
	case "", BackgroundAuto, BackgroundOn, BackgroundOff:
		return nil
	}
	return fmt.Errorf("OPENAI_BACKGROUND: %q is not %s, %s or %s", v, BackgroundAuto, BackgroundOn, BackgroundOff)
}
