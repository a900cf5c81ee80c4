# Tables of the fourteenth corpus (seeded), written blind: without reading
# the analyst's code or its notes. Domains no earlier corpus has: a dental
# practice's appointments, a bookshop's till lines, 911 calls from a
# dispatch centre, a laundromat's machine cycles and a zoo's veterinary
# checks. Each table uses the column-naming style of a different kind of
# export.
#
# Run from this folder: /usr/bin/python3 generate.py
import datetime as dt

import numpy as np
import pandas as pd

rng = np.random.default_rng(20251114)


def pick(options, p, size=None):
    p = np.asarray(p, dtype=float)
    return rng.choice(options, size=size, p=p / p.sum())


# --- Dental appointments (snake_case, abbreviations) -------------------------
# One row per booked appointment at a four-dentist practice, Jan-Jun 2025.
# No-shows have no chair time, wait or fee.
n = 184
procs = {  # procedure: (share, chair minutes, fee in USD, chance of an x-ray)
    "checkup": (38, 30, 95, 0.55),
    "cleaning": (24, 45, 125, 0.10),
    "filling": (17, 50, 190, 0.35),
    "extraction": (8, 40, 240, 0.80),
    "root canal": (7, 95, 980, 0.95),
    "crown": (6, 75, 1250, 0.70),
}
patients = [f"P{k:04d}" for k in rng.choice(np.arange(1001, 1400), size=112, replace=False)]
rows = []
for _ in range(n):
    day = np.busday_offset("2025-01-06", int(rng.integers(0, 124)), roll="forward")
    hour = int(pick([8, 9, 10, 11, 13, 14, 15, 16], [3, 5, 5, 4, 4, 5, 4, 2]))
    proc = str(pick(list(procs), [v[0] for v in procs.values()]))
    _, mins, fee, xray_p = procs[proc]
    dentist = str(pick(["Dr. Okoye", "Dr. Brandt", "Dr. Salas", "Dr. Whitfield"], [36, 29, 21, 14]))
    insurer = str(pick(["DeltaCare", "BrightSmile", "Medicaid", "self-pay"], [40, 24, 16, 20]))
    age = int(np.clip(rng.normal(41, 19), 5, 89))
    no_show = rng.random() < (0.14 if insurer == "self-pay" else 0.07)
    if no_show:
        chair, wait, paid = np.nan, np.nan, np.nan
    else:
        chair = int(max(15, round(mins * rng.normal(1, 0.15))))
        wait = int(round(rng.gamma(2.0, 5.5)))
        paid = round(fee * rng.uniform(0.85, 1.3) * (0.8 if insurer == "Medicaid" else 1.0), 2)
    xray = "Y" if (not no_show and rng.random() < xray_p) else "N"
    rows.append([f"{day} {hour:02d}:{int(pick([0, 15, 30, 45], [4, 2, 3, 1])):02d}", str(pick(patients, np.ones(len(patients)))),
                 dentist, proc, insurer, age, chair, paid, wait, "yes" if no_show else "no", xray])
dental = pd.DataFrame(rows, columns=["appt_date", "patient_id", "dentist", "procedure", "insurer", "patient_age",
                                     "chair_mins", "fee_usd", "wait_mins", "no_show", "xray_taken"])
dental = dental.sort_values("appt_date").reset_index(drop=True)
dental["chair_mins"] = dental["chair_mins"].astype("Int64")
dental["wait_mins"] = dental["wait_mins"].astype("Int64")
dental.to_csv("dental_appts_jan-jun_2025.csv", index=False)


# --- Bookshop till lines (Title Case With Spaces) ----------------------------
# One row per line of a receipt at an independent bookshop, Sep-Dec 2024.
titles = [  # title, genre, paperback price, staff pick, popularity
    ("The Salt Orchard", "Fiction", 9.99, True, 9),
    ("Night Ferry to Oslo", "Crime", 8.99, False, 7),
    ("A Short History of Bread", "History", 12.99, True, 4),
    ("The Quiet Engineer", "Biography", 11.99, False, 3),
    ("Under the Lime Trees", "Fiction", 9.99, False, 6),
    ("Small Gardens, Big Harvests", "Home & Garden", 14.99, False, 3),
    ("Murder at Marlow Lock", "Crime", 8.99, True, 8),
    ("The Cartographer's Daughter", "Fiction", 10.99, False, 5),
    ("Stars Over Kestrel Bay", "Children's", 6.99, True, 7),
    ("Percy the Puffin", "Children's", 5.99, False, 6),
    ("Empires of Tin", "History", 13.99, False, 2),
    ("Cooking with Smoke", "Food & Drink", 16.99, False, 4),
    ("The Last Lighthouse Keeper", "Biography", 10.99, True, 3),
    ("Cold Case, Warm Heart", "Crime", 8.99, False, 4),
    ("Wild Swimming in Britain", "Travel", 12.99, False, 3),
    ("The Weaver's Code", "Sci-Fi & Fantasy", 9.99, False, 5),
    ("Moonfall Academy", "Sci-Fi & Fantasy", 8.99, True, 4),
    ("One-Pot Winter", "Food & Drink", 15.99, True, 5),
    ("Letters from Lisbon", "Travel", 11.99, False, 2),
    ("The Fox Who Counted", "Children's", 6.99, False, 4),
    ("Poems for Wet Afternoons", "Poetry", 9.99, True, 2),
    ("Iron and Ivy", "Fiction", 10.99, False, 3),
    ("Mind the Machine", "Science", 13.99, False, 3),
    ("Tides and Time", "Science", 14.99, True, 2),
]
n = 193
start = dt.date(2024, 9, 1)
days = (dt.date(2024, 12, 31) - start).days + 1
weights = np.array([1.0 + (3.0 if (start + dt.timedelta(d)).month == 12 and d < 116 else 0.0)
                    + (0.8 if (start + dt.timedelta(d)).weekday() >= 5 else 0.0) for d in range(days)])
sale_days = np.sort(rng.choice(days, size=n, p=weights / weights.sum()))
rows = []
receipt = 40211
prev = None
for d in sale_days:
    date = start + dt.timedelta(int(d))
    if not (prev == date and rng.random() < 0.35):  # a new receipt, or another line of the last one
        receipt += int(rng.integers(1, 9))
        pay = str(pick(["Card", "Cash", "Gift Voucher", "Contactless"], [34, 14, 7, 45]))  # one payment per receipt
    prev = date
    title, genre, pb, pick_flag, pop = titles[int(pick(np.arange(len(titles)), [t[4] for t in titles]))]
    fmt = str(pick(["Paperback", "Hardback", "Gift Edition"], [62, 30, 8] if genre != "Children's" else [50, 45, 5]))
    price = {"Paperback": pb, "Hardback": round(pb + 10, 2), "Gift Edition": round(pb + 15, 2)}[fmt]
    qty = int(pick([1, 2, 3, 4], [80, 14, 4, 2] if date.month != 12 else [66, 24, 7, 3]))
    disc = int(pick([0, 10, 20], [74, 20, 6] if not pick_flag else [55, 20, 25]))
    rows.append([date.strftime("%d/%m/%Y"), receipt, title, genre, fmt, pay, qty, price, disc,
                 round(qty * price * (1 - disc / 100), 2), "Yes" if pick_flag else "No"])
books = pd.DataFrame(rows, columns=["Sale Date", "Receipt No", "Title", "Genre", "Format", "Payment Method",
                                    "Quantity", "List Price", "Discount Pct", "Line Total", "Staff Pick"])
books.to_csv("bookshop_till_export_2024.csv", index=False)


# --- 911 calls (SHOUTING_CAPS, dispatch abbreviations) -----------------------
# One row per incident from a dispatch system, Jul-Sep 2025.
n = 171
types = {  # call type: (share, priority weights P1/P2/P3, units, chance of a transport)
    "MEDICAL": (44, [55, 35, 10], 1.3, 0.62),
    "TRAFFIC COLLISION": (16, [35, 45, 20], 2.0, 0.35),
    "DISTURBANCE": (14, [10, 40, 50], 1.6, 0.03),
    "THEFT": (10, [3, 27, 70], 1.0, 0.0),
    "FIRE": (8, [70, 25, 5], 3.2, 0.12),
    "WELFARE CHECK": (8, [10, 35, 55], 1.0, 0.10),
}
districts = {"CENTRAL": (30, 0.8), "NORTH": (22, 1.0), "EAST": (20, 1.05), "WEST": (17, 1.1), "HARBOR": (11, 1.35)}
hour_w = np.array([2, 1.5, 1.2, 1, 1, 1.2, 2, 3, 3.5, 3.5, 3.6, 3.8, 4, 4, 4, 4.2, 4.5, 4.8, 5, 4.8, 4.4, 4, 3.2, 2.6])
rows = []
for k in range(n):
    day = dt.date(2025, 7, 1) + dt.timedelta(int(rng.integers(0, 92)))
    t = dt.datetime.combine(day, dt.time(int(pick(np.arange(24), hour_w)), int(rng.integers(0, 60))))
    ctype = str(pick(list(types), [v[0] for v in types.values()]))
    _, pw, units, tp = types[ctype]
    prio = str(pick(["P1", "P2", "P3"], pw))
    dist = str(pick(list(districts), [v[0] for v in districts.values()]))
    far = districts[dist][1]
    base = {"P1": 6.5, "P2": 11.0, "P3": 22.0}[prio]
    resp = round(base * far * rng.lognormal(0, 0.3), 1)
    scene = round(rng.gamma(3.0, 9.0 if ctype in ("FIRE", "TRAFFIC COLLISION") else 6.0), 1)
    answer = int(round(rng.gamma(2.2, 4.0) + (6 if 17 <= t.hour <= 20 else 0)))
    ndisp = int(max(1, min(7, round(units + rng.normal(0, 0.8) + (1 if prio == "P1" else 0)))))
    rows.append([t, ctype, prio, dist, answer, resp, scene, ndisp, "Y" if rng.random() < tp else "N"])
rows.sort(key=lambda r: r[0])
calls = pd.DataFrame(rows, columns=["CALL_DT", "CALL_TYPE", "PRIORITY", "DISTRICT", "ANSWER_SEC",
                                    "RESP_TIME_MIN", "ON_SCENE_MIN", "UNITS_DISP", "TRANSPORT_YN"])
calls.insert(0, "INCIDENT_NO", [f"25-{k:06d}" for k in range(18804, 18804 + 9 * n, 9)][:n])
calls["CALL_DT"] = calls["CALL_DT"].dt.strftime("%m/%d/%Y %H:%M")
calls.to_csv("911_calls_q3_2025.csv", index=False)


# --- Laundromat machine cycles (camelCase, from a payment-system export) -----
# One row per paid machine cycle at a 14-machine laundromat, Sep-Nov 2025.
# Dryers use no water: their waterLiters is empty.
n = 166
washers = {"normal": (48, 34, 4.50, 0.55, 62), "quick": (20, 22, 3.50, 0.35, 45),
           "heavy duty": (17, 55, 6.00, 1.05, 88), "delicate": (15, 40, 4.50, 0.40, 55)}
dryers = {"medium heat": (50, 0.95), "high heat": (32, 1.25), "low heat": (18, 0.70)}
rows = []
for _ in range(n):
    day = dt.date(2025, 9, 1) + dt.timedelta(int(rng.integers(0, 91)))
    t = dt.datetime.combine(day, dt.time(int(pick(np.arange(7, 22), [1, 2, 3, 4, 4, 4, 3, 3, 3, 4, 5, 5, 4, 3, 2])),
                                         int(rng.integers(0, 60))))
    pay = str(pick(["card", "coins", "app"], [47, 31, 22]))
    loyal = bool(rng.random() < (0.7 if pay == "app" else 0.25))
    if rng.random() < 0.56:
        mid = f"W{int(pick(np.arange(1, 9), [3, 3, 3, 3, 2, 2, 1.5, 1.5])):02d}"
        cyc = str(pick(list(washers), [v[0] for v in washers.values()]))
        _, mins, price, kwh, water = washers[cyc]
        big = mid in ("W07", "W08")  # the two large washers cost and use more
        dur = int(round(mins * rng.normal(1, 0.05)))
        price = price + (2.0 if big else 0.0)
        kwh = round(kwh * (1.6 if big else 1.0) * rng.normal(1, 0.1), 2)
        water = int(round(water * (1.7 if big else 1.0) * rng.normal(1, 0.08)))
        mtype = "washer"
    else:
        mid = f"D{int(pick(np.arange(1, 7), [3, 3, 2.5, 2.5, 2, 1])):02d}"
        cyc = str(pick(list(dryers), [v[0] for v in dryers.values()]))
        dur = int(pick([20, 30, 40, 50, 60], [10, 30, 30, 18, 12]))
        price = dur / 10 * 0.5
        kwh = round(dryers[cyc][1] * 3.0 * dur / 60 * rng.normal(1, 0.08), 2)
        water = np.nan
        mtype = "dryer"
    price = round(price * (0.9 if loyal else 1.0), 2)
    rows.append([t.strftime("%Y-%m-%dT%H:%M:00"), mid, mtype, cyc, pay, dur, price, kwh, water, loyal, bool(rng.random() < 0.05)])
rows.sort(key=lambda r: r[0])
laundry = pd.DataFrame(rows, columns=["cycleStart", "machineId", "machineType", "cycleType", "payMethod",
                                      "durationMin", "priceUsd", "kwhUsed", "waterLiters", "loyaltyMember", "hadError"])
laundry["waterLiters"] = laundry["waterLiters"].astype("Int64")
laundry.to_csv("washhouse_cycles_sep-nov.csv", index=False)


# --- Zoo veterinary checks (names with units in brackets) --------------------
# One row per health check of an animal by a zoo vet during 2024.
species = {  # species: (zone, weight kg, body temp C, heart rate bpm, food kg/day, sedation chance)
    "Red Panda": ("Asia Trail", 5.2, 38.0, 110, 1.4, 0.15),
    "Snow Leopard": ("Asia Trail", 42.0, 38.5, 90, 2.2, 0.55),
    "Asian Elephant": ("Asia Trail", 3600.0, 36.2, 30, 140.0, 0.05),
    "Reticulated Giraffe": ("Savanna", 820.0, 38.6, 65, 34.0, 0.10),
    "Meerkat": ("Savanna", 0.78, 37.2, 190, 0.08, 0.30),
    "Plains Zebra": ("Savanna", 330.0, 37.8, 50, 9.0, 0.35),
    "Western Lowland Gorilla": ("Rainforest", 150.0, 37.2, 75, 13.0, 0.60),
    "Golden Lion Tamarin": ("Rainforest", 0.62, 38.8, 220, 0.09, 0.25),
    "Chilean Flamingo": ("Wetlands", 2.6, 40.6, 160, 0.25, 0.05),
    "Humboldt Penguin": ("Wetlands", 4.3, 38.9, 140, 0.55, 0.05),
    "Komodo Dragon": ("Reptile House", 68.0, 31.0, 40, 1.1, 0.40),
}
animals = []  # name, species, own weight
names = ["Mei", "Tashi", "Kiran", "Lumpy", "Asha", "Jabari", "Zuri", "Pip", "Nibbles", "Ziggy", "Stripe", "Marlo",
         "Kumbuka", "Efia", "Goldie", "Sol", "Rosa", "Pinky", "Waddles", "Humbug", "Draco", "Ora", "Bao", "Nala",
         "Tupac", "Milo", "Sunny", "Coral", "Pebble", "Raja"]
sp_of = ["Red Panda", "Red Panda", "Snow Leopard", "Asian Elephant", "Asian Elephant", "Reticulated Giraffe",
         "Reticulated Giraffe", "Meerkat", "Meerkat", "Plains Zebra", "Plains Zebra", "Plains Zebra",
         "Western Lowland Gorilla", "Western Lowland Gorilla", "Golden Lion Tamarin", "Golden Lion Tamarin",
         "Chilean Flamingo", "Chilean Flamingo", "Humboldt Penguin", "Humboldt Penguin", "Komodo Dragon",
         "Komodo Dragon", "Red Panda", "Meerkat", "Western Lowland Gorilla", "Snow Leopard", "Golden Lion Tamarin",
         "Chilean Flamingo", "Humboldt Penguin", "Asian Elephant"]
for name, sp in zip(names, sp_of):
    animals.append((name, sp, species[sp][1] * rng.normal(1, 0.12)))
n = 152
rows = []
for _ in range(n):
    a = int(pick(np.arange(len(animals)), [1.6 if sp in ("Asian Elephant", "Western Lowland Gorilla") else 1.0
                                          for _, sp, _ in animals]))
    name, sp, w0 = animals[a]
    zone, _, temp, hr, food, sed_p = species[sp]
    date = dt.date(2024, 1, 2) + dt.timedelta(int(rng.integers(0, 362)))
    vet = str(pick(["Dr. Haas", "Dr. Mensah", "Dr. Ito"], [45, 35, 20]))
    sedated = rng.random() < sed_p
    weight = w0 * rng.normal(1, 0.03)
    weight = round(weight, 2 if weight < 10 else (1 if weight < 1000 else 0))
    t = round(temp + rng.normal(0, 0.35) + (0.9 if rng.random() < 0.08 else 0.0) - (0.4 if sedated else 0.0), 1)
    h = int(round(hr * rng.normal(1, 0.08) * (0.85 if sedated else 1.0)))
    f = round(food * rng.normal(1, 0.1), 2 if food < 10 else 1)
    follow = int(rng.random() < (0.45 if t > temp + 0.7 else 0.12))
    rows.append([date.isoformat(), name, sp, zone, vet, weight, t, h, f, "Y" if sedated else "N", follow])
rows.sort(key=lambda r: r[0])
zoo = pd.DataFrame(rows, columns=["Check Date", "Animal Name", "Species", "Zone", "Vet", "Weight (kg)",
                                  "Body Temp (°C)", "Heart Rate (bpm)", "Food Intake (kg/day)", "Sedated (Y/N)",
                                  "Follow-up (1=yes)"])
zoo.to_csv("zoo_vet_checks_2024.csv", index=False)
