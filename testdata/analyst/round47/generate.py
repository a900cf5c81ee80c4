# Domains: scaffold inspections (construction site), marine pilotage acts (port), hospital interpreter requests (healthcare admin), click & collect orders (retail), HMO licence applications (local government licensing).
# Tables of the forty-seventh corpus (seeded, standard library only). Run from this folder.
import random, csv, datetime as dt
random.seed(47047)


def w(name, header, rows):
    with open(name, "w", newline="", encoding="utf-8") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def pick(weights):
    return random.choices(list(weights), weights=list(weights.values()))[0]


# Scaffold inspections: one row per statutory inspection of a tagged scaffold.
sites = {"Riverside Plaza Blk A": 14, "Kingsway Depot": 8, "St Anne's School": 10, "Harbour View Ph2": 16, "Mill Lane Flats": 12}
tags = {s: [f"SC-{i:02d}{n:02d}" for n in range(1, k + 1)] for i, (s, k) in enumerate(sites.items(), start=1)}
tag_lifts = {t: random.randint(2, 12) for s in tags for t in tags[s]}
notes_by_defect = ["missing toe board", "loose tie at lift {l}", "brace removed", "ladder not tied", "sole board sunk",
                   "guard rail missing lift {l}", "boards trapped/split", "netting torn", "coupler loose", "access gate not closing"]
rows = []
for i in range(240):
    d = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 178))
    site = pick({"Riverside Plaza Blk A": 5, "Kingsway Depot": 2, "St Anne's School": 3, "Harbour View Ph2": 6, "Mill Lane Flats": 3})
    tag = random.choice(tags[site])
    lifts = tag_lifts[tag]
    height = round(lifts * 2.0 + random.uniform(0.3, 1.9), 1)
    itype = pick({"WKLY": 70, "ALT": 12, "HAND": 10, "WTHR": 8})
    defects = random.choice([0, 0, 0, 0, 1, 1, 2, 2, 3, 4, 5, 6]) + (1 if itype == "WTHR" else 0)
    if defects == 0:
        res = "PASS"
    elif defects >= 4 and random.random() < 0.75:
        res = "FAIL"
    else:
        res = "ADV"
    reinsp = "Y" if res == "FAIL" or (res == "ADV" and random.random() < 0.4) else "N"
    mins = 15 + lifts * 4 + defects * 3 + random.randint(-5, 20)
    mins = "" if random.random() < 0.05 else mins
    note = "; ".join(random.choice(notes_by_defect).format(l=random.randint(1, lifts)) for _ in range(min(defects, 2)))
    if res == "FAIL":
        note = (note + "; tag removed, access barred").lstrip("; ")
    rows.append([d, site, tag, random.choice(["D. Walsh", "K. Osei", "M. Brennan", "P. Nowak", "K. Osei"]), itype, lifts, height,
                 res, defects, "RED" if res == "FAIL" else "GRN", reinsp, mins, note])
rows.sort(key=lambda r: r[0])
rows = [[f"SI-{5100 + n}", r[1], r[2], r[0].strftime("%d/%m/%Y")] + r[3:] for n, r in enumerate(rows)]
w("Scaffold Inspections Export 2025-06.csv",
  ["Insp Ref", "Site", "Scaffold Tag", "Inspection Date", "Inspector", "Insp Type", "No. Lifts", "Height (m)", "Result",
   "Defects Qty", "Tag Status", "Reinspect Req", "Time On Site (mins)", "Notes"], rows)

# Pilotage acts: one row per pilot job booked (Q2 2025); cancelled jobs carry a cancellation fee and no landing time.
vessels = []
vnames = ["Nordic Crest", "Maersk Elbe", "Atlantic Dawn", "Stena Fjord", "Aurora Spirit", "Clyde Trader", "Baltic Rose", "Cap Ortegal",
          "MSC Livia", "Star Pacific", "Humber Endeavour", "Solent Pride", "Arctic Tern", "Grande Lisboa", "Iver Accord",
          "Eems Sky", "Coral Princess", "Thames Venture", "Key Opal", "Hoegh Seoul", "Pride of Kent", "Fure Vinga", "Lady Menna", "CMA CGM Rhone"]
vtypes = {"TNK": (8000, 60000), "CNT": (20000, 150000), "BLK": (10000, 45000), "RORO": (15000, 60000), "CRU": (30000, 140000), "GEN": (2000, 9000)}
for n in vnames:
    t = random.choice(list(vtypes))
    gt = random.randint(*vtypes[t])
    loa = round(60 + gt ** 0.5 * random.uniform(0.85, 1.05), 1)
    dr = round(min(15.8, 4 + gt ** 0.5 / 32 + random.uniform(-0.5, 1.2)), 1)
    vessels.append((n, t, gt, min(loa, 399.0), dr))
pilots = ["Capt. Harland", "Capt. Mbeki", "Capt. O'Rourke", "Capt. Lindgren", "Capt. Patel", "Capt. Fenwick"]
rows = []
for i in range(300):
    v = random.choice(vessels)
    mv = pick({"IN": 45, "OUT": 43, "SHIFT": 12})
    board = dt.datetime(2025, 4, 1) + dt.timedelta(minutes=random.randint(0, 91 * 24 * 60 - 1))
    status = "CANC" if random.random() < 0.07 else "CMP"
    aboard = {"IN": random.randint(65, 160), "OUT": random.randint(50, 125), "SHIFT": random.randint(25, 70)}[mv]
    landed = "" if status == "CANC" else (board + dt.timedelta(minutes=aboard)).strftime("%Y-%m-%d %H:%M")
    tugs = 0 if v[2] < 9000 else min(4, 1 + v[2] // 40000 + random.choice([0, 0, 1]))
    if status == "CANC":
        tugs = 0
    dues = 150.0 if status == "CANC" else round((310 + v[2] * 0.011) * (0.6 if mv == "SHIFT" else 1.0), 2)
    delay = random.choice([0, 0, 0, 0, 5, 10, 15, 20, 30, 45, 60, 90]) if status == "CMP" else ""
    stn = "Inner Harbour" if mv == "SHIFT" else pick({"Nab Pilot Stn": 5, "Bridge Buoy": 3, "Outer Fairway": 2})
    rows.append([board, pilots[random.choice([0, 0, 1, 2, 2, 3, 4, 5, 5, 5])], v[0], v[1], v[2], v[3], v[4], mv, stn, tugs, status, delay, dues, landed])
rows.sort(key=lambda r: r[0])
rows = [[f"PJ25-{2001 + n}", r[0].strftime("%Y-%m-%d %H:%M"), r[13]] + r[1:13] for n, r in enumerate(rows)]
w("PILOT_ACTS_Q2_2025.csv",
  ["jobId", "boardedAt", "landedAt", "pilotName", "vesselName", "vslType", "GT", "LOA_m", "draught_m", "movement", "boardingStn",
   "tugsOrdered", "jobStatus", "delayMins", "duesGBP"], rows)

# Interpreter requests: one row per request logged by the hospital's interpreting desk, Jan-Jun 2025.
langs = {"Polish": 16, "Romanian": 14, "Arabic": 12, "Urdu": 9, "Bengali": 7, "Portuguese": 6, "Farsi": 6, "Tigrinya": 5,
         "BSL": 7, "Mandarin": 5, "Kurdish Sorani": 4, "Lithuanian": 4}
specs = {"Maternity": 18, "Outpatients": 30, "ED": 10, "Paediatrics": 12, "Oncology": 8, "Mental Health": 10, "Radiology": 6, "Discharge": 6}
rates = {("LinguaCare", "F2F"): 36.0, ("LinguaCare", "VID"): 27.0, ("LinguaCare", "TEL"): 0.75, ("VoiceBridge", "F2F"): 32.0,
         ("VoiceBridge", "VID"): 24.0, ("VoiceBridge", "TEL"): 0.68, ("In-house", "F2F"): 21.0, ("In-house", "VID"): 21.0, ("In-house", "TEL"): 0.35}
rows = []
for i in range(330):
    req = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 170))
    urgent = "Y" if random.random() < 0.18 else "N"
    lead = random.randint(0, 2) if urgent == "Y" else random.randint(2, 28)
    appt = dt.datetime.combine(req + dt.timedelta(days=lead), dt.time(random.randint(8, 17), random.choice([0, 15, 30, 45])))
    lang = pick(langs)
    mode = pick({"F2F": 4, "VID": 3}) if lang == "BSL" else pick({"F2F": 4, "VID": 2, "TEL": 4})
    mins = random.choice([30, 45, 60, 60, 90, 120]) if mode != "TEL" else random.choice([15, 20, 30, 30, 45])
    st = pick({"FULF": 78, "UNF": 8, "DNA": 7, "CANC": 7})
    agency = "" if st == "UNF" else pick({"LinguaCare": 4, "VoiceBridge": 4, "In-house": 2})
    if st == "FULF":
        r = rates[(agency, mode)]
        cost = round(r * mins, 2) if mode == "TEL" else round(r * max(mins, 60) / 60, 2)
    elif st == "DNA" and agency != "In-house":
        cost = round(rates[(agency, mode)] * (60 if mode != "TEL" else 15) / (60 if mode != "TEL" else 1), 2)
    else:
        cost = ""
    spec = pick(specs)
    gp = random.choice(["F", "F", "F", ""]) if spec == "Maternity" else random.choice(["F", "F", "M", "", "", "", "", ""])
    rows.append([req, appt, lang, mode, spec, mins, st, agency, cost, urgent, gp])
rows.sort(key=lambda r: (r[0], r[1]))
rows = [[f"IR{250001 + n}", r[0].strftime("%d/%m/%Y"), r[1].strftime("%d/%m/%Y %H:%M")] + r[2:] for n, r in enumerate(rows)]
w("Interpreter_Requests_2025-H1.csv",
  ["Request ID", "Date Requested", "Appt Date/Time", "Language", "Mode", "Specialty", "Booked Mins", "Status", "Agency", "Cost £",
   "Urgent?", "Gender Pref"], rows)

# Click & collect orders: one row per order placed in May 2025.
stores = {"Leeds White Rose": 6, "York Monks Cross": 4, "Harrogate": 2, "Wakefield Trinity": 3, "Bradford Forster Sq": 3}
pickers = {s: [f"P{k}{j}" for j in range(1, 4)] for k, s in zip("LYHWB", stores)}
rows = []
for i in range(370):
    placed = dt.datetime(2025, 5, 1, 7) + dt.timedelta(days=random.randint(0, 30), minutes=random.randint(0, 15 * 60))
    store = pick(stores)
    chan = pick({"APP": 55, "WEB": 45})
    items = max(1, int(random.expovariate(0.3)) + 1)
    value = round(sum(random.choice([3.5, 6, 8.99, 12.5, 15, 22, 29.99, 45]) for _ in range(items)), 2)
    st = pick({"COLL": 84, "RTS": 9, "CANC": 7})
    ready = "" if st == "CANC" else placed + dt.timedelta(minutes=random.randint(40, 300) + (60 if store == "Leeds White Rose" else 0))
    coll = ready + dt.timedelta(minutes=random.randint(20, 60 * 72)) if st == "COLL" else ""
    if coll and not 8 <= coll.hour < 21:  # counters open 08:00-21:00
        coll = dt.datetime.combine(coll.date() + dt.timedelta(days=1 if coll.hour >= 21 else 0), dt.time(8)) + dt.timedelta(minutes=random.randint(5, 240))
    locker = "Y" if st == "COLL" and random.random() < 0.3 else "N"
    picker = "" if st == "CANC" else random.choice(pickers[store])
    rows.append([placed, store, chan, items, value, st, ready, coll, locker, picker])
rows.sort(key=lambda r: r[0])
fmt = lambda t: t.strftime("%Y-%m-%dT%H:%M:%S") if t else ""
rows = [[f"CC{880100 + n}", r[1], fmt(r[0]), fmt(r[6]), fmt(r[7]), r[2], r[3], r[4], r[5], r[8], r[9]] for n, r in enumerate(rows)]
w("click_collect_orders_may2025.csv",
  ["order_no", "store", "placed_ts", "ready_ts", "collected_ts", "channel", "items_qty", "order_value_gbp", "status", "locker_yn", "picker_id"], rows)

# HMO licence applications: one row per application received April 2024 - March 2025.
wards = {"Hyde Park": 9, "Headingley": 8, "Burley": 5, "Harehills": 6, "Armley": 4, "Beeston": 3, "City Centre": 3}
officers = ["J. Okafor", "R. Singh", "L. Hartley", "S. McBride"]
notes_pool = ["fire doors to be fitted within 3 months", "amenity standards met", "kitchen too small for 6 - reduced occupancy",
              "awaiting gas safety cert", "landlord accredited - discount applied", "HHSRS Cat 1 damp and mould", "EICR outstanding", ""]
rows = []
for i in range(200):
    rec = dt.date(2024, 4, 1) + dt.timedelta(days=random.randint(0, 364))
    occ = random.choice([3, 4, 4, 5, 5, 5, 6, 6, 7, 8, 10])
    lt = "MAND" if occ >= 5 else "ADD"
    kind = pick({"NEW": 50, "RENEW": 40, "VAR": 10})
    storeys = random.choice([2, 2, 3, 3, 3, 4]) if occ >= 5 else random.choice([2, 2, 3])
    hh = occ if random.random() < 0.85 else occ - 1
    fee = {("MAND", "NEW"): 1150, ("ADD", "NEW"): 850, ("MAND", "RENEW"): 780, ("ADD", "RENEW"): 620}.get((lt, kind), 160)
    insp = "Y" if kind == "NEW" or random.random() < 0.55 else "N"
    cat1 = random.choice([0, 0, 0, 0, 1, 1, 2]) if insp == "Y" else 0
    note = random.choice(notes_pool[:2] + notes_pool[3:5] + notes_pool[6:])
    if cat1:
        note = random.choice(["HHSRS Cat 1 damp and mould", "Cat 1 fire hazard - no alarms on 2nd floor", "excess cold, Cat 1"])
    elif occ >= 6 and random.random() < 0.3:
        note = notes_pool[2].replace("6", str(occ))
    if "discount" in note:
        fee -= 100
    decided = rec + dt.timedelta(days=random.randint(14, 150))
    if decided > dt.date(2025, 4, 30):
        dec, decided = "PEND", None
    else:
        dec = pick({"GRANT": 55, "GRANT_COND": 30, "REFUSED": 7, "WDN": 8})
        if cat1 >= 2 and dec == "GRANT":
            dec = "GRANT_COND"
    yrs = (5 if cat1 == 0 else 1) if dec in ("GRANT", "GRANT_COND") else ""
    rows.append([rec, pick(wards), decided, lt, kind, storeys, occ, hh, fee, insp, cat1, dec, yrs, random.choice(officers), note])
rows.sort(key=lambda r: r[0])
rows = [[f"HMO/{r[0].year}/{n + 301:04d}", r[1], r[0].strftime("%d/%m/%Y"), r[2].strftime("%d/%m/%Y") if r[2] else ""] + r[3:] for n, r in enumerate(rows)]
w("HMO Licence Register 2024-25.csv",
  ["APP_REF", "WARD", "RECEIVED", "DECIDED", "LIC_TYPE", "APP_KIND", "STOREYS", "MAX_OCC", "HOUSEHOLDS", "FEE_GBP", "INSPECTED",
   "CAT1_HAZARDS", "DECISION", "LIC_YEARS", "CASE_OFFICER", "OFFICER_NOTES"], rows)
