# Tables of the 34th corpus (seeded), a blind corpus written without reading the analyst. Domains: blood donor session attendances, community pharmacy dispensing, adult safeguarding concerns, homelessness temporary accommodation placements, community equipment service jobs.
import random, csv, math, datetime as dt
random.seed(340917)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def pick(weights):
    """weights: dict value -> weight"""
    r = random.uniform(0, sum(weights.values()))
    for k, v in weights.items():
        r -= v
        if r <= 0:
            return k
    return k


# ---------------------------------------------------------------------------
# Blood donor attendances (donor centre / mobile session system export).
# One row per donor attendance; deferred donors have no volume or bleed time.
venues = {"Leeds Donor Centre": "DC", "Sheffield Donor Centre": "DC", "Harrogate Methodist Hall": "MOB",
          "Wakefield Town Hall": "MOB", "Skipton Rugby Club": "MOB", "York Racecourse Suite": "MOB"}
groups = {"O+": 35, "A+": 30, "B+": 8, "AB+": 2, "O-": 13, "A-": 8, "B-": 2, "AB-": 1}
donors = []
for n in range(240):
    sex = random.choice("MF")
    donors.append((f"D{random.randint(1000000, 9999999)}", sex, random.randint(17, 72), pick(groups)))
session_days = sorted(random.sample(range(0, 90), 46))
rows = []
for i in range(330):
    d = dt.date(2025, 1, 2) + dt.timedelta(days=random.choice(session_days))
    venue = random.choice(list(venues))
    stype = venues[venue]
    donor_no, sex, age, grp = random.choice(donors)
    if stype == "DC":
        dtype = pick({"WB": 60, "PLT": 20, "PLS": 20})
    else:
        dtype = "WB"
    hb = int(round(random.gauss(150 if sex == "M" else 136, 11)))
    hb_ok = hb >= (135 if sex == "M" else 125)
    defer = ""
    if not hb_ok:
        defer = "Low Hb"
    elif random.random() < 0.07:
        defer = pick({"Travel": 4, "Medication": 3, "Recent tattoo": 1, "BP": 2, "Unwell": 2})
    vol = bleed = ""
    adverse = ""
    if not defer:
        if dtype == "WB":
            vol = random.randint(455, 490)
            bleed = round(random.uniform(5.5, 13.5), 1)
        elif dtype == "PLT":
            vol = random.randint(190, 300)
            bleed = round(random.uniform(62, 95), 1)
        else:
            vol = random.randint(680, 800)
            bleed = round(random.uniform(34, 52), 1)
        if random.random() < 0.05:
            adverse = pick({"Faint": 3, "Bruise": 4, "Delayed faint": 1, "Citrate reaction": 1})
    t = dt.datetime.combine(d, dt.time(9, 0)) + dt.timedelta(minutes=5 * random.randint(0, 96))
    rows.append([t, venue, stype, donor_no, sex, age, grp, dtype, hb, "Y" if hb_ok else "N", defer, vol, bleed,
                 "Y" if random.random() < 0.14 else "N", adverse])
rows.sort(key=lambda r: r[0])
out = []
for k, r in enumerate(rows):
    out.append([f"ATT{250000 + k * 3 + random.randint(0, 2)}", r[0].strftime("%d/%m/%Y"), r[0].strftime("%H:%M")] + r[1:])
w("Donor Attendances Export 2025-Q1.csv",
  ["Attendance ID", "Session Date", "Appt Time", "Venue", "Session Type", "Donor No.", "Sex", "Age", "Blood Group",
   "Donation Type", "Hb (g/L)", "Hb Pass", "Deferral Reason", "Volume (mL)", "Bleed Time (min)", "New Donor",
   "Adverse Event"], out)

# ---------------------------------------------------------------------------
# Community pharmacy dispensing log (PMR export), one row per item dispensed.
drugs = [  # name, BNF chapter, usual qty, pack size, pack cost £, CD schedule
    ("Atorvastatin 20mg tablets", "02", 28, 28, 0.93, ""),
    ("Amlodipine 5mg tablets", "02", 28, 28, 0.84, ""),
    ("Ramipril 5mg capsules", "02", 28, 28, 1.05, ""),
    ("Bisoprolol 2.5mg tablets", "02", 28, 28, 0.89, ""),
    ("Metformin 500mg tablets", "06", 56, 28, 0.97, ""),
    ("Levothyroxine 50mcg tablets", "06", 28, 28, 1.29, ""),
    ("Omeprazole 20mg capsules", "01", 28, 28, 1.02, ""),
    ("Lansoprazole 30mg capsules", "01", 28, 28, 1.18, ""),
    ("Sertraline 50mg tablets", "04", 28, 28, 1.35, ""),
    ("Citalopram 20mg tablets", "04", 28, 28, 0.98, ""),
    ("Amoxicillin 500mg capsules", "05", 21, 21, 1.61, ""),
    ("Salbutamol 100mcg inhaler", "03", 1, 1, 1.50, ""),
    ("Fostair 100/6 inhaler", "03", 1, 1, 29.32, ""),
    ("Apixaban 5mg tablets", "02", 56, 56, 53.20, ""),
    ("Co-codamol 30/500 tablets", "04", 100, 100, 3.05, ""),
    ("Morphine sulfate 10mg/5ml oral soln", "04", 100, 100, 1.89, "5"),
    ("Oxycodone 5mg capsules", "04", 56, 56, 11.43, "2"),
    ("Pregabalin 75mg capsules", "04", 56, 56, 1.96, "3"),
    ("Diazepam 5mg tablets", "04", 28, 28, 0.86, "4"),
    ("Methylphenidate 18mg MR tablets", "04", 30, 30, 31.19, "2"),
]
drug_w = [14, 11, 8, 7, 10, 9, 9, 5, 7, 6, 6, 8, 3, 4, 4, 2, 2, 4, 2, 2]
branches = {"HIGH ST": 5, "MEADOWS": 3, "STATION RD": 4}
rows = []
start = dt.datetime(2025, 4, 1)
while len(rows) < 385:
    day = start + dt.timedelta(days=random.randint(0, 90))
    if day.weekday() == 6:
        continue
    t = day + dt.timedelta(hours=random.choice([9, 9, 10, 10, 10, 11, 11, 12, 13, 14, 14, 15, 16, 16, 17]),
                           minutes=random.randint(0, 59), seconds=random.randint(0, 59))
    name, bnf, q, pack, cost, cd = random.choices(drugs, weights=drug_w)[0]
    qty = q * random.choice([1, 1, 1, 2, 2, 3]) if pack > 1 else random.choice([1, 1, 2])
    exempt_code = pick({"": 16, "A": 38, "B": 6, "D": 3, "E": 14, "F": 15, "H": 8})
    charge = "0.00" if exempt_code else "9.90"
    rows.append([t, pick(branches), pick({"GP": 80, "NMP": 12, "DEN": 3, "HOS": 5}), name, bnf, qty, pack,
                 f"{cost:.2f}", "Y" if exempt_code else "N", exempt_code, charge, cd,
                 "Y" if random.random() < 0.91 else "N", random.choice(["RK", "SP", "AH", "JT", "NB"])])
rows.sort(key=lambda r: r[0])
out = [[f"{7300412 + k}", r[0].strftime("%Y-%m-%d %H:%M:%S")] + r[1:] for k, r in enumerate(rows)]
w("DISPENSING_LOG_Q2_2025.csv",
  ["RX_ITEM_ID", "DISP_DATETIME", "BRANCH", "PRESCRIBER_TYPE", "DRUG_DESC", "BNF_CH", "QTY", "PACK_SIZE",
   "PACK_COST_GBP", "EXEMPT", "EXEMPT_CAT", "CHARGE_GBP", "CD_SCHED", "EPS", "CHECKED_BY"], out)

# ---------------------------------------------------------------------------
# Adult safeguarding concerns register (case management system), one row per concern.
cats = {"Neglect and acts of omission": 26, "Self-neglect": 14, "Financial or material": 17, "Physical": 15,
        "Psychological": 12, "Domestic abuse": 9, "Organisational": 4, "Sexual": 3}
refs = {"Police": 19, "Care provider": 24, "GP": 8, "Ambulance service": 11, "Hospital": 13, "Family/friend": 9,
        "Self": 3, "Housing provider": 6, "Anonymous": 2}
locs = {"Own home": 50, "Care home - residential": 16, "Care home - nursing": 11, "Hospital - acute": 6,
        "Community service": 6, "Supported living": 8, "Public place": 3}
teams = {"North Locality": 6, "South Locality": 4, "Central Locality": 5, "Hospital Team": 2}
workers = ["KHolt", "MAdeyemi", "LPrice", "SWhitfield", "RChaudhry", "JMorgan", "TNowak"]
rows = []
for i in range(268):
    d = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 183))
    cat = pick(cats)
    loc = pick(locs)
    if cat == "Organisational":
        loc = random.choice(["Care home - residential", "Care home - nursing", "Supported living"])
    age = int(min(101, max(18, random.gauss(68 if cat != "Domestic abuse" else 41, 18))))
    s42 = random.random() < (0.42 if cat not in ("Self-neglect",) else 0.25)
    pending = d > dt.date(2024, 12, 10) and random.random() < 0.55
    decision = "" if pending else (d + dt.timedelta(days=int(random.expovariate(1 / 6.5)))).strftime("%d/%m/%Y")
    msp = risk = concl = ""
    if s42 and not pending:
        msp = "Y" if random.random() < 0.83 else "N"
        if random.random() < 0.8:
            risk = pick({"Removed": 3, "Reduced": 6, "Remains": 2})
            concl = (d + dt.timedelta(days=random.randint(20, 110))).strftime("%d/%m/%Y")
    rows.append([d, pick(refs), cat, loc, age, random.choice(["Female", "Female", "Male"]),
                 pick(teams), decision, "Y" if (s42 and not pending) else ("" if pending else "N"), msp, risk, concl,
                 random.choice(workers)])
rows.sort(key=lambda r: r[0])
out = [[f"SG-{24000 + 17 * k + random.randint(0, 9)}", r[0].strftime("%d/%m/%Y")] + r[1:] for k, r in enumerate(rows)]
w("safeguardingConcerns_2024H2.csv",
  ["concernRef", "dateReceived", "referrerType", "abuseType", "locationOfRisk", "adultAge", "gender", "teamName",
   "decisionDate", "s42Enquiry", "mspAsked", "riskOutcome", "enquiryClosedDate", "allocatedWorker"], out)

# ---------------------------------------------------------------------------
# Temporary accommodation placements (housing options system), one row per placement.
accom = {"B&B": (62, 16), "Hostel": (44, 10), "Nightly Paid": (78, 20), "PSL": (38, 8), "Council TA": (24, 5)}
acc_w = {"B&B": 22, "Hostel": 18, "Nightly Paid": 27, "PSL": 20, "Council TA": 13}
reasons = {"End of AST": 30, "Family/friends eviction": 26, "Domestic abuse": 14, "Rent arrears": 8,
           "Hospital discharge": 5, "Prison release": 6, "Relationship breakdown": 11}
hh = {"Single": 40, "Couple": 8, "Lone parent": 34, "Two parent": 18}
officers = ["A. Kowalski", "B. Singh", "C. O'Neill", "D. Mensah", "E. Hartley"]
rows = []
cut = dt.date(2025, 3, 31)
for i in range(297):
    s = dt.date(2024, 4, 1) + dt.timedelta(days=random.randint(0, 364))
    typ = pick(acc_w)
    h = pick(hh)
    adults = 2 if h in ("Couple", "Two parent") else 1
    kids = 0 if h in ("Single", "Couple") else random.choice([1, 1, 2, 2, 3, 4])
    beds = 1 if kids == 0 else min(4, 1 + math.ceil(kids / 2))
    mu, sd = accom[typ]
    rate = round(max(15, random.gauss(mu + 9 * (beds - 1), sd)), 2)
    nights = int(random.expovariate(1 / (48 if typ in ("B&B", "Hostel") else 110))) + 1
    e = s + dt.timedelta(days=nights)
    if e > cut:
        end, ended = "", ""
    else:
        end = e.isoformat()
        ended = pick({"Settled accom - Part 6 offer": 30, "Settled accom - PRS offer": 22, "Moved to other TA": 18,
                      "Lost contact": 10, "Intentionally homeless decision": 6, "Refused suitable offer": 5,
                      "Returned to family": 9})
    duty = pick({"s188 Interim": 55, "s193 Main": 45})
    rows.append([s, end, typ, h, adults, kids, beds, f"{rate:.2f}", "Y" if random.random() < (0.32 if typ in ("Nightly Paid", "B&B") else 0.08) else "N",
                 pick(reasons), duty, ended, random.choice(officers)])
rows.sort(key=lambda r: r[0])
out = [[f"HPR/{r[0].strftime('%y')}/{1000 + 3 * k + random.randint(0, 2):05d}", r[0].isoformat()] + r[1:] for k, r in enumerate(rows)]
w("TA_Placements_2024-25.csv",
  ["Case Ref", "Start Date", "End Date", "Accom Type", "Hhold Type", "No. Adults", "No. Children", "Beds Req",
   "Nightly Charge (£)", "OOB", "Main Reason Homeless", "Duty", "Reason Ended", "Placing Officer"], out)

# ---------------------------------------------------------------------------
# Community equipment service jobs (stores/logistics system), one row per job line.
items = [  # code, desc, unit cost £, weight
    ("BED-PR01", "Profiling bed", 612.00, 7),
    ("MAT-AL02", "Alternating pressure mattress", 455.50, 6),
    ("MAT-FS01", "Foam pressure mattress", 148.00, 7),
    ("COM-01", "Commode", 42.75, 10),
    ("PCH-01", "Perching stool", 38.40, 9),
    ("TSR-04", "Raised toilet seat", 14.20, 14),
    ("TTF-01", "Toilet frame", 19.95, 11),
    ("BTH-LF1", "Bath lift", 329.00, 4),
    ("HST-MB1", "Mobile hoist", 1045.00, 3),
    ("SLG-M", "Hoist sling (medium)", 88.60, 5),
    ("WFR-01", "Wheeled walking frame", 31.10, 10),
    ("CHR-RR1", "Riser recliner chair", 765.00, 3),
    ("RAL-BD", "Bed rail", 57.30, 5),
]
pr = {"SD": (0, 6), "NDD": (1, 18), "3DAY": (3, 32), "7DAY": (7, 44)}
techs = ["Gary Fenwick", "Priya Lal", "Tom Brennan", "Shauna Reid", "Kwame Boateng", "Dale Hirst"]
locs5 = {"North": 6.5, "South": 9.0, "East": 12.5, "West": 15.5, "City": 4.0}
rows = []
for i in range(352):
    od = dt.datetime(2025, 1, 2, 8, 0) + dt.timedelta(days=random.randint(0, 88), minutes=random.randint(0, 570))
    jt = pick({"DEL": 62, "COL": 24, "REP": 8, "INST": 6})
    p = pick({k: v[1] for k, v in pr.items()})
    code, desc, cost, _ = random.choices(items, weights=[it[3] for it in items])[0]
    qty = 1 if cost > 100 else random.choice([1, 1, 1, 2, 2, 3])
    lead = pr[p][0]
    req = od.date() + dt.timedelta(days=lead)
    if random.random() < 0.04:
        comp, ontime = "", ""
        status = "CANC"
    else:
        slip = 0 if random.random() < 0.86 else random.randint(1, 5)
        comp = req - dt.timedelta(days=random.randint(0, lead) if lead and random.random() < 0.3 else 0) + dt.timedelta(days=slip)
        ontime = "Y" if comp <= req else "N"
        comp = comp.strftime("%d/%m/%Y")
        status = "COMP"
    loc = random.choice(list(locs5))
    miles = round(max(0.8, random.gauss(locs5[loc], locs5[loc] * 0.35)), 1) if status == "COMP" else ""
    recyc = ("Y" if random.random() < 0.58 else "N") if jt in ("DEL", "INST") else ""
    rows.append([od, req.strftime("%d/%m/%Y"), comp, jt, p, code, desc, qty, f"{cost:.2f}",
                 pick({"OT": 45, "PT": 15, "DN": 22, "HDT": 18}), loc, status, ontime, recyc, random.choice(techs) if status == "COMP" else "", miles])
rows.sort(key=lambda r: r[0])
out = [[f"CES{250100 + k}", r[0].strftime("%d/%m/%Y %H:%M")] + r[1:] for k, r in enumerate(rows)]
w("ces_equipment_jobs_2025_q1.csv",
  ["job_no", "order_date", "required_by", "completed_date", "job_type", "priority", "item_code", "item_desc", "qty",
   "unit_cost_gbp", "prescriber_role", "locality", "status", "on_time_yn", "recycled_yn", "technician", "travel_mi"], out)
