# Domains: marine bunker (ship fuel) deliveries, hospital nurse bank shift requests, sheep shearing gang tallies, airport PRM (reduced mobility) assistance log, police firearms licensing applications.
# Tables of the forty-ninth corpus (seeded, standard library only). Run from this folder with /usr/bin/python3.
import random, csv, datetime as dt
random.seed(49049)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def pick(weights):
    return random.choices(list(weights), weights=list(weights.values()))[0]


# ---------------------------------------------------------------- bunker deliveries: one row per delivery (BDN)
names = ["Nordic Ace", "Maersk Kolkata", "Star Aquila", "Pacific Dawn", "Eagle Ravenna", "Cape Orion", "Hafnia Loire",
         "Baltic Wind", "Ocean Harmony", "Sea Falcon", "Golden Bay", "Lady Maria", "Stena Polaris", "Atlantic Crest",
         "MSC Laura", "CMA CGM Rhone", "Torm Helene", "Kiran Asia", "Sun Trader", "Bright Horizon", "Nautilus Way",
         "Aurora Spirit", "Iron Duke", "Kota Mewah", "Silver Point", "Grand Mercury", "Blue Marlin", "Thor Valiant",
         "Clipper Eos", "Arctic Tern", "Jag Pranav", "Polar Quest", "Vega Sky", "Delta Pride", "Coral Reef",
         "North Sentinel", "Shoal Runner", "Evening Star", "Zenith Pearl", "Atlas Carrier", "Harbour Guardian",
         "Mistral Bay", "Seaways Juno", "Bonita", "Federal Ems", "Stolt Sapphire", "Chem Rotterdam", "Yara Freya",
         "Hoegh Trove", "Glovis Crown", "Navios Amber", "Genco Titus", "Ardmore Seavaliant", "Nave Orbit"]
vessels = [(n, 9000000 + random.randint(100000, 899999)) for n in names]
vweights = [random.choice([1, 1, 1, 2, 3, 5]) for _ in vessels]
grades = {"VLSFO": 50, "MGO": 25, "HSFO": 15, "ULSFO": 10}
nom_rng = {"VLSFO": (300, 1500), "MGO": (50, 300), "HSFO": (500, 2000), "ULSFO": (100, 600)}
price0 = {"VLSFO": 615, "MGO": 760, "HSFO": 485, "ULSFO": 650}
dens = {"VLSFO": (935, 985), "MGO": (838, 868), "HSFO": (975, 990), "ULSFO": (900, 940)}
sulph = {"VLSFO": (0.30, 0.49), "MGO": (0.04, 0.09), "HSFO": (2.40, 3.40), "ULSFO": (0.05, 0.10)}
barges = {"Bunker Star": 30, "Marisol": 22, "Petro Tide": 18, "Ocean Pearl 2": 14, "Falcon Spirit": 9}
locs = ["Anch A", "Anch A", "Anch B", "Berth 4", "Berth 11", "Oil Jetty 2"]
surveyors = ["Harbour Marine Survey", "Meridian Surveys", "Coastline Inspection Ltd"]
rows = []
for i in range(224):
    d = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 183))
    v, imo = random.choices(vessels, weights=vweights)[0]
    g = pick(grades)
    lo, hi = nom_rng[g]
    nom = random.randrange(lo, hi + 1, 25 if g == "MGO" else 50)
    short = random.random() < 0.12
    qty = nom - random.uniform(5.5, 22) if short else nom + random.gauss(-1.0, 2.2)
    qty = round(qty, 3)
    drift = {7: 0, 8: 8, 9: -12, 10: -20, 11: -5, 12: 10}[d.month]
    price = round((price0[g] + drift + random.uniform(-15, 15)) * 2) / 2
    conn = dt.datetime.combine(d, dt.time(0, 0)) + dt.timedelta(minutes=random.randint(0, 23 * 60 + 50))
    pump_h = qty / random.uniform(180, 420) + random.uniform(0.6, 1.8)
    disc = conn + dt.timedelta(minutes=int(pump_h * 60))
    disp = "Y" if (short and random.random() < 0.6) or random.random() < 0.03 else "N"
    surv = random.choice(surveyors) if (disp == "Y" or random.random() < 0.55) else ""
    rem = ""
    if short and random.random() < 0.5:
        rem = random.choice(["Short delivery - LOP issued", "Ship figures disagree, LOP by C/E", "Short vs nomination"])
    elif random.random() < 0.15:
        rem = random.choice(["Delayed by swell", "Barge waited for ship's readiness", "Slow pumping requested by C/E",
                             "Sample retained onboard", "Hose changed before start"])
    s_lo, s_hi = sulph[g]
    rows.append([f"BDN-24-{1000 + i}", d.strftime("%d/%m/%Y"), v, imo, random.choice(locs), pick(barges), g, nom, qty,
                 price, round(random.uniform(*dens[g]), 1), round(random.uniform(s_lo, s_hi), 3),
                 conn.strftime("%d/%m/%Y %H:%M"), disc.strftime("%d/%m/%Y %H:%M"),
                 "N" if random.random() < 0.04 else "Y", disp, surv, rem])
rows.sort(key=lambda r: dt.datetime.strptime(r[12], "%d/%m/%Y %H:%M"))
for k, r in enumerate(rows):
    r[0] = f"BDN-24-{1000 + k}"
w("Bunker_Deliveries_2024H2.csv",
  ["BDN No", "Delivery Date", "Vessel Name", "IMO", "Location", "Barge", "Grade", "Nominated Qty (MT)", "Qty (MT)",
   "Price USD/MT", "Density @15C (kg/m3)", "Sulphur %", "Hose Connected", "Hose Disconnected", "MARPOL Sample Sealed",
   "Qty Dispute", "Surveyor", "Remarks"], rows)

# ---------------------------------------------------------------- nurse bank shift requests: one row per shift requested
wards = {"AMU": ("Medicine", 18), "Ward 7 (Elderly Care)": ("Medicine", 16), "Ward 9 (Respiratory)": ("Medicine", 11),
         "Ward 12 (Gen Surg)": ("Surgery", 10), "Ward 14 (T&O)": ("Surgery", 9), "ITU": ("Critical Care", 8),
         "ED": ("Emergency", 14), "Delivery Suite": ("Women's", 7)}
shifts = {"LD": 11.5, "N": 11.5, "E": 7.5, "L": 7.5}
starts = {"LD": (7, 30), "N": (19, 30), "E": (7, 30), "L": (12, 30)}
reasons = {"VAC": 35, "SICK": 25, "ACU": 15, "MAT": 8, "ANN": 9, "TRN": 8}
base = {"Band 2": 12.45, "Band 3": 13.10, "Band 5": 19.20, "Band 6": 23.60}
agencies = {"NurseLink UK": 40, "CarePoint Agency": 25, "Apex Clinical": 20, "Meridian Healthcare Staffing": 15}
rows = []
for i in range(362):
    wd = random.choices(list(wards), weights=[v[1] for v in wards.values()])[0]
    direc = wards[wd][0]
    if wd == "Delivery Suite":
        grp = random.choice(["RM", "RM", "RM", "HCA"])
    else:
        grp = random.choice(["RN", "RN", "RN", "HCA", "HCA"])
    if wd == "ITU" and grp == "HCA" and random.random() < 0.7:
        grp = "RN"
    band = random.choice(["Band 5", "Band 5", "Band 6"]) if grp in ("RN", "RM") else random.choice(["Band 2", "Band 3", "Band 3"])
    sd = dt.date(2025, 4, 1) + dt.timedelta(days=random.randint(0, 90))
    st = random.choice(["LD", "LD", "N", "N", "E", "L"])
    rsn = pick(reasons)
    notice = int(random.expovariate(1 / 4.5))
    if rsn == "SICK":
        notice = min(notice, random.choice([0, 0, 1, 1, 2]))
    notice = min(notice, 28)
    sh, sm = starts[st]
    latest = sh * 60 + sm - 30 if notice == 0 else 23 * 60 + 30
    rq = dt.datetime.combine(sd - dt.timedelta(days=notice), dt.time(0, 0)) + dt.timedelta(minutes=random.randint(6 * 60, max(6 * 60 + 10, latest)))
    pf = {"FB": 56, "FA": 17, "UF": 15, "CX": 12}
    if notice <= 1:
        pf = {"FB": 40, "FA": 27, "UF": 24, "CX": 9}
    out = pick(pf)
    ag = pick(agencies) if out == "FA" else ""
    rate = ""
    if out in ("FB", "FA"):
        r = base[band] * (1.3 if st == "N" else 1.0) * (random.uniform(1.9, 2.6) if out == "FA" else random.uniform(1.0, 1.12))
        rate = round(r, 2)
    esc = "Y" if out == "FA" or (out == "UF" and random.random() < 0.5) or random.random() < 0.04 else "N"
    note = ""
    if rsn == "ACU" and random.random() < 0.5:
        note = random.choice(["1:1 for confused pt bay 3", "Enhanced obs - falls risk", "RMN requested, RN sent", "Specialling side room 2"])
    elif random.random() < 0.1:
        note = random.choice(["Covering LTS", "OPEL 3 - extra capacity beds open", "Moved to ward 9 on arrival",
                              "Block booked", "Cancelled - pt discharged", "Ward manager approved"])
    rows.append([None, wd, direc, grp, band, sd.isoformat(), st, shifts[st], rsn, rq.strftime("%d/%m/%Y %H:%M"), out, ag, rate, esc, note])
rows.sort(key=lambda r: dt.datetime.strptime(r[9], "%d/%m/%Y %H:%M"))
for k, r in enumerate(rows):
    r[0] = "BR" + dt.datetime.strptime(r[9], "%d/%m/%Y %H:%M").strftime("%y%m%d") + f"-{k + 1:03d}"
w("Bank Shift Requests Apr-Jun 2025.csv",
  ["Request ID", "ward", "Directorate", "staffGroup", "Band", "ShiftDate", "ShiftType", "Hrs", "ReasonCode", "RequestedOn",
   "Outcome", "AgencyName", "hourly_rate_gbp", "Tier2Escalated", "Notes"], rows)

# ---------------------------------------------------------------- shearing tallies: one row per shearer per run
farms = {"Glenmore Station": ("Romney", 5), "Te Awa Farm": ("Perendale", 3), "Ridgeview": ("Romney", 3),
         "Kowhai Downs": ("Merino", 4), "Burnside": ("Texel x", 2), "Otahu Hills": ("Merino", 3)}
shearers = {"Mike Tane": 1.25, "Sam Ruru": 1.15, "Jo Keelan": 1.05, "Ari Walker": 1.0, "Dean Hohaia": 0.95,
            "Kate Pryor": 0.9, "Toby Rangi": 0.85, "Liam Ford": 0.8, "Rewi Paki": 0.75}
per2h = {"EWE": 80, "HGT": 85, "LMB": 110, "RAM": 22, "WTH": 80}
rate = {"EWE": 3.45, "HGT": 3.45, "LMB": 2.75, "RAM": 9.50, "WTH": 3.45}
fleece = {"EWE": 4.6, "HGT": 4.0, "LMB": 1.5, "RAM": 6.2, "WTH": 5.0}
dates = []
day0 = dt.date(2024, 10, 14)
for farm, (breed, ndays) in farms.items():
    for _ in range(ndays):
        dates.append((day0 + dt.timedelta(days=random.randint(0, 125)), farm, breed))
dates.sort()
rows = []
for d, farm, breed in dates:
    gang = random.choice(["Gang 1", "Gang 1", "Gang 2"])
    crew = random.sample(list(shearers), random.randint(3, 5))
    classes = [random.choice(["EWE", "EWE", "EWE", "HGT", "LMB", "WTH"]) for _ in range(4)]
    if random.random() < 0.3:
        classes[3] = "RAM"
    for run in range(1, 5):
        cls = classes[run - 1]
        mins = 120 if random.random() < 0.88 else random.choice([90, 105])
        wet = mins < 120 and random.random() < 0.6
        for s in crew:
            if random.random() < 0.05:
                continue
            sp = shearers[s] * (0.72 if breed == "Merino" else 1.0)
            t = max(3, int(per2h[cls] * sp * mins / 120 * random.uniform(0.85, 1.12)))
            r = rate[cls] + (0.90 if breed == "Merino" else 0.0)
            fl = fleece[cls] * (0.85 if breed == "Merino" else 1.0)
            cuts = min(5, int(random.expovariate(1.2) * (2 if cls == "RAM" else 1)))
            com = ""
            if wet:
                com = "Wet sheep - run cut short"
            elif random.random() < 0.05:
                com = random.choice(["Handpiece swapped", "Dags heavy", "Slow catching pen", "Ram lambs mixed in", "Cover comb"])
            rows.append([d.strftime("%d-%b-%y"), farm, gang, run, s, cls, breed, t, mins, round(r, 2), round(t * fl * random.uniform(0.9, 1.1), 1), cuts, com])
w("shearing_tally_2024-25.csv",
  ["Date", "Farm", "Gang", "Run", "Shearer", "Sheep Class", "Breed", "Tally", "Run Mins", "Rate $/hd", "Wool (kg)", "Cuts", "Comments"], rows)

# ---------------------------------------------------------------- airport PRM assistance log: one row per assisted passenger
carriers = {"EZY": 30, "RYR": 25, "BAW": 12, "TOM": 14, "EXS": 10, "LOG": 5, "KLM": 4}
flights = {c: [f"{c}{random.randint(100, 9899)}" for _ in range(random.randint(5, 12))] for c in carriers}
ssr = {"WCHR": 55, "WCHS": 20, "WCHC": 8, "BLND": 5, "DEAF": 4, "DPNA": 5, "MAAS": 3}
agents = {f"A{n}": wgt for n, wgt in zip([104, 107, 112, 118, 121, 125, 130, 133, 139, 142, 150],
                                         [9, 14, 11, 8, 12, 7, 10, 6, 9, 5, 4])}
rows = []
for i in range(384):
    c = pick(carriers)
    fl = random.choice(flights[c])
    dirn = random.choice(["DEP", "DEP", "ARR"])
    term = "T1" if c in ("EZY", "RYR", "LOG") else "T2"
    if random.random() < 0.08:
        term = "T2" if term == "T1" else "T1"
    code = pick(ssr)
    pre = "Y" if random.random() < 0.76 else "N"
    day = dt.date(2025, 7, 1) + dt.timedelta(days=random.randint(0, 30))
    if day.weekday() in (4, 5) and random.random() < 0.22:
        day = day - dt.timedelta(days=7) if day.day > 7 else day + dt.timedelta(days=7)
    sched = dt.datetime.combine(day, dt.time(0, 0)) + dt.timedelta(minutes=5 * random.randint(66, 275))
    ready = sched - dt.timedelta(minutes=random.randint(70, 140)) if dirn == "DEP" else sched + dt.timedelta(minutes=random.randint(-5, 15))
    wait = int(random.expovariate(1 / (6 if pre == "Y" else 14)))
    if code == "WCHC":
        wait += random.randint(0, 8)
    attend = ready + dt.timedelta(minutes=wait)
    amb = "Y" if (code == "WCHC" and random.random() < 0.85) or (code == "WCHS" and random.random() < 0.3) else "N"
    own = "Y" if code in ("WCHC", "WCHS", "WCHR") and random.random() < 0.18 else "N"
    comp = "Y" if (wait > 20 and random.random() < 0.35) or random.random() < 0.03 else "N"
    rem = ""
    if random.random() < 0.12:
        rem = random.choice(["Pax with companion", "Guide dog travelling", "Own chair to hold, gate delivery", "Remote stand",
                             "Buggy used", "Late notification from airline", "Pax walked from gate"])
    rows.append([None, fl, c, dirn, term, code, pre, sched.strftime("%Y-%m-%d %H:%M"), ready.strftime("%d/%m/%Y %H:%M"),
                 attend.strftime("%d/%m/%Y %H:%M"), amb, own, pick(agents), comp, rem])
rows.sort(key=lambda r: r[7])
for k, r in enumerate(rows):
    r[0] = "PRM" + r[7][2:4] + r[7][5:7] + r[7][8:10] + f"-{k + 1:03d}"
w("PRM_ASSIST_LOG_2025-07.csv",
  ["REF", "FLT_NO", "CARRIER", "DIR", "TERMINAL", "SSR_CODE", "PRE_NOTIFIED", "SCHED_TIME", "PAX_READY_TIME",
   "AGENT_ATTEND_TIME", "AMBULIFT", "OWN_WCH", "AGENT_ID", "COMPLAINT", "REMARKS"], rows)

# ---------------------------------------------------------------- firearms licensing applications: one row per application
fees = {("FAC", "GRANT"): 88.0, ("FAC", "RENEWAL"): 62.0, ("FAC", "VARIATION"): 20.0,
        ("SGC", "GRANT"): 79.5, ("SGC", "RENEWAL"): 49.0, ("SGC", "VARIATION"): 0.0,
        ("COTERM", "GRANT"): 90.0, ("COTERM", "RENEWAL"): 65.0, ("COTERM", "VARIATION"): 20.0,
        ("RFD", "GRANT"): 200.0, ("RFD", "RENEWAL"): 200.0}
feos = {"PC Hollins": 22, "Sgt Abara": 14, "Mr D Keogh": 19, "Ms R Singh": 17, "Mr P Varga": 12, "Ms L Tait": 10}
districts = {"North": 32, "South": 22, "City": 18, "East": 24}
rows = []
for i in range(312):
    ct = pick({"FAC": 35, "SGC": 45, "COTERM": 15, "RFD": 5})
    at = pick({"GRANT": 25, "RENEWAL": 60, "VARIATION": 15}) if ct != "RFD" else random.choice(["GRANT", "RENEWAL"])
    if ct == "SGC" and at == "VARIATION":
        at = "RENEWAL"
    rec = dt.date(2024, 4, 1) + dt.timedelta(days=random.randint(0, 364))
    feo = pick(feos)
    visit = ""
    if at == "GRANT" or (at == "RENEWAL" and random.random() < 0.7) or (at == "VARIATION" and random.random() < 0.1):
        visit_d = rec + dt.timedelta(days=random.randint(12, 95))
        visit = visit_d
    span = {"GRANT": (60, 210), "RENEWAL": (30, 170), "VARIATION": (5, 45)}[at]
    dec_d = rec + dt.timedelta(days=random.randint(*span))
    if visit and dec_d <= visit:
        dec_d = visit + dt.timedelta(days=random.randint(3, 30))
    out = "GRT"
    u = random.random()
    if dec_d > dt.date(2025, 5, 15):
        out = "PEN"
    elif u < 0.05:
        out = "REF"
    elif u < 0.10:
        out = "WDN"
    if out == "WDN" and visit and random.random() < 0.5:
        visit = ""
    if visit and visit > dt.date(2025, 5, 15):
        visit = ""
    dec = dec_d.strftime("%d/%m/%Y") if out in ("GRT", "REF") else ""
    gp = "Y" if random.random() < 0.83 else "N"
    if out == "PEN" and random.random() < 0.4:
        gp = "N"
    fq = random.choice([1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 8]) if ct in ("FAC", "COTERM") else (random.randint(20, 140) if ct == "RFD" else "")
    sq = random.choice([1, 1, 1, 2, 2, 3, 4]) if ct in ("SGC", "COTERM") else ""
    s7 = "Y" if at == "RENEWAL" and (dec_d - rec).days > 120 and random.random() < 0.7 else "N"
    note = ""
    if out == "REF":
        note = random.choice(["Refused - undisclosed convictions", "Refused - medical concerns raised by GP", "Refused - insecure storage at HV"])
    elif out == "WDN":
        note = random.choice(["Applicant withdrew - moved out of area", "Withdrawn, guns sold via RFD", "Applicant deceased"])
    elif random.random() < 0.1:
        note = random.choice(["Cabinet upgrade required", "Referee chased x2", "Land check for stalking", "Awaiting GP reply",
                              "Variation for sound moderator", "One for one swap"])
    rows.append([None, ct, at, rec.isoformat(), visit.strftime("%d/%m/%Y") if visit else "", dec, out, feo, pick(districts),
                 gp, fq, sq, fees[(ct, at)], s7, note])
rows.sort(key=lambda r: r[3])
for k, r in enumerate(rows):
    r[0] = f"FEO/{r[3][2:4]}/{1200 + k:05d}"
w("firearmsLicensing_FY2024-25.csv",
  ["appRef", "certType", "appType", "receivedDate", "homeVisitDate", "decisionDate", "outcome", "feo", "district",
   "gpMedicalReturned", "firearmsQty", "shotgunsQty", "fee_gbp", "s7TempPermit", "notes"], rows)
