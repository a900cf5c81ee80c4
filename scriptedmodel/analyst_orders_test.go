package scriptedmodel_test

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// ordersTable is testdata/analyst/dev/orders.csv read by Go, so the
// expected figures below are computed without pandas or the analyst's code.
type ordersTable struct {
	date, customer, category, returned []string
	qty, price, discount               []float64
}

func readOrders(t *testing.T, path string) ordersTable {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(recs[0], ","); got != "order_date,customer,category,qty,unit_price,discount_pct,returned" {
		t.Fatalf("orders.csv header %q: the test reads its columns by position", got)
	}
	var o ordersTable
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, r := range recs[1:] {
		o.date = append(o.date, r[0])
		o.customer = append(o.customer, r[1])
		o.category = append(o.category, r[2])
		o.qty = append(o.qty, num(r[3]))
		o.price = append(o.price, num(r[4]))
		o.discount = append(o.discount, num(r[5]))
		o.returned = append(o.returned, r[6])
	}
	return o
}

// figure writes v as the analyst does: thousands separated, at most two
// decimals, trailing zeros dropped.
func figure(v float64) string {
	s := strconv.FormatFloat(math.Round(v*100)/100, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if frac != "" {
		return b.String() + "." + frac
	}
	return b.String()
}

func median(vs []float64) float64 {
	s := slices.Sorted(slices.Values(vs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// TestAnalystOrders asks the six questions of issue 29 about a new orders
// table (order date, customer, category, quantity, unit price, discount
// percentage, returned yes/no) end to end in Python, and checks each answer
// against figures computed here in Go. Each answer must answer the
// question asked, not a neighbouring one; a seventh question the table
// cannot answer must be refused.
func TestAnalystOrders(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Python")
	}
	path := "../testdata/analyst/dev/orders.csv"
	o := readOrders(t, path)
	n := len(o.qty)

	perCat := map[string]int{}
	discSum := map[string]float64{}
	for i, c := range o.category {
		perCat[c]++
		discSum[c] += o.discount[i]
	}
	var counts, discounts []string
	for c, k := range perCat {
		counts = append(counts, fmt.Sprintf("%s %d", c, k))
		discounts = append(discounts, fmt.Sprintf("%s %s", c, figure(discSum[c]/float64(k))))
	}

	values := make([]float64, n)
	monthly := map[string]float64{}
	for i := range values {
		values[i] = o.qty[i] * o.price[i] * (1 - o.discount[i]/100)
		monthly[o.date[i][:7]] += values[i]
	}
	bestMonth := ""
	for m, v := range monthly {
		if bestMonth == "" || v > monthly[bestMonth] {
			bestMonth = m
		}
	}

	customers := map[string]bool{}
	returned := 0
	for i := range o.customer {
		customers[o.customer[i]] = true
		if o.returned[i] == "yes" {
			returned++
		}
	}
	formula := "`sales = qty × unit_price × (1 − discount_pct / 100)`"

	tests := []struct {
		question string
		want     []string
	}{
		{"How many orders are there per category?", counts},
		{"What is the median order value after discount?", []string{
			"The median of order value is " + figure(median(values)),
			strings.Replace(formula, "sales", "order value", 1)}},
		{"Which month had the highest total sales?", []string{
			// The top month is named too: which month is what it asks.
			fmt.Sprintf("%s (%s) had the highest sales: %s in total", bestMonth, monthName(t, bestMonth), figure(monthly[bestMonth])),
			formula}},
		{"How many distinct customers placed orders?", []string{fmt.Sprintf("%d distinct values of customer", len(customers))}},
		{"What is the average discount percentage for each category?", append([]string{"Average discount_pct by category"}, discounts...)},
		{"What percentage of orders were returned?", []string{
			fmt.Sprintf("%d of %d rows (%.1f%%) have returned = yes", returned, n, float64(returned)/float64(n)*100)}},
		// A question the table cannot answer is refused, saying what it can answer.
		{"What is the average profit per order?", []string{
			`I cannot answer that question from the columns of orders.csv: none of its columns holds "profit". What I can answer from them: `}},
	}
	_, _, client := setup(t, scriptedmodel.Config{})
	k := startKernel(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(k.home, "orders.csv"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.question, func(t *testing.T) {
			answer := askAnalyst(t, client, k, tc.question, "orders.csv")
			for _, w := range tc.want {
				if !strings.Contains(answer, w) {
					t.Errorf("got answer %q, want it to contain %q", answer, w)
				}
			}
			if strings.Contains(answer, "cannot answer") != strings.Contains(tc.question, "profit") {
				t.Errorf("got answer %q: a refusal where it should answer, or an answer where it should refuse", answer)
			}
		})
	}
}

// monthName is the name of the month of a "2024-04" period.
func monthName(t *testing.T, period string) string {
	m, err := time.Parse("2006-01", period)
	if err != nil {
		t.Fatalf("period %q: %v", period, err)
	}
	return m.Month().String()
}
