// Package claims checks the figures of an answer against the figures the
// analysis' cells printed. It is pure, deterministic and stdlib-only: the
// activity that reads the cell records from storage hands it text, and it
// hands back each figure of the answer with the cells that printed it.
//
// What is a claim. A number written in the answer: integers, decimals,
// thousands separators ("50,196.72"), currency ("$", "€", "£", "¥", "USD"),
// percentages ("47.8%", "47.8 percent", "3.1 pp"), scale suffixes ("50.2k",
// "$1.2M", "3 bn", "4 million") and negatives ("-12.5", "−12.5"). Not
// claims: years (1900–2100 written bare), dates and times ("2024-01-15",
// "3/4", "12:30", "Jan 5"), numbers glued to letters ("Q4", "5th", "H1",
// "py3"), references ("step 2", "cell 0", "chart 1", "#3"), bare integers
// from 0 to 12 (counts and ranks in prose: "3 regions", "top 5"), numbers in
// code spans and fenced code, and numbers in links.
//
// When is a claim supported. When some cell printed a figure that rounds to
// it as written: a claim with d decimals (after its scale) matches a printed
// value within half a unit of its last digit, so 50196.72 supports
// "50,196.72", "50,197", "50.2k" and "$50k", but not "50,190" or "50.3k".
// A percentage matches a printed fraction (0.478 → "47.8%") or a printed
// percentage (47.8 or "47.8%"). A round number after a hedge ("about",
// "around", "roughly", "nearly", "almost", "over", "under", "some", "~",
// "≈", "more than", "less than", "close to") counts only its significant
// digits: "about 50,000" matches 50,196. Unsigned claims match either
// sign ("fell by 12.5%" ↔ -0.125); a claim written with a minus sign needs
// a negative figure.
//
// Labels. A printed figure has labels: the words on its line and the
// column header above it (pandas tables). When the words around a claim
// name a label that tells figures apart ("North" when the cell printed
// North and South), the claim is supported only by a figure with that
// label: "South had 12,345" is unsupported when 12,345 is North's figure.
//
// Figures of the question (a threshold the user gave) are supported by
// the question.
package claims
