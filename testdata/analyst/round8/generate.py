# Tables of the eighth corpus (seeded), written before any fix on the
# seventh corpus' (round7, then fresh/) failures and before any run on it.
import random, csv, datetime as dt
random.seed(88017)
def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f); c.writerow(header); c.writerows(rows)

films = {"Comet": 11.0, "Harbor Lights": 9.5, "Red Canyon": 12.0, "Paper Moon": 8.0}
rows = []
for i in range(160):
    t = dt.datetime(2025, 7, 1, 12) + dt.timedelta(days=random.randint(0, 60), hours=random.choice([0, 3, 6, 9]))
    f = random.choice(list(films))
    cap = random.choice([80, 120, 200])
    sold = random.randint(10, cap)
    rows.append([t.strftime("%Y-%m-%d %H:%M"), random.choice(["Screen 1", "Screen 2", "Screen 3"]), f, cap, sold, films[f], random.choice(["yes", "no", "no"])])
rows.sort()
w("cinema_screenings.csv", ["show_time", "screen", "film", "seats", "tickets_sold", "ticket_price_eur", "is_3d"], rows)

rows = []
for i in range(180):
    d = dt.date(2025, 1, 6) + dt.timedelta(days=random.randint(0, 150))
    rows.append([d.isoformat(), random.choice(["Oak St", "Elm Ave", "Pine Rd", "Birch Ln", "Cedar Ct"]), random.choice(["paper", "glass", "plastic", "metal"]),
                 round(random.uniform(20, 400), 1), random.choice(["N", "N", "N", "Y"]), random.randint(5, 40)])
rows.sort()
w("recycling_pickups.csv", ["pickup_date", "street", "material", "weight_kg", "contaminated", "stop_mins"], rows)

rows = []
for i in range(150):
    d = dt.date(2024, 3, 1) + dt.timedelta(days=random.randint(0, 300))
    sp = random.choice(["dog", "dog", "cat", "cat", "rabbit"])
    rows.append([f"A{i+1:03d}", d.isoformat(), sp, random.randint(1, 14), random.randint(2, 120), round(random.uniform(0, 250), 0), random.choice(["TRUE", "FALSE", "FALSE"])])
w("pet_adoptions.csv", ["animal_id", "adopted_on", "species", "age_yrs", "days_in_shelter", "adoption_fee", "returned"], rows)

rows = []
for i in range(200):
    d = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 80))
    pt = random.choice(["day", "half-day", "season"])
    rows.append([d.isoformat(), pt, {"day": 65, "half-day": 45, "season": 0}[pt], random.randint(1, 30), random.choice(["adult", "child", "senior"]), random.choice(["yes", "no"])])
rows.sort()
w("ski_lift_passes.csv", ["scan_date", "pass_type", "price_chf", "lift_rides", "age_group", "rented_gear"], rows)

rows = []
for i in range(170):
    d = dt.date(2025, 9, 1) + dt.timedelta(days=random.randint(0, 90))
    rows.append([d.isoformat(), random.choice(["Ms Ade", "Mr Bell", "Ms Cho", "Mr Diaz"]), random.choice(["math", "physics", "chemistry", "english"]), f"S{random.randint(1, 40):02d}",
                 random.choice([30, 45, 60, 90]), random.randint(40, 100), random.choice(["online", "in person"])])
rows.sort()
w("tutoring_sessions.csv", ["session_date", "tutor", "subject", "student_id", "length_min", "quiz_score", "format"], rows)
