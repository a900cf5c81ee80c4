# Tables of the ninth corpus (seeded), written after the eighth corpus'
# fixes and before any run of the analyst on them.
import random, csv, datetime as dt
random.seed(90211)
def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f); c.writerow(header); c.writerows(rows)

# Ferry crossings: one row per crossing.
rows = []
routes = {"Northport-Isle": 55, "Isle-Bay": 35, "Northport-Bay": 80}
for i in range(170):
    d = dt.datetime(2025, 4, 1, 6) + dt.timedelta(days=random.randint(0, 120), hours=random.choice([0, 2, 5, 8, 11]))
    r = random.choice(list(routes))
    sea = random.choice(["calm", "calm", "moderate", "rough"])
    delay = max(0, int(random.gauss(4, 6))) + (random.randint(5, 25) if sea == "rough" else 0)
    rows.append([d.strftime("%Y-%m-%d %H:%M"), r, random.choice(["MV Tern", "MV Puffin", "MV Gannet"]), random.randint(20, 400),
                 random.randint(0, 60), routes[r] + random.randint(-5, 10), delay, sea])
rows.sort()
w("ferry_crossings.csv", ["depart_ts", "route", "vessel", "pax", "vehicles", "crossing_mins", "delay_mins", "sea_state"], rows)

# Blood donations: one row per donation.
rows = []
for i in range(180):
    d = dt.date(2025, 1, 3) + dt.timedelta(days=random.randint(0, 180))
    bt = random.choice(["O+", "O+", "O+", "A+", "A+", "B+", "O-", "AB+", "A-"])
    rows.append([f"DN{i+1:04d}", f"P{random.randint(1, 120):03d}", d.isoformat(), random.choice(["Central", "Riverside", "Mobile Unit"]), bt,
                 random.choice([450, 450, 450, 470, 300]), round(random.uniform(12.0, 17.5), 1), random.randint(18, 70), random.choice(["Y", "N", "N", "N"])])
w("blood_donations.csv", ["donation_id", "donor_id", "donation_dt", "site", "blood_type", "volume_ml", "hb_g_dl", "donor_age", "first_time"], rows)

# Mobile data usage: one row per subscriber and month.
rows = []
plans = {"Basic": (15.0, 5), "Plus": (25.0, 20), "Unlimited": (40.0, 9999)}
for s in range(1, 31):
    plan = random.choice(list(plans))
    for m in range(1, 7):
        gb = round(random.uniform(0.5, 35), 2)
        fee, cap = plans[plan]
        over = gb > cap
        bill = round(fee + (max(0, gb - cap) * 2.5 if over else 0), 2)
        rows.append([f"S{s:03d}", f"2025-{m:02d}", plan, gb, random.randint(20, 900), random.randint(0, 300), bill, "yes" if over else "no"])
w("mobile_usage.csv", ["subscriber", "billing_month", "plan", "data_gb", "call_mins", "sms_cnt", "bill_amt", "overage"], rows)

# Beehive inspections: one row per inspection.
rows = []
for i in range(150):
    d = dt.date(2025, 4, 1) + dt.timedelta(days=random.randint(0, 150))
    ap = random.choice(["Hillside", "Orchard", "Meadow"])
    rows.append([d.isoformat(), ap, f"H{random.randint(1, 24):02d}", random.randint(2, 10), round(random.uniform(0, 18), 1),
                 round(random.uniform(0, 6), 1), random.choice(["TRUE", "TRUE", "FALSE"]), random.choice(["calm", "calm", "nervous", "aggressive"])])
rows.sort()
w("beehive_inspections.csv", ["insp_date", "apiary", "hive", "brood_frames", "honey_kg", "mites_per_100", "queen_seen", "temperament"], rows)

# Esports matches: one row per team per match.
rows = []
teams = ["Vortex", "Ironclad", "Nova", "Kraken", "Zephyr"]
for i in range(140):
    d = dt.date(2025, 2, 1) + dt.timedelta(days=random.randint(0, 110))
    t, o = random.sample(teams, 2)
    k, dth = random.randint(5, 35), random.randint(5, 35)
    res = "W" if k + random.randint(-6, 6) > dth else "L"
    rows.append([f"M{i+1:03d}", d.isoformat(), t, o, random.choice(["Dust", "Harbor", "Summit", "Citadel"]), k, dth, random.randint(18, 55), res,
                 random.choice([0, 0, 0, 500, 1000, 2500]) if res == "W" else 0])
rows.sort(key=lambda r: r[1])
w("esports_matches.csv", ["match_id", "match_date", "team", "opponent", "map", "kills", "deaths", "duration_min", "result", "prize_usd"], rows)
