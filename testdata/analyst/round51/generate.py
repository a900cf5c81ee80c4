# Domains: harbour towage jobs, LOLER thorough examinations of lifting equipment, clinic letter dictation/typing turnaround, home-to-school transport applications, BACS direct debit returns (ARUDD).
# Tables of the fifty-first corpus (seeded). Run from this folder with /usr/bin/python3.
import random, csv, datetime as dt
random.seed(51051)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def wpick(pairs):
    items, weights = zip(*pairs)
    return random.choices(items, weights=weights)[0]


# ---------------------------------------------------------------------------
# Harbour towage jobs: one row per tug job ordered, Jan-Jun 2025.
vessel_words = ["Nordic", "Baltic", "Atlantic", "Celtic", "Hanse", "Iberian", "Solent", "Humber", "Forth", "Thames",
                "Arctic", "Pacific", "Orient", "Amber", "Coral", "Silver", "Polar", "Golden"]
vessel_tails = ["Star", "Trader", "Pioneer", "Spirit", "Carrier", "Express", "Venture", "Breeze", "Wave", "Hope",
                "Horizon", "Falcon", "Crown", "Voyager"]
vessels = []
used = set()
while len(vessels) < 48:
    nm = random.choice(vessel_words) + " " + random.choice(vessel_tails)
    if nm in used:
        continue
    used.add(nm)
    kind = wpick([("coaster", 4), ("bulk", 3), ("tanker", 2), ("container", 2), ("roro", 2)])
    gt = {"coaster": random.randint(1800, 6500), "bulk": random.randint(14000, 43000), "tanker": random.randint(5000, 38000),
          "container": random.randint(9000, 52000), "roro": random.randint(12000, 33000)}[kind]
    loa = round(55 + gt ** 0.5 * random.uniform(0.95, 1.15), 1)
    vessels.append((nm, 9100000 + random.randint(10000, 899999), gt, loa, kind))
vessels.append(("Maersk Kendal", 9752311, 61870, 299.9, "container"))  # one clearly largest caller
berth_for = {"coaster": ["No.3 Quay", "No.4 Quay", "Riverside"], "bulk": ["Grain Berth", "No.4 Quay"],
             "tanker": ["Oil Jetty"], "container": ["Container Tml"], "roro": ["Ro-Ro 1", "Ro-Ro 2"]}
tugs = [("Bollard King", 5), ("Kittiwake", 4), ("Ironbridge", 3), ("Sea Otter", 3), ("Tern", 2)]
delay_codes = [("PIL", 4), ("VSL", 5), ("WX", 3), ("TUG", 2), ("LNS", 1)]
notes_pool = ["", "", "", "", "", "", "fender damage reported by master", "standby 30 mins at lock", "made fast aft only",
              "gusting 35kn on arrival", "pilot boarded late at pilot station", "vessel engine trouble, extra tug called",
              "master requested extra line", "swung in turning basin"]
rows = []
for i in range(318):
    month_w = [1.0, 0.9, 1.05, 1.25, 1.1, 1.0]
    m = random.choices(range(1, 7), weights=month_w)[0]
    d = dt.date(2025, m, random.randint(1, 28))
    v = random.choices(vessels, weights=[1] * (len(vessels) - 1) + [3])[0]
    nm, imo, gt, loa, kind = v
    move = wpick([("ARR", 42), ("DEP", 42), ("SHIFT", 16)])
    ntug = 1 if gt < 8000 else (2 if gt < 40000 else 3)
    if random.random() < 0.12:
        ntug = min(3, ntug + 1)
    lead = wpick(tugs)
    cxl = random.random() < 0.045
    delay = ""
    dcode = ""
    if not cxl and random.random() < 0.27:
        dcode = wpick(delay_codes)
        delay = random.randint(10, 125)
    if cxl:
        mins = ""
        inv = 350.0
    else:
        mins = int(35 + ntug * random.randint(8, 25) + (20 if move == "SHIFT" else 0) + (delay or 0) * 0.3)
        band = 780 if gt < 8000 else (1150 if gt < 20000 else (1600 if gt < 40000 else 2250))
        inv = round(band * ntug * random.uniform(0.95, 1.1) + (delay or 0) * 4.5, 2)
    ordered = f"{random.randint(0, 23):02d}:{random.choice(['00', '15', '30', '45'])}"
    note = random.choice(notes_pool)
    if cxl:
        note = random.choice(["cancelled by agent", "vessel delayed - reorder", "cancelled < 2h notice", ""])
    rows.append([d, ordered, nm, imo, gt, loa, move, random.choice(berth_for[kind]), ntug, lead, mins, delay, dcode,
                 inv, "Y" if cxl else "N", note])
rows.sort(key=lambda r: (r[0], r[1]))
out = []
for n, r in enumerate(rows, 1):
    out.append([f"TJ25-{n:04d}", r[0].strftime("%d/%m/%Y")] + r[1:])
w("TOWAGE_JOBS_2025H1.csv",
  ["Job Ref", "Job Date", "Ordered", "Vessel", "IMO", "GT", "LOA (m)", "Move", "Berth", "Tugs", "Lead Tug",
   "Time On Job (mins)", "Delay (mins)", "Delay Code", "Invoice Amt (GBP)", "Cxl", "Notes"], out)


# ---------------------------------------------------------------------------
# LOLER thorough examinations: one row per examination, Jan-Jun 2025.
kit = {  # type: (prefix, swl range, exam mins range, fee, people-lifting, has hour meter)
    "Forklift": ("FLT", (1500, 3500), (35, 70), 95.0, False, True),
    "Reach truck": ("RT", (1200, 2500), (40, 75), 105.0, False, True),
    "MEWP": ("MEWP", (200, 450), (45, 90), 125.0, True, True),
    "Scissor lift": ("SCL", (230, 600), (40, 70), 110.0, True, True),
    "Overhead hoist": ("OHH", (500, 5000), (30, 60), 85.0, False, False),
    "Chain block": ("CB", (500, 3000), (10, 25), 22.0, False, False),
    "Lifting sling": ("SLG", (1000, 6000), (5, 12), 8.5, False, False),
}
sites = [("Leeds DC", 5), ("Wakefield", 4), ("Doncaster", 3), ("Hull Port", 2)]
assets = []
for t, (pre, swl, _, _, _, _) in kit.items():
    n = {"Forklift": 26, "Reach truck": 10, "MEWP": 8, "Scissor lift": 9, "Overhead hoist": 12, "Chain block": 22,
         "Lifting sling": 30}[t]
    for k in range(1, n + 1):
        assets.append((f"{pre}-{k:03d}", t, int(round(random.randint(*swl), -1 if swl[1] < 1000 else -2)),
                       wpick(sites), random.randint(400, 14000)))
engineers = [("R. Haworth", 5), ("S. Begum", 4), ("D. Kowalski", 3), ("J. Pryce", 2)]
remarks_pool = {"SAT": ["", "", "", "no defects", "satisfactory"],
                "ADV": ["tyres wearing", "chain stretch within limits - monitor", "label faded - renew", "minor hydraulic weep",
                        "guard rail paint worn"],
                "DEF": ["mast chain out of adjustment", "brake efficiency low", "sling tag illegible", "hook latch damaged",
                        "overload alarm not working", "worn forks - heel 8%"],
                "DNG": ["fork heel beyond 10% wear - taken out of use", "hook throat opening exceeded",
                        "cut in sling webbing - destroyed", "platform tilt alarm failed - isolated", "wire rope broken strands"]}
rows = []
for i in range(268):
    a = random.choice(assets)
    aid, t, swl, site, hrs0 = a
    pre, _, mr, fee, people, meter = kit[t]
    interval = 6 if (people or t in ("Lifting sling", "Chain block")) else 12
    d = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 178))
    res = wpick([("SAT", 55), ("ADV", 20), ("DEF", 18), ("DNG", 7)])
    ndef = 0 if res in ("SAT", "ADV") else random.choice([1, 1, 1, 2, 2, 3])
    oos = "Y" if res == "DNG" or (res == "DEF" and random.random() < 0.15) else "N"
    nxt = d + dt.timedelta(days=round(interval * 30.44))
    if res == "DNG":
        nxt_s = ""
    else:
        nxt_s = nxt.isoformat()
    hrs = hrs0 + random.randint(0, 900) if meter else ""
    mins = random.randint(*mr) + ndef * 5
    fee_v = round(fee * random.choice([1, 1, 1, 1.1]), 2)
    rows.append([d.isoformat(), aid, t, swl, site, interval, res, ndef, oos, wpick(engineers), mins, fee_v, hrs,
                 nxt_s, random.choice(remarks_pool[res])])
rows.sort(key=lambda r: r[0])
out = [[f"TE{25000 + n}"] + r for n, r in enumerate(rows, 1)]
w("LOLER Exams Export 2025-06.csv",
  ["exam_id", "exam_date", "asset_no", "equipment_type", "swl_kg", "site", "exam_interval_months", "result",
   "defects_count", "out_of_service", "engineer", "exam_mins", "fee_gbp", "hours_meter", "next_due", "remarks"], out)


# ---------------------------------------------------------------------------
# Clinic letter dictation and typing: one row per dictated letter, clinics Apr-Jun 2025.
specs = {"CARD": ["Dr A Khan", "Dr P Morrison", "Dr L Osei"], "DERM": ["Dr H Varga", "Dr S Whitlock"],
         "GAST": ["Dr R Mehta", "Dr E Lund"], "T&O": ["Mr J Farrant", "Mr D Adeyemi", "Ms C Holt"],
         "RHEU": ["Dr M Sato"], "URO": ["Mr T Quinn", "Mr B Rahman"]}
spec_w = {"CARD": 5, "DERM": 3, "GAST": 3, "T&O": 6, "RHEU": 2, "URO": 3}
typists = [("Jackie", 6), ("Priya", 5), ("Maureen", 4), ("Tom", 3), ("Outsourced", 2)]
rows = []
for i in range(362):
    sp = random.choices(list(spec_w), weights=list(spec_w.values()))[0]
    cons = random.choice(specs[sp])
    clinic = dt.date(2025, 4, 1) + dt.timedelta(days=random.randint(0, 90))
    while clinic.weekday() >= 5:
        clinic += dt.timedelta(days=1)
    dictated = dt.datetime.combine(clinic, dt.time(0)) + dt.timedelta(
        days=random.choice([0, 0, 0, 1, 1, 2, 3, 5]), hours=random.randint(9, 18), minutes=random.randint(0, 59))
    prio = "URG" if random.random() < 0.17 else "RTN"
    ltype = wpick([("NEW", 4), ("FU", 6), ("DISCH", 2)])
    audio = round(random.uniform(1.2, 9.5) * (1.3 if ltype == "NEW" else 1.0), 1)
    pages = max(1, int(audio / 2.5 + random.random()))
    # how far through the pipeline is it (export taken 04/07/2025)
    age_days = (dt.datetime(2025, 7, 4, 17, 0) - dictated).days
    r = random.random()
    if age_days < 12 and r < 0.55 and prio == "RTN":
        status = "AWAIT"
    elif r < 0.04:
        status = "QRY"
    elif age_days < 20 and r < 0.25:
        status = "TYPED"
    else:
        status = "SENT"
    if sp == "T&O" and age_days < 25 and random.random() < 0.35 and prio == "RTN":
        status = "AWAIT"  # orthopaedic backlog
    typist = typed = sent = ""
    if status in ("TYPED", "SENT", "QRY"):
        typist = wpick(typists)
        lag_h = random.uniform(2, 30) if prio == "URG" else random.uniform(20, 260)
        typed_dt = dictated + dt.timedelta(hours=lag_h)
        if typed_dt.hour < 8 or typed_dt.hour >= 18:  # typing team works 08:00-18:00
            typed_dt = typed_dt.replace(hour=random.randint(8, 11)) + dt.timedelta(days=1 if typed_dt.hour >= 18 else 0)
        typed = typed_dt.strftime("%d/%m/%Y %H:%M")
        if status == "SENT":
            sent = (typed_dt + dt.timedelta(days=random.choice([0, 1, 1, 2, 3, 4, 6]))).strftime("%d/%m/%Y")
    comment = ""
    if status == "QRY":
        comment = random.choice(["inaudible section - query to consultant", "drug name unclear", "wrong NHS number dictated"])
    elif random.random() < 0.08:
        comment = random.choice(["re-dictated", "amended after sign-off", "copy to patient requested", "interpreter needed"])
    rows.append([sp, cons, clinic.strftime("%d/%m/%Y"), dictated.strftime("%d/%m/%Y %H:%M"), typed, sent,
                 typist, audio, pages if typed else "", prio, ltype, "Y" if random.random() < 0.86 else "N", status, comment,
                 dictated])
rows.sort(key=lambda r: r[-1])
out = [[f"DL{70311 + n}"] + r[:-1] for n, r in enumerate(rows, 1)]
w("dictation_turnaround_apr-jun25.csv",
  ["LetterID", "Spec", "Consultant", "ClinicDt", "DictatedAt", "TypedAt", "SentDt", "Typist", "AudioMins", "Pages",
   "Priority", "LetterType", "CcGP", "Status", "Comments"], out)


# ---------------------------------------------------------------------------
# Home-to-school transport applications: one row per application, received Mar-Jul 2025.
areas = [("Ashby", 5), ("Coalville", 4), ("Hinckley", 4), ("Lutterworth", 2), ("Melton", 3)]
schools = {"PRI": ["St Mary's CE Primary", "Oakfield Primary", "Brook Lane Infants", "Castle Hill Primary"],
           "SEC": ["Ivanhoe Academy", "Redmoor High", "The Priory School", "Beacon College"],
           "POST16": ["Beacon College", "Redmoor Sixth Form"]}
years = {"PRI": ["R", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6"], "SEC": ["Y7", "Y7", "Y7", "Y8", "Y9", "Y10", "Y11"],
         "POST16": ["Y12", "Y13"]}
rows = []
for i in range(296):
    phase = wpick([("PRI", 35), ("SEC", 50), ("POST16", 15)])
    yr = random.choice(years[phase])
    sch = random.choice(schools[phase])
    ehcp = random.random() < 0.16
    dist = round(random.uniform(0.4, 2.6) if phase == "PRI" else random.uniform(0.8, 7.5), 1)
    statutory = 2.0 if phase == "PRI" and yr in ("R", "Y1", "Y2", "Y3") else 3.0
    if ehcp:
        basis = "SEN"
    elif dist >= statutory:
        basis = "DIST"
    elif random.random() < 0.35:
        basis = "LOW_INC"
    elif random.random() < 0.3:
        basis = "UNSAFE"
    else:
        basis = "NONE"
    recv = dt.date(2025, 3, 3) + dt.timedelta(days=random.randint(0, 140))
    ok = basis in ("SEN", "DIST") or (basis == "LOW_INC" and random.random() < 0.6) or (basis == "UNSAFE" and random.random() < 0.4)
    if (dt.date(2025, 7, 25) - recv).days < random.randint(10, 45):
        dec, ddate = "PEND", ""
    else:
        dec = "APPR" if ok else "REFD"
        ddate = (recv + dt.timedelta(days=random.randint(6, 40) + (10 if ehcp else 0))).strftime("%d/%m/%Y")
    ttype = cost = ""
    if dec == "APPR":
        if ehcp:
            ttype = wpick([("TAXI", 5), ("MINIBUS", 3), ("PTB", 2)])
        else:
            ttype = wpick([("BUS_PASS", 8), ("MINIBUS", 1), ("PTB", 1)])
        cost = {"BUS_PASS": random.choice([520, 585, 640]), "MINIBUS": random.randint(2100, 4200),
                "TAXI": random.randint(6500, 17500), "PTB": random.randint(900, 3200)}[ttype]
    appeal = "Y" if dec == "REFD" and random.random() < 0.3 else "N"
    rows.append([recv.isoformat(), yr, phase, sch, wpick(areas), dist, basis, "Y" if ehcp else "N", dec, ddate, ttype, cost,
                 appeal])
rows.sort(key=lambda r: r[0])
out = [[f"HST/25/{1040 + n}"] + r for n, r in enumerate(rows, 1)]
w("hstApplications_2025-26_wk10-30.csv",
  ["appRef", "receivedDate", "ncYear", "schoolPhase", "schoolName", "homeArea", "distanceMiles", "eligibilityBasis",
   "ehcp", "decision", "decisionDate", "transportType", "estAnnualCost_gbp", "appealLodged"], out)


# ---------------------------------------------------------------------------
# BACS direct debit returns (ARUDD) for a membership charity: one row per unpaid collection, Q2 2025.
reasons = [("0", "REFER TO PAYER", 40), ("1", "INSTRUCTION CANCELLED", 30), ("2", "PAYER DECEASED", 4),
           ("3", "ACCOUNT TRANSFERRED", 3), ("5", "NO ACCOUNT", 4), ("6", "NO INSTRUCTION", 3), ("B", "ACCOUNT CLOSED", 12)]
schemes = {"REGGIV": [5, 8, 10, 12, 15, 20, 25], "LOTT": [4, 8, 12], "MEMB": [3.5, 6, 7.5], "SPONS": [15, 18, 22, 30]}
scheme_w = [("REGGIV", 10), ("LOTT", 5), ("MEMB", 4), ("SPONS", 3)]
accts = []
for k in range(240):
    start = dt.date(2019, 1, 1) + dt.timedelta(days=random.randint(0, 2300))
    accts.append((f"SUP{random.randint(100000, 999999)}", wpick(scheme_w), start,
                  wpick([("DOOR", 5), ("ONLINE", 4), ("PHONE", 3), ("PAPER", 1)])))
rows = []
for i in range(284):
    acc, sch, start, chan = random.choice(accts)
    m = random.choices([4, 5, 6], weights=[1.0, 1.2, 0.9])[0]
    coll = dt.date(2025, m, random.choice([1, 1, 8, 15, 15, 22, 28]))
    if coll < start:
        coll = start + dt.timedelta(days=10)
        if coll.month not in (4, 5, 6) or coll.year != 2025:
            coll = dt.date(2025, 6, 28)
    code, desc, _ = random.choices(reasons, weights=[r[2] for r in reasons])[0]
    amt = float(random.choice(schemes[sch]))
    if random.random() < 0.05:
        amt = round(amt * random.choice([2, 3]), 2)
    proc = coll + dt.timedelta(days=random.choice([2, 3, 3, 3, 4, 4, 5, 6, 8]))
    while proc.weekday() >= 5:
        proc += dt.timedelta(days=1)
    repres = "Y" if code == "0" and random.random() < 0.7 else "N"
    rec = round(amt, 2) if repres == "Y" and random.random() < 0.55 else ""
    rows.append([coll.strftime("%d-%b-%Y"), int(proc.strftime("%Y%m%d")), "434511", acc, sch, start.isoformat(), chan,
                 f"{amt:.2f}", code, desc, repres, rec, coll])
rows.sort(key=lambda r: (r[-1], r[3]))
out = [[f"R{n:05d}"] + r[:-1] for n, r in enumerate(rows, 1)]
w("ARUDD Returns 2025Q2.csv",
  ["RETURN_ID", "COLLECTION_DATE", "PROCESSED_DATE", "SUN", "ACCOUNT_REF", "SCHEME", "MANDATE_START", "SIGNUP_CHANNEL",
   "AMOUNT_GBP", "REASON_CODE", "REASON_DESC", "RE_PRESENTED", "RECOVERED_AMT"], out)
