package claims_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/claims"
)

func TestClaimsExtracted(t *testing.T) {
	answer := "Revenue was $50,196.72 (50.2k), up 47.8% and -3.5 pp; 1,234 orders in 2024 across 3 regions, see step 2 and `df.head(20)`, on 2024-01-15 at 12:30, Q4 was 5th. About 1.2 million users, 3 bn, 2.5x, −12.5."
	got := claims.Check(answer, "", nil)
	var texts []string
	for _, c := range got.Claims {
		texts = append(texts, fmt.Sprintf("%s=%g", c.Text, c.Value))
	}
	want := []string{"$50,196.72=50196.72", "50.2k=50200", "47.8%=0.478", "-3.5 pp=-0.035", "1,234=1234",
		"1.2 million=1.2e+06", "3 bn=3e+09", "2.5x=2.5", "−12.5=-12.5"}
	if strings.Join(texts, " ") != strings.Join(want, " ") {
		t.Errorf("claims\n got %v\nwant %v", texts, want)
	}
	if got.Unsupported != len(want) {
		t.Errorf("unsupported = %d with no sources, want %d", got.Unsupported, len(want))
	}
}

func TestHonestRounding(t *testing.T) {
	src := []claims.Source{{Step: 2, Cell: 0, Text: "total    50196.72\nshare    0.478123\nchange  -0.1251\n"}}
	for _, tc := range []struct {
		text string
		ok   bool
	}{
		{"50,196.72", true}, {"50196.72", true}, {"50,197", true}, {"50.2k", true}, {"$50k", true}, {"$0.05M", true},
		{"about 50,000", true}, {"50,000", false}, {"50,190", false}, {"50.3k", false}, {"50,196.7", true}, {"50,196.8", false},
		{"47.8%", true}, {"48%", true}, {"47.81%", true}, {"47.9%", false}, {"0.478", true}, {"0.48", true}, {"0.47", false},
		{"12.5%", true}, {"-12.5%", true}, {"12.51%", true}, {"13.5%", false}, {"-50,197", false},
	} {
		got := claims.Check("The figure is "+tc.text+".", "", src)
		if len(got.Claims) != 1 {
			t.Errorf("%q: %d claims, want 1", tc.text, len(got.Claims))
			continue
		}
		if c := got.Claims[0]; c.Supported != tc.ok {
			t.Errorf("%q supported = %v, want %v", tc.text, c.Supported, tc.ok)
		} else if c.Supported && (len(c.Sources) != 1 || c.Sources[0] != (claims.Ref{Step: 2, Cell: 0})) {
			t.Errorf("%q sources = %v, want step 2 cell 0", tc.text, c.Sources)
		}
	}
}

func TestAnotherGroupsFigure(t *testing.T) {
	src := []claims.Source{{Step: 1, Cell: 0, Text: "  region  revenue  orders\n0  North  12345.0     120\n1  South   9876.5      98\n"}}
	for _, tc := range []struct {
		answer string
		bad    []string
	}{
		{"North had 12,345 in revenue and South had 9,876.5.", nil},
		{"North had 9,876.5 in revenue and South had 12,345.", []string{"9,876.5", "12,345"}},
		{"Revenue: 12,345 for North, 9,877 for South.", nil},
		{"Revenue: 9,877 for North, 12,345 for South.", []string{"9,877", "12,345"}},
		{"South's revenue (9,876.5) trails North's (12,345).", nil},
	} {
		got := claims.Check(tc.answer, "", src)
		var bad []string
		for _, c := range got.Claims {
			if !c.Supported {
				bad = append(bad, c.Text)
			}
		}
		if fmt.Sprint(bad) != fmt.Sprint(tc.bad) {
			t.Errorf("%q: unsupported %v, want %v", tc.answer, bad, tc.bad)
		}
	}
}

func TestQuestionFigures(t *testing.T) {
	got := claims.Check("3 regions exceed 10,000.", "Which regions exceed 10,000?", nil)
	if got.Unsupported != 0 || !got.Claims[0].FromQuestion {
		t.Errorf("got %+v, want 10,000 supported by the question", got)
	}
}

func TestValueIsFinite(t *testing.T) {
	got := claims.Check("1"+strings.Repeat("0", 400)+" and 5e999", "", nil)
	for _, c := range got.Claims {
		if math.IsInf(c.Value, 0) || math.IsNaN(c.Value) {
			t.Errorf("%q: value %v", c.Text, c.Value)
		}
	}
}

// Numbers that are not figures: years, dates, times, references, names
// and counts in prose, code and links.
func TestNotClaims(t *testing.T) {
	answer := "In 2024 (from 2024-01-15 to 3/4, at 12:30 on Jan 5) step 12 of cell 3 showed chart 2, #7 and row 40; " +
		"Q4, the 5th, p90 and H1 held 3 regions in the top 10. See `df.head(20)` and [link](https://x.test/a/1234.5) or https://x.test/99.5."
	if got := claims.Check(answer, "", nil); len(got.Claims) != 0 {
		t.Errorf("got claims %+v, want none", got.Claims)
	}
}

// FuzzCheck: any text checks without panicking, each claim's offsets
// point at its text, and Unsupported counts the unsupported claims.
func FuzzCheck(f *testing.F) {
	f.Add("Revenue was $50,196.72 (50.2k), up 47.8%; −3.5 pp.", "total 50196.72\nshare 0.478")
	f.Add("North 12,345 and South 9,876.5", "  region  revenue\n0  North  12345.0\n1  South   9876.5")
	f.Add("1e999 1,234,5678 .5 -.5 $-3 5e-3x ~1,000", "0.50 127.2\n{\"a\": [1, 2]}")
	f.Fuzz(func(t *testing.T, answer, output string) {
		res := claims.Check(answer, "", []claims.Source{{Step: 1, Cell: 0, Text: output}})
		n := 0
		for _, c := range res.Claims {
			if c.Start < 0 || c.End > len(answer) || c.Start >= c.End || answer[c.Start:c.End] != c.Text {
				t.Fatalf("claim %+v does not point at its text in %q", c, answer)
			}
			if !c.Supported {
				n++
			}
		}
		if n != res.Unsupported {
			t.Fatalf("Unsupported = %d, want %d", res.Unsupported, n)
		}
	})
}
