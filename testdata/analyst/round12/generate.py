# Tables of the twelfth corpus (seeded), written before any run of the
# analyst on them. Domains that no earlier corpus has: street pothole
# repairs, a bird survey, tennis matches, retail store returns and a
# fleet's fuel log.
import csv, datetime as dt
import numpy as np

rng = np.random.default_rng(120412)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def pick(xs, p=None):
    return xs[rng.choice(len(xs), p=p)]


# Pothole repairs: one row per request a resident or inspector filed.
rows = []
wards = ["Ward 1", "Ward 2", "Ward 3", "Ward 4", "Ward 5", "Ward 6"]
for i in range(172):
    d = dt.date(2024, 1, 2) + dt.timedelta(days=int(rng.integers(0, 200)))
    sev = pick(["low", "medium", "high"], [0.45, 0.35, 0.2])
    street = pick(["Residential", "Collector", "Arterial"], [0.5, 0.3, 0.2])
    area = round(float(rng.lognormal({"low": 1.5, "medium": 2.3, "high": 3.0}[sev], 0.5)), 1)
    days = int(max(1, rng.normal({"low": 18, "medium": 11, "high": 4}[sev], 4)))
    cost = round(area * float(rng.uniform(14, 26)) + 85, 2)
    rows.append([f"PR-24-{i+1:04d}", d.isoformat(), pick(wards, [0.2, 0.14, 0.18, 0.22, 0.12, 0.14]), street, sev,
                 days, area, cost, pick(["A", "B", "C", "D"]),
                 "Yes" if rng.random() < 0.27 else "No",
                 pick(["Phone", "App", "Web", "Inspector"], [0.3, 0.35, 0.2, 0.15])])
rows.sort(key=lambda r: (r[1], r[0]))
w("pothole_repairs.csv", ["Request ID", "Date Reported", "Ward", "Street Type", "Severity", "Days_to_Repair",
                          "Patch Area (sq ft)", "Cost (USD)", "Crew", "Repeat Complaint", "Source"], rows)

# Bird survey: one row per species seen on a point count.
rows = []
sites = {"Marsh Point": "Wetland", "Alder Creek": "Wetland", "Oak Ridge": "Woodland", "Hollow Wood": "Woodland",
         "Long Meadow": "Grassland", "Hilltop Field": "Grassland"}
species = {"Wetland": ["Mallard", "Grey Heron", "Reed Warbler", "Coot", "Moorhen", "Sedge Warbler"],
           "Woodland": ["Blue Tit", "Great Tit", "Robin", "Wren", "Chaffinch", "Great Spotted Woodpecker"],
           "Grassland": ["Skylark", "Meadow Pipit", "Kestrel", "Linnet", "Robin", "Chaffinch"]}
observers = ["J. Harlow", "M. Osei", "K. Lindgren", "P. Duarte"]
surveys = 0
while len(rows) < 150:
    surveys += 1
    d = dt.date(2024, 3, 15) + dt.timedelta(days=int(rng.integers(0, 150)))
    site = pick(list(sites))
    hab = sites[site]
    obs = pick(observers)
    dur = int(pick([10, 15, 20, 30]))
    temp = round(float(4 + (d - dt.date(2024, 3, 15)).days * 0.1 + rng.normal(0, 3)), 1)
    wind = int(max(0, rng.normal(14, 8)))
    for sp in rng.choice(species[hab], size=int(rng.integers(2, 6)), replace=False):
        n = int(rng.integers(1, 5) + (rng.poisson(12) if sp in ("Mallard", "Coot", "Linnet", "Chaffinch") else 0))
        rows.append([d.isoformat(), site, hab, obs, str(sp), n, dur, temp, wind, bool(rng.random() < 0.3)])
rows.sort(key=lambda r: (r[0], r[1]))
w("bird_survey.csv", ["survey_date", "site", "habitat", "observer", "species", "count", "duration_min", "temp_C",
                      "wind_kph", "breeding_evidence"], rows)

# Tennis matches: one row per match of a season's tournaments.
rows = []
players = {"Ruiz": 3, "Novak": 7, "Kimura": 12, "Bauer": 18, "Okoye": 25, "Laurent": 31, "Petrov": 44, "Silva": 58,
           "Haddad": 67, "Moreno": 80, "Lindqvist": 95, "Chen": 110}
tourn = [("Desert Open", "Hard", dt.date(2024, 3, 4)), ("Riviera Cup", "Clay", dt.date(2024, 4, 15)),
         ("Capital Masters", "Clay", dt.date(2024, 5, 13)), ("Lawn Classic", "Grass", dt.date(2024, 6, 17)),
         ("Harbour Championships", "Hard", dt.date(2024, 8, 5)), ("Northern Indoors", "Hard", dt.date(2024, 10, 21))]
rounds = ["R32", "R16", "QF", "SF", "F"]
mid = 0
for name, surf, start in tourn:
    for rnd, k in zip(rounds, [12, 8, 4, 2, 1]):
        best5 = name in ("Lawn Classic", "Capital Masters")
        for j in range(k):
            mid += 1
            a, b = rng.choice(list(players), size=2, replace=False)
            ra, rb = players[a], players[b]
            pa = 0.5 + (rb - ra) / 250
            win, lose = (a, b) if rng.random() < pa else (b, a)
            sets = int(pick([3, 4, 5], [0.4, 0.35, 0.25])) if best5 else int(pick([2, 3], [0.6, 0.4]))
            dur = int(sets * rng.normal(42, 7))
            att = int(rng.normal({"R32": 3500, "R16": 5200, "QF": 7800, "SF": 10500, "F": 14000}[rnd], 900))
            rows.append([f"M{mid:03d}", (start + dt.timedelta(days=rounds.index(rnd) + int(rng.integers(0, 2)))).isoformat(),
                         name, surf, rnd, win, lose, players[win], players[lose], sets, dur,
                         int(rng.poisson(9 if surf == "Grass" else 6)), int(rng.poisson(3)),
                         "Y" if players[win] - players[lose] > 30 else "N", att])
w("tennis_matches.csv", ["match_id", "Date", "Tournament", "Surface", "Round", "Winner", "Loser", "winner_rank",
                         "loser_rank", "Sets", "Duration (min)", "Aces_W", "DF_W", "Upset", "Attendance"], rows)

# Store returns: one row per returned line item.
rows = []
depts = {"Electronics": (40, 400), "Apparel": (12, 90), "Home": (15, 160), "Toys": (8, 70), "Sporting Goods": (20, 220)}
skus = {d: [f"{d[:3].upper()}-{n:04d}" for n in rng.choice(9000, size=14, replace=False) + 1000] for d in depts}
for i in range(185):
    d = dt.date(2024, 7, 1) + dt.timedelta(days=int(rng.integers(0, 153)))
    dept = pick(list(depts), [0.26, 0.28, 0.2, 0.12, 0.14])
    lo, hi = depts[dept]
    qty = int(pick([1, 1, 1, 1, 2, 2, 3]))
    price = round(float(rng.uniform(lo, hi)), 2) - 0.01
    reason = pick(["Defective", "Wrong size", "Changed mind", "Not as described", "Gift"],
                  [0.22, 0.3 if dept == "Apparel" else 0.1, 0.3, 0.15, 0.03 if dept == "Apparel" else 0.23])
    rows.append([f"RT{50100 + i}", d.isoformat(), pick(["Downtown", "Westfield Mall", "Airport Rd", "Lakeside"], [0.3, 0.3, 0.2, 0.2]),
                 dept, pick(skus[dept]), qty, round(qty * price, 2), reason, int(rng.integers(0, 60)),
                 "yes" if rng.random() < 0.68 else "no", pick(["Card", "Cash", "Store Credit"], [0.55, 0.2, 0.25])])
rows.sort(key=lambda r: (r[1], r[0]))
w("store_returns.csv", ["ReturnID", "return_date", "store", "dept", "SKU", "qty", "refund_amt", "reason",
                        "days_since_purchase", "receipt", "refund_method"], rows)

# Fleet fuel log: one row per fill-up of a company vehicle.
rows = []
vehicles = {"VAN-01": ("Diesel", 70), "VAN-02": ("Diesel", 70), "VAN-03": ("Diesel", 80), "CAR-11": ("Unleaded 95", 50),
            "CAR-12": ("Unleaded 95", 50), "TRK-21": ("Diesel", 120)}
odo = {v: int(rng.integers(20000, 90000)) for v in vehicles}
drivers = ["Amir", "Bea", "Carlos", "Dana", "Emil"]
stations = ["Shell Ringweg", "BP Nord", "Aral Hafen", "Esso Sudstr", "TotalEnergies A7"]
for i in range(160):
    d = dt.datetime(2024, 1, 3, 6) + dt.timedelta(days=int(rng.integers(0, 180)), minutes=int(rng.integers(0, 780)))
    v = pick(list(vehicles), [0.18, 0.18, 0.16, 0.14, 0.14, 0.2])
    fuel, tank = vehicles[v]
    full = rng.random() < 0.72
    liters = round(float(tank * rng.uniform(0.55, 0.95) if full else tank * rng.uniform(0.2, 0.5)), 2)
    ppl = round(float((1.68 if fuel == "Diesel" else 1.79) + (d.month - 1) * 0.012 + rng.normal(0, 0.03)), 3)
    odo[v] += int(rng.integers(250, 900))
    rows.append([d.strftime("%Y-%m-%d %H:%M"), v, pick(drivers), pick(stations), fuel, liters, ppl, round(liters * ppl, 2), odo[v],
                 "Y" if full else "N"])
rows.sort(key=lambda r: (r[0], r[1]))
w("fleet_fuel_log.csv", ["Date", "Vehicle", "Driver", "Station", "Fuel Type", "Liters", "Price/L", "Total (EUR)",
                         "Odometer km", "Full Tank"], rows)
