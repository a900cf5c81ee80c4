# Tables of the thirty-first corpus (seeded), a blind corpus written without
# reading the analyst. Domains that no earlier corpus has: piling records on
# a construction site, an airline's technical-log defects, haul-truck cycles
# at an open-pit mine, TV drama production reports, and boarding-kennel
# bookings.
import random, csv, datetime as dt, math
random.seed(310731)
def w(name, header, rows):
    with open(name, "w", newline="", encoding="utf-8") as f:
        c = csv.writer(f); c.writerow(header); c.writerows(rows)

# Piling records: one row per pile installed on site B, Jul-Sep 2025.
rows = []
rigs = {"BG28": ["CFA", "CFA", "Bored"], "SR-45": ["CFA"], "LB24": ["Bored"], "Junttan PM25": ["Driven"]}
day = dt.date(2025, 7, 1)
n = 0
while n < 196:
    if day.weekday() < 6:
        for rig in rigs:
            for _ in range(random.choice([0, 1, 1, 2, 2, 3]) if rig != "LB24" else random.choice([0, 0, 1])):
                n += 1
                ptype = random.choice(rigs[rig])
                dia = {"CFA": random.choice([450, 600, 600]), "Bored": random.choice([750, 900, 1050]), "Driven": random.choice([300, 350])}[ptype]
                design = random.choice([12.0, 14.5, 16.0, 18.0, 20.5] if ptype != "Driven" else [10.0, 12.0, 14.0])
                refusal = random.random() < (0.30 if ptype == "Driven" else 0.07)
                actual = round(design - random.uniform(0.6, 3.8), 1) if refusal else round(design + random.choice([-0.2, -0.1, 0.0, 0.0, 0.1, 0.2, 0.3, 0.4]), 1)
                conc = "" if ptype == "Driven" else round(math.pi * (dia / 2000) ** 2 * actual * random.uniform(1.08, 1.32), 2)
                dur = int(actual * {"CFA": 2.6, "Bored": 7.5, "Driven": 3.1}[ptype] * random.uniform(0.8, 1.4) + random.randint(10, 35))
                rows.append([f"P-{n:03d}", rig, day.strftime("%d/%m/%Y"), ptype, dia, design, actual, conc, dur,
                             "Y" if refusal else "N", random.choice(["JMK", "RT", "RT", "AOB"])])
    day += dt.timedelta(days=1)
w("PILE_RECORDS_Site-B_2025-Q3.csv", ["PILE_NO", "RIG", "INSTALL_DATE", "PILE_TYPE", "DIA_MM", "DESIGN_DEPTH_M", "ACTUAL_DEPTH_M",
   "CONCRETE_M3", "DURATION_MIN", "REFUSAL", "SUPERVISOR"], rows)

# Technical-log defects: one row per defect raised, Jan-Jun 2025; no close date while open.
rows = []
fleet = {"G-EZAB": "A320", "G-EZAC": "A320", "G-EZAF": "A320", "G-EZAK": "A320", "G-EZBN": "A321", "G-EZBP": "A321",
         "G-EZBT": "A321", "G-ORCD": "ATR 72", "G-ORCE": "ATR 72", "G-ORCH": "ATR 72"}
ata = ["21-Air Conditioning", "23-Communications", "24-Electrical Power", "25-Equipment/Furnishings", "25-Equipment/Furnishings",
       "25-Equipment/Furnishings", "27-Flight Controls", "29-Hydraulic Power", "32-Landing Gear", "32-Landing Gear", "33-Lights",
       "33-Lights", "34-Navigation", "36-Pneumatic", "38-Water/Waste", "38-Water/Waste", "49-APU", "52-Doors"]
for i in range(214):
    reg = random.choice(list(fleet) + ["G-EZAF", "G-EZBT", "G-EZBT", "G-ORCE"])
    raised = dt.date(2025, 1, 1) + dt.timedelta(days=random.randint(0, 180))
    chap = random.choice(ata)
    by = random.choice(["Flight Crew", "Flight Crew", "Cabin Crew", "Engineering"]) if not chap.startswith(("25", "38")) else random.choice(["Cabin Crew", "Cabin Crew", "Flight Crew"])
    mel = random.random() < 0.35
    aog = (not mel) and chap.startswith(("27", "29", "32", "49", "24")) and random.random() < 0.35
    days = random.randint(0, 1) if aog else (random.randint(1, 10) if mel else random.choice([0, 0, 0, 1, 1, 2, 3]))
    closed = raised + dt.timedelta(days=days)
    open_ = closed > dt.date(2025, 6, 30) or (random.random() < 0.03)
    mh = round(random.choice([0.25, 0.5, 0.5, 1, 1, 1.5, 2, 3, 4]) * (random.uniform(1.5, 4) if aog else 1) * 4) / 4 if not open_ else ""
    parts = round(random.lognormvariate(5.3, 1.2), 2) if (not open_ and random.random() < 0.55) else ""
    rows.append([f"DL-25-{i+1:04d}", reg, fleet[reg], random.choice(["LGW", "LGW", "MAN", "EDI", "BRS"]), raised.isoformat(), chap, by,
                 "Yes" if mel else "No", "TRUE" if aog else "FALSE", "" if open_ else closed.isoformat(), mh, parts])
rows.sort(key=lambda r: (r[4], r[0]))
w("Tech Log Defects 2025-01-01 to 2025-06-30.csv", ["Defect Ref", "Aircraft Reg", "Type", "Station", "Date Raised", "ATA Chapter",
   "Raised By", "MEL Deferred", "AOG", "Date Closed", "Man Hours", "Parts Cost (GBP)"], rows)

# Haul-truck cycles: one row per load hauled in pit 3, ISO weeks 23-26 of 2025.
rows = []
trucks = [f"HT{n:02d}" for n in (3, 4, 7, 8, 11, 12, 15, 16, 19)]
dumps = {"Ore": ["Crusher", "Crusher", "ROM Pad"], "Low-grade": ["ROM Pad", "LG Stockpile"], "Waste": ["Waste Dump N", "Waste Dump S"]}
for i in range(236):
    d = dt.date(2025, 6, 2) + dt.timedelta(days=random.randint(0, 27))
    shift = random.choice(["Day", "Day", "Night"])
    mat = random.choice(["Waste", "Waste", "Waste", "Ore", "Ore", "Low-grade"])
    loader = random.choice(["EX-1200", "EX-1200", "PC4000", "L1350"])
    dump = random.choice(dumps[mat])
    payload = round(random.gauss(221, 13) - (6 if loader == "L1350" else 0), 1)
    dist = round({"Crusher": 3.4, "ROM Pad": 2.9, "LG Stockpile": 2.2, "Waste Dump N": 1.6, "Waste Dump S": 2.5}[dump] + random.uniform(-0.3, 0.6), 2)
    cyc = round(dist * 2 / random.uniform(16, 24) * 60 + random.uniform(6, 11) + (random.uniform(1, 5) if shift == "Night" else 0) + (random.uniform(5, 15) if random.random() < 0.08 else 0), 1)
    fuel = round(dist * 2 * random.uniform(5.5, 7.5) * payload / 220 + random.uniform(3, 8), 1)
    rows.append([0, d.isoformat(), shift, random.choice(trucks), loader, mat, dump, payload, "" if random.random() < 0.04 else dist, cyc, fuel, 1 if payload > 242 else 0])
rows.sort(key=lambda r: (r[1], r[2] == "Night", r[3]))
for i, r in enumerate(rows):
    r[0] = 880401 + i
w("HaulCycles_Pit3_2025wk23-26.csv", ["cycleId", "shiftDate", "shift", "truckId", "loaderId", "material", "dumpLoc", "payloadT",
   "haulDistKm", "cycleTimeMin", "fuelL", "overloadFlag"], rows)

# Production reports: one row per unit per shooting day of a drama series.
rows = []
locs_int = ["Studio 3 - Pub Set", "Studio 3 - Station Set", "Studio 4 - Flat Set"]
locs_ext = ["Harbour Quay", "Old Lighthouse", "Fish Market", "Cliff Road"]
d = dt.date(2025, 3, 3)
dayno = 0
while len(rows) < 168:
    if d.weekday() < 5:
        dayno += 1
        ep = f"Ep {min(8, (dayno - 1) // 19 + 1)}"
        units = ["Main"] + (["2nd Unit"] if random.random() < 0.3 else [])
        for u in units:
            loc = random.choice(locs_ext + locs_int if u == "Main" else locs_ext)
            ext = loc in locs_ext
            sched = random.randint(3, 8) if u == "Main" else random.randint(2, 5)
            hold = random.choice([0, 0, 0, 0, 15, 30, 45, 60, 90, 120]) if ext else 0
            done = max(0, sched - (random.choice([0, 0, 0, 1, 1, 2]) + (1 if hold >= 60 else 0)))
            pages = round(done * random.choice([0.375, 0.5, 0.625, 0.75, 0.875, 1.0]) + random.choice([0, 0.125, 0.25]), 3)
            call = dt.datetime(2025, 1, 1, random.choice([6, 7, 7, 7, 8]), random.choice([0, 0, 30]))
            length = random.choice([10.5, 11, 11, 11, 11.5, 11.5, 12, 12.5, 13]) if u == "Main" else random.choice([9, 10, 10.5, 11])
            wrap = call + dt.timedelta(hours=length)
            rows.append([dayno, d.strftime("%d-%b-%Y"), u, ep, loc, sched, done, pages, call.strftime("%H:%M"), wrap.strftime("%H:%M"),
                         max(0.0, length - 11), hold])
    d += dt.timedelta(days=1)
w("Harbour Lights S2 - Production Reports (Blocks 1-4).csv", ["Day No", "Shoot Date", "Unit", "Episode", "Location", "Scenes Scheduled",
   "Scenes Completed", "Pages", "Call", "Wrap", "OT (hrs)", "Weather Hold (mins)"], rows)

# Boarding-kennel bookings: one row per pet stay, check-ins Jan-Sep 2025.
rows = []
names = ["Bella", "Max", "Luna", "Charlie", "Daisy", "Milo", "Poppy", "Teddy", "Willow", "Alfie", "Rosie", "Bear", "Nala", "Coco",
         "Biscuit", "Ziggy", "Maple", "Pepper", "Archie", "Tilly", "Oscar", "Smudge", "Hazel", "Bramble"]
for i in range(204):
    month = random.choice([1, 2, 3, 4, 4, 5, 5, 6, 7, 7, 7, 8, 8, 8, 8, 9, 9])
    cin = dt.date(2025, month, random.randint(1, 28))
    sp = random.choice(["Dog", "Dog", "Dog", "Dog", "Cat", "Cat", "Rabbit"])
    size = random.choice(["S", "M", "M", "L", "XL"]) if sp == "Dog" else ""
    block = {"Dog": random.choice(["A", "B"]) if size != "XL" else "B", "Cat": "Cattery", "Rabbit": "Small Pets"}[sp]
    nights = random.choice([1, 2, 3, 3, 4, 5, 6, 7, 7, 7, 10, 12, 14, 14, 21])
    rate = {"S": 28.0, "M": 32.0, "L": 36.0, "XL": 40.0, "": 18.0 if sp == "Cat" else 12.0}[size] + random.choice([0, 0, 0, 2.5, 5.0])
    rows.append([f"BK{25000 + i * 3 + random.randint(0, 2)}", random.choice(names), sp, size, block, cin.isoformat(),
                 (cin + dt.timedelta(days=nights)).isoformat(), nights, rate, "yes" if random.random() < 0.22 else "no",
                 "TRUE" if sp == "Dog" and random.random() < 0.3 else "FALSE"])
rows.sort(key=lambda r: r[5])
w("kennel_bookings_export_2025-10-01.csv", ["booking_ref", "pet_name", "species", "size", "block", "check_in", "check_out", "nights",
   "rate_gbp_pn", "meds_reqd", "grooming"], rows)
