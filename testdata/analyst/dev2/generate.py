# Tables of the second development corpus (seeded): written to exercise the
# kinds of gaps the held-out runs showed, not their tables.
import random, csv, datetime as dt
random.seed(6029)
def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f); c.writerow(header); c.writerows(rows)

people = ["Dana", "Eli", "Farah", "Gus", "Hana"]
rows = []
for n in range(36):
    d = dt.date(2025, 2, 10) + dt.timedelta(days=n)
    for p in people:
        rows.append([d.isoformat(), p, round(random.uniform(5, 9), 1), random.randint(40, 130), random.randint(48, 78), random.choice([0, 40, 80, 120, 200]), random.choice(["yes", "no"]), random.choice(["TRUE", "FALSE", "FALSE"])])
w("sleep_study.csv", ["night", "participant", "sleep_hrs", "deep_sleep_min", "avg_hr_bpm", "caffeine_mg", "woke_rested", "nap_taken"], rows)

rows = []
for i in range(150):
    d = dt.date(2024, 6, 1) + dt.timedelta(days=random.randint(0, 330))
    rows.append([f"P{i+1:04d}", d.isoformat(), random.choice(["building", "electrical", "plumbing", "signage"]), random.choice(["District 1", "District 2", "District 3"]),
                 round(random.uniform(50, 900), 2), random.randint(3, 60), random.choice(["Y", "Y", "N"]), random.choice(["yes", "yes", "no"])])
rows.sort(key=lambda r: r[1])
w("permit_applications.csv", ["permit_id", "submitted_on", "permit_type", "district", "fee_amt", "processing_days", "approved", "inspection_passed"], rows)

rows = []
for i in range(160):
    t = dt.datetime(2025, 4, 1, 6) + dt.timedelta(days=random.randint(0, 60), minutes=random.randint(0, 900))
    rows.append([t.strftime("%Y-%m-%d %H:%M"), random.choice(["Stall 1", "Stall 2", "Stall 3", "Stall 4"]), random.choice(["sedan", "suv", "van"]), round(random.uniform(0.2, 2.5), 2), random.choice([15, 25, 40]), random.choice(["TRUE", "FALSE"])])
rows.sort()
w("car_wash.csv", ["wash_time", "stall", "vehicle_type", "washing_hrs", "price_usd", "paid_by_card"], rows)

rows = []
for i in range(180):
    d = dt.date(2024, 9, 2) + dt.timedelta(days=random.randint(0, 150))
    item = random.choice(["sourdough", "croissant", "bagel", "baguette"])
    rows.append([d.isoformat(), random.choice(["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gil", "Hal", "Ivy", "Jo", "Kit", "Lu"]), item, random.randint(1, 8),
                 {"sourdough": 6.5, "croissant": 2.4, "bagel": 1.8, "baguette": 3.1}[item], random.choice([0, 0, 5, 10, 25]), random.choice(["Y", "N", "Y", "Y"])])
rows.sort()
w("bakery_orders.csv", ["order_dt", "cust_name", "item", "qty", "unit_amt", "disc_pct", "delivered"], rows)

rows = []
for i in range(200):
    t = dt.datetime(2025, 1, 1, 5) + dt.timedelta(days=random.randint(0, 89), minutes=random.randint(0, 1000))
    delay = max(0, int(random.gauss(4, 6)))
    rows.append([t.strftime("%Y-%m-%d %H:%M"), random.choice(["R1", "R2", "R7", "R12"]), random.choice(["Omar", "Pia", "Quinn", "Raj"]), random.randint(3, 70),
                 round(random.uniform(8, 35), 1), delay, "TRUE" if delay <= 5 else "FALSE", round(random.uniform(3, 14), 1)])
rows.sort()
w("bus_trips.csv", ["trip_dt", "route_no", "driver", "pax", "dist_km", "delay_min", "on_time", "fuel_l"], rows)
