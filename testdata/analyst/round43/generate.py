# Tables of the 43rd corpus (seeded), a blind corpus written without reading the analyst. Domains: care home falls incident log (healthcare and social care), mystery shopper store visits (retail), new-build snagging list (construction), gym membership cancellations (sport and leisure), motor insurance quotes (finance and insurance).
import random, csv, datetime as dt, math
random.seed(430117)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# Care home falls incident log: one row per fall, H2 2024, four homes.
homes = {"Beech House": ["Residential", "Dementia"], "Larchfield": ["Nursing", "Dementia"],
         "Millbrook Court": ["Residential", "Nursing"], "St Anne's Lodge": ["Residential", "Nursing", "Dementia"]}
home_w = {"Beech House": 0.8, "Larchfield": 1.25, "Millbrook Court": 0.95, "St Anne's Lodge": 1.1}
residents = []
for n in range(1, 121):
    h = random.choices(list(homes), weights=[home_w[k] for k in homes])[0]
    residents.append((f"RES{n + 4100:05d}", h, random.choice(homes[h]), random.randint(68, 101), random.uniform(0.3, 3.0)))
locs = ["Bedroom", "Bedroom", "Bedroom", "Bathroom", "En-suite", "Lounge", "Corridor", "Dining Room", "Garden"]
rows = []
start = dt.datetime(2024, 7, 1)
for i in range(236):
    r = random.choices(residents, weights=[x[4] for x in residents])[0]
    rid, home, unit, age, _ = r
    day = random.randint(0, 183)
    # more falls at night and early morning
    hour = random.choices(range(24), weights=[5, 5, 6, 6, 5, 6, 7, 6, 4, 3, 3, 3, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6])[0]
    t = start + dt.timedelta(days=day, hours=hour, minutes=random.randint(0, 59))
    loc = random.choice(locs)
    if unit == "Dementia":
        loc = random.choice(["Bedroom", "Corridor", "Corridor", "Lounge", "Bedroom", "Dining Room", "Bathroom"])
    witnessed = "Y" if random.random() < (0.42 if loc in ("Lounge", "Dining Room") else 0.18) else "N"
    injury = random.choices(["None", "Minor", "Moderate", "Major"], weights=[46, 36, 13, 5])[0]
    if loc in ("Bathroom", "En-suite") and random.random() < 0.25:
        injury = random.choice(["Moderate", "Major"])
    hosp = "Y" if injury == "Major" or (injury == "Moderate" and random.random() < 0.45) else "N"
    floor = random.randint(2, 15) if witnessed == "Y" else int(random.lognormvariate(2.9, 0.6))
    frat = min(20, max(5, int(random.gauss(12 + (age - 80) / 6, 3))))
    mat = "" if unit == "Residential" and random.random() < 0.6 else random.choice(["Y", "Y", "N"])
    review = ""
    if random.random() < 0.82:
        review = (t + dt.timedelta(days=random.choice([0, 1, 1, 2, 2, 3, 4, 5, 7, 9, 12]))).strftime("%d/%m/%Y")
    rows.append([None, home, unit, t.strftime("%d/%m/%Y %H:%M"), rid, age, loc, witnessed, injury, hosp, floor,
                 random.randint(3, 9), mat, random.choice(["Y", "Y", "Y", "N"]), random.choice(["HCA", "HCA", "Senior Carer", "RGN"]), frat, review, t])
rows.sort(key=lambda x: x[-1])
for k, r in enumerate(rows):
    r[0] = f"FI-24-{k + 311:04d}"
    r.pop()
w("FALLS_INCIDENT_LOG_H2_2024.csv",
  ["INCIDENT_NO", "Home", "Unit", "Date/Time of Fall", "Resident ID", "Age", "Location", "Witnessed (Y/N)", "Injury Level",
   "Hosp Transfer", "Time On Floor (mins)", "Staff On Shift", "Sensor Mat", "Body Map Done", "Reported By", "FRAT Score", "Post Falls Review"],
  rows)


# Mystery shopper visits: one row per visit, Q1 2025.
regions = {"London": 6, "South East": 4, "Midlands": 4, "North West": 3, "Scotland": 3}
towns = {"London": ["Oxford St", "Camden", "Croydon", "Stratford", "Kingston", "Wood Green"],
         "South East": ["Guildford", "Brighton", "Reading", "Maidstone"],
         "Midlands": ["Leicester", "Nottingham", "Solihull", "Derby"],
         "North West": ["Chester", "Preston", "Stockport"],
         "Scotland": ["Glasgow Buchanan", "Edinburgh Princes", "Aberdeen"]}
reg_bias = {"London": -3.0, "South East": 2.5, "Midlands": 0.0, "North West": 4.0, "Scotland": 1.0}
stores = []
code = 101
for reg, ts in towns.items():
    for tn in ts:
        stores.append((f"ST{code}", tn, reg, random.gauss(0, 5)))
        code += 7
shoppers = ["MS-0419", "MS-0522", "MS-0607", "MS-0688", "MS-0731", "MS-0804", "MS-0915"]
rows = []
for i in range(184):
    s = random.choice(stores)
    d = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 87))
    tm = dt.time(random.randint(9, 19), random.choice([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]))
    greeted = "Y" if random.random() < 0.71 else "N"
    queue = int(random.lognormvariate(4.6, 0.55))
    know = min(5, max(1, round(random.gauss(3.6 + s[3] / 8, 0.9))))
    clean = min(5, max(1, round(random.gauss(3.8 + reg_bias[s[2]] / 6, 0.8))))
    upsell = "Y" if random.random() < (0.35 if s[2] == "London" else 0.52) else "N"
    score = 52 + 4 * know + 3 * clean + (8 if greeted == "Y" else 0) + (4 if upsell == "Y" else 0) - queue / 40 + reg_bias[s[2]] + s[3] + random.gauss(0, 3)
    score = round(min(100, max(35, score)), 1)
    spend = round(random.choice([4.99, 7.5, 9.99, 12.0, 14.99, 19.99, 24.5]) * random.choice([1, 1, 1, 2]), 2)
    notes = random.choice(["", "", "", "Fitting room closed", "Till queue long", "Staff on phone", "Very helpful", "Promo signage missing"])
    rows.append([f"V{25000 + i * 3 + random.randint(0, 2)}", s[0], s[1], s[2], d.isoformat(), tm.strftime("%H:%M"),
                 random.choice(shoppers), greeted, queue, know, clean, upsell, spend, score, notes])
rows.sort(key=lambda x: (x[4], x[5]))
w("mysteryShopperVisits_2025Q1.csv",
  ["visitId", "storeCode", "storeName", "region", "visitDate", "visitTime", "shopperId", "greetedWithin2Min", "queueTimeSec",
   "staffKnowledge_1to5", "cleanliness_1to5", "upsellOffered", "testPurchaseAmt", "overallScorePct", "shopperNotes"],
  rows)


# New-build snagging list: one row per snag.
devs = {"Meadow View": 38, "Kingsbrook Park": 52, "The Maltings": 24}
trades = {"Decorating": (40, 1.5), "Joinery": (85, 2.0), "Plumbing": (120, 2.5), "Electrical": (95, 1.8),
          "Plastering": (70, 2.2), "Roofing": (260, 4.0), "Groundworks": (340, 5.0), "Flooring": (110, 2.0), "Brickwork": (180, 3.5)}
trade_w = [28, 22, 15, 12, 14, 4, 5, 8, 6]
subs = {"Decorating": "Hartley Decor Ltd", "Joinery": "Oakline Joinery", "Plumbing": "Flowright M&E", "Electrical": "Flowright M&E",
        "Plastering": "Smooth Wall Ltd", "Roofing": "Apex Roofing", "Groundworks": "Dalton Civils", "Flooring": "Hartley Decor Ltd",
        "Brickwork": "Dalton Civils"}
htypes = ["Ashford 3B", "Belmont 4B", "Cedar 2B", "Dover 3B", "Eden 4B"]
rooms = ["Kitchen", "Bathroom", "En-suite", "Bed 1", "Bed 2", "Lounge", "Hallway", "Garage", "External", "Landing"]
plot_w = {}
rows = []
for i in range(318):
    dev = random.choices(list(devs), weights=[1.0, 1.3, 0.7])[0]
    plot = random.randint(1, devs[dev])
    key = (dev, plot)
    if key not in plot_w:
        plot_w[key] = random.choice(htypes)
    trade = random.choices(list(trades), weights=trade_w)[0]
    raised = dt.date(2024, 10, 1) + dt.timedelta(days=random.randint(0, 165))
    pr = random.choices(["P1", "P2", "P3"], weights=[15, 45, 40])[0]
    target = raised + dt.timedelta(days={"P1": 2, "P2": 14, "P3": 28}[pr])
    by = random.choices(["Customer", "Site Manager", "NHBC", "Customer Care"], weights=[52, 28, 9, 11])[0]
    age_days = (dt.date(2025, 3, 31) - raised).days
    dur = int(random.lognormvariate(math.log({"P1": 3, "P2": 12, "P3": 22}[pr]), 0.7))
    if dur <= age_days and random.random() < 0.9:
        status, closed = "Closed", (raised + dt.timedelta(days=dur)).strftime("%d/%m/%Y")
    else:
        status, closed = random.choice(["Open", "Open", "Open", "Disputed"]), ""
    base, hrs = trades[trade]
    cost = round(base * random.lognormvariate(0, 0.5) / 5) * 5
    labour = round(hrs * random.lognormvariate(0, 0.45) * 2) / 2
    desc = {"Decorating": "Paint touch-up", "Joinery": "Door binding", "Plumbing": "Leak at trap", "Electrical": "Socket not working",
            "Plastering": "Crack to ceiling", "Roofing": "Slipped tile", "Groundworks": "Ponding on drive", "Flooring": "Lifting vinyl",
            "Brickwork": "Mortar staining"}[trade]
    rows.append([None, dev, plot, plot_w[key], random.choice(rooms) if trade not in ("Roofing", "Groundworks", "Brickwork") else "External",
                 trade, desc, pr, by, raised.strftime("%d/%m/%Y"), target.strftime("%d/%m/%Y"), closed, status, cost, labour, subs[trade], raised])
rows.sort(key=lambda x: (x[-1], x[1], x[2]))
for k, r in enumerate(rows):
    r[0] = f"SNG{k + 5021}"
    r.pop()
w("Snagging Export 2025-03.csv",
  ["Snag Ref", "Development", "Plot No.", "House Type", "Location", "Trade", "Description", "Priority", "Raised By", "Date Raised",
   "Target Date", "Date Closed", "Status", "Est. Cost (£)", "Labour Hrs", "Subcontractor"],
  rows)


# Gym membership cancellations: one row per cancelled membership, H2 2024.
clubs = {"Riverside": 1.3, "Eastfield": 1.0, "Canal Wharf": 0.8, "Northgate": 1.15, "Hilltop": 0.6}
mtypes = {"Off-Peak": 24.99, "Standard": 34.99, "Premium": 49.99, "Student": 19.99, "Corporate": 29.99}
reasons = ["NOU", "PRC", "REL", "MED", "COM", "FIN", "OTH"]
rows = []
for i in range(262):
    club = random.choices(list(clubs), weights=list(clubs.values()))[0]
    mt = random.choices(list(mtypes), weights=[18, 34, 16, 20, 12])[0]
    fee = mtypes[mt] + random.choice([0, 0, 0, -5, 5, -2.5])
    req = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 183))
    join = req - dt.timedelta(days=int(random.lognormvariate(6.0, 0.8)) + 30)
    reason = random.choices(reasons, weights=[31, 22, 13, 8, 12, 9, 5])[0]
    v90 = 0 if (reason == "NOU" and random.random() < 0.6) or random.random() < 0.12 else int(random.lognormvariate(2.3, 0.8))
    last = req - dt.timedelta(days=random.randint(91, 240) if v90 == 0 else random.randint(0, 60))
    if last < join:
        last = join + dt.timedelta(days=random.randint(1, 10))
    contract = random.choice([0, 0, 12, 12, 12, 6])
    notice = 30 if contract else random.choice([0, 30])
    ageband = random.choices(["18-24", "25-34", "35-44", "45-54", "55-64", "65+"], weights=[24, 30, 18, 13, 9, 6])[0]
    if mt == "Student":
        ageband = random.choice(["18-24", "18-24", "18-24", "25-34"])
    offer = "Y" if reason in ("PRC", "NOU", "FIN", "COM") and random.random() < 0.55 else "N"
    saved = "Y" if offer == "Y" and random.random() < 0.3 else "N"
    end = req + dt.timedelta(days=notice)
    rows.append([f"M{random.randint(100000, 999999)}", club, mt, join.isoformat(), req.isoformat(), "" if saved == "Y" else end.isoformat(),
                 last.isoformat(), f"{fee:.2f}", v90, reason, contract, notice, ageband, offer, saved,
                 random.choice(["online", "online", "reception", "email", "phone"])])
rows.sort(key=lambda x: x[4])
w("gym_cancellations_2024H2.csv",
  ["member_id", "club", "membership_type", "join_date", "cancel_request_date", "end_date", "last_visit_date", "monthly_fee_gbp",
   "visits_last_90d", "cancel_reason_code", "contract_months", "notice_period_days", "age_band", "retention_offer_yn", "saved_yn",
   "cancel_channel"],
  rows)


# Motor insurance quotes: one row per quote, April 2025.
channels = {"CTM": 30, "MSM": 26, "GOCO": 18, "CONFUSED": 14, "DIRECT_WEB": 9, "PHONE": 3}
conv_rate = {"CTM": 0.09, "MSM": 0.1, "GOCO": 0.08, "CONFUSED": 0.07, "DIRECT_WEB": 0.22, "PHONE": 0.35}
areas = {"B": 1.25, "M": 1.35, "LS": 1.1, "BS": 0.95, "EX": 0.8, "CF": 0.9, "E": 1.45, "NE": 1.0, "G": 1.2, "TR": 0.75}
makes = {"FORD": (12, 9000), "VAUXHALL": (11, 7500), "VW": (16, 12500), "TOYOTA": (14, 13000), "BMW": (30, 21000),
         "NISSAN": (15, 10500), "KIA": (13, 11000), "AUDI": (28, 19500)}
rows = []
pol = 88410
for i in range(372):
    t = dt.datetime(2025, 4, 1) + dt.timedelta(minutes=random.randint(0, 30 * 24 * 60 - 1))
    ch = random.choices(list(channels), weights=list(channels.values()))[0]
    age = int(min(84, max(17, random.gauss(42, 15))))
    ncd = max(0, min(age - 17, int(random.triangular(0, 15, 6))))
    mk = random.choice(list(makes))
    grp, val = makes[mk]
    grp = min(50, max(1, grp + random.randint(-4, 6)))
    val = int(round(val * random.lognormvariate(0, 0.35), -2))
    area = random.choices(list(areas), weights=[9, 10, 8, 7, 6, 6, 11, 7, 8, 4])[0]
    cover = random.choices(["COMP", "TPFT", "TPO"], weights=[78, 15, 7])[0]
    claims = random.choices([0, 1, 2], weights=[80, 16, 4])[0]
    agefac = 3.2 if age < 21 else (2.2 if age < 25 else (1.0 if age < 70 else 1.3))
    prem = 380 * agefac * areas[area] * (1 + grp / 40) * (0.6 ** (min(ncd, 9) / 5)) * (1 + 0.35 * claims)
    prem *= {"COMP": 1.0, "TPFT": 0.92, "TPO": 0.85}[cover] * random.lognormvariate(0, 0.12)
    prem = round(prem, 2)
    comp_xs = 250 if age < 25 else 100
    vol_xs = random.choice([0, 100, 250, 250, 500])
    pay = random.choice(["M", "M", "A"])
    conv = random.random() < conv_rate[ch] * (1.3 if pay == "M" else 1.0)
    polno = ""
    if conv:
        pol += random.randint(1, 9)
        polno = f"MTR/{pol}"
    rows.append([f"Q{t:%y%m%d}{i:04d}", t.strftime("%Y-%m-%d %H:%M:%S"), ch, age, ncd, mk, grp, val, area, cover, vol_xs, comp_xs,
                 f"{prem:.2f}", pay, "Y" if conv else "N", polno, claims])
rows.sort(key=lambda x: x[1])
w("MOTOR_QUOTES_202504.csv",
  ["QUOTE_REF", "QUOTE_DTTM", "CHANNEL", "DRIVER_AGE", "NCD_YRS", "VEH_MAKE", "VEH_GROUP", "VEH_VALUE_GBP", "POSTCODE_AREA",
   "COVER", "VOL_XS", "COMP_XS", "ANNUAL_PREM", "PAY_FREQ", "CONVERTED", "POLICY_NO", "CLAIMS_5YR"],
  rows)
