# Tables of the round22 corpus (seeded numpy rng), written blind: before any
# run of the analyst on them, without reading the analyst's scripts.
# Domains: a print shop's job export (printing), concrete pour records on
# building sites (construction), a security guard patrol log (security),
# broadband installation appointments (telecoms) and first-year survival
# survey of tree planting plots (forestry).
import numpy as np
import pandas as pd

rng = np.random.default_rng(220522)

# --- Print shop jobs: camelCase, ISO dates, True/False flags. ---
n = 210
products = {"Flyers": (500, 0.06), "Posters": (40, 2.4), "Business Cards": (500, 0.05),
            "Banners": (2, 38.0), "Booklets": (100, 1.9)}
customers = ["Harbour Dental", "Greenleaf Cafe", "Northside Gym", "Pixel & Co", "St Mary's Primary",
             "Baxter Estates", "Bloom Florist", "Redline Motors", "Oakwood Church", "The Tap Room",
             "Kite Yoga", "Marlow Solicitors", "City Arts Trust", "Fern Vets", "Quayside Hotel"]
rows = []
for i in range(n):
    p = rng.choice(list(products), p=[0.3, 0.2, 0.25, 0.1, 0.15])
    base, unit = products[p]
    qty = int(base * rng.choice([1, 2, 2, 4, 5, 10]))
    colour = bool(rng.random() < 0.8)
    rush = bool(rng.random() < 0.22)
    amt = round(qty * unit * (1.0 if colour else 0.6) * (1.3 if rush else 1.0) + rng.uniform(5, 25), 2)
    rows.append({
        "jobId": f"PJ-{24100 + i}",
        "orderDate": (pd.Timestamp("2024-06-01") + pd.Timedelta(days=int(rng.integers(0, 122)))).date().isoformat(),
        "customerName": rng.choice(customers, p=np.r_[0.14, np.full(14, 0.86 / 14)]),
        "productType": p,
        "paperGsm": int(rng.choice([130, 170, 250, 350])) if p != "Banners" else 510,
        "qty": qty,
        "isColour": colour,
        "doubleSided": bool(rng.random() < 0.5),
        "totalAmt": amt,
        "turnaroundDays": int(rng.integers(1, 3)) if rush else int(rng.integers(3, 9)),
        "rushOrder": rush,
        "reprintNeeded": bool(rng.random() < 0.07),
    })
pd.DataFrame(rows).sort_values(["orderDate", "jobId"]).to_csv("PrintJobs_export_2024-09.csv", index=False)

# --- Concrete pours: UPPER_CASE, day-first dates, Y/N, blanks for pending cubes. ---
n = 160
sites = ["Riverside Flats", "Mill Lane School", "Harbour Car Park"]
elements = {"Slab": (45, 20), "Column": (4, 2), "Wall": (12, 5), "Footing": (20, 8)}
mixes = {"C25/30": (36, 108), "C32/40": (45, 118), "C40/50": (55, 131)}
suppliers = ["Tarmac", "Hanson", "Breedon"]
rows = []
for i in range(n):
    d = pd.Timestamp("2024-04-02") + pd.Timedelta(days=int(rng.integers(0, 90)))
    el = rng.choice(list(elements), p=[0.35, 0.2, 0.25, 0.2])
    mix = rng.choice(list(mixes), p=[0.35, 0.45, 0.2])
    vol = round(max(1.0, rng.normal(*elements[el])), 1)
    strength = round(rng.normal(mixes[mix][0], 3.5), 1)
    if d > pd.Timestamp("2024-06-03"):
        strength = np.nan  # 28-day cubes not yet crushed
    sup = rng.choice(suppliers, p=[0.4, 0.35, 0.25])
    rows.append({
        "POUR_NO": f"CP{1000 + i}",
        "POUR_DATE": d,
        "SITE": rng.choice(sites),
        "ELEMENT": el,
        "MIX": mix,
        "VOL_M3": vol,
        "SLUMP_MM": int(rng.choice([50, 75, 100, 125, 150])),
        "AIR_TEMP_C": round(rng.normal(13 + (d.month - 4) * 3, 4), 1),
        "STRENGTH_28D_MPA": strength,
        "SUPPLIER": sup,
        "PUMP": "Y" if (el != "Footing" and rng.random() < 0.7) else "N",
        "LOADS_REJECTED": int(rng.poisson(0.5 if sup == "Breedon" else 0.25)),
        "COST_GBP": round(vol * mixes[mix][1] + (450 if rng.random() < 0.5 else 0), 2),
    })
t = pd.DataFrame(rows).sort_values(["POUR_DATE", "POUR_NO"])
t["POUR_DATE"] = t["POUR_DATE"].dt.strftime("%d/%m/%Y")
t.to_csv("CONCRETE_POURS_Q2_2024.csv", index=False)

# --- Security patrols: snake_case, ISO date + separate time, yes/no. ---
n = 230
guards = ["Marcus Hale", "Priya Nair", "Tom Okafor", "Lena Fischer", "Dan Whitmore", "Sofia Reyes", "Kwame Asante"]
psites = ["Westfield Retail Park", "Canal Street Offices", "Northgate Depot", "Elm Court Hospital"]
routes = {"Perimeter": 40, "Internal": 30, "Car Park": 20}
rows = []
for i in range(n):
    d = pd.Timestamp("2024-10-01") + pd.Timedelta(days=int(rng.integers(0, 61)))
    r = rng.choice(list(routes))
    tot = {"Perimeter": 14, "Internal": 10, "Car Park": 6}[r]
    scanned = tot - int(rng.choice([0, 0, 0, 0, 1, 2]))
    hour = int(rng.choice(range(24)))
    rows.append({
        "patrol_id": 5001 + i,
        "shift_date": d.date().isoformat(),
        "start_time": f"{hour:02d}:{int(rng.choice([0, 15, 30, 45])):02d}",
        "guard": rng.choice(guards, p=[0.2, 0.16, 0.14, 0.14, 0.12, 0.12, 0.12]),
        "site": rng.choice(psites),
        "route": r,
        "dur_min": int(max(8, rng.normal(routes[r], 9))),
        "checkpoints_scanned": scanned,
        "checkpoints_total": tot,
        "incidents": int(rng.poisson(0.4)),
        "alarm_callout": "yes" if rng.random() < 0.15 else "no",
        "overtime": "yes" if rng.random() < 0.25 else "no",
    })
pd.DataFrame(rows).sort_values(["shift_date", "start_time"]).to_csv("security patrol log.csv", index=False)

# --- Broadband installs: Title Case With Spaces, "05 Mar 2024" dates, £ text, Yes/No, blanks. ---
n = 190
regions = ["North West", "Yorkshire", "Midlands", "South East"]
engineers = ["A. Patel", "J. Murray", "K. Doyle", "R. Evans", "S. Begum", "T. Wright"]
packages = {"Fibre 100": [24.99, 27.50, 29.99], "Fibre 500": [34.99, 39.00, 42.50], "Fibre 900": [49.99, 55.00, 59.99]}
rows = []
for i in range(n):
    d = pd.Timestamp("2024-02-01") + pd.Timedelta(days=int(rng.integers(0, 120)))
    status = rng.choice(["Completed", "Cancelled", "No Access"], p=[0.8, 0.11, 0.09])
    pk = rng.choice(list(packages), p=[0.3, 0.45, 0.25])
    eng = rng.choice(engineers)
    done = status == "Completed"
    rating = int(np.clip(round(rng.normal(4.1 if eng != "K. Doyle" else 3.4, 0.8)), 1, 5)) if done and rng.random() < 0.75 else None
    rows.append({
        "Order No": f"BB{int(rng.integers(100000, 999999))}",
        "Appointment Date": d.strftime("%d %b %Y"),
        "Region": rng.choice(regions),
        "Engineer": eng,
        "Package": pk,
        "Monthly Fee (GBP)": f"£{rng.choice(packages[pk]):.2f}",
        "Status": status,
        "Install Time (mins)": int(max(35, rng.normal(110, 35))) if done else None,
        "Cable Run (m)": round(rng.gamma(3, 8), 1) if done else None,
        "First Time Fix": ("Yes" if rng.random() < 0.82 else "No") if done else "",
        "Customer Rating": rating,
    })
t = pd.DataFrame(rows)
t["Install Time (mins)"] = t["Install Time (mins)"].astype("Int64")
t["Customer Rating"] = t["Customer Rating"].astype("Int64")
t.to_csv("Broadband Installs export.csv", index=False)

# --- Tree planting survey: abbreviated names, dd.mm.yyyy dates, 1/0 flag. ---
n = 140
forests = ["Glen Affric", "Kielder", "Thetford"]
species = {"Sessile Oak": 0.78, "Downy Birch": 0.86, "Scots Pine": 0.83, "Rowan": 0.8, "Sitka Spruce": 0.9, "Wild Cherry": 0.72}
crews = ["Morag Reid", "Ewan Doyle", "Hannah Clarke", "Iqbal Shah"]
soils = ["Peaty", "Clay", "Sandy", "Loam"]
rows = []
for i in range(n):
    d = pd.Timestamp("2022-11-01") + pd.Timedelta(days=int(rng.integers(0, 140)))
    sp = rng.choice(list(species))
    fenced = int(rng.random() < 0.45)
    browse = round(float(np.clip(rng.normal(8 if fenced else 27, 8), 0, 80)), 1)
    planted = int(rng.choice([100, 150, 200, 250, 300, 400]))
    surv = np.clip(rng.normal(species[sp] - browse / 300, 0.08), 0.3, 1)
    rows.append({
        "plot_ref": f"{rng.choice(['GA', 'KD', 'TF'])}-{i + 1:03d}",
        "plnt_dt": d,
        "forest": rng.choice(forests),
        "sp": sp,
        "n_planted": planted,
        "n_alive_yr1": int(round(planted * surv)),
        "ht_cm_avg": round(rng.normal(45 if sp in ("Downy Birch", "Sitka Spruce") else 32, 7), 1),
        "deer_browse_pct": browse,
        "fenced": fenced,
        "cost_gbp": round(planted * rng.uniform(1.6, 2.6) + (fenced * rng.uniform(300, 900)), 2),
        "crew_lead": rng.choice(crews),
        "soil": rng.choice(soils),
    })
t = pd.DataFrame(rows)
t["plot_ref"] = [f"{ {'Glen Affric': 'GA', 'Kielder': 'KD', 'Thetford': 'TF'}[f]}-{i + 1:03d}" for i, f in enumerate(t.forest)]
t = t.sort_values("plnt_dt")
t["plnt_dt"] = t["plnt_dt"].dt.strftime("%d.%m.%Y")
t.to_csv("tree_planting_survey_2023.v2.csv", index=False)
