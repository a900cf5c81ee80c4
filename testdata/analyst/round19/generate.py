# Tables of the round19 corpus (seeded), written blind: before any run of
# the analyst on them, without reading the analyst. Five domains no earlier
# corpus has: quarry blasting, fire hydrant inspections, a scuba dive log,
# sailing regatta results and sawmill log intake.
#
# Run with: nice -n 19 /usr/bin/python3 generate.py
import numpy as np
import pandas as pd

rng = np.random.default_rng(190419)


def pick(options, p=None, size=None):
    return rng.choice(options, p=p, size=size)


# Quarry blast log: one row per blast, weekdays of 2024, UPPER_CASE export.
n = 180
days = pd.bdate_range("2024-01-03", "2024-12-18")
dates = np.sort(rng.choice(days, size=n, replace=False))
rows = []
for i, d in enumerate(dates):
    pit = pick(["North Pit", "South Pit", "East Face"], p=[0.45, 0.35, 0.20])
    bench = int(rng.integers(1, 6))
    holes = int(rng.integers(12, 61))
    kg = round(holes * rng.uniform(45, 75), 1)
    tonnes = int(kg / rng.uniform(0.35, 0.55))
    near = {"North Pit": 650, "South Pit": 900, "East Face": 420}[pit]
    ppv = round(float(np.clip(1100 * (near / np.sqrt(kg / holes * 4)) ** -1.3 * rng.lognormal(0, 0.35), 0.6, 40)), 2)
    air = round(float(np.clip(rng.normal(114, 5) + (3 if pit == "East Face" else 0), 100, 132)), 1)
    complaint = rng.random() < (0.05 + 0.04 * max(0, ppv - 4) + 0.02 * max(0, air - 115))
    misfire = rng.random() < 0.05
    cost = round(holes * rng.uniform(68, 82) + kg * 3.15 + 240, 2)
    rows.append([f"QB-24-{i + 1:03d}", pd.Timestamp(d).strftime("%Y-%m-%d"), pit, bench, holes, kg, tonnes, ppv, air,
                 pick(["Dai Hughes", "Meera Kaur", "Tom Brennan", "Lewis Mbeki"], p=[0.34, 0.3, 0.24, 0.12]),
                 "Y" if complaint else "N", "Y" if misfire else "N", cost])
pd.DataFrame(rows, columns=["BLAST_ID", "BLAST_DATE", "PIT", "BENCH_NO", "HOLES", "EXPLOSIVE_KG", "TONNES_BLASTED",
                            "PPV_MM_S", "AIRBLAST_DB", "SHOTFIRER", "COMPLAINT", "MISFIRE", "COST_GBP"]
             ).to_csv("QUARRY_BLAST_LOG_2024.csv", index=False)

# Fire hydrant inspections: one row per inspection, some hydrants seen twice;
# day-first dates, Title Case headers, repair cost blank when none was done.
hyd = []
for h in range(1, 151):
    district = pick(["Northfield", "Riverside", "Old Town", "Westbrook", "Hillside"], p=[0.22, 0.24, 0.18, 0.2, 0.16])
    kind = pick(["Pillar", "Underground", "Wall-mounted"], p=[0.5, 0.4, 0.1])
    year = int(rng.integers(1958, 2022)) if district != "Old Town" else int(rng.integers(1931, 1990))
    hyd.append((f"H-{h * 7 + 100:04d}", district, kind, year))
order = list(range(150)) + list(rng.choice(150, size=70, replace=False))
when = np.sort(rng.choice(pd.date_range("2024-02-05", "2024-11-29"), size=len(order)))
rng.shuffle(order)
rows = []
for i, (k, d) in enumerate(zip(order, when)):
    hid, district, kind, year = hyd[k]
    static = round(float(rng.normal({"Hillside": 48, "Old Town": 58}.get(district, 66), 7)), 1)
    residual = round(static * rng.uniform(0.55, 0.9), 1)
    flow = int(rng.normal(1500, 260) * (1.0 if year > 1975 else 0.8))
    defect = rng.random() < (0.12 + (0.18 if year < 1975 else 0) + (0.08 if kind == "Underground" else 0))
    repaired = defect and rng.random() < 0.75
    cost = round(float(rng.uniform(85, 1400)), 2) if repaired else None
    oos = bool(defect and not repaired and rng.random() < 0.6) or bool(defect and rng.random() < 0.08)
    rows.append([f"INS-{24001 + i}", hid, pd.Timestamp(d).strftime("%d/%m/%Y"), district,
                 pick(["R. Okonjo", "Sian Pritchard", "Gareth Lowe", "Ana Ferreira"]), kind, year, static, residual, flow,
                 "Yes" if defect else "No", cost, "TRUE" if oos else "FALSE"])
pd.DataFrame(rows, columns=["Inspection Ref", "Hydrant ID", "Inspection Date", "District", "Inspector", "Hydrant Type",
                            "Year Installed", "Static Pressure (psi)", "Residual Pressure (psi)", "Flow (L/min)",
                            "Defect Found", "Repair Cost (£)", "Out Of Service"]
             ).to_csv("Hydrant Inspections Export.csv", index=False)

# Scuba dive log: one row per dive of one diver, camelCase export.
trips = [  # start, days, country, sites, boat share, water temp, visibility
    ("2023-03-11", 1, "UK", ["Stoney Cove", "Capernwray"], 0.0, 8, 6),
    ("2023-05-06", 9, "Egypt", ["Ras Mohammed", "Thistlegorm", "Jackfish Alley", "Ras Um Sid"], 0.85, 24, 25),
    ("2023-07-15", 1, "UK", ["Stoney Cove", "Capernwray", "Swanage Pier"], 0.2, 15, 5),
    ("2023-09-16", 7, "Malta", ["Um El Faroud", "Blue Hole Gozo", "Cirkewwa Arch", "Ghar Lapsi"], 0.4, 24, 28),
    ("2024-02-10", 11, "Philippines", ["Apo Island", "Pescador Island", "Sardine Run Moalboal", "Kasai Wall"], 0.8, 28, 22),
    ("2024-06-08", 1, "UK", ["Stoney Cove", "Swanage Pier", "Vobster Quay"], 0.1, 14, 6),
    ("2024-08-24", 8, "Egypt", ["Thistlegorm", "Ras Mohammed", "Elphinstone", "Brothers Islands"], 0.95, 27, 27),
    ("2024-10-12", 1, "UK", ["Vobster Quay", "Stoney Cove"], 0.0, 12, 7),
]
dives = []
for start, ndays, country, sites, boat, temp, vis in trips:
    per_trip = 7 if ndays == 1 else ndays * 2 + 8
    for _ in range(per_trip):
        day = pd.Timestamp(start) + pd.Timedelta(days=int(rng.integers(0, ndays + (6 if ndays == 1 else 0))))
        dives.append((day, country, pick(sites), boat, temp, vis))
dives += [(pd.Timestamp("2024-04-20") + pd.Timedelta(days=int(x)), "UK", "Vobster Quay", 0.0, 11, 6) for x in (0, 0, 1, 1)]
dives.sort(key=lambda r: r[0])
buddies = {"UK": ["Priya", "Owen", "Hannah"], "Egypt": ["Owen", "Karim", "Hannah"], "Malta": ["Owen", "Luca"],
           "Philippines": ["Jun", "Hannah", "Owen"]}
rows = []
last = None
for no, (day, country, site, boat, temp, vis) in enumerate(dives, 1):
    night = country != "UK" and rng.random() < 0.12
    hour = int(rng.integers(19, 21)) if night else int(rng.choice([8, 9, 10, 11, 13, 14, 15]))
    is_boat = rng.random() < boat
    deep = 1.25 if site in ("Thistlegorm", "Um El Faroud", "Brothers Islands", "Elphinstone", "Kasai Wall") else 1.0
    depth = round(float(np.clip(rng.normal(19 if country != "UK" else 14, 6) * deep, 6, 39.6)), 1)
    bottom = int(np.clip(rng.normal(52 - depth * 0.6, 8), 22, 75))
    start_bar = int(rng.choice([200, 210, 220, 230]))
    end_bar = int(np.clip(start_bar - bottom * rng.uniform(2.2, 3.4) - depth * 0.8, 40, 140))
    rows.append([no, day.strftime("%Y-%m-%d"), f"{hour:02d}:{int(rng.choice([0, 15, 30, 45])):02d}", country, site,
                 "Boat" if is_boat else "Shore", depth, bottom, int(round(temp + rng.normal(0, 1.5))),
                 int(max(1, round(vis * rng.uniform(0.5, 1.3)))), start_bar, end_bar,
                 bool(rng.random() < (0.55 if country != "UK" else 0.2)), 1 if night else 0,
                 pick(buddies[country]), (int(rng.choice([35, 40, 45, 55])) if is_boat else 0)])
pd.DataFrame(rows, columns=["diveNo", "diveDate", "entryTime", "country", "diveSite", "diveType", "maxDepthM",
                            "bottomTimeMin", "waterTempC", "visibilityM", "startBar", "endBar", "nitrox", "nightDive",
                            "buddy", "boatFeeEur"]).to_csv("diveLog_export.csv", index=False)

# Sailing club regatta results, April to June: one row per boat per race.
helms = {  # helm: (class, sail number, member)
    "Alice Moreton": ("Laser", 201455, "yes"), "Ben Okafor": ("Laser", 198730, "yes"),
    "Chris Dunn": ("Laser", 176602, "no"), "Dana Whitlock": ("RS200", 1542, "yes"),
    "Ed Fairbairn": ("RS200", 1187, "yes"), "Fiona Lamb": ("Solo", 4721, "yes"),
    "George Pike": ("Solo", 5102, "no"), "Holly Tran": ("Topper", 48211, "yes"),
    "Ian Castell": ("Mirror", 70811, "yes"), "Jess Ormond": ("Topper", 47003, "no"),
    "Kofi Asante": ("RS200", 1733, "yes"), "Lara Beck": ("Laser", 210044, "yes"),
    "Marcus Hale": ("Solo", 4990, "yes"), "Nadia Quist": ("Mirror", 69420, "no"),
}
py = {"Laser": 1100, "RS200": 1046, "Solo": 1142, "Topper": 1365, "Mirror": 1385}
skill = {h: rng.normal(1.0, 0.045) for h in helms}
race_days = list(pd.date_range("2024-04-06", "2024-06-29", freq="W-SAT")) + \
    list(pd.date_range("2024-05-01", "2024-06-26", freq="W-WED"))
race_days.sort()
rows = []
for rno, d in enumerate(race_days, 1):
    wind = int(rng.integers(5, 24))
    course = rng.uniform(2700, 3400)
    entrants = [h for h in helms if rng.random() < 0.72]
    res = []
    for h in entrants:
        cls, sail, member = helms[h]
        status = pick(["FIN", "DNF", "DNS", "RET"], p=[0.86, 0.08, 0.03, 0.03])
        if wind > 19 and rng.random() < 0.15:
            status = "DNF"
        el = course * py[cls] / 1000 * skill[h] * rng.normal(1, 0.03) * (1.12 if wind < 8 else 1.0) if status == "FIN" else None
        res.append([h, cls, sail, member, status, el])
    fin = sorted([r for r in res if r[5] is not None], key=lambda r: r[5] * 1000 / py[r[1]])
    pos = {r[0]: i + 1 for i, r in enumerate(fin)}
    for h, cls, sail, member, status, el in res:
        if el is None:
            elapsed, corr, p = "", None, None
        else:
            s = int(round(el))
            elapsed = f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
            corr, p = int(round(s * 1000 / py[cls])), pos[h]
        rows.append([rno, d.strftime("%d-%b-%Y"), "Sat Points" if d.dayofweek == 5 else "Wed Evening", sail, h, cls,
                     py[cls], 2 if cls in ("RS200", "Mirror") else 1, member, status, elapsed, corr, p, wind,
                     5 if member == "yes" else 12])
reg = pd.DataFrame(rows, columns=["race_no", "race_date", "series", "sail_no", "helm", "boat_class", "py", "crew_no",
                                  "club_member", "status", "elapsed", "corr_secs", "pos", "wind_kts", "entry_fee_gbp"])
reg["corr_secs"] = reg["corr_secs"].astype("Int64")
reg["pos"] = reg["pos"].astype("Int64")
reg.to_csv("regatta_results_Q2_2024.csv", index=False)

# Sawmill log intake, July to October: one row per lorry load, dotted
# day-first dates, units in the headers; a rejected load is not paid.
price = {"Sitka Spruce": 62, "Douglas Fir": 78, "Larch": 84, "Scots Pine": 66, "Oak": 190}
grade_mult = {"A": 1.25, "B": 1.0, "C": 0.78}
suppliers = ["Hartley Forestry", "Glen Affric Estates", "Borders Timber Co", "Kielder Woodland Ltd", "Pennant Farms"]
n = 210
when = np.sort(rng.choice(pd.bdate_range("2024-07-01", "2024-10-31"), size=n))
rows = []
for i, d in enumerate(when):
    sp = pick(list(price), p=[0.38, 0.2, 0.16, 0.18, 0.08])
    sup = pick(suppliers, p=[0.3, 0.22, 0.2, 0.18, 0.1])
    if sp == "Oak":
        sup = pick(["Pennant Farms", "Borders Timber Co"])
    vol = round(float(rng.uniform(18, 34) if sp != "Oak" else rng.uniform(8, 18)), 2)
    diam = int(rng.normal(34 if sp != "Oak" else 52, 6))
    logs = int(vol / (np.pi * (diam / 200) ** 2 * rng.uniform(4.8, 5.6)))
    grade = pick(["A", "B", "C"], p=[0.25, 0.5, 0.25])
    moist = round(float(rng.normal(48 if sp != "Oak" else 62, 7)), 1)
    rejected = rng.random() < (0.03 + (0.1 if moist > 58 and sp != "Oak" else 0))
    ppm = round(price[sp] * grade_mult[grade] * rng.uniform(0.95, 1.06), 2)
    amount = 0.0 if rejected else round(vol * ppm, 2)
    rows.append([f"T{70412 + i}", pd.Timestamp(d).strftime("%d.%m.%Y"), sup, sp, logs, vol, diam, moist, grade, ppm,
                 amount, 1 if rng.random() < (0.8 if sup != "Pennant Farms" else 0.3) else 0, "yes" if rejected else "no",
                 pick(["McAllister Haulage", "J. Rowe & Sons", "Northway Freight"], p=[0.45, 0.35, 0.2])])
pd.DataFrame(rows, columns=["Ticket", "Date", "Supplier", "Species", "Logs (no.)", "Volume (m3)", "Top Diam (cm)",
                            "Moisture %", "Grade", "Price/m3 (EUR)", "Amount (EUR)", "FSC", "Rejected", "Haulier"]
             ).to_csv("sawmill_intake.2024-H2.csv", index=False)
