# Domains: construction site permit-to-work register, hopper dredger trip log, hospital discharge lounge log, retail planogram compliance audits, pig abattoir deadweight kill sheet.
# Tables of the fiftieth corpus (seeded); run with /usr/bin/python3 from inside this folder.
import random, csv, datetime as dt
random.seed(50050)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def workday(start, span):
    while True:
        d = start + dt.timedelta(days=random.randint(0, span))
        if d.weekday() < 5:
            return d


# ---------------------------------------------------------------- permits to work
rows = []
ptypes = ["HW", "HW", "HW", "WAH", "WAH", "WAH", "EXC", "EXC", "CSE", "ISO", "ISO"]
contractors = {"Brennan Groundworks": ["EXC", "EXC", "CSE", "WAH"], "Apex Scaffolding": ["WAH", "WAH", "WAH", "HW"],
               "Kelda M&E": ["HW", "ISO", "CSE", "WAH", "HW"], "Northfield Steel": ["HW", "HW", "WAH", "HW"],
               "Riverside Roofing": ["HW", "WAH", "WAH"], "Volt Electrical": ["ISO", "ISO", "WAH", "HW"]}
cweights = [5, 3, 6, 4, 3, 4]
zones = ["Block A", "Block B", "Podium", "Basement", "External Works"]
issuers = ["D. Okonkwo", "S. Price", "M. Walsh", "J. Tranter", "R. Bhatt"]
notes_pool = ["Fire blanket on site", "Extended at request of SM", "Area barriered off", "Rebar tying near core",
              "Isolation lock LOTO-14 applied", "Spotter required", "Re-issued after lunch break", "Atmosphere monitor checked"]
start = dt.date(2025, 4, 1)
for i in range(286):
    d = workday(start, 90)
    if d.month == 5 and random.random() < 0.12:   # busier month for the steel frame
        d = workday(dt.date(2025, 5, 1), 30)
    con = random.choices(list(contractors), weights=cweights)[0]
    pt = random.choice(contractors[con])
    if pt == "CSE":
        zone = random.choice(["Basement", "Basement", "External Works"])
    elif pt == "WAH":
        zone = random.choices(zones, weights=[4, 3, 2, 1, 1])[0]
    else:
        zone = random.choice(zones)
    issued = dt.datetime.combine(d, dt.time(random.randint(6, 9), random.choice([0, 5, 10, 15, 20, 30, 40, 45, 50])))
    if pt == "EXC":
        expires = dt.datetime.combine(d + dt.timedelta(days=2), dt.time(18, 0))
    else:
        expires = dt.datetime.combine(d, dt.time(18, 0))
    r = random.random()
    status = "CLSD" if r < 0.80 else ("CANC" if r < 0.89 else ("SUSP" if r < 0.94 else "OPEN"))
    closed = ""
    if status == "CLSD":
        hrs = random.uniform(2.5, 11.5) if pt != "EXC" else random.uniform(8, 60)
        c = issued + dt.timedelta(minutes=int(hrs * 60))
        if random.random() < 0.09:
            c = expires + dt.timedelta(minutes=random.randint(10, 150))
        closed = c.strftime("%d/%m/%Y %H:%M")
    ops = random.randint(1, 4) if pt in ("HW", "ISO") else random.randint(2, 8)
    fire = random.choice([60, 60, 60, 90, 120]) if pt == "HW" else ""
    gas = "Y" if pt == "CSE" or (pt == "EXC" and random.random() < 0.25) else "N"
    note = random.choice(notes_pool) if random.random() < 0.3 else ""
    rows.append([issued, con, pt, zone, expires, closed, status, ops, fire, gas, random.choice(issuers), note])
rows.sort(key=lambda x: x[0])
out = []
for n, r in enumerate(rows, 1):
    out.append([f"PTW-25-{n:04d}", r[2], r[1], r[3], r[0].strftime("%d/%m/%Y %H:%M"), r[4].strftime("%d/%m/%Y %H:%M"),
                r[5], r[6], r[7], r[8], r[9], r[10], r[11]])
w("PTW_Register_2025-Q2.csv", ["Permit No", "Permit Type", "Contractor", "Zone", "Issued", "Expires", "Closed Out",
                               "Status", "Operatives", "Fire Watch (mins)", "Gas Test Req", "Issued By", "Notes"], out)

# ---------------------------------------------------------------- dredger trips
rows = []
dredgers = {"Orwell Sand": 2400, "Humber Tern": 1800, "Medway Atlas": 3000}
areas = ["Approach Channel", "Approach Channel", "Turning Basin", "Berth 4-6", "Inner Harbour"]
sites = {"DS1 Outer Bar": 6.5, "DS2 Spit": 11.0}
masters = {"Orwell Sand": ["K. Doyle", "P. Hendry"], "Humber Tern": ["A. Marr", "T. Quayle"], "Medway Atlas": ["L. Fenn", "G. Ruddock"]}
remarks = ["Reduced load - swell", "Pump blockage cleared", "Standby for pilot", "Debris in dragheads", "Fog, slow passage", "Survey vessel in area"]
for i in range(334):
    dr = random.choices(list(dredgers), weights=[4, 3, 3])[0]
    d = dt.date(2025, 4, 1) + dt.timedelta(days=random.randint(0, 90))
    t = dt.time(random.randint(0, 23), random.choice([0, 10, 15, 20, 30, 40, 45, 50]))
    area = random.choice(areas)
    site = "DS2 Spit" if area in ("Inner Harbour", "Berth 4-6") and random.random() < 0.7 else random.choice(list(sites))
    load = int(dredgers[dr] * random.uniform(0.62, 1.0))
    tds = round(load * random.uniform(0.85, 1.35), 1)
    dist = round(sites[site] + random.uniform(-0.8, 1.2), 1)
    cycle = int(60 + dist * random.uniform(11, 16) + random.randint(0, 70))
    overflow = "Y" if random.random() < 0.37 else "N"
    rem = random.choice(remarks) if random.random() < 0.18 else ""
    rows.append([d, t, dr, area, site, load, tds, cycle, dist, random.choice(["HW", "LW", "FLD", "EBB"]), overflow, random.choice(masters[dr]), rem])
rows.sort(key=lambda x: (x[0], x[1]))
out = []
for n, r in enumerate(rows, 1):
    out.append([f"T{n:05d}", r[0].isoformat(), r[1].strftime("%H:%M")] + r[2:])
w("Dredge Trip Log Apr-Jun 2025.csv", ["trip_id", "date", "loadStart", "dredger", "dredgeArea", "disposal_site", "hopperLoad_m3",
                                       "TDS_t", "cycleTime_min", "sailed_nm", "tideState", "overflow", "master", "remarks"], out)

# ---------------------------------------------------------------- discharge lounge
rows = []
wards = ["AMU", "AMU", "AMU", "AMU", "W12", "W14", "W14", "W21", "CCU", "SAU", "ORTHO2"]
comments = ["Waiting on TTOs from pharmacy", "Awaiting family pick-up", "PTS booked late", "Needed commode", "Dressing pack given",
            "District nurse referral sent", "Keys with neighbour - delay", "Oxygen for journey"]
for i in range(312):
    d = dt.date(2025, 3, 3) + dt.timedelta(days=random.randint(0, 88))
    if d.weekday() >= 5 and random.random() < 0.6:
        d = d - dt.timedelta(days=d.weekday() - 4)
    arr = dt.datetime.combine(d, dt.time(random.randint(8, 16), random.randint(0, 59), random.randint(0, 59)))
    ward = random.choice(wards)
    transport = random.choices(["OWN", "FAM", "PTS", "TAXI"], weights=[3, 5, 4, 1])[0]
    mob = random.choices(["WALK", "CHAIR", "STRETCH"], weights=[6, 4, 1] if transport != "PTS" else [2, 4, 3])[0]
    if transport == "OWN" or transport == "TAXI":
        mob = "WALK" if mob == "STRETCH" else mob
    tto = "Y" if random.random() < 0.58 else "N"
    mins = random.randint(25, 150) + (random.randint(30, 200) if transport == "PTS" else 0) + (random.randint(20, 120) if tto == "N" else 0)
    left = arr + dt.timedelta(minutes=mins, seconds=random.randint(0, 59))
    outcome = "RTW" if random.random() < 0.06 else "DISCH"
    meal = "Y" if mins > 150 and random.random() < 0.8 or random.random() < 0.1 else "N"
    com = random.choice(comments[3:]) if random.random() < 0.2 else ""
    if tto == "N" and random.random() < 0.3:
        com = comments[0]
    elif transport == "PTS" and random.random() < 0.15:
        com = comments[2]
    elif transport == "FAM" and random.random() < 0.12:
        com = comments[1]
    rows.append([arr, left, ward, transport, mob, tto, outcome, meal, com])
rows.sort(key=lambda x: x[0])
out = []
for n, r in enumerate(rows, 1):
    out.append([f"DL{250000 + n * 7}", r[2], r[0].strftime("%Y-%m-%d %H:%M:%S"), r[1].strftime("%Y-%m-%d %H:%M:%S")] + r[3:])
w("dischargeLounge_export_20250530.csv", ["EpisodeRef", "WardFrom", "ArrivedLounge", "LeftLounge", "TransportMode", "Mobility",
                                          "TTOReadyOnArrival", "Outcome", "MealGiven", "Comments"], out)

# ---------------------------------------------------------------- planogram audits
rows = []
stores = [(101, "Leeds Kirkstall", "N"), (104, "York Clifton", "N"), (112, "Harrogate", "N"), (118, "Bradford Forster Sq", "N"),
          (203, "Derby Kingsway", "MID"), (207, "Nottingham Castle Mar", "MID"), (209, "Leicester Fosse", "MID"), (215, "Coventry Arena", "MID"),
          (221, "Walsall Crown Wharf", "MID"), (302, "Bristol Cribbs", "SW"), (305, "Bath Odd Down", "SW"), (311, "Exeter Marsh Barton", "SW"),
          (314, "Taunton Hankridge", "SW"), (402, "Croydon Purley Way", "LSE"), (406, "Bromley South", "LSE"), (409, "Watford Waterfields", "LSE"),
          (412, "Reading Oxford Rd", "LSE"), (417, "Slough Bath Rd", "LSE"), (503, "Norwich Longwater", "EA"), (507, "Ipswich Copdock", "EA"),
          (511, "Cambridge Newmarket Rd", "EA"), (515, "Peterborough Bretton", "EA")]
skill = {s[0]: random.uniform(-9, 6) for s in stores}
skill[221] = -14.0
cats = ["Chilled", "Ambient", "BWS", "Health & Beauty", "Frozen"]
catadj = {"Chilled": 0, "Ambient": 3, "BWS": -4, "Health & Beauty": -2, "Frozen": 1}
auditors = ["H. Begum", "C. Lowther", "R. Ashdown", "F. Mensah", "P. Kowalczyk"]
comm = ["Promo end not removed", "New range not set", "Facings reduced by store", "Missing SELs on top shelf", "Good standard",
        "Gaps due to depot shortage", "Bay 12 reset needed"]
for i in range(228):
    s = random.choice(stores)
    d = workday(dt.date(2025, 3, 31), 84)
    cat = random.choice(cats)
    bays = random.randint(6, 38)
    p = min(1.0, max(0.4, (88 + skill[s[0]] + catadj[cat] + random.uniform(-10, 10)) / 100))
    comp = sum(1 for _ in range(bays) if random.random() < p)
    pct = round(100 * comp / bays, 1)
    gaps = random.randint(0, 3) + (bays - comp) // 2 + random.randint(0, 2)
    sel = random.randint(0, 4) + (3 if cat in ("BWS", "Health & Beauty") and random.random() < 0.4 else 0)
    revisit = "Y" if pct < 80 else "N"
    rows.append([d, s, cat, bays, comp, pct, gaps, sel, random.choice(auditors), revisit, random.choice(comm) if random.random() < 0.35 else ""])
rows.sort(key=lambda x: (x[0], x[1][0]))
out = []
for n, r in enumerate(rows, 1):
    d, s = r[0], r[1]
    out.append([f"PGA{n:04d}", s[0], s[1], s[2], d.strftime("%d-%b-%Y")] + r[2:])
w("planogram_audits_wk14-26.csv", ["AUDIT_ID", "STORE_NO", "STORE_NAME", "REGION", "AUDIT_DT", "CATEGORY", "BAYS_CHECKED",
                                   "BAYS_COMPLIANT", "COMPLIANCE_PCT", "GAPS", "SEL_ERRORS", "AUDITOR", "REVISIT_REQ", "COMMENTS"], out)

# ---------------------------------------------------------------- pig kill sheet
rows = []
producers = {"Holme Farm": (1.0, 12.0), "Wolds Pig Co": (4.0, 11.0), "Cherry Tree Farm": (-2.0, 13.0),
             "Beckside Partnership": (2.0, 12.5), "Low Moor Pigs": (-1.0, 11.5), "Fenwick & Sons": (3.0, 13.5)}
health = ["PL", "PL", "TB", "AB", "ML", "ML"]
lot = 0
n_total = 0
day = dt.date(2025, 5, 1)
while n_total < 372:
    day = day + dt.timedelta(days=random.randint(2, 4))
    if day.weekday() >= 5:
        continue
    for _ in range(random.choice([1, 1, 1, 2])):
        lot += 1
        prod = random.choice(list(producers))
        wadj, p2base = producers[prod]
        base = 1800 + lot
        for k in range(random.randint(8, 24)):
            sex = random.choice(["G", "B"])
            wt = round(random.gauss(88 + wadj, 8), 1)
            p2 = max(6, round(random.gauss(p2base + (1.2 if sex == "G" else -0.8), 2)))
            lean = round(66.5 - 0.55 * p2 + random.uniform(-1.5, 1.5), 1)
            price = 196.0 + (lean - 58) * 0.8 + (2.5 if prod == "Wolds Pig Co" else 0.0)  # contract premium
            if wt < 70 or wt > 105:
                price -= 12
            if p2 > 15:
                price -= 6
            price = round(price, 2)
            cond = "Y" if random.random() < 0.014 else "N"
            hc = random.choice(health) if random.random() < 0.2 else ""
            if cond == "Y":
                rows.append([day, lot, prod, f"{base}", k + 1, sex, wt, p2, lean, "", 0.0, cond, hc])
            else:
                rows.append([day, lot, prod, f"{base}", k + 1, sex, wt, p2, lean, price, round(wt * price / 100, 2), cond, hc])
            n_total += 1
out = []
cno = 4000
for r in rows:
    cno += 1
    out.append([r[0].strftime("%d/%m/%y"), f"L{r[1]:03d}", r[2], r[3], cno, r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12]])
w("KILLSHEET_DEADWEIGHT_2025.csv", ["Kill Date", "Lot No", "Producer", "Slapmark", "Carcase No", "Sex", "Cold Wt (kg)", "P2 (mm)",
                                    "Lean Meat %", "Price p/kg", "Value £", "Condemned", "Health Code"], out)
