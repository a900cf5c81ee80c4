# Tables of the tenth corpus (seeded), written after the reading check was
# added and before any run of the analyst on them. Domains that no earlier
# corpus has: hiking, restaurant inspections, earthquakes, art auctions,
# wildfires.
import random, csv, datetime as dt
random.seed(100417)
def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f); c.writerow(header); c.writerows(rows)

# Hike log: one row per hike.
rows = []
trails = {"Ridge Loop": ("Highlands", 14), "Falls Path": ("Lakes", 8), "Cairn Trail": ("Highlands", 19), "Cliff Walk": ("Coast", 11), "Pine Circuit": ("Lakes", 6)}
for i in range(160):
    d = dt.date(2025, 5, 1) + dt.timedelta(days=random.randint(0, 152))
    t = random.choice(list(trails))
    region, base = trails[t]
    dist = round(base + random.uniform(-2, 6), 1)
    gain = int(dist * random.uniform(30, 90))
    diff = "hard" if gain > 900 else ("moderate" if gain > 450 else "easy")
    rows.append([d.isoformat(), t, region, random.choice(["Ana", "Ben", "Chloe", "Dev", "Elif", "Finn"]), dist, gain,
                 round(dist / random.uniform(2.5, 4.5), 1), diff, random.choice(["yes", "yes", "no"]), random.randint(1, 8)])
rows.sort()
w("hike_log.csv", ["hike_date", "trail", "region", "hiker", "dist_km", "elev_gain_m", "dur_hrs", "difficulty", "summit_reached", "group_size"], rows)

# Restaurant inspections: one row per inspection.
rows = []
rest = [(f"R{n:03d}", random.choice(["Thai", "Italian", "Mexican", "Diner", "Sushi", "Indian"]), random.choice(["Harbor", "Oldtown", "Hillcrest", "Eastgate"])) for n in range(1, 61)]
for i in range(150):
    d = dt.date(2024, 1, 8) + dt.timedelta(days=random.randint(0, 300))
    r, cuisine, borough = random.choice(rest)
    crit = random.choice([0, 0, 0, 1, 1, 2, 3])
    minor = random.randint(0, 7)
    score = max(40, 100 - 9 * crit - 3 * minor - random.randint(0, 6))
    grade = "A" if score >= 85 else ("B" if score >= 70 else "C")
    rows.append([d.isoformat(), r, borough, cuisine, score, crit, minor, grade, "Y" if crit >= 3 and random.random() < 0.7 else "N",
                 random.choice(["Okafor", "Lindqvist", "Moreau", "Tanaka"])])
rows.sort()
w("restaurant_inspections.csv", ["insp_date", "restaurant", "borough", "cuisine", "score", "crit_viol", "minor_viol", "grade", "closed", "inspector"], rows)

# Earthquakes: one row per event.
rows = []
regions = {"Coastal Shelf": 18, "Inland Basin": 9, "Northern Arc": 60, "Rift Valley": 25}
for i in range(140):
    t = dt.datetime(2025, 1, 1) + dt.timedelta(minutes=random.randint(0, 60 * 24 * 240))
    reg = random.choice(list(regions))
    mag = round(min(7.4, 2.5 + random.expovariate(1.1)), 1)
    depth = round(max(1.0, random.gauss(regions[reg], regions[reg] / 3)), 1)
    felt = int(max(0, (mag - 3) * random.randint(5, 120))) if depth < 40 else int(max(0, (mag - 3.5) * random.randint(0, 40)))
    rows.append([t.strftime("%Y-%m-%d %H:%M"), reg, mag, depth, felt, 1 if mag >= 5.5 and depth < 30 and random.random() < 0.6 else 0, random.randint(4, 60)])
rows.sort()
w("seismic_events.csv", ["event_time", "region", "mag", "depth_km", "felt_reports", "tsunami_alert", "station_count"], rows)

# Art auction lots: one row per lot offered; no hammer price when unsold.
rows = []
base = {"Painting": 12000, "Sculpture": 8000, "Furniture": 3000, "Jewelry": 5000, "Prints": 900}
for i in range(130):
    d = dt.date(2023, 3, 1) + dt.timedelta(days=random.choice([0, 60, 120, 200, 260, 330, 400, 460, 520, 600, 640]))
    cat = random.choice(list(base))
    lo = int(round(base[cat] * random.uniform(0.3, 2.5), -2))
    hi = int(lo * random.choice([1.5, 2, 2]))
    bids = random.randint(0, 25)
    sold = bids > 2 and random.random() < 0.85
    hammer = int(round(lo * random.uniform(0.9, 2.4), -1)) if sold else ""
    rows.append([f"L{i+1:04d}", d.isoformat(), random.choice(["Marlowe & Co", "Greyfield", "Vantage Hall"]), cat, lo, hi, hammer,
                 "yes" if sold else "no", bids, random.choice([20, 25, 25, 26])])
w("auction_lots.csv", ["lot_no", "sale_date", "house", "category", "est_low_usd", "est_high_usd", "hammer_usd", "sold", "bids", "prem_pct"], rows)

# Wildfires: one row per fire.
rows = []
for i in range(120):
    d = dt.date(2024, 3, 1) + dt.timedelta(days=int(random.triangular(0, 240, 140)))
    cause = random.choice(["lightning", "lightning", "campfire", "debris burning", "equipment", "arson"])
    acres = round(random.lognormvariate(5.5, 1.4), 1)
    rows.append([f"F{i+1:03d}", d.isoformat(), random.choice(["Alder", "Birch", "Cedar", "Dune", "Elm"]), cause, acres,
                 max(1, int(acres ** 0.4 + random.randint(-2, 4))), random.randint(1, 30), "yes" if acres > 800 or random.random() < 0.1 else "no",
                 int(acres // 400) if random.random() < 0.5 else 0])
rows.sort(key=lambda r: r[1])
w("wildfires.csv", ["fire_id", "start_date", "county", "cause", "acres_burned", "containment_days", "crews", "evacuation", "structures_lost"], rows)
