# Tables of the round24 corpus (seeded, deterministic), written blind: before
# any run of the analyst on them. Five domains no earlier corpus has: road
# toll passages (transport), freedom-of-information requests (council),
# soil sampling (environment), theatre box office (arts), pest control
# call-outs (household services).
# Run with /usr/bin/python3 generate.py; it writes the CSVs beside itself.
import os
import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(240524)


def save(df, name):
    df.to_csv(os.path.join(HERE, name), index=False)


def pick(options, n, p=None):
    return rng.choice(options, size=n, p=p)


# 1. Road toll passages (UPPER_CASE export of the toll operator), Q1 2025.
n = 520
start = pd.Timestamp("2025-01-01")
# Hours weighted toward the commute peaks.
hour_w = np.array([1, 1, 1, 1, 2, 4, 8, 14, 15, 9, 7, 7, 7, 7, 7, 8, 12, 15, 13, 8, 5, 4, 2, 1], float)
hours = pick(np.arange(24), n, hour_w / hour_w.sum())
days = rng.integers(0, 90, n)
mins = rng.integers(0, 60, n)
ts = [start + pd.Timedelta(days=int(d), hours=int(h), minutes=int(m)) for d, h, m in zip(days, hours, mins)]
veh = pick(["CAR", "VAN", "HGV", "MCYCLE", "COACH"], n, [0.58, 0.17, 0.15, 0.05, 0.05])
base_toll = {"MCYCLE": 1.50, "CAR": 3.20, "VAN": 4.80, "COACH": 8.40, "HGV": 9.60}
axles = []
for v in veh:
    if v == "HGV":
        axles.append(int(pick([3, 4, 5, 6], 1, [0.2, 0.3, 0.3, 0.2])[0]))
    elif v == "COACH":
        axles.append(int(pick([2, 3], 1, [0.6, 0.4])[0]))
    else:
        axles.append(2)
pay = pick(["TAG", "CARD", "CASH", "ANPR"], n, [0.46, 0.28, 0.10, 0.16])
peak = np.array([1 if (t.weekday() < 5 and (7 <= t.hour < 10 or 16 <= t.hour < 19)) else 0 for t in ts])
amt = []
for v, p_, pk, ax in zip(veh, pay, peak, axles):
    a = base_toll[v] + (1.20 * (ax - 4) if v == "HGV" and ax > 4 else 0)
    if pk:
        a *= 1.25
    if p_ == "TAG":
        a *= 0.9
    amt.append(round(a, 2))
viol = ["Y" if (p_ == "ANPR" and rng.random() < 0.35) or rng.random() < 0.02 else "N" for p_ in pay]
plaza = pick(["NB01", "NB02", "SB01", "SB02"], n, [0.31, 0.22, 0.29, 0.18])
lane = rng.integers(1, 7, n)
toll = pd.DataFrame({
    "TXN_ID": [f"TX{250000 + i:07d}" for i in range(n)],
    "PASS_DT": [t.strftime("%d/%m/%Y %H:%M") for t in ts],
    "PLAZA_CD": plaza,
    "LANE_NO": lane,
    "VEH_CLASS": veh,
    "AXLES": axles,
    "PAY_METHOD": pay,
    "TOLL_AMT_GBP": amt,
    "PEAK_FLG": peak,
    "VIOLATION_FLG": viol,
})
toll["_t"] = ts
toll = toll.sort_values("_t").drop(columns="_t").reset_index(drop=True)
toll["TXN_ID"] = [f"TX{250000 + i:07d}" for i in range(n)]
save(toll, "TOLL_PASSAGES_Q1_2025.csv")

# 2. Freedom of Information requests log (council, Title Case headers), 2024.
n = 310
recv = pd.Timestamp("2024-01-02") + pd.to_timedelta(rng.integers(0, 364, n), unit="D")
recv = recv.sort_values()
direct = pick(["Adult Social Care", "Children's Services", "Environment & Highways", "Finance", "Housing", "Planning"],
              n, [0.14, 0.15, 0.22, 0.13, 0.21, 0.15])
req_type = pick(["Member of Public", "Journalist", "Business", "Campaign Group", "Researcher", "Solicitor"],
                n, [0.42, 0.17, 0.14, 0.10, 0.09, 0.08])
channel = pick(["Email", "Web Form", "Post"], n, [0.52, 0.40, 0.08])
days_to = []
date_resp = []
outcome = []
exemption = []
review = []
pages = []
for i in range(n):
    is_open = recv[i] > pd.Timestamp("2024-12-02") and rng.random() < 0.7
    if is_open:
        days_to.append(np.nan)
        date_resp.append("")
        outcome.append("")
        exemption.append("")
        review.append("No")
        pages.append(np.nan)
        continue
    slow = 1.3 if direct[i] in ("Children's Services", "Adult Social Care") else 1.0
    slow *= 0.9 if channel[i] == "Web Form" else 1.05
    d = int(max(1, round(rng.gamma(4.5, 3.6) * slow)))
    days_to.append(d)
    # Calendar date of the response: working days ≈ 7/5 calendar days.
    date_resp.append((recv[i] + pd.offsets.BDay(d)).strftime("%d %b %Y"))
    o = pick(["Full disclosure", "Partial disclosure", "Refused", "Information not held", "Withdrawn"], 1,
             [0.44, 0.22, 0.14, 0.15, 0.05])[0]
    outcome.append(o)
    if o == "Partial disclosure":
        exemption.append(pick(["s40 Personal information", "s43 Commercial interests", "s31 Law enforcement"], 1, [0.6, 0.3, 0.1])[0])
    elif o == "Refused":
        exemption.append(pick(["s12 Cost limit", "s40 Personal information", "s21 Reasonably accessible", "s43 Commercial interests", "s14 Vexatious"], 1,
                              [0.38, 0.22, 0.2, 0.14, 0.06])[0])
    else:
        exemption.append("")
    review.append("Yes" if (o in ("Refused", "Partial disclosure") and rng.random() < 0.3) or rng.random() < 0.03 else "No")
    pages.append(int(rng.integers(1, 60)) if o in ("Full disclosure", "Partial disclosure") else 0)
foi = pd.DataFrame({
    "Request Ref": [f"FOI-24-{i + 1:04d}" for i in range(n)],
    "Date Received": [d.strftime("%d %b %Y") for d in recv],
    "Directorate": direct,
    "Requester Type": req_type,
    "Channel": channel,
    "Date Responded": date_resp,
    "Working Days To Respond": days_to,
    "Outcome": outcome,
    "Exemption Cited": exemption,
    "Internal Review Requested": review,
    "Pages Released": pages,
})
foi["Working Days To Respond"] = foi["Working Days To Respond"].astype("Int64")
foi["Pages Released"] = foi["Pages Released"].astype("Int64")
save(foi, "FOI Requests Log 2024 (exported 03-Jan-2025).csv")

# 3. Soil sampling lab results (snake_case with units), 2023 field season.
n = 264
sites = {  # site: (land use, base pH, base lead)
    "Ashby Common": ("Pasture", 6.4, 45), "Brook Farm": ("Arable", 6.9, 38), "Castle Allotments": ("Allotment", 6.6, 160),
    "Dyer's Wharf": ("Brownfield", 7.4, 420), "Elm Copse": ("Woodland", 4.9, 60), "Fenwick Fields": ("Arable", 7.1, 30),
    "Gasworks Lane": ("Brownfield", 7.8, 520), "Hollins Wood": ("Woodland", 5.2, 55), "Ivy Meadow": ("Pasture", 6.1, 40),
}
site = pick(list(sites), n)
coll = pd.Timestamp("2023-04-03") + pd.to_timedelta(rng.integers(0, 200, n), unit="D")
depth = pick([10, 20, 30], n, [0.4, 0.35, 0.25])
rows = []
for i in range(n):
    lu, ph0, pb0 = sites[site[i]]
    ph = round(float(np.clip(rng.normal(ph0, 0.45), 3.8, 8.6)), 2)
    om = {"Woodland": 9.5, "Pasture": 6.5, "Allotment": 8.0, "Arable": 3.4, "Brownfield": 2.6}[lu]
    om = round(float(max(0.4, rng.normal(om, 1.3) * (1.15 - depth[i] / 100))), 1)
    nit = {"Arable": 38, "Allotment": 30, "Pasture": 18, "Woodland": 6, "Brownfield": 9}[lu]
    nit = round(float(max(0.5, rng.gamma(3, nit / 3))), 1)
    pb = round(float(max(4, rng.lognormal(np.log(pb0), 0.45))), 1)
    moist = round(float(np.clip(rng.normal(24, 6), 6, 45)), 1) if rng.random() > 0.08 else np.nan
    rows.append([site[i], lu, coll[i], int(depth[i]), ph, nit, om, pb, moist])
soil = pd.DataFrame(rows, columns=["site_name", "land_use", "collected_on", "depth_cm", "ph", "nitrate_mg_kg",
                                   "organic_matter_pct", "lead_mg_kg", "moisture_pct"])
soil = soil.sort_values(["collected_on", "site_name"]).reset_index(drop=True)
soil.insert(0, "sample_id", [f"SS23-{i + 1:04d}" for i in range(n)])
soil["collected_on"] = soil["collected_on"].dt.strftime("%Y-%m-%d")
soil["lab_batch"] = ["B%02d" % (1 + i // 24) for i in range(n)]
soil["exceeds_lead_gac"] = (soil["lead_mg_kg"] > 310).astype(int)
save(soil, "soil_samples_lab_results_2023.csv")

# 4. Theatre box office: one row per performance (camelCase), Sep 2024–Mar 2025.
shows = {  # title: (genre, venue, price, pull)
    "The Lighthouse Keeper": ("Drama", "Main House", 32, 0.72), "Sweet Charity": ("Musical", "Main House", 46, 0.88),
    "Two Rooms": ("Drama", "Studio", 18, 0.66), "The Magic Flute": ("Opera", "Main House", 58, 0.63),
    "Laughing Matters": ("Comedy", "Riverside Hall", 22, 0.80), "Swan Lake": ("Dance", "Main House", 52, 0.83),
    "Noises Off": ("Comedy", "Riverside Hall", 26, 0.86), "Blood Wedding": ("Drama", "Studio", 20, 0.55),
    "Little Shop of Horrors": ("Musical", "Riverside Hall", 34, 0.78),
}
cap = {"Main House": 620, "Studio": 140, "Riverside Hall": 310}
rows = []
for title in shows:
    genre, venue, price, pull = shows[title]
    first = pd.Timestamp("2024-09-05") + pd.Timedelta(days=int(rng.integers(0, 170)))
    nperf = int(rng.integers(16, 30))
    d = first
    for k in range(nperf):
        d = d + pd.Timedelta(days=int(rng.integers(1, 3)))
        mat = d.weekday() in (2, 5) and rng.random() < 0.6
        c = cap[venue]
        comps = int(rng.integers(0, 12))
        occ = float(np.clip(rng.normal(pull - (0.12 if mat else 0), 0.12), 0.12, 1.0))
        sold = int(min(c - comps, round(c * occ)))
        gross = round(sold * price * float(rng.uniform(0.82, 1.02)), 2)
        rows.append([title, genre, venue, d, "14:30" if mat else "19:30", "Matinee" if mat else "Evening", c, sold,
                     comps, gross, bool(rng.random() < 0.12)])
th = pd.DataFrame(rows, columns=["showTitle", "genre", "venue", "perfDate", "startTime", "perfType", "capacity",
                                 "ticketsSold", "compTickets", "grossUSD", "isAccessible"])
th = th[th.perfDate <= pd.Timestamp("2025-03-31")]
th = th.sort_values(["perfDate", "startTime", "showTitle"]).reset_index(drop=True)
th.insert(0, "perfId", [f"P{i + 1:04d}" for i in range(len(th))])
th["perfDate"] = th["perfDate"].dt.strftime("%Y-%m-%d")
save(th, "BoxOffice_Performances_Sep24-Mar25.csv")

# 5. Pest control call-outs (abbreviated headers), Jul–Dec 2024.
n = 372
booked = pd.Timestamp("2024-07-01") + pd.to_timedelta(rng.integers(0, 184, n), unit="D")
booked = booked.sort_values()
rows = []
for i in range(n):
    m = booked[i].month
    w_wasp = 0.30 if m in (7, 8, 9) else 0.02
    w_rat = 0.20 if m in (7, 8, 9) else 0.34
    ws = np.array([w_rat, 0.16, w_wasp, 0.10, 0.07, 0.08, 0.06])
    pest = pick(["Rats", "Mice", "Wasps", "Bed bugs", "Cockroaches", "Fleas", "Pigeons"], 1, ws / ws.sum())[0]
    cust = pick(["Residential", "Commercial", "Landlord", "Council"], 1, [0.55, 0.22, 0.15, 0.08])[0]
    prop = pick(["House", "Flat", "Restaurant", "Office", "Warehouse"], 1,
                [0.5, 0.3, 0.1, 0.05, 0.05] if cust != "Commercial" else [0.05, 0.05, 0.45, 0.25, 0.2])[0]
    visits = {"Rats": (2, 4), "Mice": (2, 4), "Wasps": (1, 2), "Bed bugs": (2, 4), "Cockroaches": (2, 5), "Fleas": (1, 3), "Pigeons": (1, 3)}[pest]
    v = int(rng.integers(visits[0], visits[1]))
    base = {"Rats": 95, "Mice": 85, "Wasps": 65, "Bed bugs": 240, "Cockroaches": 180, "Fleas": 110, "Pigeons": 150}[pest]
    charge = round(base + 35 * (v - 1) + (60 if cust == "Commercial" else 0) + float(rng.normal(0, 12)), 2)
    stations = int(rng.integers(2, 9)) if pest in ("Rats", "Mice") else 0
    resp = round(float(rng.gamma(2.2, 9 if pest != "Wasps" else 5)) + (0 if cust != "Commercial" else -4), 1)
    resp = max(1.0, resp)
    cb = "Y" if rng.random() < (0.22 if pest in ("Bed bugs", "Cockroaches", "Rats") else 0.08) else "N"
    tech = pick(["D. Okoye", "S. Marsh", "P. Kowalski", "J. Reid", "A. Bhatt"], 1, [0.24, 0.22, 0.2, 0.19, 0.15])[0]
    pc = pick(["LS1", "LS2", "LS4", "LS6", "LS7", "LS8", "LS11", "LS12", "LS15", "LS17", "BD3", "WF1"], 1)[0]
    rows.append([booked[i].strftime("%d-%b-%Y"), cust, prop, pest, pc, tech, resp, v, stations, charge, cb])
pest = pd.DataFrame(rows, columns=["booked_dt", "cust_type", "prop_type", "pest", "postcode_area", "tech_nm",
                                   "resp_hrs", "visits_qty", "bait_stns_qty", "charge_gbp", "callback_flg"])
pest.insert(0, "job_no", [f"J24-{5000 + i}" for i in range(n)])
save(pest, "PestControl jobs Jul-Dec 2024.csv")
