// Package latency describes how long a stand-in server takes to answer:
// a fixed duration or a simple distribution. The scripted model server and
// the local E2B server's fake kernel use it so benchmarks can isolate the
// orchestration's cost from the model's and Python's.
package latency

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Dist is a latency distribution. The zero value is no latency.
type Dist struct {
	kind     string // "", "fixed", "uniform", "exp"
	min, max time.Duration
}

// Fixed is a distribution that always takes d.
func Fixed(d time.Duration) Dist { return Dist{kind: "fixed", min: d, max: d} }

// Parse reads a distribution:
//
//	""  or "0"        no latency
//	"1.5s"            fixed
//	"uniform:1s-2s"   uniform between the two
//	"exp:1s"          exponential with that mean (capped at 10× the mean)
func Parse(s string) (Dist, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "0" {
		return Dist{}, nil
	}
	kind, arg, ok := strings.Cut(s, ":")
	if !ok {
		d, err := duration(s)
		if err != nil {
			return Dist{}, fmt.Errorf("latency %q: %w", s, err)
		}
		return Fixed(d), nil
	}
	switch kind {
	case "uniform":
		lo, hi, ok := strings.Cut(arg, "-")
		if !ok {
			return Dist{}, fmt.Errorf("latency %q: want uniform:<min>-<max>, e.g. uniform:1s-2s", s)
		}
		a, err := duration(lo)
		if err != nil {
			return Dist{}, fmt.Errorf("latency %q: min: %w", s, err)
		}
		b, err := duration(hi)
		if err != nil {
			return Dist{}, fmt.Errorf("latency %q: max: %w", s, err)
		}
		if b < a {
			return Dist{}, fmt.Errorf("latency %q: max %s is below min %s", s, b, a)
		}
		return Dist{kind: "uniform", min: a, max: b}, nil
	case "exp":
		m, err := duration(arg)
		if err != nil {
			return Dist{}, fmt.Errorf("latency %q: mean: %w", s, err)
		}
		return Dist{kind: "exp", min: m, max: 10 * m}, nil
	}
	return Dist{}, fmt.Errorf("latency %q: unknown distribution %q (want a duration, uniform:<min>-<max> or exp:<mean>)", s, kind)
}

func duration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return 0, err
	}
	if d < 0 {
		return 0, errors.New("must not be negative")
	}
	return d, nil
}

// Sample draws one latency.
func (d Dist) Sample() time.Duration {
	switch d.kind {
	case "fixed":
		return d.min
	case "uniform":
		if d.max == d.min {
			return d.min
		}
		return d.min + time.Duration(rand.Int64N(int64(d.max-d.min)+1))
	case "exp":
		return min(time.Duration(rand.ExpFloat64()*float64(d.min)), d.max)
	}
	return 0
}

// Mean is the distribution's mean (for the exponential, before the cap).
func (d Dist) Mean() time.Duration {
	if d.kind == "uniform" {
		return (d.min + d.max) / 2
	}
	return d.min
}

// String renders d in the form Parse reads.
func (d Dist) String() string {
	switch d.kind {
	case "fixed":
		return d.min.String()
	case "uniform":
		return "uniform:" + d.min.String() + "-" + d.max.String()
	case "exp":
		return "exp:" + d.min.String()
	}
	return "0"
}

// Set implements flag.Value.
func (d *Dist) Set(s string) error {
	v, err := Parse(s)
	if err != nil {
		return err
	}
	*d = v
	return nil
}
