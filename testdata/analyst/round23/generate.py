# Tables of the twenty-third corpus (seeded), written blind: before any run
# of the analyst on them. Domains that no earlier corpus has: magistrates'
# court hearings, wedding venue bookings, farm soil analysis, golf tee
# sheets, textile dye-house batches.
#
# Run with /usr/bin/python3 (pandas, numpy); it writes its CSVs beside itself.
import os
import datetime as dt
import numpy as np
import pandas as pd

rng = np.random.RandomState(230523)
HERE = os.path.dirname(os.path.abspath(__file__))


def out(name, df):
    df.to_csv(os.path.join(HERE, name), index=False)


def pick(options, p=None):
    return options[rng.choice(len(options), p=p)]


# --- Magistrates' court hearings: one row per hearing (snake_case, abbreviations).
courts = ["BRD", "LDS", "SHF", "WKF"]
offences = ["Motoring", "Theft", "Public Order", "Criminal Damage", "Assault", "TV Licence", "Drugs"]
weekdays = [d for d in pd.date_range("2024-01-02", "2024-12-20") if d.dayofweek < 5]
rows = []
for i in range(430):
    d = weekdays[rng.randint(len(weekdays))]
    court = pick(courts, [0.3, 0.32, 0.23, 0.15])
    off = pick(offences, [0.27, 0.18, 0.12, 0.1, 0.12, 0.11, 0.1])
    plea = pick(["Guilty", "Not Guilty", "No Plea"], [0.58, 0.24, 0.18])
    if plea == "Guilty":
        outcome = pick(["Fine", "Community Order", "Discharge", "Custody", "Committed to Crown"], [0.52, 0.2, 0.14, 0.07, 0.07])
        mins = rng.randint(8, 36)
    elif plea == "Not Guilty":
        outcome = pick(["Dismissed", "Fine", "Community Order", "Adjourned", "Committed to Crown"], [0.3, 0.22, 0.1, 0.28, 0.1])
        mins = rng.randint(45, 241)
    else:
        outcome = pick(["Adjourned", "Committed to Crown", "Fine"], [0.7, 0.2, 0.1])
        mins = rng.randint(4, 21)
    if off == "TV Licence" and outcome in ("Custody", "Committed to Crown", "Community Order"):
        outcome = "Fine"
    fine = ""
    if outcome == "Fine":
        base = {"Motoring": 320, "Theft": 240, "Public Order": 280, "Criminal Damage": 260, "Assault": 420, "TV Licence": 180, "Drugs": 300}[off]
        fine = int(round(base * rng.uniform(0.4, 2.2) / 5) * 5)
    if outcome in ("Dismissed", "Adjourned"):
        costs = 0
    else:
        costs = int(pick([85, 90, 105, 150, 300, 620], [0.25, 0.2, 0.2, 0.15, 0.12, 0.08]))
    interp = "Y" if rng.rand() < 0.08 else "N"
    adj = int(min(5, rng.poisson(0.9 if plea != "Not Guilty" else 1.8)))
    rows.append([d.strftime("%Y-%m-%d"), court, off, plea, outcome, fine, costs, mins, interp, adj])
rows.sort(key=lambda r: (r[0], r[1]))
court_df = pd.DataFrame(rows, columns=["hrg_dt", "court_cd", "offence_cat", "plea", "outcome", "fine_gbp", "costs_gbp", "hrg_min", "interp_req", "adj_count"])
court_df.insert(0, "case_ref", [f"MC24/{n:05d}" for n in rng.choice(np.arange(1000, 99999), len(court_df), replace=False)])
out("Magistrates Hearings Export 2024.csv", court_df)


# --- Wedding venue bookings: one row per booking (camelCase).
spaces = {"Orangery": 2500, "Great Barn": 4200, "Walled Garden": 3600, "Library Suite": 1500}
sources = ["Instagram", "Wedding Fair", "Referral", "Website", "Hitched"]
event_days = pd.date_range("2025-04-01", "2026-09-30")
sat = [d for d in event_days if d.dayofweek == 5]
fri = [d for d in event_days if d.dayofweek == 4]
other = [d for d in event_days if d.dayofweek not in (4, 5)]
export = pd.Timestamp("2025-03-12")
rows = []
for i in range(265):
    r = rng.rand()
    pool = sat if r < 0.62 else (fri if r < 0.84 else other)
    ev = pool[rng.randint(len(pool))]
    enq = ev - pd.Timedelta(days=int(rng.randint(120, 560)))
    if enq >= export:
        enq = export - pd.Timedelta(days=int(rng.randint(1, 40)))
    tier = pick(["Classic", "Signature", "Elopement"], [0.5, 0.36, 0.14])
    space = pick(list(spaces), [0.27, 0.33, 0.24, 0.16])
    if tier == "Elopement":
        guests, pph, evening = int(rng.randint(2, 21)), int(rng.randint(95, 121)), ""
        space = "Library Suite" if rng.rand() < 0.6 else "Orangery"
    elif tier == "Classic":
        guests, pph = int(rng.randint(50, 121)), int(rng.randint(68, 86))
        evening = int(rng.randint(20, 81)) if rng.rand() < 0.75 else ""
    else:
        guests, pph = int(rng.randint(80, 161)), int(rng.randint(95, 131))
        evening = int(rng.randint(20, 101)) if rng.rand() < 0.85 else ""
    quote = guests * pph + spaces[space] + (evening * 18 if evening != "" else 0)
    status = pick(["Confirmed", "Provisional", "Cancelled"], [0.65, 0.22, 0.13])
    if status == "Confirmed":
        dep = True
    elif status == "Provisional":
        dep = rng.rand() < 0.4
    else:
        dep = rng.rand() < 0.7
    rows.append([enq, ev, space, tier, guests, evening, pph, quote, "TRUE" if dep else "FALSE", pick(sources, [0.28, 0.17, 0.2, 0.22, 0.13]), status])
rows.sort(key=lambda r: r[0])
wed = pd.DataFrame(rows, columns=["enquiryDate", "eventDate", "venueSpace", "packageTier", "guestCount", "eveningGuests", "pricePerHeadGbp", "totalQuoteGbp", "depositPaid", "leadSource", "status"])
wed.insert(0, "bookingRef", [f"WB-{1001 + n}" for n in range(len(wed))])
for c in ("enquiryDate", "eventDate"):
    wed[c] = wed[c].dt.strftime("%d/%m/%Y")
out("wedding_bookings_export_20250312.csv", wed)


# --- Soil analysis results: one row per sample (Title Case With Spaces, units).
farms = {
    "Hollins Farm": (6.6, ["Long Acre", "Top Ley", "Mill Piece", "Ten Acre", "Far Bottoms", "Orchard Close"]),
    "Brook End": (6.4, ["Brook Meadow", "Church Field", "Big Ground", "Kiln Close", "Pond Piece", "Stackyard", "Hanging Bank"]),
    "Top Lane": (6.7, ["Windmill Hill", "Lane End", "Twelve Acre", "Sheepwalk", "Quarry Field"]),
    "Marsh Gate": (5.9, ["Marsh Lot", "Reed Bed", "Sluice Field", "Lower Carr", "Upper Carr", "Dyke Side"]),
    "Greystones": (6.2, ["Cairn Field", "High Moor", "Rough Pasture", "Well Field", "Crag End", "Intake"]),
}
crops = ["Winter Wheat", "Spring Barley", "Oilseed Rape", "Grassland", "Potatoes"]
field_crop = {}
for farm, (_, fields) in farms.items():
    for f in fields:
        field_crop[(farm, f)] = pick(crops, [0.28, 0.2, 0.14, 0.28, 0.1])
keys = list(field_crop)
recv_days = pd.date_range("2025-02-10", "2025-05-30")
rows = []
for i in range(345):
    farm, field = keys[rng.randint(len(keys))]
    crop = field_crop[(farm, field)]
    ph = round(float(np.clip(rng.normal(farms[farm][0], 0.45), 4.8, 8.1)), 1)
    p_idx = int(pick([0, 1, 2, 3, 4], [0.08, 0.22, 0.38, 0.24, 0.08]))
    k = int(np.clip(rng.normal(175 if crop != "Potatoes" else 230, 60), 45, 420))
    mg = int(np.clip(rng.normal(95, 35), 20, 240)) if rng.rand() > 0.12 else ""
    om = round(float(np.clip(rng.normal(6.2 if crop == "Grassland" else 3.6, 1.1), 1.2, 11.5)), 1)
    lime = "Yes" if ph < (6.0 if crop == "Grassland" else 6.5) else "No"
    d = recv_days[rng.randint(len(recv_days))]
    rows.append([d, farm, field, crop, ph, p_idx, k, mg, om, lime, int(rng.randint(3, 13))])
rows.sort(key=lambda r: r[0])
soil = pd.DataFrame(rows, columns=["Date Received", "Farm", "Field Name", "Intended Crop", "pH", "P Index", "K (mg/l)", "Mg (mg/l)", "Organic Matter %", "Lime Required", "Turnaround Days"])
soil["Date Received"] = soil["Date Received"].dt.strftime("%d-%b-%Y")
soil.insert(0, "Sample No", [f"S25-{n:04d}" for n in range(1, len(soil) + 1)])
out("Soil Analysis Results - Spring 2025.csv", soil)


# --- Golf tee sheet: one row per player's round (PascalCase).
days = pd.date_range("2024-06-01", "2024-08-31")
slots = [dt.time(h, m) for h in range(6, 17) for m in (0, 10, 20, 30, 40, 50) if (h, m) >= (6, 30)]
rows = []
for i in range(490):
    d = days[rng.randint(len(days))]
    t = slots[rng.randint(len(slots))]
    course = pick(["North Course", "South Course", "Executive 9"], [0.42, 0.38, 0.2])
    ptype = pick(["Member", "Visitor", "Society"], [0.55, 0.3, 0.15])
    hcp = int(np.clip(rng.normal(16, 7), 0, 36))
    shown = hcp
    if (ptype == "Visitor" and rng.rand() < 0.4) or (ptype == "Society" and rng.rand() < 0.2):
        shown = ""
    holes = 9 if course == "Executive 9" or rng.rand() < 0.1 else 18
    par = 72 if holes == 18 else (29 if course == "Executive 9" else 36)
    score = int(round(par + hcp * holes / 18 + rng.normal(0, 3 if holes == 18 else 2)))
    cart = int(rng.rand() < (0.35 if ptype == "Member" else 0.6))
    weekend = d.dayofweek >= 5
    if ptype == "Member":
        fee = 0
    elif ptype == "Society":
        fee = 55 if holes == 18 else 30
    else:
        fee = {"North Course": 85, "South Course": 65, "Executive 9": 30}[course] + (15 if weekend else 0)
        if holes == 9 and course != "Executive 9":
            fee = fee // 2
    mins = int(rng.randint(205, 301)) if holes == 18 else int(rng.randint(95, 151))
    if course == "South Course" and holes == 18:
        mins += int(rng.randint(0, 21))
    rows.append([dt.datetime.combine(d.date(), t), course, ptype, shown, holes, score, cart, fee, mins])
rows.sort(key=lambda r: r[0])
golf = pd.DataFrame(rows, columns=["TeeTime", "Course", "PlayerType", "Handicap", "HolesPlayed", "GrossScore", "CartHire", "GreenFeeUSD", "RoundMins"])
golf["TeeTime"] = golf["TeeTime"].dt.strftime("%Y-%m-%d %H:%M")
golf.insert(0, "RoundID", np.arange(50001, 50001 + len(golf)))
out("TeeSheet_Rounds_Jun-Aug2024.csv", golf)


# --- Dye-house batches: one row per batch (UPPER_CASE, yyyymmdd dates).
machines = {"JET01": 250, "JET02": 250, "JET03": 450, "JET04": 450, "JET05": 600, "JET06": 150}
fabrics = {"Cotton Jersey": (60, 80), "Poly Viscose": (125, 130), "Linen": (60, 85), "Wool Blend": (95, 98)}
ops = ["AK", "BT", "CM", "DP", "EH", "FR"]
workdays = [d for d in pd.date_range("2025-01-06", "2025-03-28") if d.dayofweek < 5]
rows = []
for i in range(560):
    d = workdays[rng.randint(len(workdays))]
    m = pick(list(machines), [0.18, 0.17, 0.2, 0.18, 0.15, 0.12])
    fab = pick(list(fabrics), [0.42, 0.28, 0.12, 0.18])
    shade = pick(["Light", "Medium", "Dark", "Black"], [0.3, 0.32, 0.24, 0.14])
    wt = round(float(machines[m] * rng.uniform(0.55, 1.0)), 1)
    lo, hi = fabrics[fab]
    temp = int(rng.randint(lo, hi + 1))
    cyc = int(150 + {"Light": 0, "Medium": 25, "Dark": 55, "Black": 80}[shade] + rng.randint(-15, 40) + (30 if fab == "Wool Blend" else 0))
    water = int(round(wt * rng.uniform(6, 10)))
    p_fail = 0.12 + {"Light": 0.0, "Medium": 0.03, "Dark": 0.08, "Black": 0.12}[shade] + (0.1 if fab == "Linen" else 0) + (0.06 if m == "JET05" else 0)
    first = rng.rand() >= p_fail
    redye = 0 if first else int(pick([1, 2], [0.75, 0.25]))
    op = ops[rng.randint(len(ops))] if rng.rand() > 0.05 else ""
    rows.append([int(d.strftime("%Y%m%d")), m, fab, shade, wt, temp, cyc, water, "Y" if first else "N", redye, op])
rows.sort(key=lambda r: (r[0], r[1]))
dye = pd.DataFrame(rows, columns=["DYE_DT", "MACHINE_CD", "FABRIC", "SHADE_GRP", "WEIGHT_KG", "TEMP_C", "CYCLE_MIN", "WATER_L", "FIRST_PASS_FLG", "REDYE_CNT", "OPERATOR"])
dye.insert(0, "BATCH_NO", [f"DB25{n:04d}" for n in range(1, len(dye) + 1)])
out("DYEHOUSE_BATCHES_Q1_2025.csv", dye)
