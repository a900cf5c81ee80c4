# Tables of the thirteenth corpus (seeded), written before any run of the
# analyst on them. Domains that no earlier corpus has: beach cleanups,
# podcast episodes, a street tree survey, used car sales, brewery batches.
# Column names follow a different export style in each table.
import csv, datetime as dt
import numpy as np

rng = np.random.default_rng(130613)

def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f); c.writerow(header); c.writerows(rows)

def pick(seq, p=None):
    return seq[rng.choice(len(seq), p=p)]

# Beach cleanups (snake_case): one row per cleanup event.
beaches = {"North Strand": "North", "Gull Point": "North", "Harbour Sands": "Central",
           "Pier Beach": "Central", "Dune Cove": "South", "Lighthouse Bay": "South", "Otter Rocks": "South"}
dirt = {"North Strand": 1.0, "Gull Point": 0.7, "Harbour Sands": 1.5, "Pier Beach": 1.8,
        "Dune Cove": 0.8, "Lighthouse Bay": 1.1, "Otter Rocks": 0.6}
rows = []
for i in range(164):
    d = dt.date(2024, 3, 2) + dt.timedelta(days=int(rng.integers(0, 240)))
    b = pick(list(beaches))
    org = pick(["school", "ngo", "city", "company"], [0.25, 0.4, 0.2, 0.15])
    vol = int(max(3, rng.normal(28, 14) if org != "company" else rng.normal(18, 6)))
    hrs = float(pick([1.5, 2.0, 2.0, 2.5, 3.0, 3.5, 4.0]))
    trash = round(vol * hrs * dirt[b] * rng.uniform(0.4, 1.4), 1)
    plastic = round(trash * rng.uniform(0.35, 0.75), 1)
    bags = max(1, int(trash / rng.uniform(4, 7)))
    wild = "yes" if rng.random() < 0.22 else "no"
    rows.append([d.isoformat(), b, beaches[b], org, vol, hrs, trash, plastic, bags, wild])
rows.sort()
rows = [[f"CU-{i+1:04d}"] + r for i, r in enumerate(rows)]
w("beach_cleanups.csv", ["cleanup_id", "event_date", "beach", "region", "organizer_type", "volunteers",
                         "duration_hrs", "trash_kg", "plastic_kg", "bags_filled", "wildlife_found"], rows)

# Podcast episodes (camelCase): one row per episode.
shows = {"The Quiet Ledger": "Business", "Kitchen Table Science": "Science", "Night Shift Stories": "Fiction",
         "Market Open": "Business", "Deep Field": "Science", "Laugh Track Club": "Comedy", "Overtime Talk": "Sports"}
reach = {"The Quiet Ledger": 4200, "Kitchen Table Science": 6100, "Night Shift Stories": 3500,
         "Market Open": 5200, "Deep Field": 2600, "Laugh Track Club": 7400, "Overtime Talk": 4700}
rows = []
for i in range(152):
    d = dt.date(2024, 1, 3) + dt.timedelta(days=int(rng.integers(0, 300)))
    s = pick(list(shows))
    guest = bool(rng.random() < 0.45)
    dur = int(max(12, rng.normal(48, 17)))
    dl = int(reach[s] * rng.lognormal(0, 0.35) * (1.2 if guest else 1.0))
    listen = round(float(np.clip(rng.normal(68 - (dur - 48) * 0.3, 9), 25, 98)), 1)
    explicit = bool(rng.random() < (0.7 if shows[s] == "Comedy" else 0.12))
    rating = round(float(np.clip(rng.normal(4.2, 0.4), 2.5, 5.0)), 1)
    rows.append([d.isoformat(), s, shows[s], dur, dl, listen, guest, explicit, rating])
rows.sort()
rows = [[f"EP{i+1:04d}"] + r for i, r in enumerate(rows)]
w("podcast_episodes.csv", ["episodeId", "publishDate", "showName", "genre", "durationMin",
                           "downloadsFirstWeek", "avgListenPct", "hasGuest", "isExplicit", "listenerRating"], rows)

# Street tree survey (Title Case with spaces): one row per tree surveyed.
species = {"London Plane": (1.1, 0.9), "Red Maple": (0.8, 0.7), "Honey Locust": (0.7, 0.75),
           "Pin Oak": (1.0, 1.0), "Ginkgo": (0.6, 0.6), "Little-leaf Linden": (0.75, 0.7)}
hoods = ["Riverside", "Old Mill", "Parkview", "Station Hill", "Westfield"]
rows = []
for i in range(186):
    d = dt.date(2025, 4, 1) + dt.timedelta(days=int(rng.integers(0, 180)))
    sp = pick(list(species))
    hood = pick(hoods, [0.26, 0.17, 0.22, 0.15, 0.20])
    yr = int(rng.integers(1958, 2022))
    age = 2025 - yr
    gd, gh = species[sp]
    diam = round(max(2.0, age * 0.38 * gd * rng.uniform(0.7, 1.3)), 1)
    height = int(max(8, (12 + age * 1.05 * gh) * rng.uniform(0.75, 1.25) + (4 if hood == "Parkview" else 0)))
    cond = pick(["Good", "Fair", "Poor", "Dead"], [0.52, 0.3, 0.14, 0.04])
    prune = "Yes" if (cond in ("Poor", "Fair") and rng.random() < 0.6) or rng.random() < 0.12 else "No"
    rows.append([d.isoformat(), sp, hood, diam, height, cond, yr, prune,
                 pick(["M. Okoro", "J. Halvorsen", "P. Nguyen", "S. Albright"], [0.33, 0.27, 0.22, 0.18])])
rows.sort()
rows = [[f"T{10400 + i * 7}"] + r for i, r in enumerate(rows)]
w("street_trees.csv", ["Tree ID", "Survey Date", "Species", "Neighborhood", "Trunk Diameter", "Height Ft",
                       "Condition", "Year Planted", "Needs Pruning", "Surveyor"], rows)

# Used car sales (units in parentheses): one row per car sold by a dealership.
models = {"Toyota": [("Corolla", 17000), ("RAV4", 26000), ("Camry", 21000)],
          "Ford": [("Focus", 12000), ("F-150", 31000), ("Escape", 18000)],
          "Honda": [("Civic", 16500), ("CR-V", 24000)],
          "Volkswagen": [("Golf", 14500), ("Passat", 15500)],
          "Hyundai": [("Elantra", 13500), ("Tucson", 19500)],
          "BMW": [("3 Series", 27000), ("X3", 33000)]}
rows = []
for i in range(172):
    d = dt.date(2024, 1, 2) + dt.timedelta(days=int(rng.integers(0, 364)))
    make = pick(list(models), [0.24, 0.2, 0.17, 0.12, 0.14, 0.13])
    model, base = models[make][int(rng.integers(0, len(models[make])))]
    year = int(rng.integers(2009, 2024))
    age = 2024 - year
    km = int(round(max(3000, age * rng.normal(16500, 4500)), -2))
    fuel = pick(["Petrol", "Diesel", "Hybrid", "Electric"], [0.56, 0.2, 0.16, 0.08])
    if fuel == "Electric" and year < 2016:
        fuel = "Hybrid"
    price = base * (0.88 ** age) * (1 - km / 600000) * {"Petrol": 1, "Diesel": 0.95, "Hybrid": 1.12, "Electric": 1.2}[fuel]
    price = int(round(max(1500, price * rng.uniform(0.9, 1.1)), -1))
    trans = "Manual" if rng.random() < (0.35 if make == "Volkswagen" else 0.15) else "Automatic"
    days = int(max(2, rng.gamma(2.2, 18) + (12 if fuel == "Diesel" else 0)))
    fin = "Y" if rng.random() < 0.48 else "N"
    rows.append([d.isoformat(), make, model, year, km, price, fuel, trans,
                 "" if fuel == "Electric" else round(float(pick([1.4, 1.6, 1.8, 2.0, 2.0, 2.5, 3.0])), 1), days, fin])
rows.sort()
rows = [[f"S{24001 + i}"] + r for i, r in enumerate(rows)]
w("used_car_sales.csv", ["Sale ID", "Sale Date", "Make", "Model", "Year", "Mileage (km)", "Price (USD)",
                         "Fuel Type", "Transmission", "Engine Size (L)", "Days on Lot", "Financed (Y/N)"], rows)

# Brewery batches (upper-case abbreviations): one row per batch brewed.
styles = {"Pale Ale": (1.052, 38), "IPA": (1.064, 62), "Stout": (1.070, 45), "Pilsner": (1.046, 32),
          "Wheat": (1.048, 15), "Porter": (1.058, 35)}
rows = []
for i in range(143):
    d = dt.date(2024, 2, 5) + dt.timedelta(days=int(rng.integers(0, 330)))
    st = pick(list(styles), [0.22, 0.26, 0.12, 0.14, 0.13, 0.13])
    og0, ibu0 = styles[st]
    og = round(og0 + rng.normal(0, 0.004), 3)
    fg = round(1.008 + (og - 1.040) * rng.uniform(0.15, 0.3), 3)
    abv = round((og - fg) * 131.25, 1)
    ibu = int(max(8, rng.normal(ibu0, ibu0 * 0.15)))
    vol = int(pick([500, 1000, 1000, 1500, 2000]))
    ferm = int(rng.integers(7, 15) + (14 if st == "Pilsner" else 0))
    qc = bool(rng.random() < 0.88)
    rows.append([d.isoformat(), st, pick(["RK", "MV", "TD", "AL"], [0.3, 0.28, 0.24, 0.18]), vol, og, fg, abv, ibu, ferm,
                 "TRUE" if qc else "FALSE"])
rows.sort()
rows = [[f"B{2400 + i}"] + r for i, r in enumerate(rows)]
w("brewery_batches.csv", ["BATCH_NO", "BREW_DT", "STYLE", "BRWR", "VOL_L", "OG", "FG", "ABV", "IBU", "FERM_DAYS", "QC_PASS"], rows)
