# Domains: construction site inductions, port reefer plug-in log, hospital PALS cases, street trading consent applications, airport aircraft de-icing log.
# Tables of the forty-eighth corpus (seeded), standard library only; run from this folder.
import random, csv, datetime as dt
random.seed(48048)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def wpick(pairs):
    items, weights = zip(*pairs)
    return random.choices(items, weights=weights)[0]


# ---------------------------------------------------------------------------
# Site inductions register: one row per operative inducted on a site.
rows = []
sites = [("Kings Wharf Blk B", 5), ("Riverside Depot", 3), ("Northgate Primary", 2), ("Mill Lane Housing Ph2", 4)]
contractors = [("Hallam Groundworks Ltd", 6), ("Brightline Electrical", 4), ("Apex Scaffolding", 4), ("Carter & Sons M&E", 3),
               ("Northern Drylining", 3), ("Fixtec Steel", 2), ("Dunmore Plant Hire", 2), ("Agency - StaffPoint", 3)]
trade_of = {"Hallam Groundworks Ltd": ["Groundworker", "Groundworker", "Plant Operator", "Labourer"],
            "Brightline Electrical": ["Electrician", "Electrician", "Apprentice"],
            "Apex Scaffolding": ["Scaffolder", "Scaffolder", "Labourer"],
            "Carter & Sons M&E": ["Plumber", "Electrician", "Pipefitter"],
            "Northern Drylining": ["Dryliner", "Dryliner", "Labourer"],
            "Fixtec Steel": ["Steel Fixer", "Steel Fixer"],
            "Dunmore Plant Hire": ["Plant Operator", "Banksman"],
            "Agency - StaffPoint": ["Labourer", "Labourer", "Banksman", "Cleaner"]}
first = ["Tom", "Marek", "Dean", "Liam", "Piotr", "Craig", "Aaron", "Jamal", "Gary", "Sean", "Kyle", "Andrei", "Ryan", "Wes", "Josh", "Sam", "Ionut", "Lee"]
last = ["Walsh", "Nowak", "Hughes", "Kowalski", "Baxter", "Doyle", "Ahmed", "Popescu", "Kerr", "Reid", "Foster", "Mills", "Grant", "Lyons"]
inductors = [("K. Brennan", 5), ("S. Ali", 4), ("M. Tate", 3), ("J. Okoro", 2)]
d0 = dt.date(2025, 1, 6)
for i in range(230):
    d = d0 + dt.timedelta(days=random.randint(0, 172))
    while d.weekday() >= 5:
        d -= dt.timedelta(days=1)
    site = wpick(sites)
    con = wpick(contractors)
    trade = random.choice(trade_of[con])
    card = wpick([("Blue", 30), ("Green", 22), ("Gold", 18), ("Black", 5), ("Red", 8), ("None held", 6)])
    if trade == "Apprentice":
        card = "Red"
    score = min(100, max(40, int(random.gauss(84, 10))))
    passed = "Y" if score >= 80 else "N"
    mins = max(20, int(random.gauss(42, 10)))
    da = wpick([("NEG", 70), ("NT", 25), ("NON-NEG", 4)])
    note = ""
    if passed == "N":
        note = random.choice(["Re-sit booked", "Re-sit same day - passed", "Sent off site", ""])
    elif card == "None held":
        note = random.choice(["No card - applied, ref taken", "Card on order", "Agency to confirm card"])
    elif random.random() < 0.12:
        note = random.choice(["Interpreter used (Polish)", "Interpreter used (Romanian)", "Late arrival", "Left PPE in van - issued hi-vis",
                              "Working at height briefing added", "Card expiring next month"])
    if da == "NON-NEG":
        note = "D&A non-negative - escorted off site"
    rows.append([f"IND-{i+1:04d}", d.strftime("%d/%m/%Y"), site, con, f"{random.choice(first)} {random.choice(last)}", trade, card,
                 score, passed, mins, wpick(inductors), da, note])
rows.sort(key=lambda r: (dt.datetime.strptime(r[1], "%d/%m/%Y"), r[0]))
w("SiteInductions Register 2025.csv",
  ["Induction ID", "Induction Date", "Site", "Contractor", "Operative Name", "Trade", "CSCS Card", "Test Score %", "Pass Y/N",
   "Duration (mins)", "Inducted By", "D&A Test", "Notes"], rows)

# ---------------------------------------------------------------------------
# Reefer plug-in log at a container terminal: one row per plug-in of a box.
rows = []
lines = [("MSK", 6), ("MSC", 5), ("CMA", 3), ("HLC", 3), ("ONE", 2)]
prefix = {"MSK": ["MSKU", "MNBU"], "MSC": ["MSCU", "MEDU"], "CMA": ["CMAU"], "HLC": ["HLXU"], "ONE": ["ONEU"]}
pool = {ln: [random.choice(prefix[ln]) + f"{random.randint(1000000, 9999999)}" for _ in range(60)] for ln, _ in lines}
commod = {"Bananas": [13.3], "Citrus": [3.0, 4.0], "Frozen Fish": [-18.0, -20.0, -25.0], "Frozen Meat": [-18.0, -20.0],
          "Chilled Meat": [-1.5, -1.0], "Pharma": [5.0], "Dairy": [2.0, 4.0]}
cweights = [("Bananas", 6), ("Citrus", 3), ("Frozen Fish", 4), ("Frozen Meat", 3), ("Chilled Meat", 2), ("Pharma", 1), ("Dairy", 2)]
export_at = dt.datetime(2025, 5, 31, 23, 59)
for i in range(320):
    ln = wpick(lines)
    box = random.choice(pool[ln])
    com = wpick(cweights)
    setp = random.choice(commod[com])
    pin = dt.datetime(2025, 3, 1, 0, 0) + dt.timedelta(minutes=random.randint(0, 92 * 24 * 60 - 1))
    direction = wpick([("IMP", 5), ("EXP", 4), ("TS", 2)])
    hrs = max(2.0, random.lognormvariate(3.7, 0.7)) * (1.6 if direction == "TS" else 1.0)
    pout = pin + dt.timedelta(minutes=int(hrs * 60))
    kw = (3.1 if setp < -10 else 2.2) * random.uniform(0.8, 1.2)
    if pout > export_at:
        pout_s, kwh = "", ""
    else:
        pout_s, kwh = pout.strftime("%Y-%m-%d %H:%M"), round(kw * hrs, 1)
    alarms = wpick([(0, 60), (1, 20), (2, 10), (3, 5), (4, 3), (6, 1)])
    block = wpick([("R1", 4), ("R2", 4), ("R3", 3), ("R4", 2)])
    size = wpick([("40RH", 7), ("20RF", 2), ("40RF", 1)])
    rows.append([box, ln, size, com, setp, pin.strftime("%Y-%m-%d %H:%M"), pout_s, block, direction, alarms, kwh,
                 max(1, int(hrs // 6)) if pout_s else ""])
rows.sort(key=lambda r: r[5])
w("REEFER_PLUGINS_MAR-MAY25.csv",
  ["CNTR_NO", "LINE", "SIZE_TYPE", "COMMODITY", "SET_TEMP_C", "PLUG_IN", "PLUG_OUT", "STACK_BLOCK", "DIRECTION", "ALARMS", "KWH_EST", "MON_CHECKS"],
  rows)

# ---------------------------------------------------------------------------
# Hospital PALS (patient advice & liaison) cases: one row per case.
rows = []
directorates = [("Medicine", 6), ("Surgery", 5), ("Emergency Care", 5), ("Women & Children", 3), ("Diagnostics", 2), ("Community", 2)]
themes = [("Communication", 8), ("Appointments", 7), ("Discharge", 3), ("Attitude of staff", 3), ("Car parking", 3),
          ("Lost property", 2), ("Clinical care", 4), ("Waiting times", 5)]
handlers = [("J.Whitfield", 5), ("R.Osei", 4), ("H.Morgan", 4), ("P.Dhillon", 2)]
export_day = dt.date(2025, 6, 27)


def workdays(a, b):
    n, d = 0, a
    while d < b:
        d += dt.timedelta(days=1)
        if d.weekday() < 5:
            n += 1
    return n


for i in range(265):
    rec = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 169))
    ctype = wpick([("CONC", 50), ("ENQ", 26), ("COMP", 13), ("ESC", 9)])
    dirn = wpick(directorates)
    theme = wpick(themes)
    if dirn == "Emergency Care" and random.random() < 0.4:
        theme = "Waiting times"
    if ctype == "COMP":
        theme = random.choice(["Attitude of staff", "Clinical care", "Communication"])
    days = {"CONC": int(random.expovariate(1 / 9)), "ENQ": int(random.expovariate(1 / 3)), "COMP": random.randint(0, 3),
            "ESC": random.randint(10, 45)}[ctype]
    closed = rec + dt.timedelta(days=days)
    if closed > export_day or random.random() < 0.03:
        closed_s, status, in5 = "", "OPEN", ""
    else:
        closed_s, status = closed.strftime("%d/%m/%Y"), "CLOSED"
        in5 = "Y" if workdays(rec, closed) <= 5 else "N"
    method = wpick([("Phone", 9), ("Email", 7), ("Walk-in", 3), ("Web form", 4), ("Letter", 1)])
    note = ""
    if ctype == "ESC":
        note = random.choice(["Escalated to Complaints team", "Pt requested formal investigation", "Referred to complaints - MP letter"])
    elif theme == "Car parking" and random.random() < 0.5:
        note = random.choice(["PCN appeal - passed to estates", "Blue badge bay query"])
    elif random.random() < 0.15:
        note = random.choice(["Relative called on pt's behalf", "Consent obtained", "Interpreter required", "Thank-you card forwarded to ward",
                              "Callback requested pm"])
    rows.append([f"PALS/25/{i+1:04d}", rec.strftime("%d/%m/%Y"), closed_s, method, dirn, theme, ctype, status, in5, wpick(handlers), note])
rows.sort(key=lambda r: (dt.datetime.strptime(r[1], "%d/%m/%Y"), r[0]))
w("PALS cases export 2025-06.csv",
  ["caseRef", "dateReceived", "dateClosed", "contactMethod", "directorate", "primaryTheme", "caseType", "status", "closedWithin5WD",
   "handler", "notes"], rows)

# ---------------------------------------------------------------------------
# Street trading consent applications (council licensing): one row per application.
rows = []
pitches = ["Market Sq P1", "Market Sq P2", "Market Sq P3", "High St West", "Station Approach", "Castle Green", "Riverside Walk",
           "Bridge St", "Abbey Gardens", "Queens Rd Layby", "Cathedral Close", "Retail Park Entrance"]
goods = [("Hot food", 7), ("Coffee", 5), ("Ice cream", 3), ("Flowers", 2), ("Fruit & veg", 3), ("Crafts", 2), ("Street food (vegan)", 2)]
food = {"Hot food", "Coffee", "Ice cream", "Street food (vegan)"}
officers = [("L.Garside", 5), ("T.Mensah", 4), ("C.Rowe", 3)]
for i in range(185):
    rec = dt.date(2024, 4, 1) + dt.timedelta(days=random.randint(0, 364))
    ctype = wpick([("ANN", 5), ("TMP", 4), ("MOB", 2)])
    g = wpick(goods)
    pitch = random.choice(pitches) if ctype != "MOB" else random.choice(["Mobile - town centre zone", "Mobile - seafront zone"])
    if ctype == "ANN":
        fee = 1480 if g in food else 960
    elif ctype == "TMP":
        fee = 45 * random.randint(1, 6)
    else:
        fee = 620
    objs = wpick([(0, 45), (1, 20), (2, 12), (3, 8), (4, 6), (5, 4), (7, 2)])
    dec = wpick([("GRT", 70), ("REF", 12 + 8 * objs), ("WDN", 6)])
    ddays = random.randint(10, 56) + 4 * objs
    ddate = rec + dt.timedelta(days=ddays)
    if ddate > dt.date(2025, 4, 10):
        dec, ddate_s = "PND", ""
    elif dec == "WDN":
        ddate_s = ""
    else:
        ddate_s = ddate.strftime("%d/%m/%Y")
    hyg = wpick([(5, 60), (4, 25), (3, 12), (2, 3)]) if g in food else ""
    rows.append([f"STC-{rec.strftime('%y')}-{i+1:04d}", rec.isoformat(), pitch, ctype, g, fee, objs, dec, ddate_s, hyg,
                 random.randint(1, 7) if ctype != "TMP" else random.randint(1, 3), wpick(officers)])
rows.sort(key=lambda r: (r[1], r[0]))
w("streetTradingApps_2024-25.csv",
  ["app_id", "received", "pitch_location", "consent_type", "goods", "fee_gbp", "objections", "decision", "decision_date", "fhrs_rating",
   "trading_days_pw", "officer"], rows)

# ---------------------------------------------------------------------------
# Aircraft de-icing log, winter 2024-25: one row per de-icing job.
rows = []
airlines = {"EZY": (["A320", "A320", "A321", "A319"], 8), "RYR": (["B738"], 6), "BAW": (["A320", "A321"], 3),
            "TOM": (["B738", "B752"], 2), "LOG": (["AT76", "E145"], 3), "KLM": (["E190"], 2)}
size = {"A319": 0.9, "A320": 1.0, "A321": 1.15, "B738": 1.05, "B752": 1.4, "AT76": 0.6, "E145": 0.55, "E190": 0.75}
crews = [("D. Pryce", 4), ("A. McLeod", 4), ("S. Varga", 3), ("N. Holt", 2)]
for i in range(290):
    day = dt.date(2024, 11, 1) + dt.timedelta(days=int(random.triangular(0, 150, 70)))
    t = dt.datetime.combine(day, dt.time(5, 30)) + dt.timedelta(minutes=random.choice([0, 20, 40, 60, 90, 120, 180, 300, 600, 780]) + random.randint(0, 19))
    al = random.choices(list(airlines), weights=[v[1] for v in airlines.values()])[0]
    ac = random.choice(airlines[al][0])
    wx = wpick([("FR", 55), ("SN", 12), ("-SN", 10), ("FZFG", 9), ("FZDZ", 5), ("NIL", 4)])
    oat = round(random.uniform(-9, 3) if wx != "NIL" else random.uniform(0, 4), 1)
    heavy = wx in ("SN", "FZDZ")
    t1 = int(size[ac] * random.uniform(180, 420) * (1.8 if heavy else 1.0) * (0.4 if wx == "NIL" else 1.0))
    anti = "Y" if (heavy or wx == "-SN" or (wx == "FZFG" and random.random() < 0.5)) else "N"
    t4 = int(size[ac] * random.uniform(150, 300)) if anti == "Y" else 0
    mins = max(3, int((t1 + t4) / random.uniform(45, 70)))
    delay = 0
    if heavy:
        delay = random.choice([0, 0, 5, 10, 15, 25, 40])
    elif random.random() < 0.15:
        delay = random.choice([3, 5, 8, 12])
    note = ""
    if wx == "FR" and random.random() < 0.2:
        note = random.choice(["Wings only", "Frost on upper wing surface", "Tail only - capt req"])
    elif wx == "NIL":
        note = "Clear ice check - wing tank cold soak"
    elif random.random() < 0.08:
        note = random.choice(["Re-spray requested by capt", "Rig swap - hose fault", "Remote stand", "Waited for fuel bowser to clear"])
    flt = f"{al}{random.randint(100, 9899)}"
    rows.append([f"DI{day.strftime('%y%m')}-{i+1:03d}", t.strftime("%d/%m/%Y %H:%M"), flt, al, ac, random.choice(["2", "3", "4", "5A", "5B", "7", "11", "12", "14", "21", "22"]),
                 wpick([("DI-01", 4), ("DI-02", 4), ("DI-03", 3), ("DI-04", 3), ("DI-05", 1)]), t1, t4, mins, anti, oat, wx, delay,
                 wpick(crews), note])
rows.sort(key=lambda r: (dt.datetime.strptime(r[1], "%d/%m/%Y %H:%M"), r[0]))
w("De-Icing Log W24-25 (export 31-03-2025).csv",
  ["Job No", "Start", "Flight", "Airline", "A/C Type", "Stand", "Rig", "Type I (L)", "Type IV (L)", "Spray Mins", "Anti-ice Y/N",
   "OAT (°C)", "Precip", "Delay Mins", "Lead Op", "Remarks"], rows)
