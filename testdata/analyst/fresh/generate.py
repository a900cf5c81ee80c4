import random, csv, datetime as dt
random.seed(20261127)
def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f); c.writerow(header); c.writerows(rows)

# 1. coffee shop sales
stores = ["Downtown", "Harbor", "Campus"]
drinks = {"Latte": 4.2, "Espresso": 2.8, "Cappuccino": 3.9, "Mocha": 4.6, "Tea": 2.5}
rows = []
d0 = dt.datetime(2025, 3, 3, 7, 0)
for i in range(200):
    t = d0 + dt.timedelta(days=random.randint(0, 88), minutes=random.randint(0, 660))
    dr = random.choice(list(drinks))
    size = random.choice(["S", "M", "L"])
    price = round(drinks[dr] + {"S": 0, "M": 0.5, "L": 1.0}[size], 2)
    rows.append([t.strftime("%Y-%m-%d %H:%M"), random.choice(stores), dr, size, random.choice([1,1,1,2,2,3,4]), price, random.choice([0,0,0,5,10,15,20]), random.choice(["yes","no","no"])])
rows.sort()
w("coffee_sales.csv", ["sold_at","store","drink","cup_size","qty","unit_price_usd","discount_pct","loyalty_member"], rows)

# 2. warehouse picks
pickers = ["Ines", "Marco", "Yuki", "Olu", "Pavel", "Rosa"]
rows = []
for day in range(40):
    d = dt.date(2025, 1, 6) + dt.timedelta(days=day)
    for p in random.sample(pickers, 5):
        items = random.randint(80, 260)
        rows.append([d.isoformat(), p, random.choice(["A","B","C","D"]), items, items*random.randint(18, 40), random.choice([0,0,0,1,1,2,3]), random.choice(["day","day","night"])])
w("warehouse_picks.csv", ["pick_dt","picker","zone","items_picked","duration_sec","errors","shift"], rows)

# 3. apartment utilities
rows = []
for m in range(1, 13):
    for u in range(1, 16):
        b = "North" if u <= 8 else "South"
        occ = (u % 4) + 1
        rows.append([f"2024-{m:02d}", f"U{u:02d}", b, round(random.uniform(2, 6)*occ, 1), round(random.uniform(120, 260) + (60 if m in (1,2,12) else 0), 1), round(random.uniform(5, 40) * (2 if m in (1,2,3,11,12) else 1), 1), occ, random.choice(["TRUE","FALSE","FALSE","FALSE"])])
w("apartment_utilities.csv", ["billing_month","unit_no","building","water_m3","electricity_kwh","gas_m3","occupants","late_payment"], rows)

# 4. fishing catches
species = {"cod": (2.5, 60), "mackerel": (0.6, 32), "haddock": (1.8, 50), "pollock": (3.0, 70)}
rows = []
for i in range(170):
    d = dt.date(2025, 5, 1) + dt.timedelta(days=random.randint(0, 120))
    s = random.choice(list(species))
    wkg, lcm = species[s]
    rows.append([d.isoformat(), random.choice(["Sea Star", "Northwind", "Kittiwake"]), s, round(wkg*random.uniform(0.5, 1.6), 2), round(lcm*random.uniform(0.7, 1.3), 1), random.randint(10, 180), random.choice(["yes","no","no","no"])])
rows.sort()
w("fishing_catches.csv", ["catch_date","boat","species","weight_kg","length_cm","depth_m","released"], rows)

# 5. streaming views
titles = {"Night Shift": "drama", "Laugh Track": "comedy", "Deep Blue": "documentary", "Iron Road": "action", "Small Town": "drama", "Star Route": "action"}
rows = []
for i in range(220):
    d = dt.date(2025, 2, 1) + dt.timedelta(days=random.randint(0, 58))
    tl = random.choice(list(titles))
    rows.append([d.isoformat(), f"u{random.randint(1, 45):03d}", tl, titles[tl], random.randint(5, 130), random.choice(["tv","phone","laptop","tablet"]), random.choice([True, False]), random.choice([1,2,3,3,4,4,4,5,5])])
rows.sort()
w("streaming_views.csv", ["view_date","user_id","title","genre","watch_min","device","completed","rating"], rows)
