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
