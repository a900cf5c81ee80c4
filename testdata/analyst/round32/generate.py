# Tables of corpus round32 (seeded), a blind corpus written without reading
# the analyst. Five domains no earlier corpus has: vending machine service
# visits (retail), driving school lessons (education), parcel locker
# deposits (logistics/post), tram ticket inspection shifts (public
# transport) and tenpin bowling lane bookings (hospitality/leisure).
import random, csv, datetime as dt, math
random.seed(320918)


def w(name, header, rows):
    with open(name, "w", newline="", encoding="utf-8") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# 1. Vending machine service visits: one row per visit by a route technician.
machines = {}
sites = [("Northgate Office Park", "Office"), ("St Anne's Hospital", "Hospital"), ("Kingsway Academy", "School"),
         ("FitHub Riverside", "Gym"), ("Central Station", "Station"), ("Harbour View Offices", "Office"),
         ("Westfield General", "Hospital"), ("Oakridge College", "School"), ("PulseGym Eastside", "Gym"),
         ("Parkway Station", "Station")]
for n in range(28):
    site, stype = sites[n % len(sites)] if n < 20 else random.choice(sites)
    machines["VM-%04d" % (1101 + n * 7)] = (site, stype, random.uniform(0.6, 1.6))
techs = ["Marcus", "Priya", "Tomasz", "Joanne", "Kwame"]
tech_w = [0.27, 0.22, 0.2, 0.18, 0.13]
rows = []
for i in range(214):
    t = dt.datetime(2025, 1, 2, 7, 0) + dt.timedelta(days=random.randint(0, 88), minutes=random.randint(0, 600))
    mid = random.choice(list(machines))
    site, stype, pop = machines[mid]
    boost = {"Station": 1.4, "Hospital": 1.2, "Office": 1.0, "Gym": 0.8, "School": 0.9}[stype]
    units = max(4, int(random.gauss(60, 22) * pop * boost))
    price = random.uniform(1.25, 1.85)
    takings = units * price
    card_share = min(0.95, max(0.3, random.gauss(0.68, 0.12)))
    card = round(takings * card_share, 2)
    cash = round(takings - card, 2)
    fault = random.random() < 0.17
    restock = max(0, units + random.randint(-8, 10))
    mins = int(random.gauss(22, 6) + (random.randint(10, 35) if fault else 0))
    rows.append(["VV25-%04d" % (i + 1), t.strftime("%Y-%m-%dT%H:%M"), mid, site, stype,
                 random.choices(techs, tech_w)[0], units, cash, card, restock, "TRUE" if fault else "FALSE", mins])
rows.sort(key=lambda r: r[1])
for i, r in enumerate(rows):
    r[0] = "VV25-%04d" % (i + 1)
w("VendTrack_ServiceVisits_2025-Q1.csv",
  ["visitId", "visitTime", "machineId", "siteName", "siteType", "routeTech", "unitsSold", "cashGBP", "cardGBP",
   "restockUnits", "faultFound", "visitMins"], rows)

# 2. Driving school lesson diary: one row per lesson; dates day first.
instructors = {"Gary Pope": "Manual", "Sandra Okoye": "Automatic", "Dave Lincoln": "Manual",
               "Helen Marsh": "Manual", "Raj Bhatt": "Automatic"}
inst_w = [0.28, 0.22, 0.2, 0.17, 0.13]
pupils = ["P%03d" % n for n in range(101, 161)]
rows = []
for i in range(186):
    d = dt.date(2024, 10, 1) + dt.timedelta(days=random.randint(0, 181))
    if d.weekday() == 6:
        d += dt.timedelta(days=1)
    inst = random.choices(list(instructors), inst_w)[0]
    box = instructors[inst]
    ltype = random.choices(["Standard", "Motorway", "Mock Test", "Pass Plus"], [0.66, 0.1, 0.16, 0.08])[0]
    length = {"Standard": random.choice([60, 60, 90, 90, 120]), "Motorway": 120, "Mock Test": 90, "Pass Plus": 120}[ltype]
    rate = 38 if box == "Manual" else 42
    fee = round(rate * length / 60 * random.choice([1, 1, 1, 0.9]), 2)
    miles = round(length / 60 * random.uniform(9, 16) * (2.2 if ltype in ("Motorway", "Pass Plus") else 1), 1)
    prog = random.choice([1, 2, 3, 3, 4, 4, 5]) if random.random() > 0.12 else ""
    paid = "No" if random.random() < 0.11 else "Yes"
    start = "%02d:%s" % (random.randint(8, 18), random.choice(["00", "30"]))
    rows.append([d, start, random.choice(pupils), inst, box, ltype, length, fee, miles, prog, paid])
rows.sort(key=lambda r: (r[0], r[1]))
out = []
for i, r in enumerate(rows):
    out.append(["LD-%05d" % (4410 + i), r[0].strftime("%d/%m/%Y")] + r[1:])
w("Lesson Diary Export 2025-03.csv",
  ["Lesson Ref", "Lesson Date", "Start Time", "Pupil ID", "Instructor", "Gearbox", "Lesson Type", "Length (mins)",
   "Fee (£)", "Miles Driven", "Progress Score (1-5)", "Paid"], out)

# 3. Parcel locker deposits: one row per parcel dropped by a carrier.
lockers = {"LKR-BRW01 Brewery Lane": 1.3, "LKR-TSC07 Tesco Extra Hillside": 1.6, "LKR-STN02 Station Approach": 1.0,
           "LKR-UNI04 University Library": 0.8, "LKR-MKT03 Market Square": 1.1}
carriers = ["DPD", "Evri", "Royal Mail", "Amazon Logistics", "InPost"]
carr_w = [0.22, 0.28, 0.16, 0.24, 0.10]
rows = []
for i in range(238):
    dep = dt.datetime(2025, 3, 1, 6, 0) + dt.timedelta(days=random.randint(0, 30), minutes=random.randint(0, 14 * 60))
    site = random.choices(list(lockers), list(lockers.values()))[0]
    carr = random.choices(carriers, carr_w)[0]
    size = random.choices(["S", "M", "L"], [0.5, 0.35, 0.15])[0]
    wt = round({"S": random.uniform(0.1, 2), "M": random.uniform(0.8, 6), "L": random.uniform(3, 18)}[size], 2)
    slow = {"DPD": 1.0, "Evri": 1.2, "Royal Mail": 0.9, "Amazon Logistics": 0.8, "InPost": 1.1}[carr]
    dwell = random.expovariate(1 / (20 * slow)) + 0.3
    if "UNI04" in site:
        dwell *= 1.5
    reminders = 0 if dwell < 24 else (1 if dwell < 48 else 2)
    if dwell > 72:
        status, coll, dh = "EXPIRED_RETURNED", "", ""
        reminders = 3
    elif dep + dt.timedelta(hours=dwell) > dt.datetime(2025, 3, 31, 23, 59):
        status, coll, dh = "IN_LOCKER", "", ""
    else:
        status = "COLLECTED"
        c = dep + dt.timedelta(hours=dwell)
        coll, dh = c.strftime("%Y-%m-%d %H:%M:%S"), round(dwell, 1)
    rows.append([dep.strftime("%Y-%m-%d %H:%M:%S"), site, size, carr, wt, status, coll, dh, reminders])
rows.sort()
out = [["%s%07d" % (random.choice(["PL", "PX"]), 5830000 + i * 13 + random.randint(0, 9))] + r for i, r in enumerate(rows)]
w("LOCKER_DEPOSITS_20250331.csv",
  ["PARCEL_REF", "DEPOSIT_TS", "LOCKER_SITE", "BAY_SIZE", "CARRIER", "WEIGHT_KG", "STATUS", "COLLECT_TS", "DWELL_HRS",
   "REMINDERS_SENT"], out)

# 4. Tram ticket inspection (revenue protection) shifts: one row per shift.
lines = {"Red": 1.3, "Blue": 1.0, "Green": 0.8, "Airport": 1.1}
rows = []
for i in range(164):
    d = dt.date(2025, 1, 6) + dt.timedelta(days=random.randint(0, 53))
    ln = random.choice(list(lines))
    team = random.choices(["RP-A", "RP-B", "RP-C", "RP-D", "RP-E", "RP-F"], [0.2, 0.18, 0.17, 0.16, 0.15, 0.14])[0]
    hh = random.choice([6, 7, 7, 8, 10, 12, 14, 16, 16, 17, 18, 19, 20, 21])
    start = "%02d:%02d" % (hh, random.choice([0, 15, 30, 45]))
    dur = random.choice([120, 150, 180, 180, 210, 240])
    pax = int(dur / 60 * random.gauss(62, 14) * lines[ln])
    evade_rate = random.uniform(0.015, 0.06) * (1.6 if hh >= 18 else 1) * (1.3 if ln == "Green" else 1)
    nvt = int(round(pax * evade_rate))
    pf = sum(1 for _ in range(nvt) if random.random() < 0.72)
    pfv = pf * 50 if random.random() > 0.1 else pf * 50 + 25 * random.randint(1, 2)
    pol = "yes" if (hh >= 19 and random.random() < 0.35) or random.random() < 0.05 else "no"
    rows.append([d.isoformat(), ln, team, start, dur, pax, nvt, pf, pfv, pol])
rows.sort()
out = [["RPI-%04d" % (2201 + i)] + r for i, r in enumerate(rows)]
w("rpi_shift_log_2025-01_02.csv",
  ["shift_id", "shift_date", "tram_line", "team", "start_time", "dur_min", "pax_checked", "no_valid_tkt",
   "pf_issued", "pf_value_gbp", "police_req"], out)

# 5. Tenpin bowling lane bookings: one row per booking; food and drink blank
# when nothing was bought.
rows = []
for i in range(226):
    d = dt.date(2025, 4, 1) + dt.timedelta(days=random.randint(0, 90))
    wk = d.weekday() >= 4
    hh = random.choice([12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 20, 21]) if wk or random.random() < 0.5 else random.choice([17, 18, 19, 20])
    start = "%02d:%s" % (hh, random.choice(["00", "30"]))
    chan = random.choices(["Online", "Walk-in", "Phone", "Party Package"], [0.46, 0.27, 0.15, 0.12])[0]
    party = random.randint(6, 12) if chan == "Party Package" else random.choice([2, 2, 3, 4, 4, 5, 6])
    games = random.choice([1, 2, 2, 3]) if chan != "Party Package" else 2
    lane = random.choices(range(1, 13), [1.1, 1.2, 1.0, 0.9, 1.0, 1.4, 1.0, 0.8, 0.9, 1.0, 0.7, 0.9])[0]
    per_game = 6.5 if hh < 17 and not wk else 7.95
    fee = round(party * games * per_game, 2)
    fnb = round(random.uniform(4, 14) * party, 2) if random.random() < 0.62 or chan == "Party Package" else ""
    kids = chan == "Party Package" or random.random() < 0.2
    rows.append([d, start, lane, party, games, fee, fnb, random.choice(["Y", "Y", "N"]), chan, 1 if kids else 0])
rows.sort(key=lambda r: (r[0], r[1]))
out = [["BK%06d" % (118400 + i * 3), r[0].strftime("%d-%b-%Y")] + r[1:] for i, r in enumerate(rows)]
w("Lane Bookings Q2 2025.csv",
  ["BookingNo", "Date", "StartTime", "LaneNo", "Players", "Games", "LaneFee_GBP", "FoodDrink_GBP", "ShoeHire",
   "Channel", "Bumpers"], out)
