# Tables of the twenty-fifth corpus (seeded), written blind: before any run
# of the analyst on them. Domains: hospital referral-to-treatment waiting
# list (healthcare administration), instrument calibration records
# (manufacturing & maintenance), store price markdowns (retail operations),
# school admissions applications (education administration) and club
# cricket batting scorecards (sports & leisure).
#
# Run with /usr/bin/python3; it writes the five CSV files beside itself.
import os
import datetime as dt

import numpy as np
import pandas as pd

rng = np.random.default_rng(2025_0525)
here = os.path.dirname(os.path.abspath(__file__))


def write(name, frame):
    frame.to_csv(os.path.join(here, name), index=False)


def pick(options, p=None, size=None):
    return rng.choice(options, p=p, size=size)


# ---------------------------------------------------------------------------
# 1. Referral-to-treatment export: one row per outpatient referral.
rows = []
specialties = {"Cardiology": 16, "Dermatology": 22, "ENT": 19, "Gastroenterology": 14,
               "Orthopaedics": 27, "Ophthalmology": 12}
start = dt.date(2024, 4, 1)
for i in range(430):
    d = start + dt.timedelta(days=int(rng.integers(0, 365)))
    spec = str(pick(list(specialties), p=[0.15, 0.17, 0.16, 0.14, 0.22, 0.16]))
    prio = str(pick(["Routine", "Urgent", "2WW"], p=[0.64, 0.24, 0.12]))
    if spec == "Ophthalmology":
        src = str(pick(["GP", "Optometrist", "A&E", "Consultant"], p=[0.35, 0.4, 0.1, 0.15]))
    else:
        src = str(pick(["GP", "A&E", "Consultant"], p=[0.7, 0.14, 0.16]))
    site = str(pick(["St Anne's", "Riverside", "Northfield"], p=[0.42, 0.33, 0.25]))
    age = str(pick(["0-17", "18-39", "40-64", "65+"], p=[0.1, 0.22, 0.36, 0.32]))
    base = specialties[spec] * {"Routine": 1.0, "Urgent": 0.45, "2WW": 0.12}[prio]
    base *= {"St Anne's": 1.0, "Riverside": 1.15, "Northfield": 0.85}[site]
    weeks = int(max(0, round(rng.gamma(4, base / 4))))
    dna = int(pick([0, 0, 0, 0, 0, 0, 1, 1, 2]))
    # Referrals made late in the year are less likely to have been seen yet.
    age_days = (dt.date(2025, 4, 30) - d).days
    seen = rng.random() < min(0.95, 0.25 + age_days / 300)
    stop = ""
    if seen:
        sd = d + dt.timedelta(days=int(min(weeks * 7 + rng.integers(0, 7), age_days)))
        stop = sd.strftime("%d/%m/%Y")
    rows.append([d, spec, prio, src, site, age, weeks, "Y" if seen else "N", dna, stop])
rows.sort(key=lambda r: r[0])
ref = pd.DataFrame(rows, columns=["Referral Date", "Specialty", "Priority", "Referral Source", "Site",
                                  "Age Band", "Weeks Waited", "Seen", "DNA Count", "Clock Stop Date"])
ref.insert(0, "Referral No", [f"RTT-{240001 + i}" for i in range(len(ref))])
ref["Referral Date"] = [d.strftime("%d/%m/%Y") for d in ref["Referral Date"]]
write("RTT Referrals Export 2024-25.csv", ref)

# ---------------------------------------------------------------------------
# 2. Calibration records: one row per calibration of a gauge or instrument.
types = {"Micrometer": ("MIC", 0.6, 45), "Vernier Caliper": ("VCL", 0.8, 38), "Torque Wrench": ("TQW", 1.7, 72),
         "Pressure Gauge": ("PRG", 1.3, 95), "Thermocouple": ("TCP", 1.0, 60), "Multimeter": ("DMM", 0.9, 110)}
depts = ["MCH", "ASM", "QA", "WLD"]
assets = []
for n in range(95):
    t = str(pick(list(types), p=[0.2, 0.18, 0.17, 0.17, 0.14, 0.14]))
    assets.append((f"{types[t][0]}-{1001 + n}", t, str(pick(depts, p=[0.34, 0.3, 0.2, 0.16]))))
rows = []
techs = ["JPK", "RMS", "AEL", "DTW"]
for i in range(320):
    asset, t, dept = assets[int(rng.integers(0, len(assets)))]
    d = dt.date(2024, 1, 2) + dt.timedelta(days=int(rng.integers(0, 363)))
    drift = round(float(abs(rng.normal(0, types[t][1]))), 2)
    found = "PASS" if drift < 1.5 else ("LIMITED" if drift < 2.5 else "FAIL")
    adj = 1 if drift >= 1.0 and rng.random() < 0.85 else 0
    ext = t in ("Pressure Gauge", "Multimeter") and rng.random() < 0.55 or rng.random() < 0.08
    cost = types[t][2] * (1.9 if ext else 1.0) * rng.uniform(0.8, 1.25) + (30 if adj else 0)
    turn = int(rng.integers(6, 22)) if ext else int(rng.integers(0, 5))
    rows.append([d, asset, t, dept, found, drift, adj, "Y" if ext else "N", round(cost, 2), turn,
                 "" if ext else str(pick(techs, p=[0.34, 0.27, 0.22, 0.17]))])
rows.sort(key=lambda r: (r[0], r[1]))
cal = pd.DataFrame(rows, columns=["CAL_DT", "ASSET_NO", "INSTR_TYPE", "DEPT_CD", "AS_FOUND", "DRIFT_PCT",
                                  "ADJ_FLG", "EXT_LAB_FLG", "COST_GBP", "TURNAROUND_DAYS", "TECH_INITIALS"])
cal.insert(0, "CAL_REF", [f"C24-{i + 1:04d}" for i in range(len(cal))])
cal["CAL_DT"] = [int(d.strftime("%Y%m%d")) for d in cal["CAL_DT"]]
write("CAL_RECORDS_2024.csv", cal)

# ---------------------------------------------------------------------------
# 3. Markdown log: one row per price markdown taken on a SKU in a store.
deptPrice = {"Womenswear": 38, "Menswear": 42, "Kids": 18, "Home": 29, "Beauty": 14, "Footwear": 55}
skus = {dpt: [f"{dpt[:2].upper()}{int(x):05d}" for x in rng.choice(90000, 40, replace=False) + 10000]
        for dpt in deptPrice}
rows = []
for i in range(520):
    day = dt.datetime(2024, 1, 3) + dt.timedelta(days=int(rng.integers(0, 360)))
    # more markdowns in January, July and December (end of season)
    if rng.random() < 0.3:
        day = dt.datetime(2024, int(pick([1, 7, 12])), int(rng.integers(2, 28)))
    ts = day + dt.timedelta(hours=int(rng.integers(6, 10)), minutes=int(pick([0, 15, 30, 45])))
    dpt = str(pick(list(deptPrice), p=[0.24, 0.17, 0.16, 0.17, 0.12, 0.14]))
    sku = str(pick(skus[dpt]))
    price = round(float(deptPrice[dpt] * rng.uniform(0.5, 2.2)), 0) - 0.01
    reason = str(pick(["End of season", "Overstock", "Damaged", "Discontinued"], p=[0.45, 0.28, 0.1, 0.17]))
    pct = int(pick([10, 20, 25, 30, 40, 50, 70], p=[0.08, 0.2, 0.17, 0.22, 0.15, 0.12, 0.06]))
    if reason == "Damaged":
        pct = int(pick([30, 50, 70]))
    units = int(rng.integers(3, 60))
    sold = int(min(units, rng.binomial(units, min(0.95, 0.25 + pct / 90))))
    final = bool(pct >= 50 or (reason == "Discontinued" and rng.random() < 0.5))
    approver = "" if rng.random() < 0.05 else str(pick(["L. Patel", "M. Okoro", "S. Brennan", "H. Ward"],
                                                         p=[0.36, 0.28, 0.21, 0.15]))
    store = f"S{int(pick(range(1, 13))):02d}"
    rows.append([ts, store, dpt, sku, price, pct, units, sold, reason, final, approver])
rows.sort(key=lambda r: (r[0], r[1]))
md = pd.DataFrame(rows, columns=["markdownDate", "storeId", "dept", "skuCode", "origPriceGbp", "markdownPct",
                                 "unitsMarkedDown", "unitsSold", "reasonCode", "finalClearance", "approvedBy"])
md.insert(0, "markdownId", [f"MD24-{i + 1:05d}" for i in range(len(md))])
md["markdownDate"] = [t.strftime("%Y-%m-%dT%H:%M:%S") for t in md["markdownDate"]]
write("markdownLog_2024.csv", md)

# ---------------------------------------------------------------------------
# 4. School admissions: one row per application for September 2025 entry.
primaries = {"Brookside Primary": 1.1, "St Mary's CE Primary": 1.6, "Hollybank Primary": 0.9, "Eastfield Infants": 1.3}
secondaries = {"Kingsway Academy": 3.2, "Northgate High": 2.4, "Riverside School": 4.1}
wards = ["Abbey", "Castle", "Heath", "Millbrook", "Queensgate", "Westcliff"]
rows = []
for i in range(560):
    intake = str(pick(["Reception", "Year 7"], p=[0.55, 0.45]))
    if intake == "Reception":
        school = str(pick(list(primaries), p=[0.29, 0.33, 0.2, 0.18]))
        dist = rng.gamma(2.2, primaries[school] / 2.2)
        deadline = dt.date(2025, 1, 15)
        first = dt.date(2024, 9, 2)
    else:
        school = str(pick(list(secondaries), p=[0.42, 0.33, 0.25]))
        dist = rng.gamma(2.5, secondaries[school] / 2.5)
        deadline = dt.date(2024, 10, 31)
        first = dt.date(2024, 9, 2)
    late = rng.random() < 0.07
    if late:
        rec = deadline + dt.timedelta(days=int(rng.integers(1, 75)))
    else:
        span = (deadline - first).days
        rec = first + dt.timedelta(days=int(min(span, rng.triangular(0, span, span))))
    sib = rng.random() < 0.22
    prefs = int(pick([1, 2, 3, 3, 4, 5, 6] if intake == "Year 7" else [1, 2, 3, 3, 3]))
    p1 = 0.92 if sib else (0.78 if dist < 1.5 else 0.55)
    if late:
        p1 *= 0.5
    r = rng.random()
    if r < p1:
        outcome = "1st preference"
    elif prefs >= 2 and r < p1 + 0.18:
        outcome = "2nd preference"
    elif prefs >= 3 and r < p1 + 0.28:
        outcome = "3rd preference"
    elif prefs >= 4 and r < p1 + 0.33:
        outcome = "Lower preference"
    else:
        outcome = "Allocated (no preference met)"
    appeal = "Y" if outcome != "1st preference" and rng.random() < 0.3 else "N"
    dist_s = "" if rng.random() < 0.03 else round(float(dist), 2)
    rows.append([rec, intake, str(pick(wards, p=[0.2, 0.14, 0.18, 0.22, 0.11, 0.15])), school, prefs, dist_s,
                 "yes" if sib else "no", int(late), outcome, appeal])
rows.sort(key=lambda r: r[0])
adm = pd.DataFrame(rows, columns=["received_dt", "intake", "ward", "first_pref_school", "no_of_prefs",
                                  "home_school_dist_km", "sibling_flg", "late_app", "offer_outcome", "appeal_lodged"])
adm.insert(0, "application_id", [f"APP25-{i + 1:05d}" for i in range(len(adm))])
adm["received_dt"] = [d.strftime("%d-%b-%Y") for d in adm["received_dt"]]
write("admissions_applications_sept2025_intake.csv", adm)

# ---------------------------------------------------------------------------
# 5. Club cricket batting scorecards: one row per batter's innings.
clubs = ["Ashford CC", "Bramley CC", "Carlton Park", "Dunmore", "Elmstead Town"]
first_names = ["Ben", "Tom", "Raj", "Owen", "Sam", "Kieran", "Imran", "Luke", "Josh", "Dan", "Harry", "Will",
               "Aaron", "Nathan", "Zak", "Callum", "Rory", "Ali", "Jack", "Matt", "Ollie", "Adam", "Hamza", "Ryan"]
last_names = ["Hale", "Marsh", "Patel", "Griffiths", "Cole", "Doyle", "Khan", "Foster", "Reid", "Webb", "Shaw",
              "Nash", "Bhatt", "Lowe", "Pryce", "Quinn", "Ellis", "Farooq", "Moss", "Hart", "Kerr", "Blake",
              "Dunn", "Iqbal", "Rowe", "Sutton", "Tait", "Vance", "Yates", "Ahmed"]
names = set()
while len(names) < 70:
    names.add(f"{pick(first_names)} {pick(last_names)}")
names = sorted(names)
rng.shuffle(names)
squads = {c: names[k * 14:(k + 1) * 14] for k, c in enumerate(clubs)}
skill = {n: float(rng.uniform(0.5, 1.8)) for n in names}
rows = []
match_no = 0
day = dt.date(2024, 5, 4)
while day < dt.date(2024, 8, 24):
    order = list(rng.permutation(clubs))
    for home, away in [(order[0], order[1]), (order[2], order[3])]:
        match_no += 1
        for club, opp, ha in [(home, away, "H"), (away, home, "A")]:
            xi = list(rng.choice(squads[club], 11, replace=False))
            xi.sort(key=lambda n: -skill[n] + rng.normal(0, 0.3))
            nbat = int(rng.integers(6, 12))
            wickets = 0
            for pos in range(1, nbat + 1):
                p = xi[pos - 1]
                mult = skill[p] * (1.3 if pos <= 4 else (0.8 if pos <= 7 else 0.35))
                runs = int(rng.gamma(1.1, 16 * mult))
                balls = max(1, int(runs * rng.uniform(0.9, 1.6) + rng.integers(0, 8)))
                fours = int(min(runs // 4, rng.binomial(max(runs, 1), 0.09)))
                sixes = int(min((runs - 4 * fours) // 6, rng.binomial(max(runs, 1), 0.025)))
                last = pos == nbat
                if last or (pos == nbat - 1 and nbat < 11 and rng.random() < 0.5):
                    how = "not out"
                else:
                    how = str(pick(["caught", "bowled", "lbw", "run out", "stumped"], p=[0.52, 0.22, 0.14, 0.07, 0.05]))
                mins = "" if rng.random() < 0.06 else int(balls * rng.uniform(1.1, 1.6) + rng.integers(1, 6))
                rows.append([match_no, day, p, club, opp, ha, pos, runs, balls, fours, sixes, how, mins])
    day += dt.timedelta(days=7)
bat = pd.DataFrame(rows, columns=["MatchNo", "Date", "Batter", "Club", "Opposition", "H/A", "Pos", "Runs", "Balls",
                                  "4s", "6s", "How Out", "Mins at Crease"])
bat["Date"] = [d.strftime("%a %d %b %Y") for d in bat["Date"]]
write("Batting Scorecards - 2024 Season.csv", bat)
