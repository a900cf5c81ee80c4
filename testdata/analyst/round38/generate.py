# Tables of the 38th corpus (seeded), a blind corpus written without reading the analyst. Domains: car hire rental agreements (transport and travel), CI build pipeline runs (IT and telecoms), journal manuscript submissions (media and publishing), law firm time entries (legal), parking penalty charge notices (local government).
import random, csv, math, datetime as dt
random.seed(380529)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# Car hire: one row per rental agreement, Q1 2025, from the counter system.
branches = {"Heathrow T5": 1.25, "Manchester Airport": 1.1, "Edinburgh City": 1.0, "Bristol Temple Meads": 0.9, "Leeds City": 0.85}
groups = {"ECMR": 29.0, "CDMR": 36.0, "IDAR": 44.0, "SFAR": 62.0, "PVMR": 85.0}
channels = ["WEB"] * 5 + ["APP"] * 3 + ["BROKER"] * 3 + ["WALKIN"] * 2 + ["CORP"] * 2
corps = ["ACC-0412 Halden Engineering", "ACC-0977 Brightwater NHS Trust", "ACC-1103 Korvus Consulting",
         "ACC-1250 Marlowe Insurance", "ACC-1388 Tenby Foods", "ACC-1502 Quayside Logistics", "ACC-1644 Arden University"]
rows = []
for i in range(318):
    branch = random.choices(list(branches), weights=[30, 24, 18, 15, 13])[0]
    grp = random.choices(list(groups), weights=[30, 28, 20, 15, 7])[0]
    start = dt.datetime(2025, 1, 1, 7, 0) + dt.timedelta(days=random.randint(0, 88), minutes=random.randint(0, 13 * 60))
    start = start.replace(minute=(start.minute // 5) * 5)
    days = random.choices([1, 2, 3, 4, 5, 6, 7, 10, 14, 21], weights=[14, 16, 16, 12, 10, 6, 12, 6, 6, 2])[0]
    ret = start + dt.timedelta(days=days, minutes=random.randint(-180, 100))
    ret = ret.replace(minute=(ret.minute // 5) * 5)
    out_mi = random.randint(3200, 41000)
    miles = int(days * random.uniform(25, 140))
    fuel_out = 8
    fuel_in = random.choices([8, 7, 6, 5, 4, 3, 2], weights=[60, 10, 8, 7, 6, 5, 4])[0]
    rate = round(groups[grp] * branches[branch] * random.uniform(0.85, 1.2), 2)
    chan = random.choice(channels)
    corp = random.choice(corps) if chan == "CORP" else ""
    if chan == "BROKER":
        rate = round(rate * 0.88, 2)
    extras = round(random.choice([0, 0, 0, 0, 8.5, 12.0, 15.0]) * days + random.choice([0, 0, 0, 25.0]), 2)
    refuel = round((fuel_out - fuel_in) * 9.75, 2)
    dmg = "Y" if random.random() < 0.07 else "N"
    total = round(rate * days + extras + refuel, 2)
    rows.append([f"RA{250000 + i * 7 + random.randint(0, 6)}", branch, grp, start.strftime("%d/%m/%Y %H:%M"),
                 ret.strftime("%d/%m/%Y %H:%M"), days, out_mi, out_mi + miles, fuel_out, fuel_in,
                 f"{rate:.2f}", f"{extras:.2f}", f"{refuel:.2f}" if refuel else "", dmg, chan, corp, f"{total:.2f}"])
rows.sort(key=lambda r: dt.datetime.strptime(r[3], "%d/%m/%Y %H:%M"))
w("Rental Agreements Export 2025-03.csv",
  ["Agreement No.", "Branch", "Car Group", "Pickup Date/Time", "Return Date/Time", "Rental Days", "Mileage Out", "Mileage In",
   "Fuel Out (8ths)", "Fuel In (8ths)", "Daily Rate (£)", "Extras Amt (£)", "Refuel Chg (£)", "Damage Y/N", "Channel",
   "Corp Account", "Total Charge (£)"], rows)


# CI: one row per pipeline run, Q1 2025, exported from the build server.
pipelines = {"payments-api": (540, 0.14, 1850), "web-frontend": (420, 0.10, 1320), "mobile-app": (1260, 0.19, 640),
             "data-etl": (300, 0.08, 410), "auth-service": (360, 0.12, 960)}
devs = ["a.kowalski", "b.osei", "c.nguyen", "d.fraser", "e.rahman", "f.lindholm", "g.moreno"]
rows = []
shas = []
for i in range(372):
    pl = random.choices(list(pipelines), weights=[26, 24, 14, 18, 18])[0]
    base, fail_p, tests = pipelines[pl]
    trig = random.choices(["PUSH", "PR", "SCHEDULE", "MANUAL"], weights=[40, 38, 10, 12])[0]
    if trig == "SCHEDULE":
        branch = "main"
    elif trig == "PR":
        branch = f"feature/{ {'payments-api': 'PAY', 'web-frontend': 'WEB', 'mobile-app': 'MOB', 'data-etl': 'ETL', 'auth-service': 'AUTH'}[pl]}-{random.randint(100, 999)}"
    else:
        branch = random.choices(["main", "develop", "release/2025.1", "release/2025.2"], weights=[45, 35, 12, 8])[0]
    start = dt.datetime(2025, 1, 2, 6) + dt.timedelta(days=random.randint(0, 87), seconds=random.randint(0, 15 * 3600))
    runner = "macos-arm64" if pl == "mobile-app" and random.random() < 0.7 else random.choice(["linux-x64-small", "linux-x64-large"])
    queue = int(random.expovariate(1 / (95 if runner == "macos-arm64" else 22))) + random.randint(2, 9)
    r = random.random()
    status = "FAILED" if r < fail_p else ("CANCELLED" if r < fail_p + 0.04 else "SUCCESS")
    dur = int(base * random.uniform(0.75, 1.6) * (0.8 if runner == "linux-x64-large" else 1.0))
    n_tests = tests + random.randint(-40, 60)
    t_failed = 0
    if status == "FAILED":
        if random.random() < 0.75:
            t_failed = random.randint(1, 23)
        else:
            dur = int(dur * random.uniform(0.1, 0.5))
            n_tests = ""
    elif status == "CANCELLED":
        dur = int(dur * random.uniform(0.05, 0.6))
        n_tests = ""
    if random.random() < 0.2 and shas:
        sha = random.choice(shas[-12:])
    else:
        sha = "%040x" % random.getrandbits(160)
        shas.append(sha)
    by = "" if trig == "SCHEDULE" else random.choices(devs, weights=[14, 11, 9, 12, 8, 6, 5])[0]
    art = round(random.uniform(150, 420), 1) if pl == "mobile-app" else round(random.uniform(8, 95), 1)
    if status != "SUCCESS":
        art = ""
    rows.append([f"{48000 + i}", pl, branch, trig, start.strftime("%Y-%m-%dT%H:%M:%SZ"), queue, dur, status,
                 n_tests, t_failed if n_tests != "" else "", runner, art, sha[:12], by])
rows.sort(key=lambda r: r[4])
for k, r in enumerate(rows):
    r[0] = str(48211 + k)
w("BUILD_PIPELINE_RUNS_Q1_2025.csv",
  ["RUN_ID", "PIPELINE", "BRANCH", "TRIGGER", "STARTED_AT", "QUEUE_SEC", "DURATION_SEC", "STATUS", "TESTS_RUN", "TESTS_FAILED",
   "RUNNER", "ARTIFACT_MB", "COMMIT_SHA", "TRIGGERED_BY"], rows)


# Journal: one row per manuscript, submissions July-December 2024, from the editorial system.
sections = ["Oncology", "Cardiology", "Neurology", "Infectious Disease", "Public Health"]
editors = {"Dr H. Achterberg": 21, "Prof L. Mbeki": 34, "Dr S. Ramaswamy": 27, "Dr C. Delacroix": 45, "Prof J. O'Rourke": 30, "Dr Y. Tanabe": 38}
types = {"Original Research": (4200, 6), "Review": (6800, 4), "Short Communication": (2100, 2), "Case Report": (1600, 2), "Letter": (800, 0)}
countries = ["China"] * 9 + ["United States"] * 7 + ["United Kingdom"] * 5 + ["India"] * 5 + ["Germany"] * 3 + ["Brazil"] * 2 + \
            ["Italy"] * 3 + ["Japan"] * 2 + ["Nigeria"] * 2 + ["Australia"] * 2 + ["Iran"] * 2
end = dt.date(2025, 1, 31)
rows = []
for i in range(284):
    sub = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 183))
    at = random.choices(list(types), weights=[55, 14, 12, 12, 7])[0]
    wc, fig = types[at]
    words = int(wc * random.uniform(0.6, 1.5))
    figs = max(0, fig + random.randint(-2, 3))
    sec = random.choices(sections, weights=[25, 21, 17, 19, 18])[0]
    ed = random.choice(list(editors))
    desk = random.random() < 0.27
    invited = 0 if desk else random.randint(2, 9)
    received = 0 if desk else min(invited, random.choice([1, 2, 2, 2, 3, 3, 4]))
    turn = int(random.uniform(2, 12)) if desk else int(editors[ed] * random.uniform(0.7, 1.6))
    dec_date = sub + dt.timedelta(days=turn)
    if dec_date > end:
        first, fdate, final = "", "", "Under Review"
        received = min(received, random.randint(0, 2))
    else:
        fdate = dec_date.isoformat()
        first = "Desk Reject" if desk else random.choices(["Reject", "Major Revision", "Minor Revision", "Accept"], weights=[34, 38, 22, 6])[0]
        if first in ("Desk Reject", "Reject"):
            final = "Rejected"
        elif first == "Accept":
            final = "Accepted"
        else:
            lag = (end - dec_date).days
            if lag < 45:
                final = "Under Review"
            else:
                final = random.choices(["Accepted", "Rejected", "Withdrawn", "Under Review"], weights=[62, 16, 7, 15] if first == "Minor Revision" else [42, 30, 10, 18])[0]
    apc = ""
    if final == "Accepted":
        apc = {"Original Research": 2950, "Review": 2950, "Short Communication": 1850, "Case Report": 1450, "Letter": 0}[at]
        if random.random() < 0.15:
            apc = int(apc * 0.5)
        apc = str(apc) if apc else ""
    rows.append([f"JCM-2024-{1000 + i:04d}", sub.isoformat(), at, sec, ed, words, figs, invited if not desk else "",
                 received if not desk else "", fdate, first, final, apc, random.choice(countries)])
rows.sort(key=lambda r: r[1])
for k, r in enumerate(rows):
    r[0] = f"JCM-2024-{1207 + k:04d}"
w("manuscriptTracker_2024H2.csv",
  ["manuscriptId", "submittedOn", "articleType", "section", "handlingEditor", "wordCount", "noFigures", "reviewersInvited",
   "reviewsReceived", "firstDecisionDate", "firstDecision", "currentStatus", "apcUSD", "correspondingCountry"], rows)


# Law firm: one row per time entry, February 2025, from the practice management system.
earners = [("JPW", "J. Whitcombe", "Partner", 485), ("RKS", "R. Sandhu", "Partner", 450), ("MLO", "M. Lowther", "Senior Associate", 360),
           ("AOB", "A. O'Brien", "Senior Associate", 340), ("TNG", "T. Nguyen", "Associate", 275), ("FAD", "F. Adeyemi", "Associate", 260),
           ("KPM", "K. Mistry", "Trainee", 165), ("HCL", "H. Clarke", "Paralegal", 140)]
matters = [("10234-007", "Harcourt Holdings Ltd", "Corporate"), ("10234-011", "Harcourt Holdings Ltd", "Litigation"),
           ("10581-002", "Pennine Water Services", "Litigation"), ("10612-001", "Greaves Family Trust", "Private Client"),
           ("10733-004", "Okoro Retail Group", "Real Estate"), ("10733-005", "Okoro Retail Group", "Real Estate"),
           ("10890-001", "Delph Manufacturing plc", "Employment"), ("10890-003", "Delph Manufacturing plc", "Corporate"),
           ("11002-001", "Salt & Fenwick LLP", "Litigation"), ("11045-002", "Ashdown Estates", "Real Estate"),
           ("11101-001", "Mrs E. Partington", "Private Client"), ("11120-001", "Northgate Software Ltd", "Employment")]
acts = {"A101": "Plan and prepare for", "A102": "Research", "A103": "Draft/revise", "A104": "Review/analyse",
        "A105": "Communicate (in firm)", "A106": "Communicate (with client)", "A107": "Communicate (other outside counsel)", "A108": "Communicate (other external)"}
narr = {"A101": "Prepare for meeting re {}", "A102": "Research on {}", "A103": "Draft {}", "A104": "Review {}",
        "A105": "Internal discussion re {}", "A106": "Call with client re {}", "A107": "Call with counsel re {}", "A108": "Correspondence with other side re {}"}
topics = {"Corporate": ["SPA disclosure letter", "shareholder agreement", "board minutes", "due diligence report"],
          "Litigation": ["witness statement", "disclosure list", "particulars of claim", "costs budget"],
          "Private Client": ["will and codicil", "LPA forms", "trust deed", "IHT400 schedules"],
          "Real Estate": ["lease renewal", "licence to assign", "title report", "rent review memo"],
          "Employment": ["settlement agreement", "ET3 response", "grievance outcome", "TUPE consultation"]}
nonbill = ["Business development", "Know-how update", "Training", "Admin"]
rows = []
for i in range(356):
    code, name, grade, rate = random.choices(earners, weights=[9, 8, 14, 13, 16, 15, 13, 12])[0]
    d = dt.date(2025, 2, 3) + dt.timedelta(days=random.randint(0, 25))
    while d.weekday() >= 5:
        d = dt.date(2025, 2, 3) + dt.timedelta(days=random.randint(0, 25))
    hrs = round(random.choice([0.1, 0.2, 0.3, 0.5, 0.6, 0.8, 1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 3.5, 4.2]) + random.choice([0, 0, 0.1]), 1)
    if random.random() < 0.11:
        matter, client, area = "00000-NB", "", ""
        act = ""
        text = random.choice(nonbill)
        billable, value, inv, wo = "N", 0.0, "", ""
        r = rate
    else:
        matter, client, area = random.choices(matters, weights=[12, 7, 14, 6, 10, 5, 8, 6, 11, 7, 4, 6])[0]
        act = random.choices(list(acts), weights=[8, 10, 18, 20, 6, 16, 6, 10])[0]
        text = narr[act].format(random.choice(topics[area]))
        billable = "N" if random.random() < 0.05 else "Y"
        r = rate
        value = round(hrs * r, 2)
        inv = ""
        if billable == "Y" and d <= dt.date(2025, 2, 19) and random.random() < 0.6:
            inv = f"INV-{random.choice([25031, 25032, 25033, 25034, 25036, 25039, 25041])}"
        wo = ""
        if billable == "Y" and inv and random.random() < 0.18:
            wo = f"{round(value * random.choice([0.1, 0.2, 0.25, 0.5]), 2):.2f}"
        if billable == "N":
            value = 0.0
    rows.append([d.strftime("%d/%m/%Y"), code, grade, matter, client, area, act, text, f"{hrs:.1f}", r, f"{value:.2f}",
                 billable, inv, wo])
rows.sort(key=lambda r: (dt.datetime.strptime(r[0], "%d/%m/%Y"), r[1]))
rows = [[f"TE{771400 + k}"] + r for k, r in enumerate(rows)]
w("Time Entries Export 2025-02.csv",
  ["Entry ID", "Work Date", "Fee Earner", "Grade", "Matter No.", "Client", "Practice Area", "Task Code", "Narrative", "Hrs",
   "Rate (£/hr)", "Value (£)", "Billable", "Invoice No.", "Write Off (£)"], rows)


# Parking enforcement: one row per penalty charge notice, Oct 2024 - Mar 2025, from the council's PCN system.
contra = [("01", "Parked in a restricted street during prescribed hours", "H", 22, True),
          ("12", "Parked in a residents' or shared use place without permit", "H", 20, False),
          ("30", "Parked for longer than permitted", "L", 16, True),
          ("40", "Parked in a designated disabled person's parking place without badge", "H", 6, False),
          ("47", "Parked on a restricted bus stop or stand", "H", 5, False),
          ("62", "Parked with one or more wheels on or over a footpath", "H", 9, False),
          ("83", "Parked in a car park without clearly displaying a valid pay & display ticket", "L", 14, False),
          ("02", "Parked or loading/unloading in a restricted street where waiting and loading/unloading restrictions are in force", "H", 8, True)]
streets = {"High Street": "A", "Market Place": "A", "Church Lane": "A", "Station Road": "B", "Victoria Road": "B",
           "Queen Street": "C", "Albert Terrace": "C", "Mill Lane": "C", "Park Avenue": "D", "Castle Hill": "D",
           "Riverside Car Park": "E", "Leisure Centre Car Park": "E"}
ceos = ["CEO104", "CEO117", "CEO123", "CEO131", "CEO142", "CEO158", "CEO166"]
makes = ["Ford", "Vauxhall", "Volkswagen", "Toyota", "BMW", "Audi", "Nissan", "Kia", "Mercedes-Benz", "Peugeot", "Hyundai", "Tesla"]
end = dt.date(2025, 3, 31)
rows = []
for i in range(394):
    c = random.choices(contra, weights=[x[3] for x in contra])[0]
    if c[0] == "83":
        st = random.choice(["Riverside Car Park", "Leisure Centre Car Park"])
    else:
        st = random.choices([s for s in streets if "Car Park" not in s], weights=[16, 12, 7, 12, 9, 8, 6, 5, 5, 4])[0]
    t = dt.datetime(2024, 10, 1, 8) + dt.timedelta(days=random.randint(0, 181), minutes=random.randint(0, 600))
    if t.weekday() == 6 and random.random() < 0.7:
        t -= dt.timedelta(days=1)
    charge = 70 if c[2] == "H" else 50
    obs = random.choice([5, 5, 5, 10, 10, 15, 20]) if c[4] else ""
    challenge = "Y" if random.random() < 0.19 else "N"
    r = random.random()
    paid_amt, paid_dt = "", ""
    if challenge == "Y" and random.random() < 0.45:
        status = "CANCELLED"
    elif r < 0.56:
        status = "PAID"
        lag = random.randint(1, 13) if random.random() < 0.78 else random.randint(15, 75)
        pd_ = t.date() + dt.timedelta(days=lag)
        if pd_ > end:
            status = "OPEN"
        else:
            paid_dt = pd_.strftime("%d/%m/%Y")
            paid_amt = charge / 2 if lag <= 14 else (charge * 1.5 if lag > 56 else charge)
    elif r < 0.9:
        status = "OPEN"
    elif r < 0.96:
        status = "CHARGE CERT"
    else:
        status = "WRITTEN OFF"
    if status == "OPEN" and (end - t.date()).days > 90 and random.random() < 0.6:
        status = "CHARGE CERT"
    disc = "Y" if paid_amt != "" and paid_amt == charge / 2 else ("N" if paid_amt != "" else "")
    rows.append(["", t.strftime("%Y-%m-%d %H:%M:%S"), random.choices(ceos, weights=[17, 13, 15, 11, 14, 9, 12])[0], c[0], c[1], c[2], st,
                 streets[st], random.choice(makes), f"{charge:.2f}", obs, challenge, status, paid_dt,
                 f"{paid_amt:.2f}" if paid_amt != "" else "", disc])
rows.sort(key=lambda r: r[1])
for k, r in enumerate(rows):
    r[0] = f"WK{24087312 + k * 3 + random.randint(0, 2)}"
w("PCN_ISSUE_LOG_Q3-Q4_2024-25.csv",
  ["pcn_ref", "issued_dt", "ceo_id", "contravention_cd", "contravention_desc", "band", "street", "cpz", "vehicle_make",
   "charge_amt", "obs_mins", "challenge_yn", "status", "paid_dt", "paid_amt", "disc_yn"], rows)
