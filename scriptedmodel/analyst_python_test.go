package scriptedmodel_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"

	"github.com/durable-analyst/durable-analyst/claims"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// analystFiles are small datasets in each format the analyst reads.
var analystFiles = map[string]string{
	"d.csv": "a,b\n1,2\n3,4\n",
	"people.tsv": "name\tdepartment\tage\tsalary\n" +
		"Ann\tSales\t34\t52000\nBob\tSales\t45\t61000\nCid\tIT\t29\t70000\nDee\tIT\t38\t82000\nEve\tHR\t50\t48000\nFay\tIT\t41\t75000\n",
	"products.json": `[{"product":"pen","category":"office","price":1.5,"stock":120},` +
		`{"product":"desk","category":"furniture","price":180,"stock":4},` +
		`{"product":"chair","category":"furniture","price":95,"stock":9},` +
		`{"product":"paper","category":"office","price":4.25,"stock":300},` +
		`{"product":"lamp","category":"furniture","price":35,"stock":15}]`,
	"temps.csv": "date,city,temp_c\n2024-01-01,Oslo,-3.5\n2024-01-02,Oslo,-1.0\n2024-01-03,Oslo,0.5\n2024-01-04,Oslo,2.0\n" +
		"2024-01-05,Oslo,2.5\n2024-01-06,Oslo,4.0\n",
	"broken.xlsx": "this is not a spreadsheet",
	"prices.csv":  "item,price,share\nA,\"$1,200.50\",50%\nB,$800,30%\nC,\"$1,000\",20%\n",
	// Dates written day first, as in the UK: 03/12/2024 is 3 December.
	"till.csv": "sold,amount\n03/11/2024,5\n28/11/2024,7\n03/12/2024,10\n15/12/2024,20\n",
	// Dates written day first with dashes: 13-04-2024 is 13 April.
	"weighins.csv": "wgh_date,wt_kg\n05-03-2024,480\n02-04-2024,455\n13-04-2024,470\n30-04-2024,500\n",
	// Dates written as one number, year first; an operator often not recorded.
	"batches.csv": "DYE_DT,OPERATOR\n20250106,FR\n20250214,\n20250220,\n20250301,\n20250305,FR\n20250310,JM\n",
	// Dates written with the weekday first; units sold after a markdown.
	"scorecards.csv": "Date,Runs\nSat 04 May 2024,14\nSun 05 May 2024,30\nSat 01 Jun 2024,50\n",
	"markdowns.csv":  "origPriceGbp,markdownPct,unitsSold\n10,50,4\n20,25,2\n",
	// Two dates per row: the days between them.
	"bookings.csv": "enquiryDate,eventDate,tier\n2024-01-01,2024-01-11,Gold\n2024-02-01,2024-03-02,Gold\n2024-03-01,2024-03-21,Silver\n",
	// Arrival and departure times; a yacht not recorded.
	"berthings.csv": "arrivedAt,departedAt,yacht,pontoon,fuelLitres,billedLitres,db_level\n" +
		"2024-05-01T08:00:00,2024-05-01T20:00:00,Sea Lark,A,10,12,60\n2024-05-02T10:00:00,2024-05-03T10:00:00,Blue Tern,B,20,25,75.5\n" +
		"2024-05-03T09:00:00,2024-05-03T15:00:00,,A,5,5,58\n",
	// A tally of sheep at a rate per head; when passengers were ready and
	// when an agent came.
	"crutching_tally.csv": "Date,Shearer,Sheep Class,Tally,Rate $/hd\n2025-03-03,Ann,EWE,100,2.5\n2025-03-03,Bob,HGT,80,2\n" +
		"2025-03-04,Ann,HGT,50,2\n2025-04-01,Bob,EWE,70,2.5\n",
	"assists.csv": "REF,SSR_CODE,PAX_READY_TIME,AGENT_ATTEND_TIME\n1,WCHR,2025-07-01 10:00,2025-07-01 10:05\n" +
		"2,BLND,2025-07-01 11:00,2025-07-01 11:20\n3,BLND,2025-07-02 09:00,2025-07-02 09:30\n",
	// Dates with a two-digit year; times with seconds.
	"killsheet.csv":    "Kill Date,Cold Wt (kg)\n05/05/25,80\n19/05/25,90\n02/06/25,100\n16/06/25,110\n",
	"lounge.csv":       "ArrivedLounge,LeftLounge\n2025-03-03 11:00:00,2025-03-03 13:00:00\n2025-03-03 14:00:00,2025-03-03 19:30:00\n",
	"letters.csv":      "ClinicDt,SentDt,Priority\n14/07/2025,18/07/2025,URG\n15/07/2025,25/07/2025,RTN\n16/07/2025,,RTN\n",
	"applications.csv": "decision,cost\nAPPR,10\nAPPR,20\nREFD,30\nPEND,40\n",
	// Descriptions longer than forty characters.
	"tickets.csv": "pcn,contravention\n1,Parked in a restricted street during prescribed hours\n2,Parked in a restricted street during prescribed hours\n" +
		"3,Parked for longer than permitted\n",
	// Two counts of one thing per row, and a cost: totals over totals.
	"patrols.csv": "patrol_id,guard,dur_min,checkpoints_scanned,checkpoints_total,vol_m3,cost_gbp\n" +
		"1,Ann,30,9,10,2.0,100\n2,Bob,45,10,10,3.0,180\n3,Ann,60,7,10,,50\n4,Bob,15,4,5,5.0,220\n",
}

// TestAnalystRunsInPython runs the offline analyst's whole conversation
// against real Python: its code must run, and its answer must carry the
// figures Python computed.
func TestAnalystRunsInPython(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Python")
	}
	tests := []struct {
		file, question string
		want           []string
		wantCharts     int
	}{
		{"d.csv", "What is the average of column b?", []string{"The average of b is 3 (over 2 values)"}, 1},
		{"crutching_tally.csv", "How much did the shearers earn in total at the per-head rates?", []string{"The total of earn is 685 (over 4 values).", "`earn = Tally × Rate $/hd`"}, 1},
		{"crutching_tally.csv", "How many hoggets did we get through?", []string{"The total of Tally where Sheep Class = HGT is 130 (over 2 values)."}, 1},
		{"crutching_tally.csv", "How many days did we crutch in March?", []string{"There are 2 distinct values of Date where month of Date = 3, in 3 rows"}, 1},
		{"killsheet.csv", "What was the total cold weight killed in June, in kg?", []string{"The total of Cold Wt (kg) where month of Kill Date = 6 is 210 (over 2 values)."}, 1},
		{"lounge.csv", "How many patients were in the lounge for more than 4 hours?", []string{"1 of 2 rows have hours from ArrivedLounge to LeftLounge > 4."}, 1},
		{"letters.csv", "How many days on average from the clinic to the letter being sent?", []string{"The average of days from ClinicDt to SentDt is 7 (over 2 values)."}, 1},
		{"applications.csv", "Of the applications we've made a decision on, what percentage were approved?", []string{"2 of the 3 rows with decision in APPR, REFD (66.7%) have decision = APPR."}, 1},
		{"assists.csv", "What was the median wait in minutes for blind passengers?", []string{"The median of minutes from PAX_READY_TIME to AGENT_ATTEND_TIME where SSR_CODE = BLND is 25 (over 2 values)."}, 1},
		{"scorecards.csv", "Which month produced the most runs?", []string{"2024-06 (June) had the highest Runs: 50"}, 1},
		{"markdowns.csv", "How much revenue did the units sold bring in, at the reduced price?", []string{"The total of revenue is 50 (over 2 values).", "revenue = unitsSold × origPriceGbp × (1 − markdownPct / 100)"}, 1},
		{"bookings.csv", "What's the median number of days between the enquiry and the event?", []string{"The median of days from enquiryDate to eventDate is 20 (over 3 values)."}, 1},
		{"batches.csv", "How many batches were in February?", []string{"2 of 6 rows have month of DYE_DT = 2"}, 1},
		// An empty cell is no operator to rank.
		{"batches.csv", "Which operator ran the most batches?", []string{"FR is the most common OPERATOR: 2 rows across 2 OPERATORs"}, 1},
		{"weighins.csv", "How many weigh-ins took place in April?", []string{"3 of 4 rows have month of wgh_date = 4"}, 1},
		{"patrols.csv", "What percentage of checkpoints were scanned?", []string{"The total of checkpoints_scanned is 85.7% of the total of checkpoints_total: 30 of 35 (over 4 rows with both)."}, 1},
		{"patrols.csv", "Overall, what did we pay per cubic metre?", []string{"The total of cost_gbp over the total of vol_m3 is 50: 500 / 10 (over 3 rows with both)."}, 1},
		{"patrols.csv", "Which guard spent the most hours on patrol?", []string{"Ann had the highest dur_min in hours: 1.5 in total"}, 1},
		{"berthings.csv", "On average, how many hours did a yacht spend moored, from arrival to departure?", []string{"The average of hours from arrivedAt to departedAt is 14 (over 3 values).", "hours from arrivedAt to departedAt = departedAt - arrivedAt, in hours"}, 1},
		{"berthings.csv", "How many different yachts are there?", []string{"There are 2 distinct values of yacht", "; 1 row leaves it empty)"}, 1},
		// Of some rows, the distinct values and how many rows they are in.
		{"berthings.csv", "How many different yachts were at pontoon A?", []string{"There are 1 distinct values of yacht where pontoon = A, in 2 rows (rows of each"}, 1},
		{"berthings.csv", "What is the total of billed litres minus fuel litres?", []string{"The total of billedLitres − fuelLitres is 7 (over 3 values).", "billedLitres − fuelLitres, per row"}, 1},
		{"berthings.csv", "What was the highest db level, and on which pontoon?", []string{"The highest db_level is 75.5, in the row with", "pontoon B"}, 1},
		{"sales.csv", "Which region had the highest revenue?", []string{"West had the highest revenue: 48,630 in total, of 161,765 across 4 regions", "North 43,175"}, 1},
		{"sales.csv", "Which region had the highest revenue, and how did monthly revenue trend?",
			[]string{"West had the highest revenue", "Total revenue per month went from 15,140 in 2024-01 to 21,865 in 2024-10", "an upward trend"}, 2},
		{"sales.csv", "Which region sells most?", []string{"West had the highest revenue: 48,630", "The question names no numeric column; I took revenue."}, 1},
		{"sales.csv", "How did revenue trend by region?", []string{"Total revenue per month for region West went from 5,640 in 2024-01 to 8,120 in 2024-10 (+44.0%): an upward trend over 10 months"}, 1},
		{"sales.csv", "Did Gadget or Gizmo sell more units?", []string{"Gadget had the highest units: "}, 1},
		{"sales.csv", "What share of revenue comes from the West?", []string{"Rows with region = West account for 30.1% of the total revenue: 48,630 of 161,765."}, 1},
		{"sales.csv", "Is there a correlation between units and revenue?", []string{"The correlation between units and revenue is r = 0."}, 1},
		{"sales.csv", "What are the top 2 products by total units?", []string{"The top 2 products by units:"}, 1},
		{"sales.csv", "How many rows are in the West region?", []string{"10 of 40 rows have region = West"}, 1},
		{"people.tsv", "What is the average salary by department?", []string{"Average salary by department: ", "IT 75,666.67"}, 1},
		{"people.tsv", "Who has the lowest age?", []string{"The lowest age is 29, in the row with name Cid, department IT"}, 1},
		{"products.json", "What is the median price?", []string{"The median of price is 35 (over 5 values)"}, 1},
		{"products.json", "Which category has the most stock?", []string{"office had the highest stock: 420 in total"}, 1},
		{"temps.csv", "How did temp_c trend over time?", []string{"Average temp_c per date went from -3.5 in 2024-01-01 to 4 in 2024-01-06", "an upward trend"}, 1},
		{"sales.csv", "Tell me a joke", []string{"I could not map the question", "sales.csv has 40 rows and 5 columns"}, 1},
		{"orders.xlsx", "Which category has the most orders?", []string{"Books is the most common category: 3 rows across 2 categories"}, 1},
		{"orders.xlsx", "What is the total quantity per category?", []string{"Total quantity by category: Toys 12, Books 6."}, 1},
		{"prices.csv", "What is the total price?", []string{"The total of price is 3,000.5 (over 3 values)."}, 1},
		{"broken.xlsx", "What is the total?", []string{"I could not read the datasets", "broken.xlsx"}, 0},
		// A long value is named whole.
		{"tickets.csv", "Which contravention do we write the most tickets for?", []string{"Parked in a restricted street during prescribed hours is the most common contravention: 2 rows"}, 1},
		{"till.csv", "What was the total amount in December?", []string{"The total of amount where month of sold = 12 is 30 (over 2 values)."}, 1},
	}
	_, _, client := setup(t, scriptedmodel.Config{})
	k := startKernel(t)
	for name, body := range analystFiles {
		if err := os.WriteFile(filepath.Join(k.home, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// An Excel file, written by pandas (which needs python3-openpyxl).
	if _, err := k.run(`import pandas as pd; pd.DataFrame({"order": [1, 2, 3, 4, 5], "category": ["Books", "Toys", "Books", "Books", "Toys"], ` +
		`"quantity": [1, 5, 2, 3, 7]}).to_excel("/home/user/orders.xlsx", index=False)`); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(k.home, "orders.xlsx")); err != nil {
		t.Fatalf("write orders.xlsx (is python3-openpyxl installed?): %v", err)
	}
	t.Run("datasets not listed", func(t *testing.T) {
		// The analyst inspects every table in /home/user and picks the one
		// whose columns the question names.
		got := askAnalyst(t, client, k, "Which region had the highest revenue?")
		for _, want := range []string{"West had the highest revenue: 48,630", "I used sales.csv, the dataset whose columns the question names most"} {
			if !strings.Contains(got, want) {
				t.Errorf("got answer %q, want it to contain %q", got, want)
			}
		}
	})
	t.Run("no dataset", func(t *testing.T) {
		empty := startKernel(t)
		if err := os.Remove(filepath.Join(empty.home, "sales.csv")); err != nil {
			t.Fatal(err)
		}
		if got, want := askAnalyst(t, client, empty, "What is the average?"), "No dataset was given"; !strings.Contains(got, want) {
			t.Errorf("got answer %q, want it to contain %q", got, want)
		}
	})
	for _, tc := range tests {
		t.Run(tc.file+"/"+tc.question, func(t *testing.T) {
			before := k.charts
			answer := askAnalyst(t, client, k, tc.question, tc.file)
			for _, w := range tc.want {
				if !strings.Contains(answer, w) {
					t.Errorf("got answer %q, want it to contain %q", answer, w)
				}
			}
			if !strings.Contains(answer, "not a language model") {
				t.Errorf("got answer %q, want it to say it is not a language model", answer)
			}
			if got := k.charts - before; got != tc.wantCharts {
				t.Errorf("got %d charts, want %d", got, tc.wantCharts)
			}
		})
	}
}

// askAnalyst runs the agent loop against the offline analyst with the
// first message the worker sends, and returns the answer.
func askAnalyst(t *testing.T, client openai.Client, k *kernel, question string, files ...string) string {
	t.Helper()
	msg := question
	if len(files) > 0 {
		msg += "\n\nDatasets in the sandbox:\n"
		for _, f := range files {
			fi, err := os.Stat(filepath.Join(k.home, f))
			if err != nil {
				t.Fatal(err)
			}
			msg += fmt.Sprintf("- /home/user/%s (%d bytes)\n", f, fi.Size())
		}
	}
	input := responses.ResponseInputParam{userMessage(msg)}
	run := k.tool(t)
	var printed []claims.Source
	for step := 1; step <= 5; step++ {
		resp, err := client.Responses.New(t.Context(), params(scriptedmodel.AnalystModel, input))
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		calls := functionCalls(resp)
		if len(calls) == 0 {
			// The analyst passes the worker's answer check: every figure
			// it writes was printed by its code.
			answer := resp.OutputText()
			res := claims.Check(answer, question, printed)
			for _, c := range res.Claims {
				if !c.Supported {
					t.Errorf("figure %q of the answer was printed by no cell (label %q); answer: %s", c.Text, c.Label, answer)
				}
			}
			return answer
		}
		for _, c := range calls {
			if want := fmt.Sprintf("call_%d_1", step); c.CallID != want {
				t.Errorf("step %d: got call id %s, want %s", step, c.CallID, want)
			}
			input = append(input, responses.ResponseInputItemParamOfFunctionCall(c.Arguments, c.CallID, c.Name))
		}
		for _, c := range calls {
			out := run(c)
			printed = append(printed, claims.Source{Step: step, Cell: len(printed), Text: out})
			if testing.Verbose() {
				t.Logf("step %d output:\n%s", step, out)
			}
			input = append(input, callOutput(c.CallID, out))
		}
	}
	t.Fatal("the analyst did not answer within 5 steps")
	return ""
}
