# Tables of the round21 corpus (seeded numpy rng), written blind: the
# tables and questions were made before any run of the analyst on them.
# Five domains no earlier corpus has:
#   science lab           - qPCR reactions      (qpcr_runs_Q3_2024.csv)
#   sport club            - swim club time trials (Swim Club Time Trials 2024.csv)
#   local government      - fly-tipping reports (flytipping_reports_export.csv)
#   manufacturing quality - non-conformance reports (NCR_LOG_2024.csv)
#   logistics             - dock appointments   (DockAppointments_Wk36-44.csv)
# Run with: nice -n 19 /usr/bin/python3 generate.py
import datetime as dt

import numpy as np
import pandas as pd

rng = np.random.default_rng(20240926)


def pick(items, n=None, p=None):
    return rng.choice(items, size=n, p=p)


# --- qPCR reactions: one row per well (reaction); several wells per run. ---
instruments = ["QS5-A", "QS5-B", "CFX96"]
operators = ["M. Okonkwo", "J. Lindqvist", "P. Sharma", "T. Becker"]
genes = {"GAPDH": 18.5, "ACTB": 17.2, "IL6": 27.8, "TNF": 29.1, "MYC": 24.6}
stypes = ["plasma", "swab", "tissue", "cell pellet"]
rows = []
run_no = 412
d = dt.date(2024, 6, 30)
while True:
    d += dt.timedelta(days=int(rng.integers(2, 6)))
    if d > dt.date(2024, 9, 30):
        break
    inst = pick(instruments, p=[0.4, 0.35, 0.25])
    op = pick(operators)
    nwells = int(rng.integers(6, 13))
    for _ in range(nwells):
        g = pick(list(genes))
        st = pick(stypes, p=[0.3, 0.35, 0.2, 0.15])
        conc = round(float(rng.lognormal(2.6, 0.7)), 2)
        eff = round(float(rng.normal(94 if inst != "CFX96" else 91, 3.5)), 1)
        ct = genes[g] - 1.2 * np.log2(conc / 13) + rng.normal(0, 1.1) + (0.8 if inst == "CFX96" else 0)
        undetermined = ct > 31.5 or rng.random() < 0.04
        qc = (not undetermined) and 88 <= eff <= 104 and rng.random() > 0.06
        cost = round(float(rng.choice([2.85, 2.85, 3.10, 4.40])), 2)
        rows.append([f"R-{run_no:04d}", d.isoformat(), inst, op, f"S-{int(rng.integers(1000, 1600))}", st, g,
                     "" if undetermined else round(float(ct), 2), eff, conc, int(rng.integers(1, 4)), qc, cost])
    run_no += 1
pd.DataFrame(rows, columns=["run_id", "run_date", "instrument", "operator", "sample_id", "sample_type", "target_gene",
                            "ct_value", "efficiency_pct", "template_ng_ul", "replicate", "qc_pass", "reagent_cost_usd"]
             ).to_csv("qpcr_runs_Q3_2024.csv", index=False)


# --- Swim club time trials: one row per race entry. ---
swimmers = {}
first = ["Ava", "Noah", "Isla", "Leo", "Maya", "Oscar", "Freya", "Arjun", "Zara", "Finn", "Lily", "Theo",
         "Ruby", "Kai", "Esme", "Sami", "Nia", "Jude", "Orla", "Ravi", "Hana", "Cian"]
last = ["Patel", "Murphy", "Nowak", "Evans", "Okafor", "Reid", "Costa", "Hughes", "Khan", "Walsh", "Byrne", "Moore"]
for i, f in enumerate(first):
    name = f"{f} {last[i % len(last)]}"
    swimmers[name] = (pick(["U12", "U14", "U16", "Open"], p=[0.25, 0.3, 0.25, 0.2]), "F" if i % 2 == 0 else "M",
                      float(rng.normal(1.0, 0.07)))
meets = [(dt.date(2024, 9, 14), "September Time Trial"), (dt.date(2024, 10, 5), "County Qualifier"),
         (dt.date(2024, 10, 26), "Halloween Gala"), (dt.date(2024, 11, 16), "November Time Trial"),
         (dt.date(2024, 12, 7), "Winter Open Meet")]
base50 = {"Freestyle": 31.0, "Backstroke": 36.0, "Breaststroke": 40.0, "Butterfly": 34.5, "IM": 38.0}
agef = {"U12": 1.22, "U14": 1.10, "U16": 1.03, "Open": 1.0}
fees = {"September Time Trial": 4.0, "County Qualifier": 7.5, "Halloween Gala": 5.0, "November Time Trial": 4.0,
        "Winter Open Meet": 8.5}
rows = []
for md, meet in meets:
    for name, (ag, sex, skill) in swimmers.items():
        for _ in range(int(rng.integers(1, 3))):
            stroke = pick(list(base50), p=[0.35, 0.18, 0.18, 0.14, 0.15])
            dist = int(pick([50, 100, 200], p=[0.45, 0.4, 0.15])) if stroke != "IM" else int(pick([100, 200]))
            mult = {50: 1.0, 100: 2.18, 200: 4.7}[dist]
            t = base50[stroke] * mult * agef[ag] * skill * (1.06 if sex == "F" else 1.0) * rng.normal(1.0, 0.025)
            dq = rng.random() < 0.05
            pb = (not dq) and rng.random() < 0.3
            rows.append([md.strftime("%d-%b-%Y"), meet, name, ag, sex, stroke, dist, "" if dq else round(float(t), 2),
                         "Y" if pb else "N", "Y" if dq else "N", int(rng.integers(1, 7)), fees[meet]])
pd.DataFrame(rows, columns=["Meet Date", "Meet", "Swimmer", "Age Group", "Gender", "Stroke", "Distance (m)", "Time (s)",
                            "PB", "DQ", "Lane", "Entry Fee (GBP)"]).to_csv("Swim Club Time Trials 2024.csv", index=False)


# --- Fly-tipping reports (district council): one row per report; day-first dates. ---
wards = ["Northfield", "Riverside", "Castle", "Abbey", "Hillside", "Market"]
land = ["Highway", "Footpath", "Alleyway", "Park", "Private land"]
waste = {"Household bags": 95, "White goods": 160, "Tyres": 140, "Construction": 310, "Green waste": 85,
         "Furniture": 120}
officers = ["K. Doyle", "S. Ahmed", "R. Fenwick", "L. Mensah"]
rows = []
for i in range(238):
    rep = dt.date(2024, 7, 1) + dt.timedelta(days=int(rng.integers(0, 92)))
    wt = pick(list(waste), p=[0.34, 0.1, 0.09, 0.14, 0.15, 0.18])
    vol = round(float(rng.gamma(2.0, 0.9 if wt != "Construction" else 1.8)), 1) + 0.1
    cost = round(waste[wt] * (0.6 + 0.5 * vol) * float(rng.uniform(0.8, 1.2)), 2)
    days = int(rng.poisson(3 if wt != "Construction" else 6))
    cleared = rep + dt.timedelta(days=days)
    still_open = cleared > dt.date(2024, 10, 4) or rng.random() < 0.03
    rows.append((rep, [rep.strftime("%d/%m/%Y"), "" if still_open else cleared.strftime("%d/%m/%Y"),
                       pick(wards, p=[0.22, 0.2, 0.12, 0.14, 0.1, 0.22]), pick(land, p=[0.35, 0.15, 0.25, 0.1, 0.15]), wt,
                       round(vol, 1), "" if still_open else cost, 1 if rng.random() < 0.07 else 0, pick(officers),
                       pick(["App", "Phone", "Web form", "Officer patrol"], p=[0.38, 0.22, 0.28, 0.12])]))
rows.sort(key=lambda r: r[0])
ft = pd.DataFrame([r[1] for r in rows], columns=["DateReported", "DateCleared", "Ward", "LandType", "WasteType",
                                            "EstVolM3", "ClearanceCost", "FPNIssued", "Officer", "ReportChannel"])
ft.insert(0, "RefNo", [f"FT24-{3100 + n:05d}" for n in range(len(ft))])
ft.to_csv("flytipping_reports_export.csv", index=False)


# --- Non-conformance reports: one row per NCR raised on a batch. ---
parts = {f"PN-{n}": s for n, s in zip([2210, 2214, 2251, 3302, 3310, 3318, 4120, 4125, 4190, 5001, 5007, 5012, 6100, 6104],
                                       ["Acme Castings", "Acme Castings", "Brightforge", "Brightforge", "Delta Polymers",
                                        "Delta Polymers", "In-house", "In-house", "In-house", "Kestrel Metals",
                                        "Kestrel Metals", "Brightforge", "Delta Polymers", "In-house"])}
defects = ["Dimensional", "Surface finish", "Porosity", "Wrong material", "Burr", "Crack"]
rows = []
for i in range(184):
    raised = dt.date(2024, 1, 2) + dt.timedelta(days=int(rng.integers(0, 270)))
    pn = pick(list(parts))
    sup = parts[pn]
    defect = pick(defects, p=[0.3, 0.2, 0.14, 0.06, 0.2, 0.1])
    insp = int(pick([50, 100, 200, 250, 500]))
    rej = max(1, int(insp * float(rng.beta(1.3, 14))))
    sev = "Critical" if defect in ("Crack", "Wrong material") and rng.random() < 0.6 else str(pick(["Minor", "Major"], p=[0.65, 0.35]))
    disp = str(pick(["Scrap", "Rework", "Use as is", "Return to supplier"],
                    p=[0.35, 0.35, 0.15, 0.15] if sup != "In-house" else [0.45, 0.45, 0.1, 0.0]))
    unit = {"Acme Castings": 18.0, "Brightforge": 11.5, "Delta Polymers": 4.2, "In-house": 9.0, "Kestrel Metals": 22.0}[sup]
    cost = round(rej * unit * (1.0 if disp == "Scrap" else 0.4 if disp == "Rework" else 0.1) + float(rng.uniform(40, 160)), 2)
    days_open = int(rng.integers(3, 60))
    closed = raised + dt.timedelta(days=days_open)
    is_open = closed > dt.date(2024, 9, 30)
    rows.append((raised, [raised.isoformat(), f"L{int(rng.integers(1, 5))}", pn, sup, defect, sev, insp, rej, disp, cost,
                          "YES" if rng.random() < 0.12 else "NO", "Open" if is_open else "Closed",
                          "" if is_open else closed.isoformat()]))
rows.sort(key=lambda r: r[0])
ncr = pd.DataFrame([r[1] for r in rows], columns=["RAISED_DT", "LINE", "PART_NO", "SUPPLIER", "DEFECT_CAT", "SEVERITY",
                                                   "QTY_INSP", "QTY_REJ", "DISPOSITION", "COST_EUR", "CUST_COMPLAINT",
                                                   "STATUS", "CLOSED_DT"])
ncr.insert(0, "NCR_NO", [f"NCR-24-{n:04d}" for n in range(1, len(ncr) + 1)])
ncr.to_csv("NCR_LOG_2024.csv", index=False)


# --- Dock appointments at a distribution centre: one row per booked slot. ---
carriers = {"Northway Haulage": 0.08, "Trent Freight": 0.03, "BlueLine Logistics": 0.05, "Castle Transport": 0.12,
            "Pennine Express": 0.04}
rows = []
start = dt.date(2024, 9, 2)  # a Monday, ISO week 36
for i in range(244):
    day = start + dt.timedelta(days=int(rng.integers(0, 61)))
    if day.weekday() == 6:
        day -= dt.timedelta(days=1)
    slot = f"{int(rng.integers(6, 18)):02d}:{int(pick([0, 30])):02d}"
    car = str(pick(list(carriers)))
    direction = str(pick(["inbound", "outbound"], p=[0.62, 0.38]))
    r = rng.random()
    status = "No-show" if r < carriers[car] else ("Cancelled" if r < carriers[car] + 0.04 else "Completed")
    door = int(pick(range(1, 9), p=[0.16, 0.16, 0.14, 0.14, 0.12, 0.1, 0.1, 0.08]))
    if status == "Completed":
        pallets = int(rng.integers(4, 27))
        wt = int(pallets * float(rng.uniform(380, 720)))
        delay = int(round(float(rng.normal(12 if car == "Castle Transport" else 4, 22))))
        wait = int(max(0, rng.gamma(1.6, 28)))
        unload = int(18 + pallets * float(rng.uniform(1.6, 2.6)) + (8 if direction == "outbound" else 0))
        fee = 75.0 * ((wait - 120) // 60 + 1) if wait > 120 else 0.0
        rows.append((day, slot, [day.isoformat(), slot, car, direction, door, status, pallets, wt, delay,
                                 "yes" if delay <= 15 else "no", wait, unload, fee]))
    else:
        rows.append((day, slot, [day.isoformat(), slot, car, direction, door, status, "", "", "", "", "", "", ""]))
rows.sort(key=lambda r: (r[0], r[1]))
dock = pd.DataFrame([r[2] for r in rows], columns=["apptDate", "slotTime", "carrier", "direction", "doorNo", "status",
                                                   "palletQty", "grossWtKg", "arrivalDelayMin", "onTime", "waitMin",
                                                   "unloadDurMin", "detentionFeeUsd"])
dock.insert(0, "apptId", [f"DA-{10001 + n}" for n in range(len(dock))])
dock.to_csv("DockAppointments_Wk36-44.csv", index=False)
